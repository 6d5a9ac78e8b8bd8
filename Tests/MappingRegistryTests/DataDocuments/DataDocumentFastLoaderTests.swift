import Foundation
import RegistryFixtures
import TestSupport
import Testing
@testable import MappingRegistry

/// The fast path (`DataDocumentFastLoader`) against the reference
/// (`DataDocumentLoader`): a document the fast path loads, the reference
/// loads the same way, entry for entry, location for location; a document
/// with any problem, the fast path declines, so its diagnostics are the
/// reference's.
@Suite struct DataDocumentFastLoaderTests {
    /// One document that loads.
    struct ValidCase: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        var testDescription: String { name }

        init(_ name: String, _ json: String) {
            self.name = name
            self.bytes = Array(json.utf8)
        }

        init(_ name: String, bytes: [UInt8]) {
            self.name = name
            self.bytes = bytes
        }
    }

    static let validCases: [ValidCase] = [
        .init("every kind of entry", """
            {"$schema": "https://example.com/data.json", "sections": [
              {"header": {"model": "String", "value": "Starters"},
               "items": [{"model": "Dish", "value": {"name": "Soup", "price": 6.5, "vegan": true}}, null, {"model": "Int", "value": -3}],
               "footer": null,
               "supplementary": {"banner": {"model": "String", "value": "new"}, "a/b~c": null}},
              {},
              {"items": []}
            ]}
            """),
        .init("keys in any order: items first, value before model", """
            {"sections": [{"supplementary": {"z": {"value": "s", "model": "String"}}, "items": [{"value": 1, "model": "Int"}],
              "footer": {"value": "f", "model": "String"}, "header": {"value": "h", "model": "String"}}]}
            """),
        .init("CRLF and lone CR line breaks", "{\"sections\": [\r\n  {\"items\": [\r\n    {\"model\": \"Int\", \"value\": 1},\r    null\r\n  ]}\r\n]}"),
        .init("a byte order mark", bytes: [0xEF, 0xBB, 0xBF] + Array(#"{"sections": [{"items": [null, {"model": "Int", "value": 2}]}]}"#.utf8)),
        .init("one line with multibyte characters before the entries", #"{"sections": [{"header": {"model": "String", "value": "crème brûlée 🍮"}, "items": [{"model": "String", "value": "日本語"}, {"model": "Int", "value": 1}]}]}"#),
        .init("escapes in values and model names", #"{"sections": [{"items": [{"model": "Stri\u006Eg", "value": "a\"b\\c\/\n\u00e9\ud83d\ude00"}, {"model": "Dish", "value": {"n\u0061me": "x", "price": 1, "vegan": false}}]}]}"#),
        .init("nested values and numbers of every form", """
            {"sections": [{"items": [
              {"model": "Recipe", "value": {"title": "a", "steps": [["x"], []], "amounts": {"salt": 0.5, "flour": 1e2}, "serves": 4, "rating": -0.0, "tags": null}},
              {"model": "Recipe", "value": {"title": "b", "steps": [], "amounts": {}, "serves": 40e-1, "rating": 4.9e-324, "tags": ["x", "y"]}}
            ]}]}
            """),
        .init("a key that escapes a structural name, which only the reference reads", #"{"sections": [{"\u0069tems": [{"model": "Int", "value": 1}]}]}"#),
        .init("brackets, quotes and a final backslash inside strings", #"{"sections": [{"header": {"model": "String", "value": "[{\"}"}, "items": [{"model": "String", "value": "]},\\"}, {"model": "Recipe", "value": {"title": "\\\"", "steps": [["]", "}"]], "amounts": {"[": 1}, "serves": 1, "rating": 1, "tags": ["{"]}}, null]}]}"#),
        .init("many sections", "{\"sections\": [" + (0..<40).map { #"{"items": [{"model": "Int", "value": \#($0)}]}"# }.joined(separator: ",") + "]}"),
    ]

    @Test(arguments: validCases)
    func theFastPathLoadsWhatTheReferenceLoads(_ testCase: ValidCase) throws {
        let reference = referenceLoad(testCase.bytes)
        #expect(reference.diagnostics.isEmpty)
        let fast = fastLoad(testCase.bytes)
        if testCase.name.contains("only the reference") {
            #expect(fast == nil)
        } else {
            let entries = try #require(fast)
            #expect(entries == reference.entries)
        }
        let document = try DataDocument(data: Data(testCase.bytes), plugins: Self.plugins, source: "data.json")
        #expect(document.entries.map(EntrySummary.init) == reference.entries)
    }

    @Test func locationsAndPointersAreTheReferences() throws {
        let marked = MarkedText("{\"sections\": [\r\n {\"supplementary\": {\"a/b~c\": 1️⃣null}, \"items\": [\r2️⃣null, 3️⃣{\"model\": \"Int\", \"value\": 1}]}]}")
        let document = try DataDocument(data: Data(marked.bytes), plugins: Self.plugins, source: "menu.json")
        let locations = document.entries.map { "\($0.location) \($0.location.pointer)" }
        #expect(locations == [
            "menu.json:\(marked.location("1️⃣")) /sections/0/supplementary/a~1b~0c",
            "menu.json:\(marked.location("2️⃣")) /sections/0/items/0",
            "menu.json:\(marked.location("3️⃣")) /sections/0/items/1",
        ])
    }

    /// The entries are counted before they are made, so their array is
    /// one buffer of their own size, never a doubled one with slack.
    @Test(arguments: validCases.filter { !$0.name.contains("only the reference") })
    func theEntriesAreMadeInABufferOfTheirOwnSize(_ testCase: ValidCase) throws {
        let entries = try #require(testCase.bytes.withUnsafeBufferPointer { buffer in
            DataDocumentFastLoader.load(buffer, source: "data.json", plugins: Self.plugins)?.entries
        })
        // The allocator may round a buffer up by a few bytes, never to twice.
        #expect(entries.capacity - entries.count <= 1, "\(entries.count) entries in a buffer for \(entries.capacity)")
    }

    @Test func anEntryIsSmall() {
        // Most of a large document's memory is its entries; the value alone is 32 bytes.
        #expect(MemoryLayout<DataDocument.Entry>.stride <= 72)
    }

    /// Entries of one kind and model share an object; changing one
    /// entry's kind, model or location changes that entry alone.
    @Test func changingAnEntryChangesNoOther() throws {
        let document = try DataDocument(data: Data(#"{"sections": [{"items": [{"model": "Int", "value": 1}, {"model": "Int", "value": 2}]}]}"#.utf8), plugins: Self.plugins)
        var entries = document.entries
        let before = entries.map(EntrySummary.init)
        entries[0].kind = "banner"
        entries[0].model = "String"
        #expect(entries[0].kind == "banner" && entries[0].model == "String")
        #expect(entries[0].location.pointer == "/sections/0/supplementary/banner")
        #expect(EntrySummary(entries[1]) == before[1])
        #expect(document.entries.map(EntrySummary.init) == before)
        entries[1].location = SourceLocation(file: "other.json", line: 9, column: 2, pointer: "/x")
        #expect(entries[1].kind == .cell && entries[1].model == "Int")
        #expect(document.entries.map(EntrySummary.init) == before)
    }

    @Test func aLocationSetOnAnEntryIsKept() throws {
        var entry = try #require(try DataDocument(data: Data(#"{"sections": [{"items": [null]}]}"#.utf8), plugins: Self.plugins).entries.first)
        let elsewhere = SourceLocation(file: "other.json", line: 7, column: 3, pointer: "/x")
        entry.location = elsewhere
        #expect(entry.location == elsewhere)
    }

    // MARK: - Problems the fast path must leave to the reference

    static let invalidCases: [InvalidDataCase] = [
        .init(
            name: "a key written twice inside a value",
            json: #"{"sections": [{"items": [{"model": "Dish", "value": {"name": "a", "price": 1, 1️⃣"name": "b"}}]}]}"#,
            expected: ["data.json:1️⃣: error: key 'name' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "a key written twice inside a value, once escaped",
            json: #"{"sections": [{"items": [{"model": "Int", "value": {"k": {"a": 1, 1️⃣"\u0061": 2}}}]}]}"#,
            expected: ["data.json:1️⃣: error: key 'a' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "a huge number inside an array in a value",
            json: #"{"sections": [{"items": [{"model": "Recipe", "value": {"steps": [], "amounts": {"x": 1️⃣1e999}}}]}]}"#,
            expected: ["data.json:1️⃣: error: the number 1e999 is out of range; a number must be within ±1.7976931348623157e308 [undecodable-value]"]
        ),
        .init(
            name: "a value the model rejects after one that loads",
            json: #"{"sections": [{"items": [{"model": "Int", "value": 1}, {"model": "Int", "value": 1️⃣1.5}]}]}"#,
            expected: ["data.json:1️⃣: error: the value of model 'Int' is not valid: The given data was not valid JSON. [undecodable-value]"]
        ),
        .init(
            name: "a lone surrogate in a value",
            json: #"{"sections": [{"items": [{"model": "String", "value": "a1️⃣\ud800"}]}]}"#,
            expected: [#"data.json:1️⃣: error: lone surrogate \uD800 in a string; surrogates must come in high-low pairs [invalid-json]"#]
        ),
        .init(
            name: "a syntax error after every entry",
            json: #"{"sections": [{"items": [{"model": "Int", "value": 1}]}]1️⃣,}"#,
            expected: ["data.json:1️⃣: error: trailing comma before '}' [invalid-json]"]
        ),
        .init(
            name: "a byte order mark before an error",
            json: "\u{FEFF}{\"sections\": 1️⃣7}",
            expected: ["data.json:1️⃣: error: 'sections' must be an array of sections, found a number (7) [wrong-type]"]
        ),
        .init(
            name: "a reserved kind in a different case",
            json: #"{"sections": [{"supplementary": {1️⃣"Footer": null}}]}"#,
            expected: ["data.json:1️⃣: error: 'Footer' is not a custom supplementary kind: it differs from 'footer' only by case; put it in the section's 'footer' key [reserved-kind]"]
        ),
        .init(
            name: "a kind written twice",
            json: #"{"sections": [{"supplementary": {"b": null, 1️⃣"b": null}}]}"#,
            expected: ["data.json:1️⃣: error: key 'b' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "a repeated section key",
            json: #"{"sections": [{"items": [], 1️⃣"items": []}]}"#,
            expected: ["data.json:1️⃣: error: key 'items' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "an empty model name",
            json: #"{"sections": [{"items": [{"model": 1️⃣"", "value": 1}]}]}"#,
            expected: [#"data.json:1️⃣: error: 'model' must be a non-empty string, found a string ("") [wrong-type]"#]
        ),
    ]

    @Test(arguments: invalidCases)
    func theReferenceReportsWhatTheFastPathDeclines(_ testCase: InvalidDataCase) {
        let marked = MarkedText(testCase.json)
        #expect(fastLoad(marked.bytes) == nil)
        var descriptions: [String] = []
        do {
            _ = try DataDocument(data: Data(marked.bytes), plugins: Self.plugins)
        } catch {
            descriptions = error.diagnostics.map(\.description)
        }
        #expect(descriptions == testCase.expected.map(marked.expand))
    }

    @Test func nestingDeeperThanTheLimitInsideAValueIsInvalidJSON() {
        // The entry's object is at depth 5, so the value's 124th array is at depth 129.
        let prefix = #"{"sections": [{"items": [{"model": "Int", "value": "#
        func document(arrays: Int) -> [UInt8] {
            Array((prefix + String(repeating: "[", count: arrays) + String(repeating: "]", count: arrays) + "}]}]}").utf8)
        }
        let deep = document(arrays: 124)
        #expect(fastLoad(deep) == nil)
        #expect(diagnostics(deep) == ["data.json:1:\(prefix.utf8.count + 124): error: nesting deeper than 128 levels [invalid-json]"])
        // One level less is valid JSON; an Int cannot be an array, though.
        let shallower = document(arrays: 123)
        #expect(fastLoad(shallower) == nil)
        #expect(diagnostics(shallower).map { $0.hasSuffix("[undecodable-value]") } == [true])
    }

    @Test func invalidUTF8InAValueIsInvalidJSON() {
        var bytes = Array(#"{"sections": [{"items": [{"model": "String", "value": "ab"}]}]}"#.utf8)
        let quote = bytes.firstIndex(of: UInt8(ascii: "b")) ?? 0
        bytes.insert(0xFF, at: quote)
        #expect(fastLoad(bytes) == nil)
        #expect(diagnostics(bytes) == ["data.json:1:\(quote + 1): error: invalid UTF-8 byte 0xFF [invalid-json]"])
    }

    @Test func aUTF16DocumentIsInvalidJSON() {
        let bytes: [UInt8] = [0xFF, 0xFE] + Array(#"{"sections": []}"#.utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        #expect(fastLoad(bytes) == nil)
        #expect(diagnostics(bytes) == ["data.json:1:1: error: the file looks like UTF-16 (it starts with the little-endian byte order mark FF FE); save it as UTF-8 [invalid-json]"])
    }

    @Test func aDocumentOverTheSizeLimitIsInvalidJSON() {
        let limit = JSONParser.Limits().maxBytes
        let document = Data(#"{"sections": []}"#.utf8)
        var data = Data(repeating: UInt8(ascii: " "), count: limit + 1)
        data.replaceSubrange(0..<document.count, with: document)
        let declined = data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt8.self) { DataDocumentFastLoader.load($0, source: "data.json", plugins: Self.plugins) == nil }
        }
        #expect(declined)
        var descriptions: [String] = []
        do {
            _ = try DataDocument(data: data, plugins: Self.plugins)
        } catch {
            descriptions = error.diagnostics.map(\.description)
        }
        #expect(descriptions == ["data.json:1:1: error: the document is \(limit + 1) bytes, larger than the limit of \(limit) bytes [invalid-json]"])
    }

    // MARK: - Random documents

    @Test func randomDocumentsLoadOnTheFastPathExactlyWhenTheReferenceFindsNothing() {
        let count = StressTesting.count(quick: 400, stress: 40_000)
        var generator = SplitMix64(seed: 0xDA7A)
        var loaded = 0
        var declined = 0
        for index in 0..<count {
            let seed = generator.next()
            var random = SplitMix64(seed: seed)
            var bytes = RandomDocument.make(using: &random)
            if random.chance(0.3) { RandomDocument.mutate(&bytes, using: &random) }
            let reference = referenceLoad(bytes)
            // Decoding in place first changes nothing the reference reports or stores.
            let inPlace = referenceLoad(bytes, decodingInPlace: true)
            #expect(inPlace.diagnostics == reference.diagnostics, "case \(index), seed \(seed)")
            #expect(inPlace.entries == reference.entries, "case \(index), seed \(seed)")
            let fast = fastLoad(bytes)
            if let fast {
                loaded += 1
                #expect(reference.diagnostics.isEmpty, "case \(index), seed \(seed)")
                #expect(fast == reference.entries, "case \(index), seed \(seed)")
            } else {
                declined += 1
                #expect(!reference.diagnostics.isEmpty, "case \(index), seed \(seed): the reference loads what the fast path declined")
            }
        }
        // Both kinds of document were tried.
        #expect(loaded > count / 5)
        #expect(declined > count / 10)
    }

    // MARK: - Helpers

    static let plugins: PluginCatalog = {
        var plugins = fixtureCatalog()
        plugins.register(model: Recipe.self, named: "Recipe")
        return plugins
    }()

    /// The reference's diagnostics and entries; by default every value decoded by `JSONDecoder`.
    private func referenceLoad(_ bytes: [UInt8], decodingInPlace: Bool = false) -> (diagnostics: [Diagnostic], entries: [EntrySummary]) {
        var loader = DataDocumentLoader(source: "data.json", plugins: Self.plugins, bytes: bytes, decodesInPlace: decodingInPlace)
        loader.run()
        return (loader.diagnostics, loader.entries.map(EntrySummary.init))
    }

    /// The fast path's entries, or `nil` when it declines.
    private func fastLoad(_ bytes: [UInt8]) -> [EntrySummary]? {
        bytes.withUnsafeBufferPointer { buffer in
            DataDocumentFastLoader.load(buffer, source: "data.json", plugins: Self.plugins)?.entries.map(EntrySummary.init)
        }
    }

    private func diagnostics(_ bytes: [UInt8]) -> [String] {
        do {
            _ = try DataDocument(data: Data(bytes), plugins: Self.plugins)
            return []
        } catch {
            return error.diagnostics.map(\.description)
        }
    }
}

/// What an entry holds, comparable: the value as `String(reflecting:)` shows it.
struct EntrySummary: Equatable, CustomStringConvertible {
    var kind: String
    var position: String
    var model: String?
    var value: String
    /// `file:line:column pointer`.
    var location: String

    init(_ entry: DataDocument.Entry) {
        kind = entry.kind.rawValue
        position = "\(entry.position)"
        model = entry.model
        value = entry.value.map { String(reflecting: $0) } ?? "nil"
        location = "\(entry.location) \(entry.location.pointer)"
    }

    var description: String {
        "\(kind) \(position) \(model ?? "-") \(value) at \(location)"
    }
}

/// A model with nested containers and every kind of number.
struct Recipe: Decodable, Equatable {
    var title: String?
    var steps: [[String]]
    var amounts: [String: Double]
    var serves: Int?
    var rating: Double?
    var tags: Set<String>?

    // Sorted, so two equal recipes print alike.
    var sortedAmounts: [(String, Double)] { amounts.sorted { $0.key < $1.key } }
}

extension Recipe: CustomDebugStringConvertible {
    var debugDescription: String {
        "Recipe(\(String(reflecting: title)), \(steps), \(sortedAmounts), \(String(reflecting: serves)), \(String(reflecting: rating)), \(tags.map { $0.sorted() } ?? []))"
    }
}

/// Random data documents in the shape the loader reads, valid more often
/// than not, with whitespace, escapes, multibyte text and numbers of every
/// form, and byte-level mutations that break them in every way.
enum RandomDocument {
    static func make(using random: inout SplitMix64) -> [UInt8] {
        var text = random.chance(0.1) ? "\u{FEFF}" : ""
        text += "{" + space(&random)
        var rootMembers: [String] = []
        if random.chance(0.2) { rootMembers.append(#""$schema": "s""#) }
        let sections = (0..<random.int(in: 0...3)).map { _ in section(&random) }
        rootMembers.append(#""sections":"# + space(&random) + "[" + sections.joined(separator: "," + space(&random)) + "]")
        if random.chance(0.03) { rootMembers.append(#""extra": 1"#) }
        text += rootMembers.shuffled(using: &random).joined(separator: "," + space(&random)) + space(&random) + "}"
        return Array(text.utf8)
    }

    static func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let position = random.int(in: 0...(bytes.count - 1))
        let replacements: [UInt8] = Array(#"{}[],:"\ 0-e.nt"#.utf8) + [0x00, 0x0A, 0x80, 0xC3, 0xFF]
        switch random.int(in: 0...2) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(replacements[random.int(in: 0...(replacements.count - 1))], at: position)
        default: bytes[position] = replacements[random.int(in: 0...(replacements.count - 1))]
        }
    }

    private static func space(_ random: inout SplitMix64) -> String {
        ["", "", " ", "\n  ", "\r\n", "\r", "\t"][random.int(in: 0...6)]
    }

    private static func section(_ random: inout SplitMix64) -> String {
        var members: [String] = []
        if random.chance(0.5) { members.append(#""header": "# + entry(&random, cell: false)) }
        if random.chance(0.4) { members.append(#""footer": "# + entry(&random, cell: false)) }
        if random.chance(0.3) {
            let kinds = ["banner", "a/b", "~x", "é", random.chance(0.1) ? "Header" : "badge", random.chance(0.05) ? "banner" : "z"]
            let chosen = kinds.shuffled(using: &random).prefix(random.int(in: 0...2))
            members.append(#""supplementary": {"# + chosen.map { "\"\($0)\": " + entry(&random, cell: false) }.joined(separator: ", ") + "}")
        }
        if random.chance(0.9) {
            let items = (0..<random.int(in: 0...4)).map { _ in entry(&random, cell: true) }
            members.append(#""items": ["# + items.joined(separator: "," + space(&random)) + "]")
        }
        if random.chance(0.03) { members.append(#""itms": []"#) }
        return "{" + members.shuffled(using: &random).joined(separator: "," + space(&random)) + "}"
    }

    private static func entry(_ random: inout SplitMix64, cell: Bool) -> String {
        if random.chance(0.1) { return "null" }
        let (model, value) = modelAndValue(&random)
        var members = [#""model": "# + model, #""value": "# + value]
        if random.chance(0.03) { members.removeLast() }
        if random.chance(0.03) { members.append(#""note": 1"#) }
        return "{" + members.shuffled(using: &random).joined(separator: "," + space(&random)) + "}"
    }

    private static func modelAndValue(_ random: inout SplitMix64) -> (String, String) {
        switch random.int(in: 0...5) {
        case 0: return (#""String""#, string(&random))
        case 1: return (#""Int""#, number(&random))
        case 2: return (random.chance(0.1) ? #""Dsh""# : #""Dish""#, dish(&random))
        case 3: return (#""Recipe""#, recipe(&random))
        case 4: return (#""Food""#, "{}")
        default: return (random.chance(0.5) ? #""Stri\u006Eg""# : #""Int""#, random.chance(0.5) ? "null" : string(&random))
        }
    }

    private static func string(_ random: inout SplitMix64) -> String {
        let pieces = ["a", "Soup", " ", #"\""#, #"\\"#, #"\/"#, #"\n"#, #"\u00e9"#, #"\ud83c\udf5c"#, "é", "🍜", "日本", #"\u0000"#, "~", "/"]
        return "\"" + (0..<random.int(in: 0...5)).map { _ in pieces[random.int(in: 0...(pieces.count - 1))] }.joined() + "\""
    }

    private static func number(_ random: inout SplitMix64) -> String {
        let numbers = ["0", "-0", "7", "-12", "1.5", "1e2", "2.50", "9223372036854775807", "9223372036854775808", "1E+3", "0.1", "1e999", "-1e-400", "4.9e-324"]
        return numbers[random.int(in: 0...(numbers.count - 1))]
    }

    private static func dish(_ random: inout SplitMix64) -> String {
        var members = [#""name": "# + string(&random), #""price": "# + number(&random), #""vegan": "# + (random.chance(0.5) ? "true" : "false")]
        if random.chance(0.1) { members.removeFirst() }
        if random.chance(0.05) { members.append(#""name": "twice""#) }
        if random.chance(0.1) { members.append(#""extra": [1, {"a": null}]"#) }
        return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
    }

    private static func recipe(_ random: inout SplitMix64) -> String {
        var members = [#""steps": [["# + string(&random) + "], []]", #""amounts": {"a": "# + number(&random) + #", "b": 2}"#]
        if random.chance(0.5) { members.append(#""title": "# + string(&random)) }
        if random.chance(0.5) { members.append(#""serves": "# + number(&random)) }
        if random.chance(0.5) { members.append(#""rating": "# + number(&random)) }
        if random.chance(0.3) { members.append(#""tags": ["x", "# + string(&random) + "]") }
        if random.chance(0.05) { members.append(#""amounts": {}"#) }
        return "{" + members.shuffled(using: &random).joined(separator: ", ") + "}"
    }
}
