extension Diagnostic {
    /// Extra information attached to a diagnostic, usually another place in
    /// the sources that the problem involves: for a redeclaration, where
    /// the first declaration is.
    ///
    /// Text output prints one `file:line:column: note: message` line per
    /// note under its diagnostic; JSON output lists them under `"notes"`;
    /// SARIF output as `relatedLocations`; editors as related information.
    public struct Note: Hashable, Sendable, Codable, CustomStringConvertible {
        /// What the place is, such as `'DishRow' is declared here`.
        public var message: String
        /// The place, when it is in a source file.
        public var location: SourceLocation?

        /// Creates a note.
        ///
        /// - Parameters:
        ///   - message: What the place is.
        ///   - location: The place, when it is in a source file.
        public init(message: String, location: SourceLocation? = nil) {
            self.message = message
            self.location = location
        }

        /// The compiler-style form: `file:line:column: note: message`.
        public var description: String {
            let prefix = location.map { "\($0): " } ?? ""
            return "\(prefix)note: \(message)"
        }

        private enum CodingKeys: String, CodingKey {
            case message, file, line, column, pointer
        }

        /// Decodes the flat form written by ``encode(to:)``.
        ///
        /// - Parameter decoder: The decoder to read from.
        /// - Throws: `DecodingError` when `message` is missing or a value has the wrong type.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            message = try container.decode(String.self, forKey: .message)
            location = try SourceLocation.decodeFlat(from: container, file: .file, line: .line, column: .column, pointer: .pointer)
        }

        /// Encodes a flat object: `message`, and where known `file`,
        /// `line`, `column` and `pointer` (the diagnostic's own location keys).
        ///
        /// - Parameter encoder: The encoder to write to.
        /// - Throws: Whatever the encoder throws.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(message, forKey: .message)
            try location?.encodeFlat(into: &container, file: .file, line: .line, column: .column, pointer: .pointer)
        }
    }
}

extension SourceLocation {
    /// Reads a location written flat among other keys: `nil` without `file`.
    static func decodeFlat<Key: CodingKey>(
        from container: KeyedDecodingContainer<Key>,
        file: Key, line: Key, column: Key, pointer: Key
    ) throws -> SourceLocation? {
        guard let name = try container.decodeIfPresent(String.self, forKey: file) else { return nil }
        return SourceLocation(
            file: name,
            line: try container.decodeIfPresent(Int.self, forKey: line) ?? 1,
            column: try container.decodeIfPresent(Int.self, forKey: column) ?? 1,
            pointer: try container.decodeIfPresent(String.self, forKey: pointer) ?? ""
        )
    }

    /// Writes the location flat among other keys.
    func encodeFlat<Key: CodingKey>(
        into container: inout KeyedEncodingContainer<Key>,
        file: Key, line: Key, column: Key, pointer: Key
    ) throws {
        try container.encode(self.file, forKey: file)
        try container.encode(self.line, forKey: line)
        try container.encode(self.column, forKey: column)
        try container.encode(self.pointer, forKey: pointer)
    }
}
