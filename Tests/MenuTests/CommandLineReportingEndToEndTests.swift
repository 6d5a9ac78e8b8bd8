import Foundation
import TestSupport
import Testing

/// The built `menu` and `mapping-registry` binaries: an unreadable file
/// hides nothing, output is grouped per file, control characters never
/// reach the terminal raw, and usage text is truthful and fits 80 columns.
@Suite struct CommandLineReportingEndToEndTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    static let catalog = "Examples/Menu/Schemas/menu.catalog.json"
    static let ignoreUnused = ["--ignore", "unused-view", "--ignore", "unused-predicate", "--ignore", "unused-decorator", "--ignore", "unused-handler"]

    /// A mappings file with one unknown view, in a fresh directory.
    func brokenMappings(named name: String = "broken.json", view: String = "DishRo") throws -> String {
        let file = temporary.url(name)
        try Data(#"{"version": 1, "mappings": [{"view": "\#(view)", "model": "Dish"}]}"#.utf8).write(to: file)
        return file.path
    }

    @Test func validateReportsTheMappingsWhenTheDataCannotBeRead() throws {
        let mappings = try brokenMappings()
        let run = try MenuBinary.run(["validate", "--mappings", mappings, "--data", "/nonexistent/data.json"] + Self.ignoreUnused)
        #expect(run.status == 2)
        #expect(run.errors.contains("\(mappings):1:38: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]"))
        #expect(run.errors.contains("error: cannot read '/nonexistent/data.json': no such file [unreadable-file]"))
        #expect(run.errors.hasSuffix("menu: 2 errors, 0 warnings; checked \(mappings)\n"))
    }

    @Test func renderReportsTheMappingsWhenTheDataCannotBeRead() throws {
        let mappings = try brokenMappings()
        let run = try MenuBinary.run(["render", "--mappings", mappings, "--data", "/nonexistent/data.json"])
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors.contains("unknown view 'DishRo'"))
        #expect(run.errors.contains("cannot read '/nonexistent/data.json'"))
        #expect(run.errors.hasSuffix("nothing rendered\n"))
    }

    @Test func theValidatorGroupsOutputByFileInCommandLineOrder() throws {
        let first = try brokenMappings(named: "b.json", view: "DishRo")
        let second = try brokenMappings(named: "a.json", view: "PriceRo")
        let run = try MenuBinary.run(
            ["validate", "--catalog", Self.catalog, "--ignore", "unused-predicate", "--ignore", "unused-decorator",
             first, "/nonexistent/missing.json", second],
            executable: "mapping-registry"
        )
        #expect(run.status == 2)
        let markers = [
            "\(first):1:38: error: unknown view 'DishRo'",
            "cannot read '/nonexistent/missing.json'",
            "\(second):1:38: error: unknown view 'PriceRo'",
        ]
        let offsets = markers.compactMap { run.errors.range(of: $0)?.lowerBound }
        #expect(offsets.count == markers.count, "missing diagnostics in:\n\(run.errors)")
        #expect(offsets == offsets.sorted(), "not grouped in command-line order:\n\(run.errors)")
        // Unused plugins are decided over the whole run, and with a file unreadable not at all.
        #expect(!run.errors.contains("uses it"))
        // The last mention of the first file comes before anything about the others.
        let lastOfFirst = try #require(run.errors.range(of: "\(first):", options: .backwards))
        let firstOfOthers = try #require(run.errors.range(of: "/nonexistent/missing.json"))
        #expect(lastOfFirst.lowerBound < firstOfOthers.lowerBound)
    }

    @Test func controlCharactersFromAMappingsFileAreEscaped() throws {
        let file = temporary.url("ctrl.json")
        try Data(#"{"version": 1, "mappings": [{"view": "\u001b[31mRED", "model": "Dish"}, {"view": "Price\u0000Row", "model": "Dish"}]}"#.utf8)
            .write(to: file)
        for format in ["text", "github"] {
            let run = try MenuBinary.run(["validate", "--mappings", file.path, "--format", format])
            #expect(run.status == 1)
            let printed = run.output + run.errors
            #expect(!printed.contains("\u{1B}") && !printed.contains("\u{0}"), "\(format) prints raw control characters")
            #expect(printed.contains(#"unknown view '\u{1B}[31mRED'"#), "\(format)")
            #expect(printed.contains(#"unknown view 'Price\u{00}Row'"#), "\(format)")
        }
    }

    @Test func usageErrorsSayHowToPutThemRight() throws {
        let schema = try MenuBinary.run(["schema", "mappings", "extra"])
        #expect(schema.status == 2)
        #expect(schema.errors.hasPrefix("menu: error: unexpected argument 'extra'"))
        let misplaced = try MenuBinary.run(["--format", "json", "validate"])
        #expect(misplaced.status == 2)
        #expect(misplaced.errors.hasPrefix("menu: error: subcommand 'validate' must come first, before any option; did you mean 'menu validate --format json'?\n"))
        let strict = try MenuBinary.run(["--strict", "validate"])
        #expect(strict.status == 2)
        #expect(strict.errors.hasPrefix("menu: error: subcommand 'validate' must come first"))
    }

    @Test func theValidatorsUsageShowsTheCatalogAsRequired() throws {
        let help = try MenuBinary.run(["--help"], executable: "mapping-registry")
        #expect(help.status == 0)
        #expect(help.output.contains("usage: mapping-registry validate --catalog FILE\n"))
        #expect(!help.output.contains("[--catalog FILE]"))
        #expect(!help.output.contains("--watch"))
        let missing = try MenuBinary.run(["validate", "mappings.json"], executable: "mapping-registry")
        #expect(missing.status == 2)
        #expect(missing.errors.contains("usage: mapping-registry validate --catalog FILE"))
    }

    /// An option the subcommand does not take, run through each built binary.
    static let misplacedOptions: [(executable: String, arguments: [String], errors: String)] = [
        ("menu", ["render", "--format", "json"], """
            menu: error: option '--format' does not apply to 'render'; it is an option of 'validate' and 'diff'
            usage: menu [render] [--mappings FILE] [--data FILE] [--strict] [--watch]
            Run 'menu --help' for more.

            """),
        ("menu", ["catalog", "--data", "d.json"], """
            menu: error: option '--data' does not apply to 'catalog'; it is an option of 'render', 'browse', 'validate' and 'diff'
            usage: menu catalog [--output FILE]
            Run 'menu --help' for more.

            """),
        ("mapping-registry", ["schema", "--format=json"], """
            mapping-registry: error: option '--format' does not apply to 'schema'; it is an option of 'validate' and 'diff'
            usage: mapping-registry schema --catalog FILE mappings|data
            Run 'mapping-registry --help' for more.

            """),
    ]

    @Test(arguments: misplacedOptions)
    func anOptionTheSubcommandDoesNotTakeExitsTwoNamingBoth(_ testCase: (executable: String, arguments: [String], errors: String)) throws {
        let run = try MenuBinary.run(testCase.arguments, executable: testCase.executable)
        #expect(run.status == 2)
        #expect(run.errors == testCase.errors)
        #expect(run.output == "")
    }

    @Test func helpFitsIn80ColumnsAndGroupsOptionsBySubcommand() throws {
        for executable in ["menu", "mapping-registry"] {
            let help = try MenuBinary.run(["--help"], executable: executable)
            #expect(help.status == 0)
            #expect(help.output.contains("usage: \(executable)"))
            let long = help.output.split(separator: "\n").filter { $0.count > 80 }
            #expect(long.isEmpty, "\(executable): lines over 80 columns: \(long)")
        }
        let help = try MenuBinary.run(["--help"]).output
        for heading in ["Options of render, browse and validate:", "Options of render:", "Options of render and browse:", "Options of validate, schema and lsp:",
                        "Options of validate:", "Options of every subcommand:"] {
            #expect(help.contains("\n\(heading)\n"), "help lacks \(heading)")
        }
    }
}
