/// A number kept as its literal text, so integers are never rounded through `Double`.
package struct JSONNumber: Hashable, Sendable {
    /// The number exactly as written in the source, e.g. `-12.5e3`.
    package var literal: String
    /// The value of an integer literal (no fraction, no exponent) that fits in `Int`; `nil` otherwise. `-0` gives `0`.
    package var intValue: Int?
    /// The value as a `Double`; `nil` if it is not finite (e.g. `1e400`).
    package var doubleValue: Double?

    /// Whether the literal is written as an integer (no fraction, no
    /// exponent), whether or not it fits in `Int`.
    var isIntegerLiteral: Bool {
        !literal.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
    }

    /// Creates a number from its literal text and derives `intValue` and `doubleValue` from it.
    ///
    /// - Parameter literal: A valid JSON number literal.
    init(literal: String) {
        self.literal = literal
        // A JSON literal never has a leading "+", so `Int(_:)` accepts exactly the
        // integer literals (it rejects fractions, exponents and overflow).
        self.intValue = Int(literal)
        if let double = Double(literal), double.isFinite {
            self.doubleValue = double
        } else {
            self.doubleValue = nil
        }
    }
}
