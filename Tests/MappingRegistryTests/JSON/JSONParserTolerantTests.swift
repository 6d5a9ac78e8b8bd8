import Foundation
import Testing
@testable import MappingRegistry

/// The tolerant mode: the same tree as the strict mode for every valid
/// document, and a tree with every error recorded for a broken one.
@Suite struct JSONParserTolerantTests {
    /// The tree in a line: each node with its byte range; `?` a missing
    /// value, `!` invalid text, `…` an unclosed container or unterminated string.
    private static func dump(_ node: JSONNode, in tree: JSONSyntaxTree) -> String {
        let range = "@\(node.byteRange.lowerBound)-\(node.byteRange.upperBound)"
        let open = node.isComplete ? "" : "…"
        switch node.value {
        case .object(let members):
            let inner = members.map { member in
                let colon = tree.colon(of: member).map { ":\($0)" } ?? ""
                let comma = tree.comma(of: member).map { ",\($0)" } ?? ""
                let keyRange = tree.keyRange(of: member)
                let key = "\"\(member.key)\"\(tree.keyIsTerminated(member) ? "" : "…")@\(keyRange.lowerBound)-\(keyRange.upperBound)"
                return key + colon + "=" + (member.value.isMissing ? "?" : dump(member.value, in: tree)) + comma
            }
            return "{" + inner.joined(separator: " ") + "}" + open + range
        case .array(let elements):
            return "[" + elements.map { dump($0, in: tree) }.joined(separator: " ") + "]" + open + range
        case .string(let string): return "\"\(string)\"" + open + range
        case .number(let number): return number.literal + range
        case .bool(let bool): return "\(bool)" + range
        case .null: return "null" + range
        case .invalid: return "!" + range
        }
    }

    /// Every node with its line and column, to compare the two modes' locations.
    private static func locations(_ node: JSONNode) -> [String] {
        var result = ["\(node.location)/\(node.location.offset)"]
        for member in node.objectMembers ?? [] {
            result.append("key \(member.keyLocation)")
            result += locations(member.value)
        }
        for element in node.arrayElements ?? [] { result += locations(element) }
        return result
    }

    static let validDocuments: [String] = [
        #"{"s": "text", "n": -12.5e3, "t": true, "f": false, "z": null, "a": [], "o": {}}"#,
        "\u{FEFF}[1, 2.5, \"a\\u00e9\\n\", {\"k\": [[], {}]}]",
        "{\r\n  \"é\": \"ü\",\r  \"b\": [\n    1,\n    2\n  ]\n}\n",
        "  \"just a string\"  ",
        "{\"a\": 1, \"a\": 2}",
    ]

    @Test(arguments: validDocuments)
    func aValidDocumentGivesTheSameTreeInBothModes(_ text: String) throws {
        let bytes = Array(text.utf8)
        let strict = JSONParser.syntaxTree(bytes, mode: .strict)
        let tolerant = JSONParser.syntaxTree(bytes, mode: .tolerant)
        #expect(tolerant.errors.isEmpty)
        let root = try #require(tolerant.root)
        let strictRoot = try #require(strict.root)
        #expect(Self.dump(root, in: tolerant) == Self.dump(strictRoot, in: strict))
        #expect(Self.locations(root) == Self.locations(strictRoot))
    }

    @Test func theSampleMappingsGiveTheSameTreeInBothModes() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../mappings.json").standardized
        let bytes = try [UInt8](Data(contentsOf: url))
        let strict = JSONParser.syntaxTree(bytes, mode: .strict)
        let tolerant = JSONParser.syntaxTree(bytes, mode: .tolerant)
        #expect(tolerant.errors.isEmpty)
        let strictRoot = try #require(strict.root)
        #expect(tolerant.root.map { Self.dump($0, in: tolerant) } == Self.dump(strictRoot, in: strict))
    }

    struct Recovery: CustomTestStringConvertible, Sendable {
        var name: String
        var text: String
        var tree: String
        var testDescription: String { name }
    }

    static let recoveries: [Recovery] = [
        Recovery(name: "a value left out before a comma", text: #"{"a": , "b": 1}"#,
                 tree: #"{"a"@1-4:4=?,6 "b"@8-11:11=1@13-14}@0-15"#),
        Recovery(name: "a key on the next line leaves the value out", text: "{\"a\":\n\"b\": 1}",
                 tree: #"{"a"@1-4:4=? "b"@6-9:9=1@11-12}@0-13"#),
        Recovery(name: "a key without a colon", text: #"{"vie"}"#,
                 tree: #"{"vie"@1-6=?}@0-7"#),
        Recovery(name: "an unterminated string ends at its line", text: "{\"a\": \"Dish\n}",
                 tree: #"{"a"@1-4:4="Dish"…@6-11}@0-13"#),
        Recovery(name: "an unclosed object ends with the text", text: #"{"a": [1, tru"#,
                 tree: #"{"a"@1-4:4=[1@7-8 !@10-13]…@6-13}…@0-13"#),
        Recovery(name: "a wrong bracket closes the innermost container", text: #"[{"a": 1]"#,
                 tree: #"[{"a"@2-5:5=1@7-8}…@1-8]@0-9"#),
        Recovery(name: "a word without a key is read past", text: #"{ vie, "b": 2}"#,
                 tree: #"{"b"@7-10:10=2@12-13}@0-14"#),
        Recovery(name: "a missing comma", text: #"{"a": 1 "b": 2}"#,
                 tree: #"{"a"@1-4:4=1@6-7 "b"@8-11:11=2@13-14}@0-15"#),
        Recovery(name: "a broken escape loses its backslash", text: #"["a\qb"]"#,
                 tree: #"["aqb"@1-7]@0-8"#),
    ]

    @Test(arguments: recoveries)
    func aBrokenDocumentIsReadAsWellAsItCanBe(_ recovery: Recovery) throws {
        let tree = JSONParser.syntaxTree(Array(recovery.text.utf8), mode: .tolerant)
        let root = try #require(tree.root)
        #expect(Self.dump(root, in: tree) == recovery.tree)
        #expect(!tree.errors.isEmpty)
    }

    /// Where the tolerant parse meets the first error with the strict
    /// lexer, it records the strict mode's very error.
    @Test(arguments: [#"{"a": tru}"#, #"{"a": "x\q"}"#, #"[01]"#, "[\"a\u{01}\"]", #"{"a": 1} x"#, "[-]"])
    func theFirstErrorIsTheStrictModesError(_ text: String) throws {
        let bytes = Array(text.utf8)
        let strict = JSONParser.syntaxTree(bytes, mode: .strict)
        #expect(strict.root == nil)
        let tolerant = JSONParser.syntaxTree(bytes, mode: .tolerant)
        #expect(tolerant.root != nil)
        #expect(tolerant.errors.first == strict.errors.first)
    }

    @Test func aMissingCommaIsRecordedAsTheStrictModeWordsIt() throws {
        let tree = JSONParser.syntaxTree(Array("{\"a\": [1 2] \"b\": 3}".utf8), mode: .tolerant)
        #expect(tree.errors.map(\.description) == [
            "1:10: expected ',' or ']' after an array element, found '2'",
            "1:13: expected ',' or '}' after an object member, found '\"'",
        ])
    }

    /// Every half-typed state of a document: a tree whose ranges stay in
    /// the text, and an error for each state but the whole one.
    @Test func everyPrefixOfADocumentIsReadWithinItsText() throws {
        let text = "{\n  \"mappings\": [\n    { \"view\": \"DishRow\", \"model\": \"Dish\", \"when\": { \"predicate\": \"isVegan\" } },\n    { \"view\": \"Héader\\u00e9\", \"priority\": -1.5e2, \"decorators\": [true, null] }\n  ]\n}\n"
        let bytes = Array(text.utf8)
        func check(_ node: JSONNode, within count: Int) {
            #expect(node.byteRange.lowerBound >= 0 && node.byteRange.upperBound <= count)
            for member in node.objectMembers ?? [] { check(member.value, within: count) }
            for element in node.arrayElements ?? [] { check(element, within: count) }
        }
        for end in 1...bytes.count {
            let prefix = Array(bytes[..<end])
            let tree = JSONParser.syntaxTree(prefix, mode: .tolerant)
            let root = try #require(tree.root)
            check(root, within: end)
            #expect(tree.errors.isEmpty == (end >= bytes.count - 1), "prefix of \(end) bytes")
        }
    }

    @Test func nestingBeyondTheLimitIsOneInvalidNode() throws {
        let text = String(repeating: "[", count: 4) + String(repeating: "]", count: 4)
        let tree = JSONParser.syntaxTree(Array(text.utf8), mode: .tolerant, limits: JSONParser.Limits(maxDepth: 2))
        #expect(tree.root.map { Self.dump($0, in: tree) } == "[[!@2-6]@1-7]@0-8")
        #expect(tree.errors.map(\.description) == ["1:3: nesting deeper than 2 levels"])
    }

    @Test func membersAreReadByKeyTheLastOneWinning() throws {
        let root = try JSONParser.parse(Array(#"{"a": 1, "o": {"s": "x", "s": "y"}, "l": [1]}"#.utf8))
        #expect(root.int("a") == 1)
        #expect(root.object("o")?.string("s") == "y")
        #expect(root.object("l") == nil)
        #expect(root.object() != nil)
        #expect(root["missing"] == nil)
        #expect(root.object("o", "s") == nil)
    }
}
