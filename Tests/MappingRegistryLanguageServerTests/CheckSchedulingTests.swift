import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// The checks the server hands out and takes back, driven by hand: which
/// job comes next, and which results are published or dropped.
@Suite struct CheckSchedulingTests {
    static let mappingsURI = "file:///work/app/mappings.json"
    static let dataURI = "file:///work/app/data.json"
    static let mappings = #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }] }"#
    static let stringMappings = #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }, { "view": "Footnote", "model": "String" }] }"#
    static let data = #"{ "sections": [{ "items": [{ "model": "String", "value": "soup" }] }] }"#

    static func client() -> TestClient {
        TestClient(checksAutomatically: false)
    }

    @Test func aResultOfAnOlderTextIsDroppedAndTheNewestTextIsCheckedNext() throws {
        var client = Self.client()
        _ = client.open(Self.mappingsURI, Self.mappings, version: 1)
        let first = try client.takeCheck()
        _ = client.change(Self.mappingsURI, Self.mappings + " ", version: 2)
        // The first check's result arrives after the change: dropped.
        #expect(client.finish(first.run()).isEmpty)
        let second = try client.takeCheck()
        #expect(second.version == 2)
        #expect(publishedVersion(of: Self.mappingsURI, in: client.finish(second.run())) == 2)
        #expect(client.nextCheck() == nil)
    }

    @Test func changesWhileACheckRunsAreCoalescedIntoOneCheckOfTheNewestText() throws {
        var client = Self.client()
        _ = client.open(Self.mappingsURI, Self.mappings, version: 1)
        let running = try client.takeCheck()
        for version in 2...5 {
            _ = client.change(Self.mappingsURI, Self.mappings + String(repeating: " ", count: version), version: version)
            // One check at a time: nothing more is handed out while one runs.
            #expect(client.nextCheck() == nil)
        }
        #expect(client.finish(running.run()).isEmpty)
        let newest = try client.takeCheck()
        #expect(newest.version == 5)
        #expect(newest.bytes == Array((Self.mappings + "     ").utf8))
        #expect(publishedVersion(of: Self.mappingsURI, in: client.finish(newest.run())) == 5)
        #expect(client.nextCheck() == nil)
    }

    @Test func mappingsFilesAreCheckedBeforeDataDocumentsWhichAreCheckedAgainAfterThem() throws {
        var client = Self.client()
        _ = client.open(Self.dataURI, Self.data)
        _ = client.open(Self.mappingsURI, Self.mappings)
        // The data document was marked first; the mappings file goes first.
        let mappingsCheck = try client.takeCheck()
        #expect(mappingsCheck.uri == Self.mappingsURI)
        _ = client.finish(mappingsCheck.run())
        let dataCheck = try client.takeCheck()
        #expect(dataCheck.uri == Self.dataURI)
        guard case .registry(let registry?) = dataCheck.mappings else {
            Issue.record("the data document is not resolved through the checked mappings file")
            return
        }
        #expect(registry === client.server.documents[Self.mappingsURI]?.registry)
        let replies = client.finish(dataCheck.run())
        #expect(TestClient.diagnostics(for: Self.dataURI, in: replies).contains { $0["code"] as? String == "missing-mapping" })
        #expect(client.nextCheck() == nil)

        // A change of the mappings file alone: checked, then the data document again.
        _ = client.change(Self.mappingsURI, Self.stringMappings, version: 2)
        let again = try client.takeCheck()
        #expect(again.uri == Self.mappingsURI)
        _ = client.finish(again.run())
        let recheck = try client.takeCheck()
        #expect(recheck.uri == Self.dataURI)
        let cleared = client.finish(recheck.run())
        #expect(publishedVersion(of: Self.dataURI, in: cleared) == 1)
        #expect(TestClient.diagnostics(for: Self.dataURI, in: cleared).isEmpty)
    }

    @Test func aDataDocumentWaitsForAMappingsFileChangedMeanwhile() throws {
        var client = Self.client()
        _ = client.open(Self.mappingsURI, Self.mappings)
        _ = client.open(Self.dataURI, Self.data)
        _ = client.finish(try client.takeCheck().run())
        // Both are marked now; the mappings file changes once more.
        _ = client.change(Self.mappingsURI, Self.stringMappings, version: 2)
        let next = try client.takeCheck()
        #expect(next.uri == Self.mappingsURI && next.version == 2)
    }

    @Test func aResultForAClosedOrReopenedDocumentIsDropped() throws {
        var client = Self.client()
        _ = client.open(Self.mappingsURI, Self.mappings, version: 1)
        let check = try client.takeCheck()
        let closing = client.notify("textDocument/didClose", ["textDocument": ["uri": Self.mappingsURI]])
        #expect(closing.count == 1)
        #expect(TestClient.diagnostics(for: Self.mappingsURI, in: closing).isEmpty)
        #expect(client.finish(check.run()).isEmpty)

        // Opened again at the same version: a new text all the same.
        _ = client.open(Self.mappingsURI, Self.mappings, version: 1)
        let before = try client.takeCheck()
        _ = client.notify("textDocument/didClose", ["textDocument": ["uri": Self.mappingsURI]])
        _ = client.open(Self.mappingsURI, Self.mappings, version: 1)
        #expect(client.finish(before.run()).isEmpty)
        #expect(client.nextCheck()?.version == 1)
    }

    @Test func afterShutdownNothingIsCheckedOrPublished() throws {
        var client = Self.client()
        _ = client.open(Self.mappingsURI, Self.mappings)
        _ = client.open(Self.dataURI, Self.data)
        let running = try client.takeCheck()
        #expect(client.request("shutdown", [:])["result"] is NSNull)
        #expect(client.finish(running.run()).isEmpty)
        #expect(client.nextCheck() == nil)
    }

    @Test func quickFixesAndCodeHoversComeOnlyFromTheDiagnosticsOfTheCurrentText() throws {
        var client = Self.client()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": 1️⃣"DishRo", "model": "Dish" }] }"#)
        _ = client.open(Self.mappingsURI, text.text)
        _ = client.finish(try client.takeCheck().run())
        let at = text.position(1)
        #expect(HoverDefinitionAndActionTests.actions(&client, Self.mappingsURI, at: at).count == 1)

        // Eight characters inserted before the name: until the new text is
        // checked, the old diagnostic's range would point into the insertion.
        _ = client.edit(Self.mappingsURI, [["range": range(0, 0, 0, 0), "text": "        "]], version: 2)
        var moved = at
        moved["character"] = (moved["character"] ?? 0) + 8
        #expect(HoverDefinitionAndActionTests.actions(&client, Self.mappingsURI, at: at).isEmpty)
        #expect(HoverDefinitionAndActionTests.actions(&client, Self.mappingsURI, at: moved).isEmpty)
        #expect(!HoverDefinitionAndActionTests.hoverText(client.at("textDocument/hover", Self.mappingsURI, moved)).contains("unknown-view"))

        _ = client.finish(try client.takeCheck().run())
        let fix = try #require(HoverDefinitionAndActionTests.actions(&client, Self.mappingsURI, at: moved).first)
        let edit = try #require(HoverDefinitionAndActionTests.edits(fix, Self.mappingsURI).first)
        #expect(start(edit) == moved)
    }

    @Test func theToolsOwnMappingsAreLoadedByTheFirstCheckThatNeedsThemAndKept() throws {
        var client = TestClient(defaultMappings: Self.mappings, checksAutomatically: false)
        _ = client.open("file:///elsewhere/menu-data.json", Self.data)
        let check = try client.takeCheck()
        guard case .toolDefault = check.mappings else {
            Issue.record("the first data document's check does not load the tool's mappings")
            return
        }
        let replies = client.finish(check.run())
        #expect(TestClient.diagnostics(for: "file:///elsewhere/menu-data.json", in: replies).contains { $0["code"] as? String == "missing-mapping" })
        _ = client.change("file:///elsewhere/menu-data.json", Self.data + " ", version: 2)
        guard case .registry(_?) = try client.takeCheck().mappings else {
            Issue.record("the tool's mappings were not kept")
            return
        }
    }
}
