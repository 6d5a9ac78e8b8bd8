/// The number grammar of RFC 8259, `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`:
/// the one scan the parser (which words what is wrong) and the fast
/// scanner (which declines) both run.
extension JSONNumber {
    /// What keeps a literal from being a number, and where.
    enum Malformation: Equatable {
        case noDigitAfterMinus
        case leadingZero
        case noDigitAfterPoint
        case noDigitInExponent
    }

    /// Where a scan of a literal ended.
    struct Scan {
        /// The offset after the literal, or of the offending byte.
        var end: Int
        /// Whether the literal has an exponent.
        var hasExponent: Bool
        /// Why it is no number; `nil` when it is one.
        var malformation: Malformation?
    }

    /// Scans the literal at `start` (a `-` or a digit).
    ///
    /// - Parameters:
    ///   - start: The literal's first byte.
    ///   - byte: The byte at an offset; 0 past the end.
    @inline(__always)
    static func scan(from start: Int, _ byte: (Int) -> UInt8) -> Scan {
        func isDigit(_ offset: Int) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte(offset)) }
        var index = start
        if byte(index) == UInt8(ascii: "-") {
            index += 1
            guard isDigit(index) else { return Scan(end: index, hasExponent: false, malformation: .noDigitAfterMinus) }
        }
        if byte(index) == UInt8(ascii: "0") {
            index += 1
            if isDigit(index) { return Scan(end: index, hasExponent: false, malformation: .leadingZero) }
        } else {
            while isDigit(index) { index += 1 }
        }
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return Scan(end: index, hasExponent: false, malformation: .noDigitAfterPoint) }
            while isDigit(index) { index += 1 }
        }
        var hasExponent = false
        if byte(index) == UInt8(ascii: "e") || byte(index) == UInt8(ascii: "E") {
            hasExponent = true
            index += 1
            if byte(index) == UInt8(ascii: "+") || byte(index) == UInt8(ascii: "-") { index += 1 }
            guard isDigit(index) else { return Scan(end: index, hasExponent: true, malformation: .noDigitInExponent) }
            while isDigit(index) { index += 1 }
        }
        return Scan(end: index, hasExponent: hasExponent, malformation: nil)
    }
}
