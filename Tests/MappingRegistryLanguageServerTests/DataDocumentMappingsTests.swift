import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// Which mappings a data document is checked against is decided by where
/// the document is, never by where the server was started, and mappings
/// that do not load are never swapped for others: the items are then
/// reported unchecked, once, at the document's start.
@Suite struct DataDocumentMappingsTests {
    static let loads = #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }] }"#
    static let broken = #"{ "version": 1, "mappings": [{ "view": "DishRo", "model": "Dish" }] }"#
    static let strings = #"{ "sections": [{ "items": [{ "model": "String", "value": "soup" }] }] }"#

    static func codes(_ diagnostics: [[String: Any]]) -> [String] {
        diagnostics.compactMap { $0["code"] as? String }
    }

    @Test func besideMappingsThatDoNotLoadTheItemsAreUncheckedNotCheckedAgainstOthers() throws {
        // Mappings elsewhere that load, and a tool default that loads: neither is used.
        var client = TestClient(defaultMappings: Self.loads)
        _ = client.open("file:///other/mappings.json", Self.loads)
        _ = client.open("file:///work/app/mappings.json", Self.broken)
        let diagnostics = client.open("file:///work/app/data.json", Self.strings)
        #expect(Self.codes(diagnostics) == ["unchecked-items"])
        let unchecked = try #require(diagnostics.first)
        #expect(unchecked["message"] as? String
            == "the items were not resolved, because the mappings they go with ('/work/app/mappings.json') do not load; fix its errors to check which view shows each item")
        #expect(start(unchecked) == ["line": 0, "character": 0])
        #expect(unchecked["severity"] as? Int == 2)
    }

    @Test func aDataDocumentsOwnProblemsAreStillReportedBesideMappingsThatDoNotLoad() {
        var client = TestClient()
        _ = client.open("file:///work/app/mappings.json", Self.broken)
        let diagnostics = client.open("file:///work/app/data.json", #"{ "sections": [{ "items": [{ "model": "Strng", "value": "soup" }] }] }"#)
        #expect(Self.codes(diagnostics).contains("unknown-model"))
    }

    @Test func openMappingsInAnotherDirectoryAreNotUsed() {
        var client = TestClient()
        // Loads, and maps no String: were it used, the item would be missing.
        _ = client.open("file:///other/mappings.json", Self.loads)
        let diagnostics = client.open("file:///work/app/data.json", Self.strings)
        #expect(Self.codes(diagnostics).isEmpty)
    }

    @Test func theNearestMappingsFileOnDiskAboveTheDocumentIsUsed() throws {
        let temporary = TemporaryDirectory(prefix: "data-mappings")
        defer { temporary.remove() }
        let root = temporary.url
        let nested = try temporary.createDirectory("Data/Menu")
        try Data(Self.loads.utf8).write(to: root.appendingPathComponent("mappings.json"))
        var client = TestClient()
        let dataURI = DocumentURI.uri(ofPath: nested.appendingPathComponent("data.json").path)
        // The file above maps no String, so the item is missing.
        #expect(Self.codes(client.open(dataURI, Self.strings)) == ["missing-mapping"])

        // When that file stops loading, the items are unchecked, naming it.
        try Data(Self.broken.utf8).write(to: root.appendingPathComponent("mappings.json"))
        var fresh = TestClient()
        let diagnostics = fresh.open(dataURI, Self.strings)
        #expect(Self.codes(diagnostics) == ["unchecked-items"])
        #expect((diagnostics.first?["message"] as? String)?.contains(root.appendingPathComponent("mappings.json").path) == true)
    }
}
