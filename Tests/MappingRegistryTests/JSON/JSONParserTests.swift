import Foundation
import Testing
@testable import MappingRegistry
import RegistryFixtures

/// Well-formed documents: values, structure, locations and byte ranges.
@Suite struct JSONParserTests {
    /// Parses `text`, failing the test on a syntax error.
    private func parse(_ text: String) throws -> JSONNode {
        try JSONParser.parse(Array(text.utf8))
    }

    /// The value of the member `key` of `node` (the first one with that key).
    private func member(_ key: String, of node: JSONNode) throws -> JSONNode {
        let members = try #require(node.objectMembers)
        return try #require(members.first(where: { $0.key == key })).value
    }

    @Test func everyKindOfValueIsParsedWithItsTypeName() throws {
        let root = try parse(#"{"s": "text", "n": -12.5e3, "t": true, "f": false, "z": null, "a": [], "o": {}}"#)
        #expect(root.typeName == "object")

        let string = try member("s", of: root)
        #expect(string.stringValue == "text")
        #expect(string.typeName == "string")

        let number = try member("n", of: root)
        #expect(number.numberValue?.literal == "-12.5e3")
        #expect(number.numberValue?.doubleValue == -12_500)
        #expect(number.typeName == "number")

        #expect(try member("t", of: root).boolValue == true)
        #expect(try member("f", of: root).boolValue == false)
        #expect(try member("t", of: root).typeName == "boolean")

        let null = try member("z", of: root)
        #expect(null.isNull)
        #expect(null.typeName == "null")

        let array = try member("a", of: root)
        #expect(array.arrayElements?.isEmpty == true)
        #expect(array.typeName == "array")

        let object = try member("o", of: root)
        #expect(object.objectMembers?.isEmpty == true)
    }

    @Test func accessorsReturnNilForOtherKinds() throws {
        let number = try parse("1")
        #expect(number.objectMembers == nil)
        #expect(number.arrayElements == nil)
        #expect(number.stringValue == nil)
        #expect(number.boolValue == nil)
        #expect(!number.isNull)
        #expect(try parse("\"1\"").numberValue == nil)
    }

    @Test func scalarTopLevelValueMayBeSurroundedByWhitespace() throws {
        let marked = MarkedJSON(" \t\n 1️⃣42 \r\n")
        let root = try JSONParser.parse(marked.bytes)
        #expect(root.numberValue?.intValue == 42)
        #expect(root.location == marked.locations[1])
        #expect(root.byteRange == 4..<6)
    }

    @Test func nestedStructuresAreBuiltInOrder() throws {
        let root = try parse(#"[[1, [2, [3]]], {"a": {"b": [true, null]}}]"#)
        let elements = try #require(root.arrayElements)
        #expect(elements.count == 2)
        let innermost = try #require(elements[0].arrayElements?[1].arrayElements?[1].arrayElements?[0])
        #expect(innermost.numberValue?.intValue == 3)
        let b = try member("b", of: try member("a", of: elements[1]))
        #expect(b.arrayElements?.map(\.typeName) == ["boolean", "null"])
    }

    @Test func memberOrderAndDuplicateKeysAreKept() throws {
        let root = try parse(#"{"b": 1, "a": 2, "b": 3}"#)
        let members = try #require(root.objectMembers)
        #expect(members.map(\.key) == ["b", "a", "b"])
        #expect(members.map { $0.value.numberValue?.intValue } == [1, 2, 3])
    }

    @Test func keysAndValuesRecordWhereTheyStart() throws {
        let marked = MarkedJSON("""
        1️⃣{
          2️⃣"name": 3️⃣"x",
        \t4️⃣"list": 5️⃣[6️⃣-1, 7️⃣true, 8️⃣null],
          "ñ😀": 9️⃣false
        }
        """)
        let root = try JSONParser.parse(marked.bytes)
        let members = try #require(root.objectMembers)
        try #require(members.count == 3)
        #expect(root.location == marked.locations[1])
        #expect(members[0].keyLocation == marked.locations[2])
        #expect(members[0].value.location == marked.locations[3])
        #expect(members[1].keyLocation == marked.locations[4])
        #expect(members[1].value.location == marked.locations[5])
        let list = try #require(members[1].value.arrayElements)
        #expect(list.map(\.location) == [marked.locations[6], marked.locations[7], marked.locations[8]].compactMap { $0 })
        #expect(members[2].value.location == marked.locations[9])
    }

    @Test func byteRangesSliceOutExactlyTheValueText() throws {
        let text = #"  {"a": [1, 2.5e1, "x\"y"], "b": {"c": null, "é": "ü"}} "#
        let bytes = Array(text.utf8)
        let root = try JSONParser.parse(bytes)
        func slice(_ node: JSONNode) -> String {
            String(decoding: bytes[node.byteRange], as: UTF8.self)
        }
        #expect(slice(root) == #"{"a": [1, 2.5e1, "x\"y"], "b": {"c": null, "é": "ü"}}"#)
        let a = try member("a", of: root)
        #expect(slice(a) == #"[1, 2.5e1, "x\"y"]"#)
        #expect(try #require(a.arrayElements).map(slice) == ["1", "2.5e1", #""x\"y""#])
        let b = try member("b", of: root)
        #expect(slice(b) == #"{"c": null, "é": "ü"}"#)
        #expect(slice(try member("c", of: b)) == "null")
        #expect(slice(try member("é", of: b)) == #""ü""#)
    }

    @Test func byteRangeCanBeHandedToJSONDecoder() throws {
        let bytes = Array(#"{"point": {"x": 1, "y": 2}}"#.utf8)
        let point = try member("point", of: try JSONParser.parse(bytes))
        let decoded = try JSONDecoder().decode([String: Int].self, from: Data(bytes[point.byteRange]))
        #expect(decoded == ["x": 1, "y": 2])
    }

    @Test func escapesAreDecodedIncludingSurrogatePairs() throws {
        let root = try parse(#""\"\\\/\b\f\n\r\t\u00e9\u20AC\uD83D\uDE00\u0000""#)
        #expect(root.stringValue == "\"\\/\u{8}\u{C}\n\r\t\u{E9}\u{20AC}\u{1F600}\u{0}")
    }

    @Test func plainTextAroundEscapesIsKept() throws {
        let long = String(repeating: "abcdefgh", count: 1_000)
        let root = try parse("\"\(long)\\n\(long)é\\t\"")
        #expect(root.stringValue == "\(long)\n\(long)é\t")
    }

    @Test func multiByteCharactersAreKeptAndCountOneColumnEach() throws {
        let marked = MarkedJSON("[\"é€😀\", 1️⃣true, \"\\u00e9\", 2️⃣0]")
        let root = try JSONParser.parse(marked.bytes)
        let elements = try #require(root.arrayElements)
        #expect(elements[0].stringValue == "é€😀")
        #expect(elements[1].location == marked.locations[1])
        #expect(elements[1].location.column == 9)
        #expect(elements[3].location == marked.locations[2])
    }

    @Test func allLineBreakStylesCountAsOneLine() throws {
        let marked = MarkedJSON("[\r\n1️⃣1,\r\r2️⃣2,\n3️⃣3,\r\n\n4️⃣4]")
        let elements = try #require(try JSONParser.parse(marked.bytes).arrayElements)
        #expect(elements.map(\.location) == [1, 2, 3, 4].compactMap { marked.locations[$0] })
        #expect(elements.map(\.location.line) == [2, 4, 5, 7])
    }

    @Test func byteOrderMarkIsSkippedButOffsetsStayInTheSource() throws {
        let marked = MarkedJSON("\u{FEFF}1️⃣{\"a\": 2️⃣1}")
        let root = try JSONParser.parse(marked.bytes)
        #expect(root.location == TextLocation(line: 1, column: 1, offset: 3))
        #expect(root.location == marked.locations[1])
        #expect(root.byteRange == 3..<marked.bytes.count)
        #expect(try member("a", of: root).location == marked.locations[2])
    }

    @Test func dataOverloadParsesTheSameDocument() throws {
        let text = "{\"a\": [1, 2]}"
        let fromData = try JSONParser.parse(Data(text.utf8))
        let fromBytes = try parse(text)
        #expect(fromData.byteRange == fromBytes.byteRange)
        #expect(try member("a", of: fromData).arrayElements?.count == 2)
    }

    @Test func syntaxErrorDescriptionStartsWithLineAndColumn() {
        let error = JSONSyntaxError(message: "trailing comma before ']'", location: TextLocation(line: 3, column: 7, offset: 20))
        #expect(error.description == "3:7: trailing comma before ']'")
    }
}
