import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// Diagnostics are grouped by file, in the order the files were given,
/// in every output format: never one file's error, another's, then the
/// first one's warning.
@Suite struct OutputGroupingTests {
    struct Files {
        var catalog: String
        var first: String
        var missing: String
        var second: String
    }

    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "output-grouping-tests")

    /// A catalog of the fixture plugins and two broken mappings files, each
    /// with an error. The second file's name sorts first. (Unused plugins
    /// are reported once per run, and not at all when a file is unreadable.)
    func files() throws -> Files {
        let support = CommandLineToolTests()
        let catalog = support.run(["catalog"]).output
        return Files(
            catalog: try temporary.file(catalog, name: "catalog.json"),
            first: try temporary.file(configuration(#"{ "view": "DishRo", "model": "Dish" }"#), name: "z-first.json"),
            missing: "/nonexistent/missing.json",
            second: try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dihs" }"#), name: "a-second.json")
        )
    }

    func validate(_ files: Files, format: String) -> CommandLineToolTests.Run {
        CommandLineToolTests().run(
            ["validate", "--catalog", files.catalog, "--format", format, files.first, files.missing, files.second],
            tool: .standalone
        )
    }

    /// Where each text appears in the output; fails when one is absent.
    func offsets(of texts: [String], in output: String) -> [Int] {
        texts.map { text in
            guard let range = output.range(of: text) else {
                Issue.record("output lacks \(text)")
                return -1
            }
            return output.distance(from: output.startIndex, to: range.lowerBound)
        }
    }

    @Test(arguments: ["text", "json", "github", "sarif"])
    func eachFilesDiagnosticsComeTogetherInCommandLineOrder(_ format: String) throws {
        let files = try files()
        let result = validate(files, format: format)
        #expect(result.code == .usage)
        let printed = format == "text" ? result.errors : result.output
        let order = offsets(of: [
            "unknown view 'DishRo'",
            "cannot read '\(files.missing)'",
            "unknown model 'Dihs'",
        ], in: printed)
        #expect(order.allSatisfy { $0 >= 0 })
        #expect(order == order.sorted(), "\(format): not grouped by file in command-line order:\n\(printed)")
    }

    @Test func theTextSummaryNamesTheReadFilesInOrder() throws {
        let files = try files()
        let result = validate(files, format: "text")
        #expect(result.errors.hasSuffix("mapping-registry: 3 errors, 0 warnings; checked \(files.first), \(files.second)\n"))
    }

    @Test func menuValidatePrintsTheMappingsThenTheData() throws {
        let support = CommandLineToolTests()
        // The mappings leave a view unused (a warning without a location);
        // the data has an item no mapping takes (an error located in it).
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "m.json")
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Int", "value": 7}]}]}"#, name: "d.json")
        let result = support.run(["validate", "--mappings", mappings, "--data", data])
        #expect(result.code == .failure)
        let order = offsets(of: ["no mapping in \(mappings) uses it", "\(data):1:26: error: no cell mapping"], in: result.errors)
        #expect(order == order.sorted(), "the data's diagnostics come before the mappings' warning:\n\(result.errors)")
    }
}
