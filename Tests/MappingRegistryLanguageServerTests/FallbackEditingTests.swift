import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// A mapping's `"fallback"` in the editor: completed and hovered as a
/// mapping (inheriting the model), `"skip"` offered, and `used-fallback`
/// published as a warning with the fallback as related information.
@Suite struct FallbackEditingTests {
    static let uri = "file:///work/app/mappings.json"

    @Test func aFallbackIsCompletedAsAMappingThatRequiresNothingAndHasNoFallback() {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "BowlRow", "model": "Dish", "fallback": { 1️⃣ } }] }"#)
        _ = client.open(Self.uri, text.text)
        let reply = client.at("textDocument/completion", Self.uri, text.position(1))
        #expect(CompletionTests.labels(reply) == ["view", "model", "kind", "reuseIdentifier", "condition", "priority", "decorators", "events"])
        #expect(CompletionTests.item("view", reply)?["detail"] == nil)
    }

    @Test func viewsInAFallbackAreThoseThatCanShowTheInheritedModel() {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "BowlRow", "model": "String", "fallback": { "view": "1️⃣" } }] }"#)
        _ = client.open(Self.uri, text.text)
        let labels = CompletionTests.labels(client.at("textDocument/completion", Self.uri, text.position(1)))
        #expect(labels.contains("TitleView") && labels.contains("Plain"))
        #expect(!labels.contains("DishRow"))
    }

    @Test func skipIsOfferedAsTheFallbacksValue() {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "BowlRow", "model": "Dish", "fallback": 1️⃣ }] }"#)
        _ = client.open(Self.uri, text.text)
        #expect(CompletionTests.labels(client.at("textDocument/completion", Self.uri, text.position(1))) == ["skip"])
    }

    @Test func hoverExplainsTheFallbackKeyAndNamesInsideIt() {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "BowlRow", "model": "Dish", 1️⃣"fallback": { "view": 2️⃣"DishRow" } }] }"#)
        _ = client.open(Self.uri, text.text)
        func inside(_ digit: Int) -> [String: Int] {
            var position = text.position(digit)
            position["character"] = (position["character"] ?? 0) + 1
            return position
        }
        #expect(HoverDefinitionAndActionTests.hoverText(client.at("textDocument/hover", Self.uri, inside(1))) == "**fallback**: " + MappingsKey.fallback.summary)
        #expect(HoverDefinitionAndActionTests.hoverText(client.at("textDocument/hover", Self.uri, inside(2))).hasPrefix("**DishRow**: view: takes Dish"))
    }

    @Test func usedFallbackIsAWarningAtTheMissingNameWithTheFallbackAsRelatedInformation() throws {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": 1️⃣"BowlRow", "model": "Dish", "fallback": 2️⃣{ "view": "DishRow" } }] }"#)
        let diagnostics = client.open(Self.uri, text.text)
        let warning = try #require(diagnostics.first { $0["code"] as? String == "used-fallback" })
        #expect(warning["severity"] as? Int == 2)
        #expect(warning["message"] as? String == "this app has no view 'BowlRow', so this mapping's fallback is used instead")
        #expect(start(warning) == text.position(1))
        let related = try #require((warning["relatedInformation"] as? [[String: Any]])?.first)
        #expect(start(try #require(related["location"] as? [String: Any])) == text.position(2))
        #expect(!diagnostics.contains { $0["severity"] as? Int == 1 })
    }
}
