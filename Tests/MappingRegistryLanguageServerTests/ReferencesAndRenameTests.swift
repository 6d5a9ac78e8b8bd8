import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// References, rename, code lenses and workspace symbols across two
/// mappings files and a data document, with exact ranges.
@Suite struct ReferencesAndRenameTests {
    static let firstURI = "file:///work/app/mappings.json"
    static let secondURI = "file:///work/other/mappings.json"
    static let dataURI = "file:///work/app/data.json"

    static let first = MarkedText(#"""
        { "version": 1, "mappings": [
          1️⃣{ "view": 2️⃣"DishRow", "model": 3️⃣"Dish", "priority": 1 },
          4️⃣{ "view": "FoodRow", "model": "Food", "fallback": { "view": 5️⃣"DishRow" } }
        ] }
        """#)
    static let second = MarkedText(#"{ "version": 1, "mappings": [{ "view": 1️⃣"DishRow", "model": 2️⃣"Dish" }] }"#)
    static let data = MarkedText(#"""
        { "sections": [{ "items": [
          1️⃣{ "model": 2️⃣"Dish", "value": { "name": "Soup", "price": 6, "vegan": false } },
          3️⃣{ "model": "Drink", "value": { "name": "Tea", "price": 2 } },
          4️⃣{ "model": 5️⃣"Dish", "value": { "name": "Stew", "price": 9, "vegan": false } }
        ] }] }
        """#)

    static func client() -> TestClient {
        var client = TestClient()
        _ = client.open(firstURI, first.text)
        _ = client.open(secondURI, second.text)
        _ = client.open(dataURI, data.text)
        return client
    }

    /// A position one character into the marked string (inside its quotes).
    static func inside(_ text: MarkedText, _ digit: Int) -> [String: Int] {
        var position = text.position(digit)
        position["character"] = (position["character"] ?? 0) + 1
        return position
    }

    static func starts(_ locations: [[String: Any]]) -> [String] {
        locations.map { location in
            let start = start(location) ?? [:]
            return "\(location["uri"] as? String ?? "?"):\(start["line"] ?? -1):\(start["character"] ?? -1)"
        }
    }

    static func at(_ uri: String, _ text: MarkedText, _ digit: Int) -> String {
        let position = text.position(digit)
        return "\(uri):\(position["line"] ?? -1):\(position["character"] ?? -1)"
    }

    @Test func referencesOfAViewAreItsUsesInEveryMappingsFileFallbacksIncluded() throws {
        var client = Self.client()
        let reply = client.request("textDocument/references", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2), "context": ["includeDeclaration": false],
        ])
        let locations = try #require(reply["result"] as? [[String: Any]])
        #expect(Self.starts(locations) == [
            Self.at(Self.firstURI, Self.first, 2), Self.at(Self.firstURI, Self.first, 5), Self.at(Self.secondURI, Self.second, 1),
        ])
        // The range is the whole string, quotes included.
        let stringEnd = try #require(end(locations[0]))
        #expect(stringEnd["character"] == (Self.first.position(2)["character"] ?? 0) + 9)
    }

    @Test func referencesOfAModelReachDataDocumentsAndWithTheDeclarationItsRegistration() throws {
        var client = Self.client()
        let reply = client.request("textDocument/references", [
            "textDocument": ["uri": Self.dataURI], "position": Self.inside(Self.data, 2), "context": ["includeDeclaration": true],
        ])
        let locations = try #require(reply["result"] as? [[String: Any]])
        let starts = Self.starts(locations)
        #expect(starts.first?.contains("/Tests/RegistryFixtures/Fixtures.swift:") == true)
        // Files in the order of their URIs: the data document, then the two mappings files.
        let expected: [String] = [
            Self.at(Self.dataURI, Self.data, 2), Self.at(Self.dataURI, Self.data, 5),
            Self.at(Self.firstURI, Self.first, 3), Self.at(Self.secondURI, Self.second, 2),
        ]
        #expect(Array(starts.dropFirst()) == expected)
    }

    @Test func referencesOfAMappingAreTheItemsItRenders() throws {
        var client = Self.client()
        var position = Self.first.position(1)
        position["character"] = (position["character"] ?? 0) + 1
        let reply = client.request("textDocument/references", [
            "textDocument": ["uri": Self.firstURI], "position": position, "context": ["includeDeclaration": false],
        ])
        let locations = try #require(reply["result"] as? [[String: Any]])
        #expect(Self.starts(locations) == [Self.at(Self.dataURI, Self.data, 1), Self.at(Self.dataURI, Self.data, 4)])
    }

    @Test func codeLensesCountTheItemsEachMappingRenders() throws {
        var client = Self.client()
        let lenses = try #require(client.request("textDocument/codeLens", ["textDocument": ["uri": Self.firstURI]])["result"] as? [[String: Any]])
        #expect(lenses.map { ($0["command"] as? [String: Any])?["title"] as? String } == ["2 items", "no item"])
        #expect(start(lenses[0]) == Self.first.position(1))
        #expect(start(lenses[1]) == Self.first.position(4))
        // The other file's data documents are not open: nothing renders through it.
        let other = try #require(client.request("textDocument/codeLens", ["textDocument": ["uri": Self.secondURI]])["result"] as? [[String: Any]])
        #expect(other.map { ($0["command"] as? [String: Any])?["title"] as? String } == ["no item"])
    }

    @Test func renameEditsEveryUseAndTheSwiftLiteralOfTheRegistration() throws {
        var client = Self.client()
        let prepared = try #require(client.request("textDocument/prepareRename", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2),
        ])["result"] as? [String: Any])
        #expect(prepared["placeholder"] as? String == "DishRow")
        #expect(start(prepared) == Self.inside(Self.first, 2))

        let reply = client.request("textDocument/rename", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2), "newName": "MealRow",
        ])
        let changes = try #require((reply["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        #expect(changes[Self.firstURI]?.map { start($0) } == [Self.first.position(2), Self.first.position(5)])
        #expect(changes[Self.firstURI]?.allSatisfy { $0["newText"] as? String == "\"MealRow\"" } == true)
        #expect(changes[Self.secondURI]?.map { start($0) } == [Self.second.position(1)])
        let swift = try #require(changes.first { $0.key.hasSuffix("/Tests/RegistryFixtures/Fixtures.swift") }?.value)
        #expect(swift.map { $0["newText"] as? String } == ["\"MealRow\""])
        #expect(changes[Self.dataURI] == nil)
    }

    @Test(arguments: [
        ("FoodRow", "a view named 'FoodRow' is already registered; choose another name"),
        ("", "a plugin's name cannot be empty"),
    ])
    func renameIsRefusedWithAMessage(newName: String, message: String) throws {
        var client = Self.client()
        let reply = client.request("textDocument/rename", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2), "newName": newName,
        ])
        let error = try #require(reply["error"] as? [String: Any])
        #expect(error["code"] as? Int == -32803)
        #expect(error["message"] as? String == message)
    }

    @Test func renameOfAKeyOrANameWithoutALiteralIsRefused() throws {
        var client = Self.client()
        var onKey = Self.first.position(2)
        onKey["character"] = (onKey["character"] ?? 0) - 4
        let refusal = client.request("textDocument/prepareRename", ["textDocument": ["uri": Self.firstURI], "position": onKey])
        #expect((refusal["error"] as? [String: Any])?["message"] as? String
            == "only a registered plugin's name can be renamed: put the cursor on a view, model, predicate, decorator or handler name")

        let temporary = TemporaryDirectory(prefix: "rename")
        defer { temporary.remove() }
        let root = temporary.url
        try Data("plugins.register(view: DishRow.self)\n".utf8).write(to: root.appendingPathComponent("Plugins.swift"))
        var typed = TestClient(catalogDocument: try DefinitionSiteTests.catalog(registeredAt: root.appendingPathComponent("Plugins.swift").path + ":1"))
        _ = typed.open(Self.firstURI, Self.first.text)
        let reply = typed.request("textDocument/prepareRename", ["textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2)])
        let message = try #require((reply["error"] as? [String: Any])?["message"] as? String)
        #expect(message.hasPrefix("cannot rename view 'DishRow': its registration in \(root.path)/Plugins.swift has no string literal \"DishRow\""))
    }

    /// The mutant "rename of a model skipping data documents" fails here:
    /// a model's rename edits every data document that names it, open or
    /// on disk, from a mappings file or from a data document.
    @Test(arguments: [true, false])
    func renameOfAModelEditsTheDataDocumentsThatNameIt(fromData: Bool) throws {
        let temporary = TemporaryDirectory(prefix: "rename-model")
        defer { temporary.remove() }
        let onDisk = MarkedText(#"{ "sections": [{ "header": { "model": 1️⃣"Dish", "value": { "name": "Soup", "price": 6, "vegan": false } }, "items": [] }] }"#)
        let diskURL = try temporary.write(onDisk.text, to: "Data/menu.json")
        var client = TestClient(workspace: ["rootUri": DocumentURI.uri(ofPath: temporary.url.path)])
        _ = client.open(Self.firstURI, Self.first.text)
        _ = client.open(Self.dataURI, Self.data.text)
        let (uri, position) = fromData ? (Self.dataURI, Self.inside(Self.data, 5)) : (Self.firstURI, Self.inside(Self.first, 3))
        let reply = client.request("textDocument/rename", ["textDocument": ["uri": uri], "position": position, "newName": "Meal"])
        let changes = try #require((reply["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        #expect(changes[Self.dataURI]?.map { start($0) } == [Self.data.position(2), Self.data.position(5)])
        #expect(changes[Self.dataURI]?.allSatisfy { $0["newText"] as? String == "\"Meal\"" } == true)
        let disk = DocumentURI.uri(ofPath: diskURL.standardizedFileURL.path)
        #expect(changes[disk]?.map { start($0) } == [onDisk.position(1)])
        #expect(changes[Self.firstURI]?.map { start($0) } == [Self.first.position(3)])
        let swift = try #require(changes.first { $0.key.hasSuffix("/Tests/RegistryFixtures/Fixtures.swift") }?.value)
        #expect(swift.map { $0["newText"] as? String } == ["\"Meal\""])
    }

    /// A catalog written before lines were added above a registration is
    /// the same file: references, workspace symbols and rename find the
    /// registration by its literal in the file as it is now.
    @Test func linesAddedAboveARegistrationMoveItsReferencesSymbolsAndRename() throws {
        let project = try DefinitionSiteTests.project(linesAbove: 3)
        defer { project.remove() }
        let plugins = DocumentURI.uri(ofPath: project.url.appendingPathComponent("Sources/App/Plugins.swift").path)
        let literal = DefinitionSiteTests.literal(linesAbove: 3)
        var client = TestClient(
            catalogDocument: try DefinitionSiteTests.catalog(registeredAt: "Sources/App/Plugins.swift"),
            catalogPath: project.url.appendingPathComponent("Schemas/app.catalog.json").path
        )
        _ = client.open(Self.firstURI, Self.first.text)
        let references = client.request("textDocument/references", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2), "context": ["includeDeclaration": true],
        ])
        let first = try #require((references["result"] as? [[String: Any]])?.first)
        #expect(first["uri"] as? String == plugins)
        #expect(start(first) == literal)
        let symbols = try #require(client.request("workspace/symbol", ["query": "DishRow"])["result"] as? [[String: Any]])
        let symbol = try #require(symbols.first { $0["name"] as? String == "DishRow" })
        #expect(start(symbol["location"] as? [String: Any]) == literal)
        let rename = client.request("textDocument/rename", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2), "newName": "MealRow",
        ])
        let changes = try #require((rename["result"] as? [String: Any])?["changes"] as? [String: [[String: Any]]])
        #expect(changes[plugins]?.map { start($0) } == [literal])
        #expect(changes[plugins]?.map { end($0) } == [["line": literal["line"] ?? 0, "character": (literal["character"] ?? 0) + 9]])
    }

    @Test func workspaceSymbolsFindPluginsAndMappings() throws {
        var client = Self.client()
        let symbols = try #require(client.request("workspace/symbol", ["query": "dshrw"])["result"] as? [[String: Any]])
        let names = symbols.compactMap { $0["name"] as? String }
        #expect(names.contains("DishRow"))
        #expect(names.filter { $0 == "DishRow for Dish (cell)" }.count == 2)
        #expect(!names.contains("FoodRow for Food (cell)"))
    }

    @Test func filesOnDiskUnderTheWorkspaceRootAreSearchedToo() throws {
        let temporary = TemporaryDirectory(prefix: "workspace")
        defer { temporary.remove() }
        let root = temporary.url
        try temporary.createDirectory("Config/.build")
        let onDisk = MarkedText(#"{ "version": 1, "mappings": [{ "view": 1️⃣"DishRow", "model": "Dish" }] }"#)
        try Data(onDisk.text.utf8).write(to: root.appendingPathComponent("Config/feed.json"))
        // Build products and other JSON are not searched.
        try Data(onDisk.text.utf8).write(to: root.appendingPathComponent("Config/.build/copy.json"))
        try Data(#"{ "name": "DishRow" }"#.utf8).write(to: root.appendingPathComponent("package.json"))
        var client = TestClient(workspace: ["rootUri": DocumentURI.uri(ofPath: root.path)])
        _ = client.open(Self.firstURI, Self.first.text)
        let reply = client.request("textDocument/references", [
            "textDocument": ["uri": Self.firstURI], "position": Self.inside(Self.first, 2), "context": ["includeDeclaration": false],
        ])
        let starts = Self.starts(try #require(reply["result"] as? [[String: Any]]))
        let feed = DocumentURI.uri(ofPath: root.appendingPathComponent("Config/feed.json").standardizedFileURL.path)
        #expect(starts == [
            Self.at(Self.firstURI, Self.first, 2), Self.at(Self.firstURI, Self.first, 5), Self.at(feed, onDisk, 1),
        ])
    }
}
