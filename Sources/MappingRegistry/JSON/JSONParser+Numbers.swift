/// Numbers.
extension JSONParser {
    /// Parses a number per RFC 8259 (``JSONNumber/scan(from:_:)``); `index`
    /// is at its `-` or first digit.
    mutating func parseNumber() throws(JSONSyntaxError) -> JSONNumber {
        let start = index
        let scan = JSONNumber.scan(from: start) { $0 < count ? bytes[$0] : 0 }
        index = scan.end
        switch scan.malformation {
        case nil: break
        case .noDigitAfterMinus: throw error("invalid number: expected a digit after '-'", at: index)
        case .leadingZero: throw error("invalid number: leading zeros are not allowed", at: index)
        case .noDigitAfterPoint: throw error("invalid number: expected a digit after '.'", at: index)
        case .noDigitInExponent: throw error("invalid number: expected a digit in the exponent", at: index)
        }
        return JSONNumber(literal: String(decoding: bytes[start..<index], as: UTF8.self))
    }
}
