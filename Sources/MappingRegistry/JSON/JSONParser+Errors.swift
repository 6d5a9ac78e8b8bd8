/// Building syntax errors with plain-words messages.
extension JSONParser {
    /// An error with `message` located at `offset`.
    mutating func error(_ message: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(message: message, location: location(at: offset))
    }

    /// The error for input that ends inside a construct, located at the end of input.
    ///
    /// - Parameters:
    ///   - construct: What is still open, e.g. "an object".
    ///   - expected: What should have come next, e.g. "',' or '}'".
    mutating func endOfInput(inside construct: String, expected: String) -> JSONSyntaxError {
        error("the document ends inside \(construct); expected \(expected)", at: count)
    }

    /// The error for an unexpected byte at `offset` (which must be before the end of input).
    ///
    /// Comments, single-quoted strings (where a value or key is expected) and invalid UTF-8 get
    /// their own messages; anything else is described by `message`, which is given the offending
    /// character already quoted.
    mutating func unexpectedCharacter(
        at offset: Int,
        expectingValue: Bool,
        _ message: (String) -> String
    ) -> JSONSyntaxError {
        let byte = bytes[offset]
        if byte == UInt8(ascii: "/"), offset + 1 < count,
           bytes[offset + 1] == UInt8(ascii: "/") || bytes[offset + 1] == UInt8(ascii: "*") {
            return error("comments are not allowed in JSON", at: offset)
        }
        if expectingValue, byte == UInt8(ascii: "'") {
            return error("strings must use double quotes", at: offset)
        }
        if byte >= 0x80, utf8SequenceLength(at: offset) == nil {
            return error("invalid UTF-8 byte 0x\(Self.hex(byte, digits: 2))", at: offset)
        }
        return error(message(describeCharacter(at: offset)), at: offset)
    }

    /// The character at `offset` quoted for a message: `'x'` for printable ASCII, `U+0001` for
    /// control characters, `'é' (U+00E9)` for other scalars, `byte 0xFF` for invalid UTF-8.
    func describeCharacter(at offset: Int) -> String {
        let byte = bytes[offset]
        if byte >= 0x20, byte < 0x7F {
            return "'\(Character(Unicode.Scalar(byte)))'"
        }
        if byte < 0x80 {
            return "U+\(Self.hex(byte, digits: 4))"
        }
        if let length = utf8SequenceLength(at: offset) {
            let text = String(decoding: bytes[offset..<(offset + length)], as: UTF8.self)
            if let scalar = text.unicodeScalars.first {
                return "'\(text)' (U+\(Self.hex(scalar.value, digits: 4)))"
            }
        }
        return "byte 0x\(Self.hex(byte, digits: 2))"
    }

    /// `value` in upper-case hexadecimal, zero-padded to at least `digits` digits.
    static func hex(_ value: some BinaryInteger, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }
}
