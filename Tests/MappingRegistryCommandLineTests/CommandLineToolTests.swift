import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import ModelStorage
import TestSupport
import Testing

/// The command front end run in-process with the fixture plugins.
@Suite struct CommandLineToolTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "command-line-tool-tests")

    struct Run {
        var code: ExitCode
        var output: String
        var errors: String
    }

    static let mappings = configuration(
        #"{ "view": "DishRow", "model": "Dish" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header" }"#
    )
    static let data = """
        {"sections": [{"header": {"model": "String", "value": "Starters"},
                       "items": [{"model": "Dish", "value": {"name": "Soup", "price": 6.5, "vegan": false}}]}]}
        """

    /// A tool whose only plugins are the ones the test mappings use, so nothing is unused.
    static func tool(bundledData: String? = data) -> CommandLineTool {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(model: String.self, named: "String")
        plugins.register(model: Int.self, named: "Int")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: TitleView.self, named: "TitleView")
        return CommandLineTool(
            name: "tool",
            plugins: plugins,
            bundledMappings: InputFile(name: "bundled.json", text: mappings),
            bundledData: bundledData.map { InputFile(name: "data.json", text: $0) }
        )
    }

    func run(_ arguments: [String], tool: CommandLineTool = tool()) -> Run {
        var output = ""
        var errors = ""
        let code = tool.run(arguments: arguments, standardOutput: &output, standardError: &errors)
        return Run(code: code, output: output, errors: errors)
    }

    @Test func renderPrintsTheTextAndNothingElse() throws {
        let mappings = try temporary.file(Self.mappings, name: "mappings.json")
        let result = run(["--mappings", mappings])
        #expect(result.code == .success)
        #expect(result.output == "== Starters ==\ndish Soup\n")
        #expect(result.errors == "")
    }

    @Test func renderReportsMissingItemsAndStrictMakesThemFail() throws {
        let mappings = try temporary.file(Self.mappings, name: "mappings.json")
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Int", "value": 7}]}]}"#, name: "data.json")
        let lenient = run(["render", "--mappings", mappings, "--data", data])
        #expect(lenient.code == .success)
        #expect(lenient.output == "[missing-mapping: Int at section 0, item 0]\n")
        #expect(lenient.errors.hasPrefix("\(data):1:26: error: no cell mapping for 'Int' at section 0, item 0: "))
        #expect(lenient.errors.hasSuffix("tool: 1 error, 0 warnings; rendered 0 of 1; 1 missing, 0 ambiguous\n"))
        let strict = run(["render", "--strict", "--mappings", mappings, "--data", data])
        #expect(strict.code == .failure)
    }

    @Test func validateTextPrintsSourceLineAndCaret() throws {
        let mappings = try temporary.file(configuration(#"{ "view": "DishRo", "model": "Dish" }"#), name: "broken.json")
        let result = run(["validate", "--mappings", mappings])
        #expect(result.code == .failure)
        #expect(result.errors.hasPrefix("""
            \(mappings):4:15: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
                { "view": "DishRo", "model": "Dish" }
                          ^

            """))
        // The view the hint names is not also reported unused.
        #expect(!result.errors.contains("view 'DishRow' is registered"))
        #expect(result.output == "")
    }

    @Test func validateJSONIsOneParsableDocument() throws {
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "m.json")
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Int", "value": 7}]}]}"#, name: "d.json")
        let result = run(["validate", "--mappings", mappings, "--data", data, "--format", "json"])
        #expect(result.code == .failure)
        struct Report: Decodable {
            struct Summary: Decodable { var errors: Int; var warnings: Int }
            var diagnostics: [Diagnostic]
            var summary: Summary
        }
        let report = try JSONDecoder().decode(Report.self, from: Data(result.output.utf8))
        // Grouped by input: the mappings' diagnostics, then the data's.
        #expect(report.diagnostics.map(\.code) == ["unused-view", "missing-mapping"])
        #expect(report.summary.errors == 1)
        #expect(report.summary.warnings == 1)
        let missing = try #require(report.diagnostics.first { $0.code == "missing-mapping" })
        #expect(missing.location == SourceLocation(file: data, line: 1, column: 26, pointer: "/sections/0/items/0"))
        #expect(missing.position == ItemPosition(item: 0, section: 0))
    }

    @Test func warningsFailOnlyWithWarningsAsErrors() throws {
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "m.json")
        let data = try temporary.file(#"{"sections": []}"#, name: "d.json")
        let lenient = run(["validate", "--mappings", mappings, "--data", data])
        #expect(lenient.code == .success)
        #expect(lenient.errors.contains("warning: view 'TitleView' is registered but no mapping"))
        let strict = run(["validate", "--mappings", mappings, "--data", data, "--warnings-as-errors"])
        #expect(strict.code == .failure)
        #expect(strict.errors.contains("error: view 'TitleView' is registered but no mapping"))
        #expect(strict.errors.hasSuffix("tool: 1 error, 0 warnings; checked \(mappings) (1 mapping) and \(data) (0 stored models)\n"))
    }

    @Test func cleanValidationExitsZero() throws {
        let mappings = try temporary.file(Self.mappings, name: "mappings.json")
        let result = run(["validate", "--mappings", mappings])
        #expect(result.code == .success)
        #expect(result.errors == "tool: 0 errors, 0 warnings; checked \(mappings) (2 mappings) and data.json (2 stored models)\n")
    }

    @Test func anUnreadableFileIsExitTwo() {
        let result = run(["validate", "--mappings", "/nonexistent/mappings.json"])
        #expect(result.code == .usage)
        // The data that could be read is still checked, and says it was not
        // resolved: there are no mappings (never others instead).
        #expect(result.errors.hasPrefix("""
            error: cannot read '/nonexistent/mappings.json': no such file [unreadable-file]
            data.json:1:1: warning: the items were not resolved, because the mappings they go with ('/nonexistent/mappings.json') do not load; \
            fix its errors to check which view shows each item [unchecked-items]

            """))
        #expect(result.errors.hasSuffix("tool: 1 error, 1 warning; checked data.json (2 stored models, not resolved)\n"))
        let json = run(["validate", "--data", "/nonexistent/data.json", "--format", "json"])
        #expect(json.code == .usage)
        #expect(json.output.contains(#""code" : "unreadable-file""#))
    }

    @Test func usageErrorsExitTwoWithTheUsage() {
        let result = run(["render", "--format", "json"])
        #expect(result.code == .usage)
        #expect(result.errors == """
            tool: error: option '--format' does not apply to 'render'; it is an option of 'validate' and 'diff'
            usage: tool [render] [--mappings FILE] [--data FILE] [--strict] [--watch]
            Run 'tool --help' for more.

            """)
        #expect(result.output == "")
    }

    @Test func renderWithoutAnyDataIsAUsageError() {
        let result = run(["render", "--mappings", "/nonexistent/x.json"], tool: Self.tool(bundledData: nil))
        #expect(result.code == .usage)
        let noData = run([], tool: Self.tool(bundledData: nil))
        #expect(noData.code == .usage)
        #expect(noData.errors.hasPrefix("tool: error: no data to render; pass --data FILE\n"))
    }

    @Test func helpListsEverySubcommandOptionAndExitCode() {
        let result = run(["--help"])
        #expect(result.code == .success)
        for word in ["usage: tool [render]", "tool validate", "--mappings FILE", "--data FILE", "--strict",
                     "--format text|json", "--warnings-as-errors", "Exit codes:"] {
            #expect(result.output.contains(word), "help lacks \(word)")
        }
    }

    @Test func helpListsEveryDiagnosticCodeUnderItsSeverityAndStarsTheFixedOnes() throws {
        let help = run(["--help"]).output
        let start = try #require(help.range(of: "Diagnostic codes for --error, --warning and --ignore"))
        let end = try #require(help.range(of: "\nExit codes:", range: start.upperBound..<help.endIndex))
        let section = help[start.lowerBound..<end.lowerBound]
        let warnings = try #require(section.range(of: "\n  warnings "))
        let words = { (text: Substring) in Set(text.split(whereSeparator: { " ,\n".contains($0) }).map(String.init)) }
        for info in Diagnostic.Code.table {
            let listed = info.code.rawValue + (info.fixedReason == nil ? "" : "*")
            let part = info.severity == .warning ? section[warnings.upperBound...] : section[..<warnings.lowerBound]
            #expect(words(part).contains(listed), "help does not list \(listed) with the \(info.severity)s")
        }
    }

    @Test func exitCodesHaveTheirContractualValues() {
        #expect([ExitCode.success, .failure, .usage].map(\.rawValue) == [0, 1, 2])
    }
}

@Suite struct HelpLayoutTests {
    @Test func aTermLongerThanItsColumnPutsItsTextOnTheNextLine() {
        #expect(CommandLineTool.helpLine("--format text|json|sarif|github", "How to print.")
            == "  --format text|json|sarif|github\n" + String(repeating: " ", count: 26) + "How to print.\n")
        #expect(CommandLineTool.helpLine("--strict", "Exit 1.") == "  --strict" + String(repeating: " ", count: 16) + "Exit 1.\n")
    }
}
