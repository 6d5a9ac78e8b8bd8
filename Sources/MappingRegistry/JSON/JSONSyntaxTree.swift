/// A parsed document: its root node (every node with its byte range, line
/// and column) and the syntax errors met on the way.
///
/// A strict parse has either a root or one error; a tolerant parse has a
/// root whenever the text starts with a value, and every error it recovered
/// from.
package struct JSONSyntaxTree: Sendable {
    /// The text parsed.
    package let bytes: [UInt8]
    /// The top-level value, `nil` for a text without one.
    package let root: JSONNode?
    /// The syntax errors, in the order met.
    package let errors: [JSONSyntaxError]

    /// Every token of the text, in order (a scan, not kept).
    package var tokens: [JSONToken] { JSONToken.scan(bytes) }
}
