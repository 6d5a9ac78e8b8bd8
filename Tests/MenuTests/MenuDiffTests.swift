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
}
