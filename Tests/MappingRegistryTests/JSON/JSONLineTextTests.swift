import Testing
@testable import MappingRegistry
import RegistryFixtures

/// `JSONParser.lineText` splits lines exactly as the parser counts them.
@Suite struct JSONLineTextTests {
    @Test func linesSplitAtEveryLineBreakStyle() {
        let bytes = Array("first\r\nsecond\rthird\nfourth\n".utf8)
        #expect(JSONParser.lineText(1, in: bytes) == "first")
        #expect(JSONParser.lineText(2, in: bytes) == "second")
        #expect(JSONParser.lineText(3, in: bytes) == "third")
        #expect(JSONParser.lineText(4, in: bytes) == "fourth")
        #expect(JSONParser.lineText(5, in: bytes) == "")
    }

    @Test func outOfRangeLinesAreNil() {
        let bytes = Array("a\nb".utf8)
        #expect(JSONParser.lineText(0, in: bytes) == nil)
        #expect(JSONParser.lineText(-1, in: bytes) == nil)
        #expect(JSONParser.lineText(3, in: bytes) == nil)
        #expect(JSONParser.lineText(2, in: bytes) == "b")
    }

    @Test func emptyDocumentHasOneEmptyLine() {
        #expect(JSONParser.lineText(1, in: []) == "")
        #expect(JSONParser.lineText(2, in: []) == nil)
    }

    @Test func byteOrderMarkIsNotPartOfTheFirstLine() {
        let bytes = Array("\u{FEFF}{\n}".utf8)
        #expect(JSONParser.lineText(1, in: bytes) == "{")
        #expect(JSONParser.lineText(2, in: bytes) == "}")
    }

    @Test func endOfInputErrorAfterATrailingBreakHasALineToShow() throws {
        let bytes = Array("[1,\n".utf8)
        let error = #expect(throws: JSONSyntaxError.self) { try JSONParser.parse(bytes) }
        let line = try #require(error?.location.line)
        #expect(line == 2)
        #expect(JSONParser.lineText(line, in: bytes) == "")
    }
}
