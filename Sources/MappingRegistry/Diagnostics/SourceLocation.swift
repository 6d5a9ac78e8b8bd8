/// Where in a source file a diagnostic points.
///
/// `line` and `column` are 1-based; a column counts Unicode scalars.
/// `pointer` is an RFC 6901 JSON pointer to the offending value, such as
/// `/mappings/3/condition/predicate` (the empty string is the whole document).
public struct SourceLocation: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The file name as given to the loader, such as `mappings.json`.
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// The 1-based column, counted in Unicode scalars.
    public var column: Int
    /// The JSON pointer to the offending value (or key, or object).
    public var pointer: String

    /// Creates a location.
    ///
    /// - Parameters:
    ///   - file: The file name.
    ///   - line: The 1-based line.
    ///   - column: The 1-based column.
    ///   - pointer: The JSON pointer of the value.
    public init(file: String, line: Int, column: Int, pointer: String) {
        self.file = file
        self.line = line
        self.column = column
        self.pointer = pointer
    }

    /// `file:line:column`, the form editors and terminals turn into links.
    public var description: String {
        "\(file):\(line):\(column)"
    }
}
