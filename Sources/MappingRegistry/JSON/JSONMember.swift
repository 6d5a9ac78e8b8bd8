/// One `"key": value` member of a JSON object, as written in the source.
package struct JSONMember: Sendable {
    /// The decoded key (escapes resolved).
    package var key: String
    /// Where the key's opening quote is.
    package var keyLocation: TextLocation
    /// The member's value; in a tolerant parse, a member without one has an
    /// empty `.invalid` value (``JSONNode/isMissing``). Where the key ends
    /// and the colon and comma stand, the tree reads from the text
    /// (``JSONSyntaxTree/keyRange(of:)``), so a loader's tree holds no more.
    package var value: JSONNode
}
