/// One `"key": value` member of a JSON object, as written in the source.
struct JSONMember: Sendable {
    /// The decoded key (escapes resolved).
    var key: String
    /// Where the key's opening quote is.
    var keyLocation: TextLocation
    /// The member's value.
    var value: JSONNode
}
