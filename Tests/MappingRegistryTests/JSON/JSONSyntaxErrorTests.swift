import Foundation
import Testing
@testable import MappingRegistry
import RegistryFixtures

/// One malformed document: the input with `1️⃣` where the error must point, and the exact message.
struct SyntaxErrorCase: Sendable, CustomTestStringConvertible {
    /// What the case is about.
    let name: String
    /// The input, with a `1️⃣` marker at the expected error location.
    let input: String
    /// The exact expected message.
    let message: String

    var testDescription: String { name }

    /// Creates a case.
    init(_ name: String, _ input: String, _ message: String) {
        self.name = name
        self.input = input
        self.message = message
    }
}

/// A malformed document that is not valid UTF-8, so it is given as bytes with a hand-counted location.
struct InvalidUTF8Case: Sendable, CustomTestStringConvertible {
    /// What the case is about.
    let name: String
    /// The input bytes.
    let bytes: [UInt8]
    /// The expected location.
    let location: TextLocation
    /// The exact expected message.
    let message: String

    var testDescription: String { name }
}

extension SyntaxErrorCase {
    /// Every malformed-text case.
    static let all: [SyntaxErrorCase] = [
        // Empty documents and misplaced characters.
        .init("empty document", "1️⃣", "the document is empty; expected a JSON value"),
        .init("whitespace-only document", " \n\t 1️⃣", "the document is empty; expected a JSON value"),
        .init("closing brace instead of a value", "1️⃣}", "unexpected character '}'; expected a value"),
        .init("colon instead of an array element", "[1️⃣:]", "unexpected character ':'; expected a value"),
        .init("garbage after an array element", "[1 1️⃣x]", "expected ',' or ']' after an array element, found 'x'"),
        .init("missing comma between elements", "[true 1️⃣false]", "expected ',' or ']' after an array element, found 'f'"),
        .init("wrong closer for an object", "{\"a\": 1 1️⃣]", "expected ',' or '}' after an object member, found ']'"),
        .init("missing colon", "{\"a\" 1️⃣true}", "expected ':' after an object key, found 't'"),
        .init("unquoted key", "{1️⃣a: 1}", "expected a string key or '}', found the unquoted word 'a'; put keys in double quotes: \"a\""),
        .init("unquoted key after a comma", "{\"a\": 1, 1️⃣view: 2}", "expected a string key after ',', found the unquoted word 'view'; put keys in double quotes: \"view\""),
        .init("number as key after a comma", "{\"a\": 1, 1️⃣2: 3}", "expected a string key after ',', found '2'"),
        .init("non-ASCII character instead of a value", "[1️⃣é]", "unexpected character 'é' (U+00E9); expected a value"),
        .init("control character instead of a value", "[1️⃣\u{1}]", "unexpected character U+0001; expected a value"),

        // Input ending early.
        .init("end after an object member", "{\"a\": true1️⃣", "the document ends inside an object; expected ',' or '}'"),
        .init("end after a colon", "{\"a\":1️⃣", "the document ends inside an object; expected a value"),
        .init("end after a key", "{\"a\"1️⃣", "the document ends inside an object; expected ':'"),
        .init("end after an opening brace", "{\n1️⃣", "the document ends inside an object; expected a string key or '}'"),
        .init("end after a comma in an object", "{\"a\": 1,1️⃣", "the document ends inside an object; expected a string key"),
        .init("end after an array element", "[true, false1️⃣", "the document ends inside an array; expected ',' or ']'"),
        .init("end after an opening bracket", "[1️⃣", "the document ends inside an array; expected a value or ']'"),
        .init("end after a comma in an array", "[true,1️⃣", "the document ends inside an array; expected a value"),

        // Trailing commas point at the comma, even on an earlier line.
        .init("trailing comma in an object", "{\"a\": true1️⃣,\n}", "trailing comma before '}'"),
        .init("trailing comma in an array", "[true, false1️⃣, ]", "trailing comma before ']'"),

        // Strings.
        .init("unterminated string", "\"abc1️⃣", "the document ends inside a string; expected '\"'"),
        .init("unterminated key", "{\"ab1️⃣", "the document ends inside a string; expected '\"'"),
        .init("end inside an escape", "\"ab\\1️⃣", "the document ends inside a string; expected '\"'"),
        .init("end inside a unicode escape", "\"\\u121️⃣", "the document ends inside a string; expected '\"'"),
        .init("line break in a string", "\"ab1️⃣\ncd\"", "unescaped control character U+000A in a string"),
        .init("tab in a string", "[\"a1️⃣\tb\"]", "unescaped control character U+0009 in a string"),
        .init("invalid escape", "\"a1️⃣\\x\"", "invalid escape sequence '\\x' in a string"),
        .init("escape of a non-ASCII character", "\"1️⃣\\é\"", "invalid escape sequence in a string: '\\' followed by 'é' (U+00E9)"),
        .init("non-hex unicode escape", "\"1️⃣\\u12G4\"", "invalid \\u escape; expected four hexadecimal digits after \\u"),
        .init("lone high surrogate", "\"1️⃣\\uD83D\"", "lone surrogate \\uD83D in a string; surrogates must come in high-low pairs"),
        .init("high surrogate followed by a non-surrogate", "\"1️⃣\\ud83d\\u0041\"", "lone surrogate \\uD83D in a string; surrogates must come in high-low pairs"),
        .init("high surrogate followed by a plain character", "\"1️⃣\\uD83Dx\"", "lone surrogate \\uD83D in a string; surrogates must come in high-low pairs"),
        .init("lone low surrogate", "\"x1️⃣\\uDE00\"", "lone surrogate \\uDE00 in a string; surrogates must come in high-low pairs"),
        .init("single-quoted value", "[1️⃣'a']", "strings must use double quotes"),
        .init("single-quoted key", "{1️⃣'a': 1}", "strings must use double quotes"),

        // Numbers.
        .init("leading zero", "[01️⃣1]", "invalid number: leading zeros are not allowed"),
        .init("negative leading zero", "-01️⃣5", "invalid number: leading zeros are not allowed"),
        .init("fraction without digits", "[1.1️⃣]", "invalid number: expected a digit after '.'"),
        .init("fraction at the end of input", "1.1️⃣", "invalid number: expected a digit after '.'"),
        .init("leading dot", "1️⃣.5", "invalid number: a digit is required before '.'"),
        .init("lone minus", "-1️⃣", "invalid number: expected a digit after '-'"),
        .init("minus before a word", "[-1️⃣Infinity]", "invalid number: expected a digit after '-'"),
        .init("leading plus", "1️⃣+1", "invalid number: a leading '+' is not allowed"),
        .init("empty exponent", "1e1️⃣", "invalid number: expected a digit in the exponent"),
        .init("exponent sign without digits", "[2E+1️⃣]", "invalid number: expected a digit in the exponent"),

        // Literals.
        .init("truncated true", "1️⃣tru", "invalid literal 'tru'; expected 'true'"),
        .init("truncated null", "[1️⃣nul]", "invalid literal 'nul'; expected 'null'"),
        .init("literal with extra letters", "{\"a\": 1️⃣falsey}", "invalid literal 'falsey'; expected 'false'"),
        .init("capitalised literal", "1️⃣True", "invalid literal 'True'; expected 'true'"),
        .init("unquoted string", "{\"view\": 1️⃣DishRow}", "invalid literal 'DishRow'; if it is a string, put it in double quotes: \"DishRow\""),
        .init("unquoted string starting like a literal", "[1️⃣footer]", "invalid literal 'footer'; if it is a string, put it in double quotes: \"footer\""),

        // Comments and extra content.
        .init("line comment", "{1️⃣// note\n}", "comments are not allowed in JSON"),
        .init("block comment", "[1, 1️⃣/* two */ 2]", "comments are not allowed in JSON"),
        .init("comment after the value", "{} 1️⃣// done", "comments are not allowed in JSON"),
        .init("second top-level value", "{} 1️⃣{}", "unexpected character '{' after the top-level value; expected the end of the document"),
        .init("second value on the next line", "1\n1️⃣2", "unexpected character '2' after the top-level value; expected the end of the document"),

        // Locations: columns count scalars, all line-break styles, byte order mark.
        .init("column after multi-byte text", "{\"é€😀\": \"ü\", 1️⃣?}", "expected a string key after ',', found '?'"),
        .init("CRLF is one line break", "[1,\r\n\r\n  1️⃣?]", "unexpected character '?'; expected a value"),
        .init("lone CR is a line break", "[1,\r\r1️⃣?]", "unexpected character '?'; expected a value"),
        .init("tab counts one column", "[\t\t1️⃣?]", "unexpected character '?'; expected a value"),
        .init("byte order mark takes no column", "\u{FEFF}[1️⃣?]", "unexpected character '?'; expected a value"),
        .init("error on a later line after multi-byte text", "{\"ключ\": [\n  \"значение\", 1️⃣}", "unexpected character '}'; expected a value"),
    ]
}

extension InvalidUTF8Case {
    /// Every invalid UTF-8 case.
    static let all: [InvalidUTF8Case] = [
        .init(name: "invalid byte in a string", bytes: [0x22, 0x61, 0xFF, 0x22],
              location: TextLocation(line: 1, column: 3, offset: 2), message: "invalid UTF-8 byte 0xFF"),
        .init(name: "truncated sequence in a string", bytes: [0x22, 0xC3, 0x22],
              location: TextLocation(line: 1, column: 2, offset: 1), message: "invalid UTF-8 byte 0xC3"),
        .init(name: "sequence cut off by the end of input", bytes: [0x22, 0xE2, 0x82],
              location: TextLocation(line: 1, column: 2, offset: 1), message: "invalid UTF-8 byte 0xE2"),
        .init(name: "overlong encoding", bytes: [0x22, 0xC0, 0x80, 0x22],
              location: TextLocation(line: 1, column: 2, offset: 1), message: "invalid UTF-8 byte 0xC0"),
        .init(name: "encoded surrogate", bytes: [0x22, 0xED, 0xA0, 0x80, 0x22],
              location: TextLocation(line: 1, column: 2, offset: 1), message: "invalid UTF-8 byte 0xED"),
        .init(name: "code point above U+10FFFF", bytes: [0x22, 0xF4, 0x90, 0x80, 0x80, 0x22],
              location: TextLocation(line: 1, column: 2, offset: 1), message: "invalid UTF-8 byte 0xF4"),
        .init(name: "stray continuation byte after a valid character", bytes: [0x22, 0xC3, 0xA9, 0x80, 0x22],
              location: TextLocation(line: 1, column: 3, offset: 3), message: "invalid UTF-8 byte 0x80"),
        .init(name: "invalid byte outside a string", bytes: [0x5B, 0x0A, 0x20, 0xFE, 0x5D],
              location: TextLocation(line: 2, column: 2, offset: 3), message: "invalid UTF-8 byte 0xFE"),
        // UTF-16: `{"a":1}` saved by an editor as UTF-16, with and without a byte order mark.
        .init(name: "UTF-16 little-endian with a byte order mark",
              bytes: [0xFF, 0xFE] + Array("{}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
              location: TextLocation(line: 1, column: 1, offset: 0),
              message: "the file looks like UTF-16 (it starts with the little-endian byte order mark FF FE); save it as UTF-8"),
        .init(name: "UTF-16 big-endian with a byte order mark",
              bytes: [0xFE, 0xFF] + Array("{}".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
              location: TextLocation(line: 1, column: 1, offset: 0),
              message: "the file looks like UTF-16 (it starts with the big-endian byte order mark FE FF); save it as UTF-8"),
        .init(name: "UTF-16 little-endian without a byte order mark",
              bytes: Array("{\"a\": 1}".utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }),
              location: TextLocation(line: 1, column: 1, offset: 0),
              message: "the file looks like UTF-16 (every other byte is zero); save it as UTF-8"),
        .init(name: "UTF-16 big-endian without a byte order mark",
              bytes: Array(" {}".utf16.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }),
              location: TextLocation(line: 1, column: 1, offset: 0),
              message: "the file looks like UTF-16 (every other byte is zero); save it as UTF-8"),
    ]
}

/// Malformed documents: each error has the exact message and points at the offending character.
@Suite struct JSONSyntaxErrorTests {
    @Test(arguments: SyntaxErrorCase.all)
    func malformedDocumentIsReportedAtTheMarkedCharacter(_ example: SyntaxErrorCase) throws {
        let marked = MarkedJSON(example.input)
        let expectedLocation = try #require(marked.locations[1], "the case has no 1️⃣ marker")
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(marked.bytes)
        }
        #expect(error?.message == example.message)
        #expect(error?.location == expectedLocation)
    }

    @Test(arguments: InvalidUTF8Case.all)
    func invalidUTF8IsReportedAtTheOffendingByte(_ example: InvalidUTF8Case) {
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(example.bytes)
        }
        #expect(error?.message == example.message)
        #expect(error?.location == example.location)
    }

    @Test func hundredThousandOpeningBracketsGiveTheDepthErrorInsteadOfCrashing() {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(bytes)
        }
        #expect(error?.message == "nesting deeper than 128 levels")
        #expect(error?.location == TextLocation(line: 1, column: 129, offset: 128))
    }

    @Test func nestingExactlyAtTheDefaultLimitIsAccepted() throws {
        let text = String(repeating: "[", count: 128) + String(repeating: "]", count: 128)
        let root = try JSONParser.parse(Array(text.utf8))
        #expect(root.arrayElements?.count == 1)
    }

    @Test func customDepthLimitCountsObjectsAndArrays() throws {
        let limits = JSONParser.Limits(maxDepth: 2)
        let marked = MarkedJSON("{\"a\": [1️⃣{}]}")
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(marked.bytes, limits: limits)
        }
        #expect(error?.message == "nesting deeper than 2 levels")
        #expect(error?.location == marked.locations[1])
        let accepted = try JSONParser.parse(Array("{\"a\": [], \"b\": {}}".utf8), limits: limits)
        #expect(accepted.objectMembers?.count == 2)
    }

    @Test func documentLargerThanTheByteLimitIsRejectedAtTheStart() {
        let limits = JSONParser.Limits(maxBytes: 5)
        let bytes = Array("[1, 2]".utf8)
        let expected = JSONSyntaxError(
            message: "the document is 6 bytes, larger than the limit of 5 bytes",
            location: TextLocation(line: 1, column: 1, offset: 0)
        )
        #expect(throws: expected) { try JSONParser.parse(bytes, limits: limits) }
        #expect(throws: expected) { try JSONParser.parse(Data(bytes), limits: limits) }
    }

    @Test func byteLimitIsCheckedBeforeSyntax() {
        let limits = JSONParser.Limits(maxBytes: 2)
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(Array("}}}".utf8), limits: limits)
        }
        #expect(error?.message == "the document is 3 bytes, larger than the limit of 2 bytes")
    }

    @Test func documentExactlyAtTheByteLimitIsAccepted() throws {
        let root = try JSONParser.parse(Array("[1,2]".utf8), limits: JSONParser.Limits(maxBytes: 5))
        #expect(root.arrayElements?.count == 2)
    }

    @Test func errorColumnLinesUpWithTheLineText() throws {
        let bytes = Array("{\n  \"naïve\": [1,\r\n    ☃?]\n}".utf8)
        let error = #expect(throws: JSONSyntaxError.self) {
            try JSONParser.parse(bytes)
        }
        let location = try #require(error?.location)
        let text = try #require(JSONParser.lineText(location.line, in: bytes))
        let fromColumn = String(String.UnicodeScalarView(text.unicodeScalars.dropFirst(location.column - 1)))
        #expect(fromColumn == "☃?]")
        #expect(error?.message == "unexpected character '☃' (U+2603); expected a value")
    }
}
