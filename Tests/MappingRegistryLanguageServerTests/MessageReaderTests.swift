@testable import MappingRegistryLanguageServer
import Testing

@Suite struct MessageReaderTests {
    static func frame(_ body: String) -> [UInt8] {
        Array("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8)
    }

    static func events(_ bytes: [UInt8], chunk: Int = .max) -> [MessageReader.Event] {
        var reader = MessageReader()
        var events: [MessageReader.Event] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + chunk)
            reader.append(bytes[index..<end])
            index = end
            while let event = reader.next() { events.append(event) }
        }
        return events
    }

    @Test(arguments: [1, 3, 7, 1000])
    func messagesAreReadWhateverPiecesTheyArriveIn(chunk: Int) {
        let bytes = Self.frame(#"{"a":1}"#) + Self.frame(#"{"b":"é"}"#)
        #expect(Self.events(bytes, chunk: chunk) == [.message(Array(#"{"a":1}"#.utf8)), .message(Array(#"{"b":"é"}"#.utf8))])
    }

    @Test func otherHeaderFieldsAndLetterCaseDoNotMatter() {
        let bytes = Array("content-length: 2\r\nContent-Type: application/vscode-jsonrpc; charset=utf-8\r\n\r\n{}".utf8)
        #expect(Self.events(bytes) == [.message(Array("{}".utf8))])
    }

    @Test func aHeaderWithoutContentLengthIsReportedAndTheNextMessageRead() {
        let bytes = Array("Content-Type: x\r\n\r\n".utf8) + Self.frame("{}")
        #expect(Self.events(bytes) == [.malformed("a header block without Content-Length"), .message(Array("{}".utf8))])
    }

    @Test func aLengthThatIsNoNumberIsReported() {
        let bytes = Array("Content-Length: -5\r\n\r\n".utf8) + Self.frame("[]")
        #expect(Self.events(bytes) == [.malformed("a Content-Length that is no number of bytes: '-5'"), .message(Array("[]".utf8))])
    }

    @Test func junkBeforeAHeaderIsReportedAndTheMessageStillRead() {
        let bytes = Array("garbage\r\n".utf8) + Self.frame("{}")
        #expect(Self.events(bytes) == [.malformed("header lines that are no 'Name: value' field: 'garbage'"), .message(Array("{}".utf8))])
    }

    @Test func anOversizedBodyIsSkippedWithoutBeingKept() {
        let size = MessageReader.maximumBodySize + 1
        var reader = MessageReader()
        reader.append(Array("Content-Length: \(size)\r\n\r\n".utf8))
        #expect(reader.next() == .malformed("a body of \(size) bytes, larger than the limit of \(MessageReader.maximumBodySize) bytes"))
        let piece = [UInt8](repeating: 32, count: 1 << 20)
        var sent = 0
        while sent < size {
            let count = min(piece.count, size - sent)
            reader.append(piece[0..<count])
            sent += count
            #expect(reader.next() == nil)
        }
        reader.append(Self.frame("{}"))
        #expect(reader.next() == .message(Array("{}".utf8)))
    }

    @Test func aHeaderThatNeverEndsIsDroppedOnceTooLong() {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: MessageReader.maximumHeaderSize + 10)
        #expect(Self.events(bytes) == [.malformed("a header block longer than \(MessageReader.maximumHeaderSize) bytes without an empty line")])
    }
}
