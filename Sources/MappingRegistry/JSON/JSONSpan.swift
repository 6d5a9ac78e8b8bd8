/// The bytes of JSON that ``JSONFastScanner`` has checked, read again
/// without checking the grammar: how far a value reaches, an object's
/// members, an array's elements, a string's contents, a number's literal.
///
/// Reads at or past the end see the byte 0 (which checked JSON never has
/// outside a string, nor unescaped inside one), and every loop stops at it,
/// so even bytes that were not checked cannot make it read out of bounds.
struct JSONSpan {
    /// One `"key": value` member of an object.
    struct Member {
        /// The first byte of the key's contents, after the opening quote.
        var keyStart: Int
        /// The key's closing quote.
        var keyEnd: Int
        /// Whether the key is ASCII without escapes, so its bytes are the key.
        var keyIsPlainASCII: Bool
        /// Whether the key has an escape sequence.
        var keyHasEscapes: Bool
        /// The first byte of the value.
        var value: Int
    }

    let bytes: UnsafeBufferPointer<UInt8>

    /// The byte at `offset`, or 0 outside the bytes.
    @inline(__always)
    subscript(offset: Int) -> UInt8 {
        offset >= 0 && offset < bytes.count ? bytes[offset] : 0
    }

    /// The first offset at or after `offset` that is not whitespace.
    @inline(__always)
    func skipWhitespace(from offset: Int) -> Int {
        var position = offset
        while true {
            switch self[position] {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"): position += 1
            default: return position
            }
        }
    }

    /// The offset just after the value starting at `offset`.
    func end(ofValueAt offset: Int) -> Int {
        switch self[offset] {
        case UInt8(ascii: "\""):
            return end(ofStringAt: offset).end
        case UInt8(ascii: "{"), UInt8(ascii: "["):
            var depth = 0
            var position = offset
            while true {
                switch self[position] {
                case UInt8(ascii: "{"), UInt8(ascii: "["):
                    depth += 1
                    position += 1
                case UInt8(ascii: "}"), UInt8(ascii: "]"):
                    depth -= 1
                    position += 1
                    if depth == 0 { return position }
                case UInt8(ascii: "\""):
                    position = end(ofStringAt: position).end
                case 0:
                    return position
                default:
                    position += 1
                }
            }
        case UInt8(ascii: "t"), UInt8(ascii: "n"):
            return offset + 4
        case UInt8(ascii: "f"):
            return offset + 5
        case 0:
            return offset
        default:
            return end(ofNumberAt: offset)
        }
    }

    /// The offset just after the string whose opening quote is at `offset`,
    /// and what its contents hold.
    @inline(__always)
    func end(ofStringAt offset: Int) -> (end: Int, isPlainASCII: Bool, hasEscapes: Bool) {
        var position = offset + 1
        var isASCII = true
        var hasEscapes = false
        while true {
            let byte = self[position]
            if byte == UInt8(ascii: "\"") {
                return (position + 1, isASCII && !hasEscapes, hasEscapes)
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                // The escaped byte is skipped with it, so `\"` does not end the string.
                position += 2
            } else if byte == 0 {
                return (position, false, hasEscapes)
            } else {
                if byte >= 0x80 { isASCII = false }
                position += 1
            }
        }
    }

    /// The offset just after the number literal starting at `offset`.
    func end(ofNumberAt offset: Int) -> Int {
        var position = offset
        while true {
            switch self[position] {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "+"),
                 UInt8(ascii: "."), UInt8(ascii: "e"), UInt8(ascii: "E"):
                position += 1
            default:
                return position
            }
        }
    }

    /// Appends the members of the object whose `{` is at `offset`.
    func members(ofObjectAt offset: Int, into members: inout [Member]) {
        var position = skipWhitespace(from: offset + 1)
        while self[position] == UInt8(ascii: "\"") {
            let key = end(ofStringAt: position)
            let keyStart = position + 1
            position = skipWhitespace(from: key.end)
            guard self[position] == UInt8(ascii: ":") else { return }
            let value = skipWhitespace(from: position + 1)
            members.append(Member(
                keyStart: keyStart,
                keyEnd: key.end - 1,
                keyIsPlainASCII: key.isPlainASCII,
                keyHasEscapes: key.hasEscapes,
                value: value
            ))
            position = skipWhitespace(from: end(ofValueAt: value))
            guard self[position] == UInt8(ascii: ",") else { return }
            position = skipWhitespace(from: position + 1)
        }
    }

    /// The offsets of the elements of the array whose `[` is at `offset`.
    func elements(ofArrayAt offset: Int) -> ContiguousArray<Int> {
        var elements: ContiguousArray<Int> = []
        var position = skipWhitespace(from: offset + 1)
        guard self[position] != UInt8(ascii: "]") else { return elements }
        while self[position] != 0 {
            elements.append(position)
            position = skipWhitespace(from: end(ofValueAt: position))
            guard self[position] == UInt8(ascii: ",") else { break }
            position = skipWhitespace(from: position + 1)
        }
        return elements
    }

    // MARK: - Strings

    /// The string whose opening quote is at `offset`, escapes resolved.
    func string(at offset: Int) -> String {
        let string = end(ofStringAt: offset)
        return self.string(contentsFrom: offset + 1, to: string.end - 1, hasEscapes: string.hasEscapes)
    }

    /// The string whose contents are `start..<end`, escapes resolved.
    func string(contentsFrom start: Int, to end: Int, hasEscapes: Bool) -> String {
        let end = min(max(start, end), bytes.count)
        guard start < end else { return "" }
        guard hasEscapes else {
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        }
        var decoded: [UInt8] = []
        decoded.reserveCapacity(end - start)
        var position = start
        while position < end {
            let byte = bytes[position]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                position += 1
                continue
            }
            position += 2
            switch self[position - 1] {
            case UInt8(ascii: "b"): decoded.append(0x08)
            case UInt8(ascii: "f"): decoded.append(0x0C)
            case UInt8(ascii: "n"): decoded.append(UInt8(ascii: "\n"))
            case UInt8(ascii: "r"): decoded.append(UInt8(ascii: "\r"))
            case UInt8(ascii: "t"): decoded.append(UInt8(ascii: "\t"))
            case UInt8(ascii: "u"):
                var value = hexQuad(at: position)
                position += 4
                if (0xD800...0xDBFF).contains(value), self[position] == UInt8(ascii: "\\"), self[position + 1] == UInt8(ascii: "u") {
                    let low = hexQuad(at: position + 2)
                    if (0xDC00...0xDFFF).contains(low) {
                        value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
                        position += 6
                    }
                }
                // The scanner let no lone surrogate through; a replacement character keeps this total.
                UTF8.encode(Unicode.Scalar(value) ?? "\u{FFFD}") { decoded.append($0) }
            case let escaped:
                // `"`, `\` and `/` stand for themselves.
                decoded.append(escaped)
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }

    /// The value of four hexadecimal digits at `offset` (a non-digit counts as 0).
    private func hexQuad(at offset: Int) -> UInt32 {
        var value: UInt32 = 0
        for position in offset..<(offset + 4) {
            value = value << 4 | UInt32(Self.hexDigit(self[position]) ?? 0)
        }
        return value
    }

    /// The value of one hexadecimal digit.
    static func hexDigit(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// Whether a member's key equals `key` as Swift compares strings (so
    /// as `JSONDecoder` looks keys up: canonically equivalent spellings are
    /// equal).
    func key(of member: Member, equals key: inout String) -> Bool {
        let start = member.keyStart
        let end = member.keyEnd
        let matched: Bool? = key.withUTF8 { keyBytes in
            guard member.keyIsPlainASCII, keyBytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            // Two ASCII strings are equal exactly when their bytes are.
            guard keyBytes.count == end - start else { return false }
            for offset in 0..<keyBytes.count where keyBytes[offset] != self[start + offset] {
                return false
            }
            return true
        }
        if let matched { return matched }
        return string(contentsFrom: start, to: end, hasEscapes: member.keyHasEscapes) == key
    }
}
