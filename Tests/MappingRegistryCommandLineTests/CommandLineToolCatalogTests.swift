import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// `schema`, `catalog` and `validate --catalog` on an app's command, and
/// the policy flags of `validate`, run in-process.
@Suite struct CommandLineToolCatalogTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "command-line-catalog-tests")

    static func tool() -> CommandLineTool {
        CommandLineToolTests.tool()
    }

    func run(_ arguments: [String], tool: CommandLineTool = tool()) -> CommandLineToolTests.Run {
        var output = ""
        var errors = ""
        let code = tool.run(arguments: arguments, standardOutput: &output, standardError: &errors)
        return CommandLineToolTests.Run(code: code, output: output, errors: errors)
    }

    @Test func catalogPrintsTheDescriptionAndValidateReadsItBack() throws {
        let catalog = run(["catalog"])
        #expect(catalog.code == .success)
        #expect(catalog.output == CatalogDescription(Self.tool().plugins).rendered())
        let path = try temporary.file(catalog.output, name: "catalog.json")
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "String" }"#), name: "m.json")
        let withCatalog = run(["validate", "--catalog", path, "--mappings", mappings])
        let withPlugins = run(["validate", "--mappings", mappings])
        #expect(withCatalog.code == .failure)
        #expect(withCatalog.errors.hasPrefix("\(mappings):4:15: error: view 'DishRow' takes 'Dish', which model 'String' can never be [incompatible-model]\n"))
        // Without data: the bundled data is not checked against a catalog.
        #expect(withCatalog.errors.hasSuffix("tool: 1 error, 1 warning; checked \(mappings)\n"))
        #expect(withPlugins.errors.contains("data.json:1:1: warning: the items were not resolved, because the mappings they go with ('\(mappings)') do not load"))
        #expect(withPlugins.errors.hasSuffix("tool: 1 error, 2 warnings; checked \(mappings) and data.json (2 stored models, not resolved)\n"))
    }

    @Test func dataCannotBeCheckedAgainstACatalog() throws {
        let result = run(["validate", "--catalog", "c.json", "--data", "d.json"])
        #expect(result.code == .usage)
        #expect(result.errors.hasPrefix("tool: error: --data cannot be checked with --catalog: creating stored values needs the app's own types\n"))
    }

    @Test func aBrokenCatalogFileIsExitTwo() throws {
        let path = try temporary.file(#"{"catalogVersion": 1}"#, name: "catalog.json")
        let result = run(["validate", "--catalog", path])
        #expect(result.code == .usage)
        #expect(result.errors == "\(path):1:1: error: the catalog has no 'models' [missing-key]\n{\"catalogVersion\": 1}\n^\ntool: error: cannot use the catalog '\(path)'\n")
    }

    @Test func schemaNeedsWhichDocument() {
        let wrong = run(["schema", "mapings"])
        #expect(wrong.code == .usage)
        #expect(wrong.errors.hasPrefix("tool: error: schema needs 'mappings' or 'data', found 'mapings'; did you mean 'mappings'?\n"))
        let none = run(["schema"])
        #expect(none.errors.hasPrefix("tool: error: schema needs 'mappings' or 'data', found nothing\n"))
        let mappings = run(["schema", "mappings"])
        #expect(mappings.code == .success)
        #expect(mappings.output.hasPrefix("{\n  \"$schema\": \"https://json-schema.org/draft/2020-12/schema\",\n"))
        #expect(mappings.output.contains(#""enum": ["DishRow", "TitleView"]"#))
    }

    @Test func policyFlagsChangeWhatValidateReportsAndItsExitCode() throws {
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "m.json")
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Int", "value": 7}]}]}"#, name: "d.json")
        let plain = run(["validate", "--mappings", mappings, "--data", data])
        #expect(plain.code == .failure)
        let relaxed = run(["validate", "--mappings", mappings, "--data", data, "--warning", "missing-mapping", "--ignore", "unused-view"])
        #expect(relaxed.code == .success)
        #expect(relaxed.errors.contains("\(data):1:26: warning: no cell mapping for 'Int' at section 0, item 0"))
        #expect(relaxed.errors.hasSuffix("tool: 0 errors, 1 warning; checked \(mappings) (1 mapping) and \(data) (1 stored model)\n"))
        let strict = run(["validate", "--mappings", mappings, "--data", data, "--ignore", "missing-mapping", "--error", "unused-view"])
        #expect(strict.code == .failure)
        // An error under the policy stops the load, so nothing is resolved, and the data says so.
        #expect(strict.errors.contains("\(data):1:1: warning: the items were not resolved"))
        #expect(strict.errors.hasSuffix("tool: 1 error, 1 warning; checked \(mappings) and \(data) (1 stored model, not resolved)\n"))
    }

    @Test func helpListsTheNewSubcommandsAndFlags() {
        let help = run(["--help"])
        for word in ["tool schema [--catalog FILE] mappings|data", "tool catalog", "--format text|json|sarif|github",
                     "--error CODE", "--warning CODE", "--ignore CODE", "--catalog FILE"] {
            #expect(help.output.contains(word), "help lacks \(word)")
        }
        let standalone = run(["--help"], tool: .standalone)
        #expect(standalone.output.hasPrefix("mapping-registry: Check mappings files against an app's catalog file, and see\nwhat a change renders differently, without the app.\n\nusage: mapping-registry validate --catalog FILE"))
        #expect(standalone.output.contains("       mapping-registry diff --data FILE --catalog FILE\n"))
        #expect(!standalone.output.contains("--mappings"))
    }
}
