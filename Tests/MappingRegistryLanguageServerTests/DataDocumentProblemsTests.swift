import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// A data document with an entry in error still has every other entry
/// resolved and reported; its outline lists every view of each section.
@Suite struct DataDocumentProblemsTests {
    static let mappingsURI = "file:///work/app/mappings.json"
    static let dataURI = "file:///work/app/data.json"

    @Test func anUnknownModelHidesNoOtherItemsProblem() throws {
        var client = TestClient()
        // Dishes map; strings do not.
        _ = client.open(Self.mappingsURI, #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }] }"#)
        let data = MarkedText(#"""
            { "sections": [{ "items": [
              { "model": 1️⃣"Dsh", "value": {} },
              2️⃣{ "model": "String", "value": "soup" },
              { "model": "Dish", "value": { "name": "Soup", "price": 6, "vegan": false } }
            ] }] }
            """#)
        let diagnostics = client.open(Self.dataURI, data.text)
        #expect(diagnostics.compactMap { $0["code"] as? String } == ["unknown-model", "missing-mapping"])
        #expect(start(diagnostics[0]) == data.position(1))
        #expect(start(diagnostics[1]) == data.position(2))
    }

    @Test func theOutlineListsHeadersFootersSupplementaryViewsAndItemsInOrder() throws {
        var client = TestClient()
        let data = #"""
            { "sections": [{
              "header": { "model": "String", "value": "Starters" },
              "supplementary": { "banner": { "model": "String", "value": "New!" }, "badge": { "model": "Int", "value": 3 } },
              "items": [{ "model": "String", "value": "soup" }],
              "footer": { "model": "String", "value": "end" }
            }] }
            """#
        _ = client.open(Self.dataURI, data)
        let symbols = try #require(client.request("textDocument/documentSymbol", ["textDocument": ["uri": Self.dataURI]])["result"] as? [[String: Any]])
        let children = try #require(symbols.first?["children"] as? [[String: Any]])
        #expect(children.compactMap { $0["name"] as? String } == ["header: String", "banner: String", "badge: Int", "item 0: String", "footer: String"])
    }
}
