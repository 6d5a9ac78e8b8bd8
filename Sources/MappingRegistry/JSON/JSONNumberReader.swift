/// The numbers ``JSONSpanDecoder`` reads itself, because the answer is
/// provably the one `JSONDecoder` gives; for any other literal these return
/// `nil` and the decoder asks `JSONDecoder`.
enum JSONNumberReader {
    /// The value of a literal written as a plain integer (`-?[0-9]+`) that
    /// `T` holds; `nil` for a fraction, an exponent, overflow, or a minus
    /// sign on an unsigned type.
    static func plainInteger<T: FixedWidthInteger>(_ type: T.Type, _ bytes: JSONSpan, from start: Int, to end: Int) -> T? {
        var position = start
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative {
            guard T.isSigned else { return nil }
            position += 1
        }
        guard position < end else { return nil }
        var value: T = 0
        while position < end {
            let byte = bytes[position]
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let digit = T(byte - UInt8(ascii: "0"))
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            // Negative values are built downwards, so T.min fits.
            let (next, overflow2) = negative ? shifted.subtractingReportingOverflow(digit) : shifted.addingReportingOverflow(digit)
            guard !overflow, !overflow2 else { return nil }
            value = next
            position += 1
        }
        return value
    }

    /// The decimal literal as an exact integer `mantissa` × 10^`exponent`,
    /// or `nil` when the mantissa has more than 19 digits.
    private static func decompose(_ bytes: JSONSpan, from start: Int, to end: Int) -> (negative: Bool, mantissa: UInt64, exponent: Int)? {
        var position = start
        let negative = bytes[position] == UInt8(ascii: "-")
        if negative { position += 1 }
        var mantissa: UInt64 = 0
        var digits = 0
        var exponent = 0
        var inFraction = false
        while position < end {
            let byte = bytes[position]
            if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                if mantissa != 0 || byte != UInt8(ascii: "0") {
                    digits += 1
                    guard digits <= 19 else { return nil }
                    mantissa = mantissa * 10 + UInt64(byte - UInt8(ascii: "0"))
                }
                if inFraction { exponent -= 1 }
                position += 1
            } else if byte == UInt8(ascii: ".") {
                inFraction = true
                position += 1
            } else {
                break
            }
        }
        if position < end {
            // An exponent: e, E, then an optional sign and digits.
            position += 1
            let negativeExponent = bytes[position] == UInt8(ascii: "-")
            if bytes[position] == UInt8(ascii: "-") || bytes[position] == UInt8(ascii: "+") { position += 1 }
            var written = 0
            while position < end {
                let byte = bytes[position]
                guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
                // Past a thousand the result is 0, infinite, or left to JSONDecoder anyway.
                written = min(written * 10 + Int(byte - UInt8(ascii: "0")), 100_000)
                position += 1
            }
            exponent += negativeExponent ? -written : written
        }
        return (negative, mantissa, exponent)
    }

    /// Exact powers of ten: every one up to 10^22 is a `Double`.
    private static let doublePowers: [Double] = (0...22).map { exponent in
        (0..<exponent).reduce(1.0) { power, _ in power * 10 }
    }

    /// The literal's `Double` when one IEEE operation on exact operands
    /// gives it (a mantissa up to 2^53 and a power of ten up to 10^22,
    /// Clinger's fast path): then it is the correctly rounded value, which is
    /// what `JSONDecoder` (strtod) returns too. Zero only when every digit is.
    static func exactDouble(_ bytes: JSONSpan, from start: Int, to end: Int) -> Double? {
        guard let (negative, mantissa, exponent) = decompose(bytes, from: start, to: end) else { return nil }
        let value: Double
        if mantissa == 0 {
            value = 0
        } else {
            guard mantissa <= 1 << 53, (-22...22).contains(exponent) else { return nil }
            value = exponent < 0 ? Double(mantissa) / doublePowers[-exponent] : Double(mantissa) * doublePowers[exponent]
        }
        return negative ? -value : value
    }

    /// Exact powers of ten as `Float`s, up to 10^10.
    private static let floatPowers: [Float] = (0...10).map { exponent in
        (0..<exponent).reduce(Float(1)) { power, _ in power * 10 }
    }

    /// The literal's `Float`, by the same reasoning as ``exactDouble(_:from:to:)``
    /// with a mantissa up to 2^24 and a power of ten up to 10^10.
    static func exactFloat(_ bytes: JSONSpan, from start: Int, to end: Int) -> Float? {
        guard let (negative, mantissa, exponent) = decompose(bytes, from: start, to: end) else { return nil }
        let value: Float
        if mantissa == 0 {
            value = 0
        } else {
            guard mantissa <= 1 << 24, (-10...10).contains(exponent) else { return nil }
            value = exponent < 0 ? Float(mantissa) / floatPowers[-exponent] : Float(mantissa) * floatPowers[exponent]
        }
        return negative ? -value : value
    }
}
