/// Turns the bytes a terminal in raw mode sends into ``Key``s.
///
/// Keys arrive as bytes: a letter as its UTF-8, an arrow as an escape
/// sequence (`ESC [ A`, or `ESC O A` in application cursor mode), Page Down
/// as `ESC [ 6 ~`, Home as `ESC [ H`, `ESC [ 1 ~` or `ESC O H`. A read may
/// end in the middle of a sequence or of a character: those bytes wait for
/// the next read. An escape byte followed by nothing, for a moment, is the
/// Escape key itself; the terminal loop says so with ``flush()``.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B])   // []: the sequence is not complete
/// decoder.decode([0x42, 0x6A])   // [.down, .character("j")]
/// ```
struct KeyDecoder: Sendable {
    /// Bytes of a key not complete yet.
    private(set) var pending: [UInt8] = []

    /// The longest escape sequence kept waiting for its end; a longer one
    /// is not a key this decoder knows, and is dropped as ``Key/unknown``.
    static let longestSequence = 16

    /// The keys that `bytes`, after what was pending, complete.
    mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
        pending.append(contentsOf: bytes)
        var keys: [Key] = []
        var index = 0
        while index < pending.count {
            guard let (key, length) = Self.key(in: pending[index...]) else { break }
            keys.append(key)
            index += length
        }
        pending.removeFirst(index)
        return keys
    }

    /// The keys of whatever is pending, taken as complete: a lone escape
    /// byte is the Escape key; the bytes of a sequence or character that
    /// never ended are one ``Key/unknown``.
    mutating func flush() -> [Key] {
        guard !pending.isEmpty else { return [] }
        var keys: [Key] = []
        if pending[0] == Self.escape {
            keys.append(.escape)
            pending.removeFirst()
            keys += decode([])
        }
        if !pending.isEmpty {
            keys.append(.unknown)
            pending.removeAll()
        }
        return keys
    }

    private static let escape: UInt8 = 0x1B

    /// The key at the start of `bytes` and how many bytes it takes, or
    /// `nil` when they are the start of a key still to come.
    private static func key(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        guard let first = bytes.first else { return nil }
        switch first {
        case escape: return escapeSequence(in: bytes)
        case 0x0D, 0x0A: return (.enter, 1)
        case 0x03: return (.interrupt, 1)
        case 0x0C: return (.redraw, 1)
        case 0x1A: return (.suspend, 1)
        case 0x7F, 0x08: return (.backspace, 1)
        case 0x00..<0x20: return (.unknown, 1)
        default: return character(in: bytes)
        }
    }

    /// `ESC [ …` (a control sequence), `ESC O x` (a key in application
    /// mode), or an escape byte before an ordinary one (Alt and a key, read
    /// as Escape, then the key).
    private static func escapeSequence(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        guard bytes.count > 1 else { return nil }
        switch bytes[start + 1] {
        case UInt8(ascii: "["):
            return controlSequence(in: bytes)
        case UInt8(ascii: "O"):
            guard bytes.count > 2 else { return nil }
            return (finalKey(bytes[start + 2], parameters: []), 3)
        default:
            return (.escape, 1)
        }
    }

    /// `ESC [`, parameter bytes (`0`–`?`), intermediate bytes (space–`/`)
    /// and one final byte (`@`–`~`), as ECMA-48 writes a control sequence.
    private static func controlSequence(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let start = bytes.startIndex
        var index = start + 2
        while index < bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F:
                index += 1
            case 0x40...0x7E:
                let parameters = String(decoding: bytes[(start + 2)..<index], as: UTF8.self)
                    .split(separator: ";", omittingEmptySubsequences: false)
                    .map { Int($0) }
                return (finalKey(byte, parameters: parameters), index - start + 1)
            default:
                // Not part of a control sequence: the sequence ends unfinished here.
                return (.unknown, index - start)
            }
            if index - start > longestSequence { return (.unknown, index - start) }
        }
        return nil
    }

    /// The key a sequence's final byte names; the first parameter matters
    /// only for `~` (`ESC [ 5 ~` is Page Up); modifiers (`ESC [ 1 ; 5 A`)
    /// are ignored.
    private static func finalKey(_ final: UInt8, parameters: [Int?]) -> Key {
        switch final {
        case UInt8(ascii: "A"): .up
        case UInt8(ascii: "B"): .down
        case UInt8(ascii: "C"): .right
        case UInt8(ascii: "D"): .left
        case UInt8(ascii: "H"): .home
        case UInt8(ascii: "F"): .end
        case UInt8(ascii: "~"):
            switch parameters.first ?? nil {
            case 1, 7: .home
            case 4, 8: .end
            case 5: .pageUp
            case 6: .pageDown
            default: .unknown
            }
        default: .unknown
        }
    }

    /// One UTF-8 character: its bytes, or `nil` while some are still to come.
    private static func character(in bytes: ArraySlice<UInt8>) -> (Key, Int)? {
        let first = bytes[bytes.startIndex]
        let length: Int
        switch first {
        case 0x20..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return (.unknown, 1)
        }
        let end = bytes.startIndex + length
        // A byte that cannot continue the character ends it early.
        for index in (bytes.startIndex + 1)..<min(end, bytes.endIndex) where bytes[index] & 0xC0 != 0x80 {
            return (.unknown, index - bytes.startIndex)
        }
        guard end <= bytes.endIndex else { return nil }
        // Invalid UTF-8 (an overlong form, a surrogate) decodes to U+FFFD.
        let scalars = String(decoding: bytes[bytes.startIndex..<end], as: UTF8.self).unicodeScalars
        guard scalars.count == 1, let scalar = scalars.first, scalar != "\u{FFFD}" else {
            return (.unknown, length)
        }
        return (.character(Character(scalar)), length)
    }
}
