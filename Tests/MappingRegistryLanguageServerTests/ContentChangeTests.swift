import Foundation
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

/// Incremental synchronization: each `didChange` edit applied to the text
/// in the client's position encoding, clamped or refused as documented.
@Suite struct ContentChangeTests {
    static let uri = "file:///work/app/mappings.json"

    /// One `didChange`: the text before (with markers), its content changes
    /// as JSON, where a position may be written as a marker (`"1️⃣"`) and is
    /// then that marker's position in the case's encoding, and the text after.
    struct Case: Sendable, CustomTestStringConvertible {
        var name: String
        var text: String
        var utf8 = false
        var changes: String
        var expected: String
        /// Whether the server warns that changes were ignored.
        var warns = false

        var testDescription: String { name }
    }

    static let dessert = "Crème brûlée 🍜\nline two\r\nend"

    static let cases: [Case] = [
        Case(name: "a word after an accented one, in UTF-16 units",
             text: "Crème 1️⃣brûlée2️⃣ 🍜", changes: #"[{"range": {"start": "1️⃣", "end": "2️⃣"}, "text": "tarte"}]"#,
             expected: "Crème tarte 🍜"),
        Case(name: "a word after an accented one, in UTF-8 bytes",
             text: "Crème 1️⃣brûlée2️⃣ 🍜", utf8: true, changes: #"[{"range": {"start": "1️⃣", "end": "2️⃣"}, "text": "tarte"}]"#,
             expected: "Crème tarte 🍜"),
        Case(name: "an emoji, a UTF-16 surrogate pair",
             text: "Crème brûlée 1️⃣🍜2️⃣!", changes: #"[{"range": {"start": "1️⃣", "end": "2️⃣"}, "text": "🍮"}]"#,
             expected: "Crème brûlée 🍮!"),
        Case(name: "an emoji, four UTF-8 bytes",
             text: "Crème brûlée 1️⃣🍜2️⃣!", utf8: true, changes: #"[{"range": {"start": "1️⃣", "end": "2️⃣"}, "text": ""}]"#,
             expected: "Crème brûlée !"),
        Case(name: "a position between the units of a surrogate pair is after the pair",
             text: "🍜 café", changes: #"[{"range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 1}}, "text": "!"}]"#,
             expected: "🍜! café"),
        Case(name: "a position inside a UTF-8 sequence is after the character",
             text: "Crème", utf8: true, changes: #"[{"range": {"start": {"line": 0, "character": 3}, "end": {"line": 0, "character": 3}}, "text": "X"}]"#,
             expected: "CrèXme"),
        Case(name: "a range over a CRLF line break",
             text: "Crème brûlée 🍜\nline1️⃣ two\r\n2️⃣end", changes: #"[{"range": {"start": "1️⃣", "end": "2️⃣"}, "text": "+"}]"#,
             expected: "Crème brûlée 🍜\nline+end"),
        Case(name: "a character past the end of its line is the end of the line",
             text: dessert, changes: #"[{"range": {"start": {"line": 1, "character": 100}, "end": {"line": 1, "character": 120}}, "text": "!"}]"#,
             expected: "Crème brûlée 🍜\nline two!\r\nend"),
        Case(name: "a line past the last is the end of the text",
             text: dessert, changes: #"[{"range": {"start": {"line": 9, "character": 0}, "end": {"line": 12, "character": 3}}, "text": "\n"}]"#,
             expected: dessert + "\n"),
        Case(name: "changes apply in order, each to the text the one before left",
             text: "1️⃣Crème", changes: #"[{"range": {"start": "1️⃣", "end": "1️⃣"}, "text": "A"}, {"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 1}}, "text": "B"}]"#,
             expected: "BCrème"),
        Case(name: "a change without a range is the whole text, and the next edits that",
             text: dessert, changes: #"[{"text": "ab"}, {"range": {"start": {"line": 0, "character": 1}, "end": {"line": 0, "character": 1}}, "rangeLength": 0, "text": "é"}]"#,
             expected: "aéb"),
        Case(name: "a null range is the whole text",
             text: dessert, changes: #"[{"range": null, "text": "x"}]"#,
             expected: "x"),
        Case(name: "a range that ends before it starts is refused",
             text: "Crème 2️⃣brûlée1️⃣", changes: #"[{"range": {"start": "1️⃣", "end": "2️⃣"}, "text": "x"}]"#,
             expected: "Crème brûlée", warns: true),
        Case(name: "a malformed change stops the notification, the changes before it stay",
             text: "Crème", changes: #"[{"range": {"start": {"line": 0, "character": 0}, "end": {"line": 0, "character": 0}}, "text": "A"}, {"text": 3}, {"text": "Z"}]"#,
             expected: "ACrème", warns: true),
        Case(name: "a negative character is refused",
             text: "Crème", changes: #"[{"range": {"start": {"line": 0, "character": -1}, "end": {"line": 0, "character": 0}}, "text": "x"}]"#,
             expected: "Crème", warns: true),
        Case(name: "a fractional line is refused",
             text: "Crème", changes: #"[{"range": {"start": {"line": 0.5, "character": 0}, "end": {"line": 1, "character": 0}}, "text": "x"}]"#,
             expected: "Crème", warns: true),
        Case(name: "a range without an end is refused",
             text: "Crème", changes: #"[{"range": {"start": {"line": 0, "character": 0}}, "text": "x"}]"#,
             expected: "Crème", warns: true),
        Case(name: "a change that is no object is refused",
             text: "Crème", changes: "[5]",
             expected: "Crème", warns: true),
    ]

    @Test(arguments: cases)
    func anEditIsAppliedInTheClientsEncoding(_ testCase: Case) throws {
        var client = TestClient(encodings: testCase.utf8 ? ["utf-8"] : [])
        let marked = MarkedText(testCase.text)
        _ = client.open(Self.uri, marked.text)
        let parsed = try JSONSerialization.jsonObject(with: Data(testCase.changes.utf8))
        let changes = try #require(Self.resolve(parsed, marked, utf8: testCase.utf8) as? [Any])
        let replies = client.notify("textDocument/didChange", [
            "textDocument": ["uri": Self.uri, "version": 2],
            "contentChanges": changes,
        ])
        let document = try #require(client.server.documents[Self.uri])
        #expect(String(decoding: document.bytes, as: UTF8.self) == testCase.expected)
        // Checked again and published for the new version either way.
        #expect(publishedVersion(of: Self.uri, in: replies) == 2)
        let warnings = replies.filter { $0["method"] as? String == "window/logMessage" }
        #expect(warnings.count == (testCase.warns ? 1 : 0))
        if let warning = warnings.first {
            #expect((warning["params"] as? [String: Any])?["type"] as? Int == 2)
        }
    }

    /// A JSON value with every marker string replaced by its position.
    static func resolve(_ value: Any, _ marked: MarkedText, utf8: Bool) -> Any {
        if let string = value as? String, let index = MarkedText.markers.firstIndex(of: string) {
            return marked.position(index + 1, utf8: utf8)
        }
        if let object = value as? [String: Any] { return object.mapValues { resolve($0, marked, utf8: utf8) } }
        if let array = value as? [Any] { return array.map { resolve($0, marked, utf8: utf8) } }
        return value
    }

    @Test func theWarningSaysWhichChangeWasRefusedAndWhatFollows() throws {
        var client = TestClient()
        _ = client.open(Self.uri, "Crème")
        let replies = client.edit(Self.uri, [
            ["range": range(0, 0, 0, 0), "text": "A"],
            ["range": range(0, 4, 0, 1), "text": "x"],
        ], version: 2)
        let warning = try #require(replies.first { $0["method"] as? String == "window/logMessage" })
        #expect((warning["params"] as? [String: Any])?["message"] as? String == """
            didChange of \(Self.uri): change 2 of 2 is a change whose range ends (0:1) before it starts (0:4); \
            it and the changes after it were ignored, so the server's text may differ from the editor's until the document is reopened
            """)
    }

    @Test func aDidChangeWithoutContentChangesIsLoggedAndChangesNothing() throws {
        var client = TestClient()
        _ = client.open(Self.uri, "Crème")
        let replies = client.notify("textDocument/didChange", ["textDocument": ["uri": Self.uri, "version": 2]])
        #expect(replies.count == 1 && replies.first?["method"] as? String == "window/logMessage")
        #expect(client.server.documents[Self.uri]?.version == 1)
    }

    @Test func aFixTypedIntoTheNameMakesItsDiagnosticDisappear() throws {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "reuseIdentifier": "🍜 café", "view": "DishRo1️⃣", "model": "Dish" }] }"#)
        #expect(DiagnosticsTests.diagnostic("unknown-view", in: client.open(Self.uri, text.text)) != nil)
        let at = text.position(1)
        let replies = client.edit(Self.uri, [["range": ["start": at, "end": at], "text": "w"]], version: 2)
        #expect(publishedVersion(of: Self.uri, in: replies) == 2)
        #expect(DiagnosticsTests.diagnostic("unknown-view", in: TestClient.diagnostics(for: Self.uri, in: replies)) == nil)
    }
}
