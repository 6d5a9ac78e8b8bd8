import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing
import TestSupport

@Suite struct CompletionTests {
    static let uri = "file:///work/app/mappings.json"

    static func labels(_ reply: [String: Any]) -> [String] {
        ((reply["result"] as? [String: Any])?["items"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String }
    }

    static func item(_ label: String, _ reply: [String: Any]) -> [String: Any]? {
        ((reply["result"] as? [String: Any])?["items"] as? [[String: Any]])?.first { $0["label"] as? String == label }
    }

    @Test func viewsAreFilteredToThoseThatCanShowTheModelWhileTheStringIsUnterminated() throws {
        var client = TestClient()
        let text = MarkedText("""
            {
              "version": 1,
              "mappings": [
                { "model": "Dish", "view": 2️⃣"Di1️⃣
                { "view": "TitleView", "model": "String" }
              ]
            }
            """)
        _ = client.open(Self.uri, text.text)
        let reply = client.at("textDocument/completion", Self.uri, text.position(1))
        let labels = Self.labels(reply)
        #expect(labels.contains("DishRow") && labels.contains("FoodRow") && labels.contains("Plain"))
        #expect(!labels.contains("TitleView") && !labels.contains("NumberRow"))
        let item = try #require(Self.item("DishRow", reply))
        let edit = try #require(item["textEdit"] as? [String: Any])
        // The edit starts after the opening quote, so the text in its range
        // before the cursor is the typed prefix, as eglot's symbol at point is.
        #expect(edit["newText"] as? String == "DishRow\"")
        var afterQuote = text.position(2)
        afterQuote["character"] = (afterQuote["character"] ?? 0) + 1
        #expect(start(edit) == afterQuote)
        #expect(end(edit) == text.position(1))
        #expect(item["filterText"] as? String == "DishRow")
        #expect(item["detail"] as? String == "view: takes Dish")
    }

    /// Where the cursor is, what is typed before it, the item looked at,
    /// its `newText` and `filterText`, and whether the edit's range starts
    /// at the typed text (after any opening quote).
    @Test(arguments: [
        (#"{ "version": 1, "mappings": [{ "model": "Dish", "view": 2️⃣"Di1️⃣ }] }"#, "Di", "DishRow", #"DishRow""#, "DishRow", 1),
        (#"{ "version": 1, "mappings": [{ "model": "Dish", "view": 2️⃣"Di1️⃣" }] }"#, "Di", "DishRow", #"DishRow""#, "DishRow", 1),
        (#"{ "version": 1, "mappings": [{ "model": "Dish", "view": 2️⃣Di1️⃣ }] }"#, "Di", "DishRow", #""DishRow""#, "DishRow", 0),
        (#"{ "version": 1, "mappings": [{ "model": "Dish", "view": 2️⃣1️⃣ }] }"#, "", "DishRow", #""DishRow""#, "DishRow", 0),
        (#"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", 2️⃣"pri1️⃣ }] }"#, "pri", "priority", #"priority": "#, "priority", 1),
        (#"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", 2️⃣"pri1️⃣": 1 }] }"#, "pri", "priority", #"priority""#, "priority", 1),
    ])
    func aTypedPrefixMatchesByWordAtPointAndByRange(marked: String, typed: String, label: String, newText: String, filterText: String, skipped: Int) throws {
        var client = TestClient()
        let text = MarkedText(marked)
        _ = client.open(Self.uri, text.text)
        let reply = client.at("textDocument/completion", Self.uri, text.position(1))
        let item = try #require(Self.item(label, reply))
        let edit = try #require(item["textEdit"] as? [String: Any])
        #expect(edit["newText"] as? String == newText)
        #expect(item["filterText"] as? String == filterText)
        var rangeStart = text.position(2)
        rangeStart["character"] = (rangeStart["character"] ?? 0) + skipped
        #expect(start(edit) == rangeStart)
        // eglot: the symbol at point (the typed word, no quote) is a prefix of filterText.
        #expect(filterText.hasPrefix(typed))
        // VS Code, Neovim: the document's text from the range's start to the cursor is a prefix of filterText.
        let lines = LineIndex(text.bytes, encoding: .utf16)
        let from = lines.offset(of: LSPPosition(line: rangeStart["line"] ?? 0, character: rangeStart["character"] ?? 0))
        let cursor = lines.offset(of: LSPPosition(line: text.position(1)["line"] ?? 0, character: text.position(1)["character"] ?? 0))
        let inRange = String(decoding: text.bytes[from..<cursor], as: UTF8.self)
        #expect(inRange == typed)
        #expect(filterText.hasPrefix(inRange))
    }

    @Test func keysAreOfferedWhereAKeyMayStandAfterATrailingComma() throws {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", 1️⃣ }] }"#)
        _ = client.open(Self.uri, text.text)
        let reply = client.at("textDocument/completion", Self.uri, text.position(1))
        let labels = Self.labels(reply)
        #expect(labels == ["kind", "reuseIdentifier", "condition", "priority", "decorators", "events", "fallback"])
        let item = try #require(Self.item("priority", reply))
        #expect((item["textEdit"] as? [String: Any])?["newText"] as? String == "\"priority\": ")
        #expect(item["filterText"] as? String == "priority")
        #expect((item["documentation"] as? [String: Any])?["value"] as? String == MappingsKey.priority.summary)
    }

    @Test(arguments: [(nil, "markdown"), (["plaintext"], "plaintext"), (["markdown", "plaintext"], "markdown")] as [([String]?, String)])
    func completionDocumentationHonoursTheClientsFormat(formats: [String]?, kind: String) throws {
        var client = TestClient(initialize: false)
        let item: [String: Any] = formats.map { ["documentationFormat": $0] } ?? [:]
        _ = client.request("initialize", ["processId": NSNull(), "capabilities": ["textDocument": ["completion": ["completionItem": item]]]])
        _ = client.notify("initialized", [:])
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", 1️⃣ }] }"#)
        _ = client.open(Self.uri, text.text)
        let reply = client.at("textDocument/completion", Self.uri, text.position(1))
        let documentation = try #require(Self.item("condition", reply)?["documentation"] as? [String: Any])
        #expect(documentation["kind"] as? String == kind)
        let summary = MappingsKey.condition.summary
        #expect(documentation["value"] as? String == (kind == "plaintext" ? LanguageServer.plainText(summary) : summary))
    }

    @Test func everyConditionKeyIsOfferedInAConditionWithItsSummary() throws {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", "condition": { "all": [{ 1️⃣ }] } }] }"#)
        _ = client.open(Self.uri, text.text)
        let reply = client.at("textDocument/completion", Self.uri, text.position(1))
        #expect(Self.labels(reply) == ConditionKey.allCases.map(\.rawValue))
        for key in ConditionKey.allCases {
            let item = try #require(Self.item(key.rawValue, reply))
            #expect((item["documentation"] as? [String: Any])?["value"] as? String == key.summary)
        }
    }

    @Test func aMissingValueIsCompletedAndPredicatesShowTheirArgument() throws {
        var client = TestClient()
        let text = MarkedText("""
            { "version": 1, "mappings": [
              { "view": "DishRow", "model": "Dish", "condition": { "all": [{ "predicate": 1️⃣ }] } },
              { "view": "DishRow", "model": 2️⃣,
                "kind": 3️⃣"" }
            ] }
            """)
        _ = client.open(Self.uri, text.text)
        let predicates = client.at("textDocument/completion", Self.uri, text.position(1))
        #expect(Self.labels(predicates) == ["isVegan", "priceAbove"])
        #expect(Self.item("priceAbove", predicates)?["detail"] as? String == "predicate: takes Dish, argument Double")
        let models = Self.labels(client.at("textDocument/completion", Self.uri, text.position(2)))
        #expect(models.contains("Dish") && models.contains("Food") && !models.contains("String"))
        var kindPosition = text.position(3)
        kindPosition["character"] = (kindPosition["character"] ?? 0) + 1
        #expect(Self.labels(client.at("textDocument/completion", Self.uri, kindPosition)) == ["cell", "header", "footer"])
    }

    @Test func decoratorsHandlersAndDataDocumentModelsAreOffered() {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "TitleView", "model": "String", "decorators": [1️⃣] }, { "view": "DishRow", "model": "Dish", "decorators": [2️⃣] }] }"#)
        _ = client.open(Self.uri, text.text)
        #expect(Self.labels(client.at("textDocument/completion", Self.uri, text.position(1))).isEmpty)
        #expect(Self.labels(client.at("textDocument/completion", Self.uri, text.position(2))) == ["soldOut"])
        let data = MarkedText(#"{ "sections": [{ "items": [{ "model": 1️⃣ }] }] }"#)
        _ = client.open("file:///work/app/data.json", data.text)
        let models = Self.labels(client.at("textDocument/completion", "file:///work/app/data.json", data.position(1)))
        #expect(models.contains("Dish") && models.contains("String"))
    }

    @Test func aDataDocumentsKeysAreOfferedWithTheirDescriptions() throws {
        var client = TestClient()
        let uri = "file:///work/app/data.json"
        let text = MarkedText(#"{ "sections": [{ 1️⃣ "items": [{ "model": "String", 2️⃣ }] }] }"#)
        _ = client.open(uri, text.text)
        let section = client.at("textDocument/completion", uri, text.position(1))
        #expect(Self.labels(section) == ["header", "footer", "supplementary"])
        #expect((Self.item("header", section)?["documentation"] as? [String: Any])?["value"] as? String == DataDocumentKey.header.summary)
        let entry = client.at("textDocument/completion", uri, text.position(2))
        #expect(Self.labels(entry) == ["value"])
        #expect(Self.item("value", entry)?["detail"] as? String == "required")
    }
}

@Suite struct HoverDefinitionAndActionTests {
    static let uri = "file:///work/app/mappings.json"

    static func hoverText(_ reply: [String: Any]) -> String {
        (((reply["result"] as? [String: Any])?["contents"] as? [String: Any])?["value"] as? String) ?? ""
    }

    /// The client's `textDocument.hover.contentFormat` and the kind the
    /// hover answers in: the first the server writes, markdown by default.
    @Test(arguments: [
        (nil, "markdown"),
        (["plaintext"], "plaintext"),
        (["plaintext", "markdown"], "plaintext"),
        (["markdown", "plaintext"], "markdown"),
        (["asciidoc", "plaintext"], "plaintext"),
    ] as [([String]?, String)])
    func hoverHonoursTheClientsContentFormat(formats: [String]?, kind: String) throws {
        var client = TestClient(initialize: false)
        let hover: [String: Any] = formats.map { ["contentFormat": $0] } ?? [:]
        _ = client.request("initialize", ["processId": NSNull(), "capabilities": ["textDocument": ["hover": hover]]])
        _ = client.notify("initialized", [:])
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": 1️⃣"DishRow", "model": "Dish", "condition": { "predicate": 2️⃣"isVegam" } }] }"#)
        _ = client.open(Self.uri, text.text)
        func contents(_ digit: Int) throws -> [String: Any] {
            var position = text.position(digit)
            position["character"] = (position["character"] ?? 0) + 1
            return try #require((client.at("textDocument/hover", Self.uri, position)["result"] as? [String: Any])?["contents"] as? [String: Any])
        }
        let name = try contents(1)
        let code = try contents(2)
        #expect(name["kind"] as? String == kind)
        #expect(code["kind"] as? String == kind)
        let nameText = name["value"] as? String ?? ""
        let codeText = code["value"] as? String ?? ""
        if kind == "plaintext" {
            #expect(nameText.hasPrefix("DishRow: view: takes Dish\n\nRegistered in Tests/RegistryFixtures/Fixtures.swift"))
            #expect(codeText.hasPrefix("unknown-predicate (error): "))
            for markup in ["**", "`", "---"] {
                #expect(!nameText.contains(markup) && !codeText.contains(markup), "\(markup)")
            }
        } else {
            #expect(nameText.hasPrefix("**DishRow**: view: takes Dish\n\nRegistered in `Tests/RegistryFixtures/Fixtures.swift`"))
            #expect(codeText.hasPrefix("**unknown-predicate** (error): "))
        }
    }

    @Test func hoverExplainsNamesKeysAndCodes() {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ 1️⃣"view": 2️⃣"DishRow", "model": "Dish", "condition": { "predicate": 3️⃣"isVegam" } }] }"#)
        _ = client.open(Self.uri, text.text)
        func offsetByOne(_ digit: Int) -> [String: Int] {
            var position = text.position(digit)
            position["character"] = (position["character"] ?? 0) + 1
            return position
        }
        #expect(Self.hoverText(client.at("textDocument/hover", Self.uri, offsetByOne(1))) == "**view** (required): " + MappingsKey.view.summary)
        #expect(Self.hoverText(client.at("textDocument/hover", Self.uri, offsetByOne(2))).hasPrefix("**DishRow**: view: takes Dish"))
        let code = Self.hoverText(client.at("textDocument/hover", Self.uri, offsetByOne(3)))
        let info = Diagnostic.Code.table.first { $0.code == .unknownPredicate }
        #expect(code.contains("**unknown-predicate** (error)"))
        #expect(code.contains(info?.help ?? "?"))
    }

    @Test(arguments: ConditionKey.allCases)
    func hoverExplainsEveryConditionKey(_ key: ConditionKey) {
        var client = TestClient()
        let example = key.example.replacingOccurrences(of: "{\"\(key.rawValue)\"", with: "{1️⃣\"\(key.rawValue)\"")
            .replacingOccurrences(of: ", \"\(key.rawValue)\"", with: ", 1️⃣\"\(key.rawValue)\"")
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", "condition": \#(example) }] }"#)
        _ = client.open(Self.uri, text.text)
        var position = text.position(1)
        position["character"] = (position["character"] ?? 0) + 1
        #expect(Self.hoverText(client.at("textDocument/hover", Self.uri, position)) == "**\(key.rawValue)**: " + key.summary)
    }

    @Test func hoverExplainsADataDocumentsKeysWhereTheyBelong() {
        var client = TestClient()
        let uri = "file:///work/app/data.json"
        let text = MarkedText(#"{ 1️⃣"sections": [{ 2️⃣"items": [{ 3️⃣"model": "String", "value": { 4️⃣"items": 1 } }] }] }"#)
        _ = client.open(uri, text.text)
        func hover(_ digit: Int) -> String {
            var position = text.position(digit)
            position["character"] = (position["character"] ?? 0) + 1
            return Self.hoverText(client.at("textDocument/hover", uri, position))
        }
        #expect(hover(1) == "**sections** (required): " + DataDocumentKey.sections.summary)
        #expect(hover(2) == "**items**: " + DataDocumentKey.items.summary)
        #expect(hover(3) == "**model** (required): " + DataDocumentKey.model.summary)
        // Inside a value, a key is the model's own business.
        #expect(hover(4) == "")
    }

    @Test func definitionGoesToTheRegistrationSiteAndToTheEarlierMapping() throws {
        // The catalog says where each plugin was registered (`register(…)` records it).
        var client = TestClient()
        let text = MarkedText("""
            { "version": 1, "mappings": [
              1️⃣{ "view": 3️⃣"DishRow", "model": "Dish" },
              2️⃣{ "view": "DishRow", "model": "Dish" }
            ] }
            """)
        _ = client.open(Self.uri, text.text)
        var site = text.position(3)
        site["character"] = (site["character"] ?? 0) + 2
        let registered = try #require((client.at("textDocument/definition", Self.uri, site)["result"] as? [[String: Any]])?.first)
        let uri = try #require(registered["uri"] as? String)
        #expect(uri.hasSuffix("/Tests/RegistryFixtures/Fixtures.swift"))
        let path = try #require(DocumentURI.path(of: uri))
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let line = try #require(start(registered)?["line"])
        #expect(lines.indices.contains(line) && lines[line].contains(#"register(view: DishRow.self, named: "DishRow")"#))
        // The catalog names the file; the line is found by the registration's literal.
        #expect(start(registered)?["character"] == lines[line].range(of: #""DishRow""#).map { lines[line].distance(from: lines[line].startIndex, to: $0.lowerBound) })
        #expect(Self.hoverText(client.at("textDocument/hover", Self.uri, site)).contains("Registered in `Tests/RegistryFixtures/Fixtures.swift`"))
        let earlier = try #require((client.at("textDocument/definition", Self.uri, text.position(2))["result"] as? [[String: Any]])?.first)
        #expect(earlier["uri"] as? String == Self.uri)
        #expect(start(earlier) == text.position(1))
    }

    static func actions(_ client: inout TestClient, _ uri: String, at position: [String: Int]) -> [[String: Any]] {
        client.request("textDocument/codeAction", [
            "textDocument": ["uri": uri],
            "range": ["start": position, "end": position],
            "context": ["diagnostics": [Any]()],
        ])["result"] as? [[String: Any]] ?? []
    }

    static func edits(_ action: [String: Any], _ uri: String) -> [[String: Any]] {
        ((action["edit"] as? [String: Any])?["changes"] as? [String: Any])?[uri] as? [[String: Any]] ?? []
    }

    @Test func aDidYouMeanIsAQuickFix() throws {
        var client = TestClient()
        let text = MarkedText(#"{ "version": 1, "mappings": [{ "view": 1️⃣"DishRo", 2️⃣"modle": "Dish" }] }"#)
        _ = client.open(Self.uri, text.text)
        let view = try #require(Self.actions(&client, Self.uri, at: text.position(1)).first)
        #expect(view["title"] as? String == "Replace with 'DishRow'")
        #expect(view["kind"] as? String == "quickfix")
        let edit = try #require(Self.edits(view, Self.uri).first)
        #expect(edit["newText"] as? String == "\"DishRow\"")
        #expect(start(edit) == text.position(1))
        let key = try #require(Self.actions(&client, Self.uri, at: text.position(2)).first)
        #expect(key["title"] as? String == "Replace with 'model'")
    }

    @Test func aDuplicateKeyCanBeRemoved() throws {
        var client = TestClient()
        let marked = #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish", 1️⃣"view": "FoodRow" }] }"#
        let text = MarkedText(marked)
        _ = client.open(Self.uri, text.text)
        let actions = Self.actions(&client, Self.uri, at: text.position(1))
        let removal = try #require(actions.first { ($0["title"] as? String)?.hasPrefix("Remove") == true })
        let edit = try #require(Self.edits(removal, Self.uri).first)
        #expect(edit["newText"] as? String == "")
        // Applying it leaves the first 'view' and valid JSON.
        let lines = LineIndex(text.bytes, encoding: .utf16)
        let from = lines.offset(of: LSPPosition(line: start(edit)?["line"] ?? 0, character: start(edit)?["character"] ?? 0))
        let to = lines.offset(of: LSPPosition(line: end(edit)?["line"] ?? 0, character: end(edit)?["character"] ?? 0))
        let fixed = String(decoding: text.bytes[..<from] + text.bytes[to...], as: UTF8.self)
        #expect(fixed == #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }] }"#)
    }

    @Test func theOutlineListsEachMapping() throws {
        var client = TestClient()
        let text = #"{ "version": 1, "mappings": [{ "view": "DishRow", "model": "Dish" }, { "view": "TitleView", "model": "String", "kind": "header", "priority": 2 }] }"#
        _ = client.open(Self.uri, text)
        let symbols = try #require(client.request("textDocument/documentSymbol", ["textDocument": ["uri": Self.uri]])["result"] as? [[String: Any]])
        #expect(symbols.compactMap { $0["name"] as? String } == ["DishRow for Dish (cell)", "TitleView for String (header)"])
        #expect(symbols.last?["detail"] as? String == "priority 2")
    }
}
