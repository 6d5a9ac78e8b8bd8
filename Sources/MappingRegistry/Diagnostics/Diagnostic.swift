import ModelStorage

/// One problem, warning or note for the user: in a configuration, in a
/// data document, or met while resolving an item.
///
/// Every diagnostic has a stable, kebab-case ``code`` (for example
/// `unknown-predicate`) that tools and tests can rely on, a one-line
/// ``message`` that names the offending value, and where known a
/// ``location`` in a source file and the ``position`` of the item.
/// Name codes through ``Code``: `diagnostic.code == .missingMapping`.
///
/// A diagnostic is also an `Error`, so a failed one-item render can be a
/// `Result<String, Diagnostic>` (see ``ReusePool``).
///
/// ```swift
/// print(diagnostic)
/// ```
/// ```text
/// mappings.json:4:58: error: unknown predicate 'isVegam'; did you mean 'isVegan'? [unknown-predicate]
/// ```
public struct Diagnostic: Error, Hashable, Sendable, Codable, CustomStringConvertible {
    /// How serious a diagnostic is.
    public enum Severity: String, Hashable, Sendable, Codable, CaseIterable, CustomStringConvertible {
        /// The input cannot be used as it is.
        case error
        /// The input works, but something in it is probably a mistake.
        case warning
        /// Extra information attached to another diagnostic.
        case note

        /// The raw value: `error`, `warning` or `note`.
        public var description: String { rawValue }
    }

    /// How serious the diagnostic is.
    public var severity: Severity {
        get { storage.severity }
        set { uniqueStorage().severity = newValue }
    }
    /// The stable code, such as ``Code/missingMapping`` (`missing-mapping`).
    ///
    /// Compare it with a constant or with its text:
    /// `diagnostic.code == .missingMapping`, `diagnostic.code == "missing-mapping"`.
    public var code: Code {
        get { storage.code }
        set { uniqueStorage().code = newValue }
    }
    /// One line that names the problem and the offending value.
    public var message: String {
        get { storage.message }
        set { uniqueStorage().message = newValue }
    }
    /// Where in a source file the problem is, when it comes from a file.
    public var location: SourceLocation? {
        get { storage.location }
        set { uniqueStorage().location = newValue }
    }
    /// The item the problem concerns, when it comes from resolving an item.
    public var position: ItemPosition? {
        get { storage.position }
        set { uniqueStorage().position = newValue }
    }
    /// Other places the problem involves, such as the first of two
    /// mappings that collide; empty for most diagnostics.
    public var notes: [Note] {
        get { storage.notes }
        set { uniqueStorage().notes = newValue }
    }

    /// The fields, in one object copied on write: a diagnostic is one
    /// reference, so the ``Resolution`` that may carry one, returned by
    /// every resolve, is small to copy and to destroy.
    private var storage: Storage

    /// Creates a diagnostic.
    ///
    /// - Parameters:
    ///   - severity: How serious it is.
    ///   - code: The stable code, such as ``Code/missingMapping`` or `"missing-mapping"`.
    ///   - message: One line naming the problem.
    ///   - location: Where in a source file, if known.
    ///   - position: Which item, if any.
    ///   - notes: Other places the problem involves.
    public init(
        severity: Severity,
        code: Code,
        message: String,
        location: SourceLocation? = nil,
        position: ItemPosition? = nil,
        notes: [Note] = []
    ) {
        storage = Storage(severity: severity, code: code, message: message, location: location, position: position, notes: notes)
    }

    /// The storage, copied first if another diagnostic shares it.
    private mutating func uniqueStorage() -> Storage {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(
                severity: storage.severity, code: storage.code, message: storage.message,
                location: storage.location, position: storage.position, notes: storage.notes
            )
        }
        return storage
    }

    /// Whether two diagnostics say the same thing about the same place.
    ///
    /// - Parameters:
    ///   - lhs: A diagnostic.
    ///   - rhs: Another diagnostic.
    /// - Returns: Whether every property is equal.
    public static func == (lhs: Diagnostic, rhs: Diagnostic) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return lhs.severity == rhs.severity && lhs.code == rhs.code && lhs.message == rhs.message
            && lhs.location == rhs.location && lhs.position == rhs.position && lhs.notes == rhs.notes
    }

    /// Hashes every property.
    ///
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(severity)
        hasher.combine(code)
        hasher.combine(message)
        hasher.combine(location)
        hasher.combine(position)
        hasher.combine(notes)
    }

    /// The compiler-style form: `file:line:column: severity: message [code]`.
    ///
    /// Without a location the prefix is left out: `severity: message [code]`.
    /// It is one line: the ``notes`` are not part of it (``DiagnosticFormatter``
    /// and ``ConfigurationError/description`` print them under it).
    public var description: String {
        let prefix = location.map { "\($0): " } ?? ""
        return "\(prefix)\(severity): \(message) [\(code)]"
    }

    /// Sorts diagnostics for printing: by file, line and column, then by
    /// item position, then by code and message, so output is deterministic.
    ///
    /// - Parameter diagnostics: The diagnostics to sort.
    /// - Returns: The same diagnostics in printing order.
    public static func sorted(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.sorted { lhs, rhs in
            let left = (lhs.location?.file ?? "", lhs.location?.line ?? 0, lhs.location?.column ?? 0)
            let right = (rhs.location?.file ?? "", rhs.location?.line ?? 0, rhs.location?.column ?? 0)
            if left != right { return left < right }
            let leftPosition = lhs.position ?? ItemPosition(item: -1, section: -1)
            let rightPosition = rhs.position ?? ItemPosition(item: -1, section: -1)
            if leftPosition != rightPosition { return leftPosition < rightPosition }
            return (lhs.code.rawValue, lhs.message) < (rhs.code.rawValue, rhs.message)
        }
    }
}

// MARK: - Codable

extension Diagnostic {
    private enum CodingKeys: String, CodingKey {
        case severity, code, message, file, line, column, pointer, section, item, notes
    }

    /// Decodes the flat form written by ``encode(to:)``.
    ///
    /// - Parameter decoder: The decoder to read from.
    /// - Throws: `DecodingError` when a required key is missing or has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var position: ItemPosition?
        if let section = try container.decodeIfPresent(Int.self, forKey: .section),
           let item = try container.decodeIfPresent(Int.self, forKey: .item) {
            position = ItemPosition(item: item, section: section)
        }
        self.init(
            severity: try container.decode(Severity.self, forKey: .severity),
            code: try container.decode(Code.self, forKey: .code),
            message: try container.decode(String.self, forKey: .message),
            location: try SourceLocation.decodeFlat(from: container, file: .file, line: .line, column: .column, pointer: .pointer),
            position: position,
            notes: try container.decodeIfPresent([Note].self, forKey: .notes) ?? []
        )
    }

    /// Encodes a flat object: `severity`, `code`, `message`, and where known
    /// `file`, `line`, `column`, `pointer`, `section`, `item`, and `notes`
    /// when there are any.
    ///
    /// - Parameter encoder: The encoder to write to.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(severity, forKey: .severity)
        try container.encode(code, forKey: .code)
        try container.encode(message, forKey: .message)
        try location?.encodeFlat(into: &container, file: .file, line: .line, column: .column, pointer: .pointer)
        if let position {
            try container.encode(position.section, forKey: .section)
            try container.encode(position.item, forKey: .item)
        }
        if !notes.isEmpty {
            try container.encode(notes, forKey: .notes)
        }
    }
}

// MARK: - Storage

extension Diagnostic {
    /// A diagnostic's fields.
    private final class Storage: @unchecked Sendable {
        // @unchecked: the fields are only written through
        // `Diagnostic.uniqueStorage()`, that is while one diagnostic holds
        // the only reference, so no other value, on any thread, sees a write.
        var severity: Severity
        var code: Code
        var message: String
        var location: SourceLocation?
        var position: ItemPosition?
        var notes: [Note]

        init(severity: Severity, code: Code, message: String, location: SourceLocation?, position: ItemPosition?, notes: [Note]) {
            self.severity = severity
            self.code = code
            self.message = message
            self.location = location
            self.position = position
            self.notes = notes
        }
    }
}
