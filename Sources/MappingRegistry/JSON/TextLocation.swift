/// A 1-based line and column plus a 0-based UTF-8 byte offset into the source.
///
/// The column counts Unicode scalars (not bytes and not UTF-16 units); a tab counts as one column.
/// The offset is into the source bytes as given, so it includes a leading byte order mark.
struct TextLocation: Hashable, Sendable {
    /// The 1-based line number.
    var line: Int
    /// The 1-based column, counted in Unicode scalars.
    var column: Int
    /// The 0-based UTF-8 byte offset into the source.
    var offset: Int
}

extension TextLocation: CustomStringConvertible {
    /// `line:column`, as used in `file:line:column` diagnostics.
    var description: String { "\(line):\(column)" }
}
