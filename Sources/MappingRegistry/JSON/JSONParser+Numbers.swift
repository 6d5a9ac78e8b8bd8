/// Numbers.
extension JSONParser {
    /// Parses a number per RFC 8259 (`-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`);
    /// `index` is at its `-` or first digit.
    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        if bytes[index] == UInt8(ascii: "-") {
            index += 1
            guard isDigit(at: index) else {
                throw error("invalid number: expected a digit after '-'", at: index)
            }
        }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
            if isDigit(at: index) {
                throw error("invalid number: leading zeros are not allowed", at: index)
            }
        } else {
            skipDigits()
        }
        if index < count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(at: index) else {
                throw error("invalid number: expected a digit after '.'", at: index)
            }
            skipDigits()
        }
        if index < count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") {
                index += 1
            }
            guard isDigit(at: index) else {
                throw error("invalid number: expected a digit in the exponent", at: index)
            }
            skipDigits()
        }
        return JSONNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }

    /// Whether there is an ASCII digit at `offset` (false at the end of input).
    private func isDigit(at offset: Int) -> Bool {
        offset < count && bytes[offset] >= UInt8(ascii: "0") && bytes[offset] <= UInt8(ascii: "9")
    }

    /// Advances `index` past a run of ASCII digits.
    private mutating func skipDigits() {
        while isDigit(at: index) {
            index += 1
        }
    }
}
