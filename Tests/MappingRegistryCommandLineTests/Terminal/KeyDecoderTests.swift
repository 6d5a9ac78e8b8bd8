@testable import MappingRegistryCommandLine
import Testing

/// Bytes as terminals send them, read as keys: whole, split across reads,
/// and unfinished.
@Suite struct KeyDecoderTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        var bytes: String
        var keys: [Key]
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "letters", bytes: "jkq", keys: [.character("j"), .character("k"), .character("q")]),
        Case(name: "arrows", bytes: "\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D", keys: [.up, .down, .right, .left]),
        Case(name: "arrows in application cursor mode", bytes: "\u{1B}OA\u{1B}OB", keys: [.up, .down]),
        Case(name: "arrows with a modifier", bytes: "\u{1B}[1;5A\u{1B}[1;2B", keys: [.up, .down]),
        Case(name: "page up and page down", bytes: "\u{1B}[5~\u{1B}[6~", keys: [.pageUp, .pageDown]),
        Case(name: "home and end, every spelling", bytes: "\u{1B}[H\u{1B}[F\u{1B}OH\u{1B}OF\u{1B}[1~\u{1B}[4~\u{1B}[7~\u{1B}[8~",
             keys: [.home, .end, .home, .end, .home, .end, .home, .end]),
        Case(name: "return and line feed", bytes: "\r\n", keys: [.enter, .enter]),
        Case(name: "control keys", bytes: "\u{03}\u{1A}\u{0C}\u{01}\u{7F}\u{08}", keys: [.interrupt, .suspend, .redraw, .unknown, .backspace, .backspace]),
        Case(name: "a sequence this decoder does not name", bytes: "\u{1B}[2~\u{1B}[200~j", keys: [.unknown, .unknown, .character("j")]),
        Case(name: "escape before an ordinary key (Alt-j)", bytes: "\u{1B}j", keys: [.escape, .character("j")]),
        Case(name: "two escapes", bytes: "\u{1B}\u{1B}[A", keys: [.escape, .up]),
        Case(name: "UTF-8 characters", bytes: "é€😀", keys: [.character("é"), .character("€"), .character("😀")]),
    ]

    @Test(arguments: cases)
    func bytesAreReadAsKeys(_ example: Case) {
        var decoder = KeyDecoder()
        #expect(decoder.decode(Array(example.bytes.utf8)) + decoder.flush() == example.keys)
    }

    @Test(arguments: cases)
    func bytesSplitAcrossReadsGiveTheSameKeys(_ example: Case) {
        var decoder = KeyDecoder()
        var keys: [Key] = []
        for byte in example.bytes.utf8 { keys += decoder.decode([byte]) }
        // A lone trailing escape waits for the flush; nothing else does.
        keys += decoder.flush()
        #expect(keys == example.keys)
    }

    @Test func anUnfinishedSequenceWaitsForTheRest() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B, 0x5B]) == [])
        #expect(decoder.pending == [0x1B, 0x5B])
        #expect(decoder.decode([0x36]) == [])
        #expect(decoder.decode([0x7E, 0x6A]) == [.pageDown, .character("j")])
        #expect(decoder.pending.isEmpty)
    }

    @Test func aLoneEscapeIsTheEscapeKeyOnlyWhenNothingFollows() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0x1B]) == [])
        #expect(decoder.flush() == [.escape])
        #expect(decoder.flush() == [])
    }

    @Test func anUnfinishedCharacterOrSequenceIsUnknownWhenFlushed() {
        var decoder = KeyDecoder()
        #expect(decoder.decode([0xE2, 0x82]) == [])
        #expect(decoder.flush() == [.unknown])
        #expect(decoder.decode([0x1B, 0x5B, 0x31]) == [])
        #expect(decoder.flush() == [.escape, .character("["), .character("1")])
    }

    @Test func bytesThatAreNotUTF8AreUnknownAndDecodingGoesOn() {
        var decoder = KeyDecoder()
        // A stray continuation byte, an overlong "/", a lead byte cut short by "j".
        #expect(decoder.decode([0x80, 0xC0, 0xAF, 0xE2, 0x6A]) == [.unknown, .unknown, .unknown, .unknown, .character("j")])
    }

    @Test func aRunawaySequenceIsDroppedAsUnknown() {
        var decoder = KeyDecoder()
        // ESC [ and 40 parameter bytes: cut after `longestSequence` bytes; the rest are characters.
        let keys = decoder.decode([0x1B, 0x5B] + [UInt8](repeating: 0x31, count: 40) + [0x41])
        let kept = KeyDecoder.longestSequence + 1
        #expect(keys == [.unknown] + Array(repeating: .character("1"), count: 42 - kept) + [.character("A")])
        #expect(decoder.pending.isEmpty)
    }
}
