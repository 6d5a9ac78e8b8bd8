/// One `"key": value` member of a JSON object, as written in the source.
package struct JSONMember: Sendable {
    /// The decoded key (escapes resolved).
    package var key: String
    /// Where the key's opening quote is.
    package var keyLocation: TextLocation
    /// The offset after the key's closing quote (after the last byte of an
    /// unterminated key).
    package var keyEnd: Int
    /// Whether the key's closing quote is there (always in a strict parse).
    package var keyTerminated = true
    /// The offset of the colon, `nil` when a tolerant parse found none.
    package var colon: Int?
    /// The member's value; in a tolerant parse, a member without one has an
    /// empty `.invalid` value (``JSONNode/isMissing``).
    package var value: JSONNode
    /// The offset of the comma after the member, if any.
    package var comma: Int?

    /// The key with its quotes.
    package var keyRange: Range<Int> { keyLocation.offset..<keyEnd }
}
