/// How the client counts the `character` of a position: UTF-16 code units
/// (the protocol's default) or UTF-8 bytes, when the client offers them.
enum PositionEncoding: String, Sendable {
    /// UTF-16 code units: the protocol's default.
    case utf16 = "utf-16"
    /// UTF-8 bytes.
    case utf8 = "utf-8"
}

/// A position as the protocol gives it: a 0-based line and a 0-based
/// `character` in the negotiated ``PositionEncoding``.
struct LSPPosition: Equatable, Comparable, Sendable {
    /// The 0-based line.
    var line: Int
    /// The 0-based offset in the line, in the negotiated encoding's units.
    var character: Int

    /// Document order: by line, then by character.
    static func < (left: LSPPosition, right: LSPPosition) -> Bool {
        (left.line, left.character) < (right.line, right.character)
    }
}

/// A range of two positions, the end exclusive.
struct LSPRange: Equatable, Sendable {
    /// The first position in the range.
    var start: LSPPosition
    /// The position after the range.
    var end: LSPPosition
}
