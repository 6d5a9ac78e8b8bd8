import Foundation
import MappingRegistry
import MappingRegistryCommandLine
import TestSupport
import Testing
@testable import menu

/// `menu diff` on the sample: raising one mapping's priority prints exactly
/// the items that move, with both mappings' places, in every format.
@Suite struct MenuDiffTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    static let data = "Examples/Menu/Data/menu-data.json"
    static let vegan = #"{ "view": "VeganDishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 2,"#

    /// A directory with `mappings.json` (the root file), `raised.json` (the
    /// same, `VeganDishRow` at priority 6 rather than 2) and `menu-data.json`.
    func makeDirectory() throws -> URL {
        let root = MenuBinary.packageRoot
        let directory = temporary.url
        let mappings = try String(contentsOf: root.appendingPathComponent("mappings.json"), encoding: .utf8)
        #expect(mappings.contains(Self.vegan), "the sample's VeganDishRow mapping changed; update this test")
        let raised = mappings.replacingOccurrences(of: Self.vegan, with: Self.vegan.replacingOccurrences(of: "\"priority\": 2,", with: "\"priority\": 6,"))
        try Data(mappings.utf8).write(to: directory.appendingPathComponent("mappings.json"))
        try Data(raised.utf8).write(to: directory.appendingPathComponent("raised.json"))
        try FileManager.default.copyItem(at: root.appendingPathComponent(Self.data), to: directory.appendingPathComponent("menu-data.json"))
        return directory
    }

    /// The items that move, found with the library: each stored model
    /// whose view or failure code differs between the two registries.
    /// Only a priority changes, so a changed mapping is a changed view.
    static func moved(in directory: URL) throws -> [(item: String, old: String, new: String)] {
        let tool = MenuCommand.makeTool()
        func registry(_ name: String) throws -> MappingRegistry {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            return try MappingRegistry(plugins: MenuPlugins.catalog, sources: tool.sources + [.json(bytes, name: name)])
        }
        let old = try registry("mappings.json")
        let new = try registry("raised.json")
        let bytes = try Data(contentsOf: directory.appendingPathComponent("menu-data.json"))
        let document = try DataDocument(data: bytes, plugins: MenuPlugins.catalog, source: "menu-data.json")
        var moved: [(String, String, String)] = []
        for entry in document.entries where entry.kind == .cell || entry.value != nil {
            let before = old.resolve(entry.value as Any, at: entry.position, kind: entry.kind, context: tool.context)
            let after = new.resolve(entry.value as Any, at: entry.position, kind: entry.kind, context: tool.context)
            guard before.mapping?.view != after.mapping?.view || before.diagnostic?.code != after.diagnostic?.code else { continue }
            moved.append((
                "\(entry.location)",
                before.mapping.map { "(\($0.location))" } ?? "[\(before.diagnostic?.code.rawValue ?? "")]",
                after.mapping.map { "(\($0.location))" } ?? "[\(after.diagnostic?.code.rawValue ?? "")]"
            ))
        }
        return moved
    }

    @Test func raisingOnePriorityPrintsExactlyTheItemsThatMove() throws {
        let directory = try makeDirectory()
        let moved = try Self.moved(in: directory)
        try #require(!moved.isEmpty, "raising VeganDishRow's priority should move some item")
        let run = try MenuBinary.run(["diff", "mappings.json", "raised.json", "--data", "menu-data.json"], in: directory)
        #expect(run.status == 1)
        #expect(run.errors == "")
        var lines = run.output.split(separator: "\n").map(String.init)
        let counts = lines.removeLast()
        #expect(lines.count == moved.count)
        for (line, expected) in zip(lines, moved) {
            #expect(line.hasPrefix(expected.item + ": section "))
            #expect(line.contains(expected.old + " → ") || line.contains(" \(expected.old) → "))
            #expect(line.hasSuffix(" " + expected.new) || line.hasSuffix(expected.new))
        }
        // Every mapping place is in the files diffed, and each new one is raised.json's VeganDishRow.
        #expect(lines.allSatisfy { $0.contains("(mappings.json:") || $0.contains("[") })
        #expect(lines.allSatisfy { $0.contains(" → VeganDishRow") && $0.hasSuffix(" (raised.json:7:5)") })
        #expect(counts.hasPrefix("\(moved.count) of "))
    }

    @Test func theDocumentedExampleIsWhatMenuPrints() throws {
        let article = try ReadmeCommandTests.text(ReadmeCommandTests.docc + "CommandReference.md")
        let marker = try #require(article.range(of: "<!-- diff-raised-priority -->\n```text\n$ menu diff mappings.json raised.json --data menu-data.json\n"))
        let end = try #require(article.range(of: "```", range: marker.upperBound..<article.endIndex))
        let run = try MenuBinary.run(["diff", "mappings.json", "raised.json", "--data", "menu-data.json"], in: try makeDirectory())
        #expect(run.output == String(article[marker.upperBound..<end.lowerBound]))
    }

    @Test func nothingChangedIsExitZeroAndOneLine() throws {
        let run = try MenuBinary.run(["diff", "mappings.json", "mappings.json", "--data", Self.data])
        #expect(run.status == 0)
        #expect(run.output.hasPrefix("no stored model renders differently ("))
        #expect(run.output.split(separator: "\n").count == 1)
    }

    @Test func jsonAndGitHubShapesCarryTheSameItems() throws {
        let directory = try makeDirectory()
        let moved = try Self.moved(in: directory)
        let json = try MenuBinary.run(["diff", "mappings.json", "raised.json", "--data", "menu-data.json", "--format", "json"], in: directory)
        #expect(json.status == 1)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(json.output.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.map { "\($0["file"] ?? ""):\($0["line"] ?? ""):\($0["column"] ?? "")" } == moved.map(\.item))
        #expect(items.allSatisfy { ($0["new"] as? [String: Any])?["view"] as? String == "VeganDishRow" })
        #expect((document["summary"] as? [String: Int])?["changed"] == moved.count)
        let github = try MenuBinary.run(["diff", "mappings.json", "raised.json", "--data", "menu-data.json", "--format", "github"], in: directory)
        #expect(github.status == 1)
        let annotations = github.output.split(separator: "\n")
        #expect(annotations.count == moved.count)
        for (annotation, expected) in zip(annotations, moved) {
            let parts = expected.item.split(separator: ":")
            #expect(annotation.hasPrefix("::notice file=menu-data.json,line=\(parts[1]),col=\(parts[2]),title=renders differently::section "))
        }
        #expect(github.errors.hasPrefix("menu: \(moved.count) of "))
    }

    // MARK: - From the catalog, without the app

    /// The command reference's catalog example: each line it shows (`…`
    /// stands for lines left out) is a line `mapping-registry diff` prints.
    @Test func theDocumentedCatalogExampleIsWhatTheToolPrints() throws {
        let article = try ReadmeCommandTests.text(ReadmeCommandTests.docc + "CommandReference.md")
        let command = "$ mapping-registry diff --catalog Examples/Menu/Schemas/menu.catalog.json mappings.json raised.json --data menu-data.json\n"
        let marker = try #require(article.range(of: "<!-- catalog-diff-raised-priority -->\n```text\n" + command))
        let end = try #require(article.range(of: "```", range: marker.upperBound..<article.endIndex))
        let documented = article[marker.upperBound..<end.lowerBound].split(separator: "\n").map(String.init).filter { $0 != "…" }
        let directory = try makeDirectory()
        let catalog = MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/Schemas/menu.catalog.json").path
        let run = try MenuBinary.run(
            ["diff", "--catalog", catalog, "mappings.json", "raised.json", "--data", "menu-data.json"],
            executable: "mapping-registry", in: directory
        )
        #expect(run.status == 1)
        #expect(run.errors == "")
        let printed = run.output.split(separator: "\n").map(String.init)
        #expect(documented.count == 3)
        for line in documented {
            #expect(printed.contains(line), "mapping-registry diff does not print: \(line)")
        }
        #expect(printed.last == documented.last)
    }

    /// The root file changed three ways: `Food` shown by `PlainRow` (model
    /// names decide), the footnote only in section 1 (sections decide),
    /// and `VeganDishRow` raised to priority 6 (a predicate decides).
    func makeChangedDirectory() throws -> URL {
        let directory = try makeDirectory()
        var changed = try String(contentsOf: directory.appendingPathComponent("mappings.json"), encoding: .utf8)
        let edits = [
            (#"{ "view": "PriceRow", "model": "Food" }"#, #"{ "view": "PlainRow", "model": "Food" }"#),
            (#""condition": { "sections": [1, 2] }"#, #""condition": { "sections": [1] }"#),
            (Self.vegan, Self.vegan.replacingOccurrences(of: "\"priority\": 2,", with: "\"priority\": 6,")),
        ]
        for (before, after) in edits {
            #expect(changed.contains(before), "the sample's mappings changed; update this test")
            changed = changed.replacingOccurrences(of: before, with: after)
        }
        try Data(changed.utf8).write(to: directory.appendingPathComponent("changed.json"))
        return directory
    }

    /// `mapping-registry diff --catalog` on the sample's catalog prints the
    /// very line `menu diff` prints for each item nothing the catalog
    /// cannot answer decides; for the others (a predicate, or whether a
    /// `Side` or a `Drink` is a `Food`: conformance to a protocol), each way
    /// the item may change, one of which is what `menu diff` finds with the
    /// real values.
    @Test func theCatalogDiffPrintsWhatMenuDiffPrintsWhereNoPredicateDecides() throws {
        let directory = try makeChangedDirectory()
        let old = directory.appendingPathComponent("mappings.json").path
        let new = directory.appendingPathComponent("changed.json").path
        let data = directory.appendingPathComponent("menu-data.json").path
        let catalog = MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/Schemas/menu.catalog.json").path
        func run(_ tool: CommandLineTool, _ arguments: [String]) -> (code: ExitCode, output: String, errors: String) {
            var output = ""
            var errors = ""
            let code = tool.run(arguments: arguments, standardOutput: &output, standardError: &errors)
            return (code, output, errors)
        }
        let app = run(MenuCommand.makeTool(), ["diff", old, new, "--data", data])
        let standalone = run(.standalone, ["diff", old, new, "--data", data, "--catalog", catalog])
        #expect(app.code == .failure)
        #expect(standalone.code == .failure)
        #expect(app.errors == "")
        #expect(standalone.errors == "")
        let appLines = app.output.split(separator: "\n").dropLast().map(String.init)
        let catalogLines = standalone.output.split(separator: "\n").dropLast().map(String.init)
        /// `D:line:col:`, the item's place in the data document.
        func item(_ line: String) -> String {
            String(line.prefix(data.count + 1) + line.dropFirst(data.count + 1).prefix { $0 != " " })
        }
        /// The transition as the app prints it: without `may change` and `when …`.
        func asTheAppPrints(_ line: String) -> String {
            let certain = line.replacingOccurrences(of: " may change → ", with: " → ")
            return certain.range(of: " when ").map { String(certain[..<$0.lowerBound]) } ?? certain
        }
        let decided = catalogLines.filter { !$0.contains(" may change → ") && !$0.contains(" when ") }
        let undecided = catalogLines.filter { !decided.contains($0) }
        #expect(decided.count >= 1, "the footer of section 2 is decided by names and sections")
        #expect(undecided.contains { $0.contains(" may change → VeganDishRow (\(new):") && $0.contains(" when ") })
        // Whether a Side is a Food (shown by PriceRow, a view of `any Food`) is an unknown too.
        #expect(undecided.contains {
            $0.contains(" 'Side': PriceRow (\(old):") && $0.contains(" may change → PlainRow (\(new):") && $0.hasSuffix(" when 'Side' is a 'Food'")
        })
        // Each decided line is exactly the app's line for that item.
        for line in decided {
            #expect(appLines.contains(line), "the app prints no such line: \(line)")
        }
        // Each item the app finds changed is in the catalog's answer, and
        // where predicates decide, the app's change is one of the ways given.
        for line in appLines {
            let lines = catalogLines.filter { item($0) == item(line) }
            #expect(!lines.isEmpty, "the catalog diff misses \(line)")
            if !lines.contains(line) {
                #expect(lines.map(asTheAppPrints).contains(line), "none of the catalog's lines for the item is the app's: \(line)")
            }
        }
        // And every item the catalog decides is one the app finds.
        #expect(Set(decided.map(item)).isSubset(of: Set(appLines.map(item))))
    }
}
