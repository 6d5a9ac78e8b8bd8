import Testing
@testable import MappingRegistry
import RegistryFixtures

/// Following decoding paths to nodes and JSON pointers.
@Suite struct JSONNodeDescendantTests {
    /// A document with arrays, nested objects, keys needing pointer escapes and a duplicate key.
    private let root: JSONNode

    init() throws {
        root = try JSONParser.parse(Array("""
        {"items": [{"name": "a"}, {"name": "b", "tags": ["x"]}],
         "a/b": {"m~n": 1},
         "dup": 1, "dup": 2}
        """.utf8))
    }

    @Test func fullPathReachesTheNodeAndItsPointer() {
        let result = root.descendant(at: [.key("items"), .index(1), .key("tags"), .index(0)])
        #expect(result.complete)
        #expect(result.node.stringValue == "x")
        #expect(result.pointer == "/items/1/tags/0")
    }

    @Test func emptyPathIsTheNodeItself() {
        let result = root.descendant(at: [])
        #expect(result.complete)
        #expect(result.pointer == "")
        #expect(result.node.byteRange == root.byteRange)
    }

    @Test func missingKeyStopsAtTheDeepestExistingNode() {
        let result = root.descendant(at: [.key("items"), .index(1), .key("missing"), .key("deeper")])
        #expect(!result.complete)
        #expect(result.pointer == "/items/1")
        #expect(result.node.objectMembers?.first?.value.stringValue == "b")
    }

    @Test func indexOutOfRangeStopsAtTheArray() {
        let result = root.descendant(at: [.key("items"), .index(5)])
        #expect(!result.complete)
        #expect(result.pointer == "/items")
        #expect(result.node.arrayElements?.count == 2)
    }

    @Test func componentOfTheWrongKindStopsThere() {
        let keyIntoArray = root.descendant(at: [.key("items"), .key("name")])
        #expect(!keyIntoArray.complete)
        #expect(keyIntoArray.pointer == "/items")
        let indexIntoObject = root.descendant(at: [.index(0)])
        #expect(!indexIntoObject.complete)
        #expect(indexIntoObject.pointer == "")
    }

    @Test func pointerEscapesSlashAndTilde() {
        let result = root.descendant(at: [.key("a/b"), .key("m~n")])
        #expect(result.complete)
        #expect(result.node.numberValue?.intValue == 1)
        #expect(result.pointer == "/a~1b/m~0n")
    }

    @Test func duplicateKeyFollowsTheLastMemberLikeJSONDecoder() {
        let result = root.descendant(at: [.key("dup")])
        #expect(result.node.numberValue?.intValue == 2)
        #expect(result.pointer == "/dup")
    }

    @Test func pointerAppendingEscapesPerRFC6901() {
        #expect(JSONPointer.appending("", key: "a/b") == "/a~1b")
        #expect(JSONPointer.appending("/x", key: "m~n") == "/x/m~0n")
        #expect(JSONPointer.appending("", key: "~1") == "/~01")
        #expect(JSONPointer.appending("", key: "") == "/")
        #expect(JSONPointer.appending("", key: "é") == "/é")
        #expect(JSONPointer.appending("/list", index: 3) == "/list/3")
    }
}
