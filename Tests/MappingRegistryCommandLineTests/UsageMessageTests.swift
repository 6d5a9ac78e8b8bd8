import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import Testing

/// Usage errors say what is wrong and how to put it right; usage lines and
/// `--help` say only what is true, within 80 columns.
@Suite struct UsageMessageTests {
    func run(_ arguments: [String], tool: CommandLineTool = CommandLineToolTests.tool()) -> CommandLineToolTests.Run {
        CommandLineToolTests().run(arguments, tool: tool)
    }

    /// The first line of standard error.
    func firstLine(_ result: CommandLineToolTests.Run) -> String {
        String(result.errors.prefix { $0 != "\n" })
    }

    @Test func anExtraArgumentOfSchemaIsUnexpected() {
        let result = run(["schema", "mappings", "extra"])
        #expect(result.code == .usage)
        #expect(firstLine(result) == "tool: error: unexpected argument 'extra': schema takes one of 'mappings' or 'data'")
        #expect(result.output == "")
    }

    @Test func aSubcommandAfterOptionsIsPointedOut() {
        let reorderable = run(["--format", "json", "validate", "--mappings", "m.json"])
        #expect(reorderable.code == .usage)
        #expect(firstLine(reorderable) == "tool: error: subcommand 'validate' must come first, before any option; did you mean 'tool validate --format json --mappings m.json'?")
        #expect(reorderable.errors.contains("usage: tool validate "))
        // `--strict` is not an option of validate: no suggestion that would fail too.
        let strict = run(["--strict", "validate"])
        #expect(strict.code == .usage)
        #expect(firstLine(strict) == "tool: error: subcommand 'validate' must come first, before any option (even then, option '--strict' does not apply to 'validate'; it is an option of 'render')")
        // An option's value that happens to be a subcommand's name is a value.
        let value = run(["--data", "render", "extra"])
        #expect(firstLine(value) == "tool: error: unexpected argument 'extra'")
    }

    @Test func theStandaloneToolPointsOutAMisplacedSubcommandToo() {
        let result = run(["--catalog", "c.json", "validate", "a b.json"], tool: .standalone)
        #expect(result.code == .usage)
        #expect(firstLine(result) == "mapping-registry: error: subcommand 'validate' must come first, before any option; did you mean 'mapping-registry validate --catalog c.json 'a b.json''?")
    }

    @Test func aSingleDashArgumentIsAnUnknownOption() {
        #expect(firstLine(run(["-strict"])) == "tool: error: unknown option '-strict'; did you mean '--strict'?")
        #expect(firstLine(run(["schema", "-x"])) == "tool: error: unknown option '-x'")
    }

    @Test func mappingsIsNotCalledNeedlessForSchema() {
        #expect(firstLine(run(["schema", "--mappings", "m.json"])) == "tool: error: option '--mappings' does not apply to 'schema'; it is an option of 'render', 'browse' and 'validate'")
        #expect(firstLine(run(["schema", "--catalog", "c.json", "--mappings", "m.json"], tool: .standalone))
            == "mapping-registry: error: option '--mappings' is not available here: name the mappings files as arguments of 'validate'")
    }

    @Test func theStandaloneToolSaysWhyItHasNoDataOrRenderOptions() {
        let data = run(["validate", "--catalog", "c.json", "--data", "d.json", "a.json"], tool: .standalone)
        #expect(data.code == .usage)
        #expect(firstLine(data) == "mapping-registry: error: option '--data' is not available here: stored values need the app's own types: check them with the app's 'validate --data' ('diff' takes --data, and compares items by their model names)")
        let watch = run(["validate", "--catalog", "c.json", "--watch", "a.json"], tool: .standalone)
        #expect(firstLine(watch) == "mapping-registry: error: option '--watch' is not available here: this tool does not render: '--watch' is an option of the app's 'render' and 'browse'")
    }

    @Test func theStandaloneUsageShowsTheCatalogAsRequired() {
        let result = run(["validate", "a.json"], tool: .standalone)
        #expect(result.code == .usage)
        #expect(result.errors.contains("usage: mapping-registry validate --catalog FILE\n"))
        #expect(!result.errors.contains("[--catalog FILE]"))
        let help = run(["--help"], tool: .standalone)
        #expect(help.output.contains("mapping-registry schema --catalog FILE mappings|data\n"))
        #expect(!help.output.contains("[--catalog FILE]"))
        // Nothing of render, which the tool does not have (the list of
        // diagnostic codes at the end names 'unrenderable-view', a code);
        // '--data' is diff's alone, which compares items by model name.
        let usage = help.output.components(separatedBy: "Diagnostic codes").first ?? help.output
        for absent in ["--watch", "--strict", "mapping-registry render", "mapping-registry browse", "[--data FILE]"] {
            #expect(!usage.contains(absent), "standalone help mentions \(absent)")
        }
        #expect(usage.contains("mapping-registry diff --data FILE --catalog FILE\n"))
        #expect(usage.contains("Options of diff:\n  --data FILE "))
    }

    @Test(arguments: [false, true])
    func helpFitsIn80Columns(standalone: Bool) {
        let result = run(["--help"], tool: standalone ? .standalone : CommandLineToolTests.tool())
        #expect(result.code == .success)
        #expect(result.output.contains("usage: "))
        let long = result.output.split(separator: "\n").filter { $0.count > 80 }
        #expect(long.isEmpty, "lines over 80 columns: \(long)")
        for subcommand in ["validate", "schema"] {
            let usage = run([subcommand, "--bogus"], tool: standalone ? .standalone : CommandLineToolTests.tool())
            #expect(usage.code == .usage)
            let lines = usage.errors.split(separator: "\n").map(String.init)
            #expect(lines.count >= 2 && lines[1].hasPrefix("usage: "), "no usage after the error: \(lines)")
            #expect(lines.dropFirst().allSatisfy { $0.count <= 80 })
        }
    }

    @Test func helpGroupsTheOptionsByTheSubcommandsTheyApplyTo() {
        let help = run(["--help"]).output
        let sections = help.components(separatedBy: "\n\n")
        func section(_ heading: String) -> String {
            sections.first { $0.hasPrefix(heading + "\n") } ?? ""
        }
        #expect(section("Options of render, browse and validate:").contains("--mappings FILE"))
        #expect(section("Options of render, browse, validate and diff:").contains("--data FILE"))
        let render = section("Options of render:")
        #expect(render.contains("--strict") && !render.contains("--watch") && !render.contains("--format"))
        #expect(section("Options of render and browse:").contains("--watch"))
        #expect(section("Options of validate, schema and lsp:").contains("--catalog FILE"))
        #expect(section("Options of validate and diff:").contains("--format"))
        let validate = section("Options of validate:")
        for option in ["--error CODE", "--warning CODE", "--ignore CODE", "--warnings-as-errors"] {
            #expect(validate.contains(option), "validate's options lack \(option)")
        }
        #expect(!validate.contains("--strict"))
        #expect(section("Options of every subcommand:").contains("-h, --help"))
    }

    @Test func aLongHelpTextWrapsUnderItsColumn() {
        let text = String(repeating: "word ", count: 20).trimmingCharacters(in: .whitespaces)
        let lines = CommandLineTool.helpLine("--flag", text).split(separator: "\n")
        #expect(lines.count == 2)
        #expect(lines.allSatisfy { $0.count <= 80 })
        #expect(lines[1].hasPrefix(String(repeating: " ", count: 26) + "word"))
    }
}
