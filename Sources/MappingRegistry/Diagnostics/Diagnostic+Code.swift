extension Diagnostic {
    /// A stable diagnostic code, such as `missing-mapping`.
    ///
    /// ``Diagnostic/code`` stays a `String` (the kebab-case text every output
    /// prints); `Code` gives those strings names that the compiler checks:
    ///
    /// ```swift
    /// if diagnostic.code == .missingMapping { … }
    /// switch diagnostic.code {
    /// case Diagnostic.Code.ambiguousMapping: …
    /// default: …
    /// }
    /// ```
    ///
    /// A struct with static members rather than an enum, so codes can be
    /// added without breaking a `switch` in someone's code.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The kebab-case text, such as `missing-mapping`.
        public var rawValue: String

        /// Creates a code from its kebab-case text.
        ///
        /// - Parameter rawValue: The text, such as `missing-mapping`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a code from a string literal.
        ///
        /// - Parameter value: The kebab-case text.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// The kebab-case text.
        public var description: String { rawValue }

        // MARK: Loading a configuration

        /// The file is not valid JSON (RFC 8259), too deep or too large.
        public static let invalidJSON: Code = "invalid-json"
        /// The configuration's `version` is not one this library reads.
        public static let unsupportedVersion: Code = "unsupported-version"
        /// A required key is missing; the location is the object that lacks it.
        public static let missingKey: Code = "missing-key"
        /// A key that is not allowed here; the location is the key.
        public static let unknownKey: Code = "unknown-key"
        /// A key written twice in one object.
        public static let duplicateKey: Code = "duplicate-key"
        /// A value of the wrong JSON type, or out of range for its type.
        public static let wrongType: Code = "wrong-type"
        /// A view name the plugin catalog does not have.
        public static let unknownView: Code = "unknown-view"
        /// A model name the plugin catalog does not have.
        public static let unknownModel: Code = "unknown-model"
        /// A predicate name the plugin catalog does not have.
        public static let unknownPredicate: Code = "unknown-predicate"
        /// A decorator name the plugin catalog does not have.
        public static let unknownDecorator: Code = "unknown-decorator"
        /// A section number below 0.
        public static let invalidSection: Code = "invalid-section"
        /// A condition with nothing to test: an empty `all` or `any`, a `not` of nothing.
        public static let invalidCondition: Code = "invalid-condition"
        /// A predicate that takes an argument was given none.
        public static let missingArgument: Code = "missing-argument"
        /// A predicate that takes no argument was given one.
        public static let unexpectedArgument: Code = "unexpected-argument"
        /// A view, predicate or decorator can never take the mapping's model.
        public static let incompatibleModel: Code = "incompatible-model"
        /// One reuse identifier names two different views.
        public static let reuseIdentifierConflict: Code = "reuse-identifier-conflict"
        /// Two mappings say the same thing.
        public static let duplicateMapping: Code = "duplicate-mapping"
        /// Two mappings of one kind and priority provably claim the same values.
        public static let overlappingMappings: Code = "overlapping-mappings"
        /// A plugin name registered twice in one category.
        public static let duplicatePlugin: Code = "duplicate-plugin"
        /// A handler name the plugin catalog does not have.
        public static let unknownHandler: Code = "unknown-handler"
        /// An `"events"` key that the library does not name and no registered handler serves.
        public static let unknownEvent: Code = "unknown-event"
        /// A handler listed under an event it was not registered for.
        public static let incompatibleEvent: Code = "incompatible-event"
        /// A second handler for one event of one mapping; located at the second.
        public static let duplicateEventHandler: Code = "duplicate-event-handler"
        /// A file that cannot be read, or is too large.
        public static let unreadableFile: Code = "unreadable-file"

        // MARK: Warnings

        /// A registered view that no mapping uses.
        public static let unusedView: Code = "unused-view"
        /// A registered predicate that no mapping uses.
        public static let unusedPredicate: Code = "unused-predicate"
        /// A registered decorator that no mapping uses.
        public static let unusedDecorator: Code = "unused-decorator"
        /// A condition that holds in no section for any predicate answer, so its mapping never applies.
        public static let unsatisfiableCondition: Code = "unsatisfiable-condition"
        /// A decorator listed twice on one mapping; located at the second listing.
        public static let duplicateDecorator: Code = "duplicate-decorator"
        /// A registered event handler that no mapping lists.
        public static let unusedHandler: Code = "unused-handler"

        // MARK: Data documents

        /// A data model registered without `Decodable`, so data cannot create it.
        public static let undecodableModel: Code = "undecodable-model"
        /// A value the model's `Decodable` conformance rejects.
        public static let undecodableValue: Code = "undecodable-value"
        /// `header`, `footer` or `cell`, in any letter case, used as a custom
        /// supplementary kind (a mapping's `"kind": "Header"`, a data
        /// document's `"supplementary": {"header": …}`).
        public static let reservedKind: Code = "reserved-kind"

        // MARK: Resolving items

        /// No mapping applies to an item.
        public static let missingMapping: Code = "missing-mapping"
        /// Several mappings of the highest priority apply to an item.
        public static let ambiguousMapping: Code = "ambiguous-mapping"
        /// The stored item is `nil`.
        public static let nilModel: Code = "nil-model"
        /// A handler that takes a view was sent no view, or a view of another type.
        public static let missingView: Code = "missing-view"
        /// A predicate that reads a render context was asked without one, or with one of another type.
        public static let missingContext: Code = "missing-context"
        /// Text was asked of an item whose mapping's view is not a `TextView`.
        public static let unrenderableView: Code = "unrenderable-view"

        /// Every code this version of the library can produce, in the order
        /// of the tables in README.
        public static let all: [Code] = [
            .invalidJSON, .unsupportedVersion, .missingKey, .unknownKey, .duplicateKey, .wrongType,
            .unknownView, .unknownModel, .unknownPredicate, .unknownDecorator, .invalidSection,
            .invalidCondition, .missingArgument, .unexpectedArgument, .incompatibleModel,
            .reuseIdentifierConflict, .duplicateMapping, .overlappingMappings, .duplicatePlugin,
            .unknownHandler, .unknownEvent, .incompatibleEvent, .duplicateEventHandler,
            .unreadableFile, .unusedView, .unusedPredicate, .unusedDecorator, .unsatisfiableCondition,
            .duplicateDecorator, .unusedHandler, .undecodableModel,
            .undecodableValue, .reservedKind, .missingMapping, .ambiguousMapping, .nilModel,
            .missingView, .missingContext, .unrenderableView,
        ]
    }
}

// MARK: - Comparing a code string with a Code

extension String {
    /// Whether a diagnostic's code string is a given code: `diagnostic.code == .missingMapping`.
    ///
    /// - Parameters:
    ///   - lhs: A code string, such as ``Diagnostic/code``.
    ///   - rhs: A code.
    /// - Returns: Whether the texts are equal.
    public static func == (lhs: String, rhs: Diagnostic.Code) -> Bool {
        lhs == rhs.rawValue
    }

    /// Whether a diagnostic's code string is not a given code.
    ///
    /// - Parameters:
    ///   - lhs: A code string, such as ``Diagnostic/code``.
    ///   - rhs: A code.
    /// - Returns: Whether the texts differ.
    public static func != (lhs: String, rhs: Diagnostic.Code) -> Bool {
        lhs != rhs.rawValue
    }
}

extension Optional where Wrapped == String {
    /// Whether an optional code string is a given code:
    /// `resolution.diagnostic?.code == .missingMapping`.
    ///
    /// - Parameters:
    ///   - lhs: An optional code string.
    ///   - rhs: A code.
    /// - Returns: Whether the string is present and equal to the code's text.
    public static func == (lhs: String?, rhs: Diagnostic.Code) -> Bool {
        lhs == rhs.rawValue
    }

    /// Whether an optional code string is absent or not a given code.
    ///
    /// - Parameters:
    ///   - lhs: An optional code string.
    ///   - rhs: A code.
    /// - Returns: Whether the string is absent or differs from the code's text.
    public static func != (lhs: String?, rhs: Diagnostic.Code) -> Bool {
        lhs != rhs.rawValue
    }
}

extension Diagnostic.Code {
    /// Matches a code string in a `switch`: `case Diagnostic.Code.missingMapping:`.
    ///
    /// - Parameters:
    ///   - pattern: The code to match.
    ///   - value: A code string, such as ``Diagnostic/code``.
    /// - Returns: Whether the texts are equal.
    public static func ~= (pattern: Diagnostic.Code, value: String) -> Bool {
        pattern.rawValue == value
    }
}
