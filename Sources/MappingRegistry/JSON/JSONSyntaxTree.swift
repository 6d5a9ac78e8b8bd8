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

    // Where a member's key ends and its colon and comma stand is read from
    // the text on request, exactly as the tolerant parse decides them, so
    // that no tree (a loader's has millions of members) stores them.

    /// A member's key with its quotes; an unterminated key ends with its line.
    package func keyRange(of member: JSONMember) -> Range<Int> {
        member.keyLocation.offset..<JSONToken.stringEnd(from: member.keyLocation.offset, in: bytes).end
    }

    /// Whether a member's key has its closing quote.
    package func keyIsTerminated(_ member: JSONMember) -> Bool {
        JSONToken.stringEnd(from: member.keyLocation.offset, in: bytes).terminated
    }

    /// The offset of the colon after a member's key, if the text has one.
    package func colon(of member: JSONMember) -> Int? {
        offset(of: UInt8(ascii: ":"), after: keyRange(of: member).upperBound)
    }

    /// The offset of the comma right after a member (its value, or its
    /// colon or key when the value is left out), if the text has one.
    package func comma(of member: JSONMember) -> Int? {
        let end = member.value.isMissing ? colon(of: member).map { $0 + 1 } ?? keyRange(of: member).upperBound : member.value.byteRange.upperBound
        return offset(of: UInt8(ascii: ","), after: end)
    }

    /// From a member's key to the end of its value (or of its colon or key
    /// when the value is left out).
    package func range(of member: JSONMember) -> Range<Int> {
        let keyRange = keyRange(of: member)
        let end = member.value.isMissing ? colon(of: member).map { $0 + 1 } ?? keyRange.upperBound : member.value.byteRange.upperBound
        return keyRange.lowerBound..<end
    }

    /// The offset of `character` when only whitespace comes before it from `start`.
    private func offset(of character: UInt8, after start: Int) -> Int? {
        var index = start
        while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
        return index < bytes.count && bytes[index] == character ? index : nil
    }
}
