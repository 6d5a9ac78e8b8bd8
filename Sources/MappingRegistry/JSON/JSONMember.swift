/// One `"key": value` member of a JSON object, as written in the source.
package struct JSONMember: Sendable {
    /// The decoded key (escapes resolved).
    package var key: String
    /// Where the key's opening quote is.
    package var keyLocation: TextLocation
    /// The member's value.
    package var value: JSONNode
}
