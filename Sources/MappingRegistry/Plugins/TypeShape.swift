/// The broad category of a Swift type, read from its runtime metadata, for
/// deciding at load time how two model types relate.
enum TypeShape: Sendable, Equatable {
    /// `Any`: every value belongs to it.
    case anything
    /// A class: its values also belong to its superclasses.
    case reference
    /// A struct or enum (not `Optional`, not `AnyHashable`): its values
    /// belong to it alone and to the protocols it conforms to.
    case value
    /// A protocol existential such as `any Food`, `any Food & Sendable`,
    /// `AnyObject` or `any Promotion & Food`.
    case existential(ExistentialLayout)
    /// An `Optional`, `AnyHashable`, a tuple, a function, a metatype or a
    /// parameterized existential: membership depends on the value in ways
    /// this library does not decide.
    case undecidable

    /// Reads the shape of `type`.
    ///
    /// - Parameter kind: Reads a type's metadata kind; a test passes a
    ///   reader that fails, to check that the shape is then `undecidable`.
    init(_ type: any Any.Type, kind: (any Any.Type) -> RuntimeMetadata.Kind? = RuntimeMetadata.kind(of:)) {
        if type == Any.self {
            self = .anything
            return
        }
        if type is AnyClass {
            self = .reference
            return
        }
        if type == AnyHashable.self || type is any OptionalUnwrapping.Type {
            self = .undecidable
            return
        }
        // No public API tells a struct or enum from a tuple, function or
        // metatype, or lists an existential's protocols: the metadata does.
        switch kind(type) {
        case .structure, .enumeration: self = .value
        case .existential: self = ExistentialLayout(type).map(TypeShape.existential) ?? .undecidable
        case .optional, .other, nil: self = .undecidable
        }
    }
}

/// What an existential type requires of its values: protocols, a class
/// bound, a superclass.
struct ExistentialLayout: Sendable, Equatable {
    /// The runtime protocol descriptors, as addresses.
    let protocols: [UInt]
    /// Whether only class instances qualify (`AnyObject`, class-bound protocols).
    let isClassBound: Bool
    /// The superclass the value must inherit from, for `any Base & P`.
    let superclass: ObjectIdentifier?
    /// The same superclass as a type, to test subclasses against.
    let superclassType: (any Any.Type)?

    /// Reads the layout of an existential type's metadata; `nil` when it
    /// names an Objective-C protocol, whose conformances the Swift runtime
    /// does not answer for here, or the layout is not as expected.
    init?(_ type: any Any.Type) {
        guard let layout = RuntimeMetadata.existential(of: type) else { return nil }
        protocols = layout.protocols
        isClassBound = layout.isClassBound
        superclassType = layout.superclass
        superclass = layout.superclass.map { ObjectIdentifier($0) }
    }

    static func == (lhs: ExistentialLayout, rhs: ExistentialLayout) -> Bool {
        lhs.protocols == rhs.protocols && lhs.isClassBound == rhs.isClassBound && lhs.superclass == rhs.superclass
    }
}
