/// A 1-based line and column plus a 0-based UTF-8 byte offset into the source.
///
/// The column counts Unicode scalars (not bytes and not UTF-16 units); a tab counts as one column.
/// The offset is into the source bytes as given, so it includes a leading byte order mark.
package struct TextLocation: Hashable, Sendable {
    /// The 1-based line number.
    package var line: Int
    /// The 1-based column, counted in Unicode scalars.
    package var column: Int
    /// The 0-based UTF-8 byte offset into the source.
    package var offset: Int
}

extension TextLocation: CustomStringConvertible {
    /// `line:column`, as used in `file:line:column` diagnostics.
    package var description: String { "\(line):\(column)" }
}
