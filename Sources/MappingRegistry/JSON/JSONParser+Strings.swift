/// Strings, escapes and UTF-8 validation.
extension JSONParser {
    /// Parses a string and returns its decoded contents; `index` is at the opening quote.
    ///
    /// Runs of plain bytes are copied at once; without escapes the string is made straight from
    /// the source slice.
    mutating func parseString() throws(JSONSyntaxError) -> String {
        index += 1
        var runStart = index
        var decoded: [UInt8] = []
        var hasEscapes = false
        while index < count {
            let byte = bytes[index]
            if byte >= 0x20, byte < 0x80, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
                index += 1
            } else if byte == UInt8(ascii: "\"") {
                let string: String
                if hasEscapes {
                    decoded.append(contentsOf: bytes[runStart..<index])
                    string = String(decoding: decoded, as: UTF8.self)
                } else {
                    string = String(decoding: bytes[runStart..<index], as: UTF8.self)
                }
                index += 1
                return string
            } else if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                decoded.append(contentsOf: bytes[runStart..<index])
                try parseEscape(into: &decoded)
                runStart = index
            } else if byte < 0x20 {
                throw error("unescaped control character U+\(Self.hex(byte, digits: 4)) in a string", at: index)
            } else if let length = utf8SequenceLength(at: index) {
                index += length
            } else {
                throw error("invalid UTF-8 byte 0x\(Self.hex(byte, digits: 2))", at: index)
            }
        }
        throw endOfInput(inside: "a string", expected: "'\"'")
    }

    /// Parses one escape sequence and appends its UTF-8 to `decoded`; `index` is at the backslash.
    private mutating func parseEscape(into decoded: inout [UInt8]) throws(JSONSyntaxError) {
        let escapeStart = index
        index += 1
        guard index < count else {
            throw endOfInput(inside: "a string", expected: "'\"'")
        }
        let replacement: UInt8
        switch bytes[index] {
        case UInt8(ascii: "\""): replacement = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): replacement = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): replacement = UInt8(ascii: "/")
        case UInt8(ascii: "b"): replacement = 0x08
        case UInt8(ascii: "f"): replacement = 0x0C
        case UInt8(ascii: "n"): replacement = UInt8(ascii: "\n")
        case UInt8(ascii: "r"): replacement = UInt8(ascii: "\r")
        case UInt8(ascii: "t"): replacement = UInt8(ascii: "\t")
        case UInt8(ascii: "u"):
            index += 1
            let scalar = try parseUnicodeEscape(startingAt: escapeStart)
            UTF8.encode(scalar) { decoded.append($0) }
            return
        default:
            let next = bytes[index]
            if next >= 0x20, next < 0x7F {
                throw error("invalid escape sequence '\\\(Character(Unicode.Scalar(next)))' in a string", at: escapeStart)
            }
            if next >= 0x80, utf8SequenceLength(at: index) == nil {
                throw error("invalid UTF-8 byte 0x\(Self.hex(next, digits: 2))", at: index)
            }
            throw error(
                "invalid escape sequence in a string: '\\' followed by \(describeCharacter(at: index))",
                at: escapeStart
            )
        }
        decoded.append(replacement)
        index += 1
    }

    /// Parses the hex digits of a `\u` escape (and of a following low surrogate escape, if the
    /// first is a high surrogate); `index` is just after the first `\u`.
    ///
    /// - Parameter escapeStart: The offset of the escape's backslash, where errors point.
    private mutating func parseUnicodeEscape(startingAt escapeStart: Int) throws(JSONSyntaxError) -> Unicode.Scalar {
        let first = try parseHexQuad(escapeStart: escapeStart)
        let value: UInt32
        switch first {
        case 0xD800...0xDBFF:
            let isEscapeNext = index + 1 < count
                && bytes[index] == UInt8(ascii: "\\") && bytes[index + 1] == UInt8(ascii: "u")
            guard isEscapeNext else {
                throw loneSurrogate(first, at: escapeStart)
            }
            let secondStart = index
            index += 2
            let second = try parseHexQuad(escapeStart: secondStart)
            guard (0xDC00...0xDFFF).contains(second) else {
                throw loneSurrogate(first, at: escapeStart)
            }
            value = 0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00)
        case 0xDC00...0xDFFF:
            throw loneSurrogate(first, at: escapeStart)
        default:
            value = first
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw loneSurrogate(first, at: escapeStart)
        }
        return scalar
    }

    /// Reads exactly four hexadecimal digits at `index`.
    ///
    /// - Parameter escapeStart: The offset of the escape's backslash, where errors point.
    private mutating func parseHexQuad(escapeStart: Int) throws(JSONSyntaxError) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard index < count else {
                throw endOfInput(inside: "a string", expected: "'\"'")
            }
            guard let digit = JSONSpan.hexDigit(bytes[index]) else {
                throw error("invalid \\u escape; expected four hexadecimal digits after \\u", at: escapeStart)
            }
            value = value << 4 | UInt32(digit)
            index += 1
        }
        return value
    }

    /// The error for a surrogate escape that is not half of a high-low pair.
    private mutating func loneSurrogate(_ value: UInt32, at offset: Int) -> JSONSyntaxError {
        error("lone surrogate \\u\(Self.hex(value, digits: 4)) in a string; surrogates must come in high-low pairs", at: offset)
    }

    /// The length of the well-formed UTF-8 sequence starting at `offset`, or `nil` if the bytes
    /// there are not well-formed UTF-8 (stray continuation byte, overlong form, surrogate,
    /// value above U+10FFFF, or truncated sequence).
    func utf8SequenceLength(at offset: Int) -> Int? {
        UTF8Sequence.length(lead: bytes[offset]) { offset + $0 < count ? bytes[offset + $0] : 0 }
    }
}
