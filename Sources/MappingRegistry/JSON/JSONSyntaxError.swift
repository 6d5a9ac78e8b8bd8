/// A JSON syntax error: what is wrong, in plain words, and the character it points at.
package struct JSONSyntaxError: Error, Equatable, Sendable {
    /// A human-readable description of the problem, e.g. "trailing comma before '}'".
    package var message: String
    /// Where the problem is: the offending character, or where the input ended.
    package var location: TextLocation
}

extension JSONSyntaxError: CustomStringConvertible {
    /// `line:column: message`.
    package var description: String { "\(location): \(message)" }
}
