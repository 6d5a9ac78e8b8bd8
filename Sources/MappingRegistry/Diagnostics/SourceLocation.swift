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

extension SourceLocation {
    /// A registration site written `path:line` (a catalog file's
    /// `registeredAt`), as a location at the line's first column.
    init(registrationSite site: String) {
        let parts = site.split(separator: ":", omittingEmptySubsequences: false)
        if parts.count >= 2, let line = Int(parts[parts.count - 1]) {
            self.init(file: parts.dropLast().joined(separator: ":"), line: line, column: 1, pointer: "")
        } else {
            self.init(file: site, line: 1, column: 1, pointer: "")
        }
    }
}

extension SourceLocation {
    /// A Swift location written `file:line:column`, as a catalog file's
    /// `"location"` holds it; `nil` when it is not of that form.
    init?(swiftLocation text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]),
              line > 0, column > 0 else { return nil }
        self.init(file: parts.dropLast(2).joined(separator: ":"), line: line, column: column, pointer: "")
    }
}
