import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// `validate --catalog A.json --catalog B.json`: one configuration checked
/// against several app versions' catalogs, each reported on its own.
@Suite struct SeveralCatalogsTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "several-catalogs-tests")

    func run(_ arguments: [String], tool: CommandLineTool = CommandLineToolTests.tool()) -> CommandLineToolTests.Run {
        CommandLineToolCatalogTests().run(arguments, tool: tool)
    }

    static let mappings = MarkedText(configuration(
        #"{ "view": "DishRow", "model": "Dish" }"#,
        #"{ "view": 1️⃣"TitleView", "model": "String", "kind": "header" }"#
    ))

    /// The app's catalog now (`new/catalog.json`) and as an older version
    /// wrote it, before it had the view `TitleView` (`old/catalog.json`,
    /// or `older.json`): the same file name, in two folders, unless asked.
    func catalogs(oldName: String = "catalog.json") throws -> (new: String, old: String) {
        let written = run(["catalog"]).output
        var description = try #require(try JSONSerialization.jsonObject(with: Data(written.utf8)) as? [String: Any])
        let views = try #require(description["views"] as? [[String: Any]])
        description["views"] = views.filter { $0["name"] as? String != "TitleView" }
        let older = try JSONSerialization.data(withJSONObject: description, options: [.prettyPrinted, .sortedKeys])
        return (try temporary.file(written, name: "catalog.json"), try temporary.file(String(decoding: older, as: UTF8.self), name: oldName))
    }

    /// Each line of `text` after `prefix`.
    static func prefixed(_ text: String, _ prefix: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).dropLast().map { "\(prefix)\($0)\n" }.joined()
    }

    @Test func eachCatalogsReportIsItsOwnRunPrefixedThenOneLineForAll() throws {
        let (new, old) = try catalogs(oldName: "older.json")
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let alone = [new, old].map { run(["validate", "--catalog", $0, "--mappings", mappings]) }
        #expect(alone.map(\.code) == [.success, .failure])
        #expect(alone[1].errors.hasPrefix(Self.mappings.expand("\(mappings):1️⃣: error: unknown view 'TitleView'")))
        let both = run(["validate", "--catalog", new, "--catalog", old, "--mappings", mappings])
        #expect(both.code == .failure)
        #expect(both.output == "")
        #expect(both.errors == Self.prefixed(alone[0].errors, "[catalog.json] ") + Self.prefixed(alone[1].errors, "[older.json] ")
            + "tool: 1 error, 0 warnings; checked against 2 catalogs; errors with older.json\n")
    }

    @Test func oneCatalogPrintsWithoutPrefixAsBefore() throws {
        let (new, _) = try catalogs()
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let result = run(["validate", "--catalog", new, "--mappings", mappings])
        #expect(!result.errors.contains("["))
        #expect(result.errors.hasSuffix("tool: 0 errors, 0 warnings; checked \(mappings) (2 mappings)\n"))
    }

    @Test func catalogsWithOneFileNameAreLabelledByPath() throws {
        let (new, old) = try catalogs()
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let result = run(["validate", "--catalog", new, "--catalog", old, "--mappings", mappings])
        #expect(result.errors.contains("\n[\(old)] \(mappings):"))
        #expect(result.errors.hasSuffix("tool: 1 error, 0 warnings; checked against 2 catalogs; errors with \(old)\n"))
        #expect(SeveralCatalogsTests.labels(["a/c.json", "b/c.json", "d.json"]) == ["a/c.json", "b/c.json", "d.json"])
    }

    static func labels(_ paths: [String]) -> [String] {
        CommandSession.catalogLabels(paths)
    }

    @Test func everyCatalogPassingIsExitZero() throws {
        let (new, _) = try catalogs()
        let mappings = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "m.json")
        let copy = try temporary.file(try String(contentsOfFile: new, encoding: .utf8), name: "copy.json")
        let result = run(["validate", "--catalog", new, "--catalog", copy, "--mappings", mappings])
        #expect(result.code == .success)
        #expect(result.errors.hasSuffix("tool: 0 errors, 2 warnings; checked against 2 catalogs, no errors with any\n"))
    }

    @Test func aCatalogThatCannotBeUsedIsExitTwoAndTheOthersAreStillChecked() throws {
        let (new, old) = try catalogs(oldName: "older.json")
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let missing = temporary.url("never-written.json").path
        let name = URL(fileURLWithPath: missing).lastPathComponent
        let result = run(["validate", "--catalog", new, "--catalog", missing, "--catalog", old, "--mappings", mappings])
        #expect(result.code == .usage)
        // One error, which says how to write the catalog.
        #expect(result.errors.contains("[\(name)] error: cannot read the catalog '\(missing)': no such file; write it with `tool catalog --output \(missing)` or the app's catalog drift test [unreadable-file]\n"))
        #expect(!result.errors.contains("cannot use the catalog"))
        #expect(result.errors.contains("[older.json] \(mappings):"))
        #expect(result.errors.hasSuffix("checked against 3 catalogs; errors with older.json; cannot use \(name)\n"))
    }

    @Test func jsonNamesTheCatalogOfEachDiagnosticAndCountsPerCatalog() throws {
        let (new, old) = try catalogs(oldName: "older.json")
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let result = run(["validate", "--catalog", new, "--catalog", old, "--mappings", mappings, "--format", "json"])
        #expect(result.code == .failure)
        let report = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let diagnostics = try #require(report["diagnostics"] as? [[String: Any]])
        let unknown = try #require(diagnostics.first { $0["code"] as? String == "unknown-view" })
        #expect(unknown["catalog"] as? String == old)
        #expect("\(unknown["line"] ?? ""):\(unknown["column"] ?? "")" == Self.mappings.location("1️⃣"))
        #expect(diagnostics.allSatisfy { [new, old].contains($0["catalog"] as? String ?? "") })
        let catalogs = try #require(report["catalogs"] as? [[String: Any]])
        #expect(catalogs.map { $0["catalog"] as? String } == [new, old])
        #expect(catalogs.map { $0["errors"] as? Int } == [0, 1])
        #expect(catalogs.map { $0["checked"] as? Bool } == [true, true])
        #expect(report["summary"] as? [String: Int] == ["errors": 1, "warnings": 0])
    }

    @Test func sarifHasOneRunPerCatalog() throws {
        let (new, old) = try catalogs(oldName: "older.json")
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let result = run(["validate", "--catalog", new, "--catalog", old, "--mappings", mappings, "--format", "sarif"])
        let log = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let runs = try #require(log["runs"] as? [[String: Any]])
        #expect(runs.count == 2)
        #expect(runs.map { ($0["automationDetails"] as? [String: Any])?["id"] as? String } == ["catalog/catalog.json/", "catalog/older.json/"])
        #expect(runs.map { ($0["properties"] as? [String: Any])?["catalog"] as? String } == [new, old])
        let results = runs.map { ($0["results"] as? [[String: Any]]) ?? [] }
        #expect(results[0].allSatisfy { $0["ruleId"] as? String != "unknown-view" })
        #expect(results[1].contains { $0["ruleId"] as? String == "unknown-view" })
        let single = run(["validate", "--catalog", new, "--mappings", mappings, "--format", "sarif"])
        let singleLog = try #require(try JSONSerialization.jsonObject(with: Data(single.output.utf8)) as? [String: Any])
        #expect((singleLog["runs"] as? [[String: Any]])?.first?["automationDetails"] == nil)
    }

    @Test func githubAnnotationsNameTheCatalog() throws {
        let (new, old) = try catalogs(oldName: "older.json")
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let result = run(["validate", "--catalog", new, "--catalog", old, "--mappings", mappings, "--format", "github"])
        let location = Self.mappings.locations[1].map { "line=\($0.line),col=\($0.column)" } ?? ""
        #expect(result.output.contains("::error file=\(GitHubAnnotations.escapeProperty(mappings)),\(location)::[older.json] unknown view 'TitleView'"))
        #expect(result.errors.hasSuffix("tool: 1 error, 0 warnings; checked against 2 catalogs; errors with older.json\n"))
    }

    @Test func theStandaloneToolChecksEachFileAgainstEachCatalog() throws {
        let (new, old) = try catalogs(oldName: "older.json")
        let mappings = try temporary.file(Self.mappings.text, name: "m.json")
        let result = run(["validate", "--catalog", new, "--catalog", old, mappings], tool: .standalone)
        #expect(result.code == .failure)
        #expect(result.errors.contains(Self.mappings.expand("[older.json] \(mappings):1️⃣: error: unknown view 'TitleView'")))
        #expect(result.errors.hasSuffix("mapping-registry: 1 error, 0 warnings; checked against 2 catalogs; errors with older.json\n"))
    }

    /// Only `validate` takes several catalogs, and only `diff` several data documents.
    @Test(arguments: [
        (["schema", "--catalog", "a.json", "--catalog", "b.json", "mappings"], "option '--catalog' is given more than once"),
        (["lsp", "--catalog", "a.json", "--catalog", "b.json"], "option '--catalog' is given more than once"),
        (["validate", "--data", "a.json", "--data", "b.json"], "option '--data' is given more than once"),
        (["validate", "--catalog", "a.json", "--catalog", "b.json", "--data", "d.json"], "--data cannot be checked with --catalog: creating stored values needs the app's own types"),
    ])
    func repeatingWhereOneIsTakenIsAUsageError(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.code == .usage)
        #expect(result.errors.hasPrefix("tool: error: \(message)\n"))
    }

    @Test func theParserKeepsEveryCatalogAndDataFileInOrder() throws {
        let validate = try CommandLineArguments.parse(["validate", "--catalog", "a.json", "--catalog=b.json"])
        #expect(validate.catalogs == ["a.json", "b.json"])
        #expect(validate.catalog == "a.json")
        let diff = try CommandLineArguments.parse(["diff", "o.json", "n.json", "--data", "x.json", "--data", "y.json"])
        #expect(diff.dataFiles == ["x.json", "y.json"])
        #expect(diff.arguments == ["o.json", "n.json"])
    }
}
