import Foundation
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

@Suite struct DiagnosticsTests {
    static let uri = "file:///work/app/mappings.json"

    static let broken = MarkedText("""
        {
          "version": 1,
          "mappings": [
            3️⃣{ "view": "DishRow", "model": "Dish" },
            { "reuseIdentifier": "🍜 café", "view": 1️⃣"DishRo", "model": "Dish", "priority": 1 },
            2️⃣{ "view": "DishRow", "model": "Dish" }
          ]
        }
        """)

    static func diagnostic(_ code: String, in diagnostics: [[String: Any]]) -> [String: Any]? {
        diagnostics.first { $0["code"] as? String == code }
    }

    @Test(arguments: [false, true])
    func diagnosticsHaveTheLibrarysCodesAndRangesInTheClientsUnits(utf8: Bool) throws {
        var client = TestClient(encodings: utf8 ? ["utf-8"] : [])
        let diagnostics = client.open(Self.uri, Self.broken.text)
        let unknown = try #require(Self.diagnostic("unknown-view", in: diagnostics))
        #expect(unknown["message"] as? String == "unknown view 'DishRo'; did you mean 'DishRow'?")
        #expect(unknown["severity"] as? Int == 1)
        #expect(unknown["source"] as? String == "mapping-registry")
        let position = Self.broken.position(1, utf8: utf8)
        #expect(start(unknown) == position)
        // The range covers the string with its quotes.
        #expect(end(unknown) == ["line": position["line"] ?? 0, "character": (position["character"] ?? 0) + 8])
        // 43 Unicode scalars precede the name; the emoji is two UTF-16
        // units (four bytes) and the é two bytes.
        #expect(position["character"] == (utf8 ? 47 : 44))
    }

    @Test func aRedeclarationPointsAtTheEarlierMappingAsRelatedInformation() throws {
        var client = TestClient()
        let diagnostics = client.open(Self.uri, Self.broken.text)
        let duplicate = try #require(Self.diagnostic("duplicate-mapping", in: diagnostics))
        #expect(start(duplicate) == Self.broken.position(2))
        let related = try #require((duplicate["relatedInformation"] as? [[String: Any]])?.first)
        let location = try #require(related["location"] as? [String: Any])
        #expect(location["uri"] as? String == Self.uri)
        #expect(start(location) == Self.broken.position(3))
        #expect((related["message"] as? String)?.contains("declared here") == true)
    }

    @Test func aFixedMistakeDisappearsOnChange() throws {
        var client = TestClient()
        _ = client.open(Self.uri, Self.broken.text)
        let fixed = Self.broken.text.replacingOccurrences(of: "\"DishRo\"", with: "\"DishRow\"")
        let diagnostics = client.change(Self.uri, fixed, version: 2)
        #expect(Self.diagnostic("unknown-view", in: diagnostics) == nil)
        #expect(Self.diagnostic("duplicate-mapping", in: diagnostics) != nil)
    }

    @Test func closingADocumentClearsItsDiagnostics() {
        var client = TestClient()
        _ = client.open(Self.uri, Self.broken.text)
        let replies = client.notify("textDocument/didClose", ["textDocument": ["uri": Self.uri]])
        let cleared = replies.first { ($0["params"] as? [String: Any])?["uri"] as? String == Self.uri }
        #expect((cleared?["params"] as? [String: Any])?["diagnostics"] as? [Any] != nil)
        #expect(TestClient.diagnostics(for: Self.uri, in: replies).isEmpty)
    }

    @Test func invalidJSONIsLocatedWhereTheParserStopped() throws {
        var client = TestClient()
        let text = MarkedText("{\n  \"version\": 1,\n  \"mappings\": [1️⃣}\n")
        let diagnostics = client.open(Self.uri, text.text)
        let invalid = try #require(Self.diagnostic("invalid-json", in: diagnostics))
        #expect(start(invalid) == text.position(1))
    }

    @Test func unusedPluginsAreShownOnTheMappingsKey() throws {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, 1️⃣"mappings": [{ "view": "DishRow", "model": "Dish" }] }"#)
        let diagnostics = client.open(Self.uri, text.text)
        let unused = try #require(Self.diagnostic("unused-view", in: diagnostics))
        #expect(unused["severity"] as? Int == 2)
        #expect(start(unused) == text.position(1))
    }

    @Test func aDataDocumentIsResolvedThroughTheMappingsOpenBesideIt() throws {
        var client = TestClient()
        let data = MarkedText(#"{ "sections": [{ "items": [1️⃣{ "model": "String", "value": "soup" }] }] }"#)
        // No mapping for String cells yet.
        _ = client.open(Self.uri, #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }] }"#)
        let dataURI = "file:///work/app/data.json"
        let missing = try #require(Self.diagnostic("missing-mapping", in: client.open(dataURI, data.text)))
        #expect(start(missing) == data.position(1))
        // A mapping for strings, and the data document is checked again.
        let replies = client.notify("textDocument/didChange", [
            "textDocument": ["uri": Self.uri, "version": 2],
            "contentChanges": [["text": #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }, { "view": "Footnote", "model": "String" }] }"#]],
        ])
        #expect(TestClient.diagnostics(for: dataURI, in: replies).isEmpty)
        #expect(replies.contains { ($0["params"] as? [String: Any])?["uri"] as? String == dataURI })
    }

    @Test func aDataDocumentWithoutAMappingsFileUsesTheToolsOwn() throws {
        var client = TestClient(defaultMappings: #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }] }"#)
        let diagnostics = client.open("file:///elsewhere/menu-data.json", #"{ "sections": [{ "items": [{ "model": "String", "value": "x" }] }] }"#)
        #expect(Self.diagnostic("missing-mapping", in: diagnostics) != nil)
    }

    @Test(arguments: [
        (#"{ "$schema": "Schemas/data.schema.json" }"#, "file:///a/x.json", DocumentKind.data),
        (#"{ "$schema": "Schemas/mappings.schema.json" }"#, "file:///a/data.json", .mappings),
        (#"{ "version": 1, "mappings": [] }"#, "file:///a/data.json", .mappings),
        (#"{ "x": { "mappings": 1 }, "sections": [] }"#, "file:///a/m.json", .data),
        ("{", "file:///a/menu-data.json", .data),
        ("{", "file:///a/x.json", .mappings),
    ])
    func theRootKeysThenTheSchemaThenTheFileNameDecideTheKind(text: String, uri: String, kind: DocumentKind) {
        #expect(DocumentKind.detect(Array(text.utf8), path: DocumentURI.path(of: uri) ?? uri) == kind)
    }
}
