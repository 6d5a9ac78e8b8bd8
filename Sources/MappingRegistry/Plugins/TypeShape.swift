/// The broad category of a Swift type, for deciding at load time how two
/// model types relate, found with public API only.
///
/// What a language feature answers is asked of it: `Any` and `AnyHashable`
/// by identity, classes with `is AnyClass`, `Optional`s with a cast to
/// `any OptionalUnwrapping.Type`. No public API tells a struct or enum from
/// a protocol existential, a tuple, a function or a metatype; the names
/// Swift prints for a type and for its metatype do (``init(_:names:)``), and
/// a self-check on types whose answers are known runs before the first
/// answer (``namesAreTrusted``). When it fails, every shape the names would
/// decide is ``undecidable``: the checker then neither proves nor disproves
/// with it, so a printing change in a toolchain makes answers weaker, never
/// wrong.
enum TypeShape: Sendable, Equatable {
    /// `Any`: every value belongs to it.
    case anything
    /// A class: its values also belong to its superclasses.
    case reference
    /// A struct or enum (not `Optional`, not `AnyHashable`): its values
    /// belong to it alone and to the protocols it conforms to.
    case value
    /// A protocol existential such as `any Food`, `any Food & Sendable`,
    /// `AnyObject` or `any Promotion & Food`. Which types conform is known
    /// only from a value (a cast), so its relations to other types are
    /// undecidable at load time, like ``undecidable``'s.
    case existential
    /// An `Optional`, `AnyHashable`, a tuple, a function, a metatype, or a
    /// type whose name does not say: membership depends on the value in
    /// ways this library does not decide.
    case undecidable

    /// What the printed names of a type and of its metatype say about it;
    /// `nil` when they say nothing this library trusts.
    enum NameReading: Sendable, Equatable {
        case value, existential
    }

    /// Reads the shape of `type`.
    ///
    /// - Parameter names: What the printed names say (see
    ///   ``reading(name:metatypeName:)``); `nil` when they cannot be
    ///   trusted. Tests pass a reader that fails, to check that the shape is
    ///   then `undecidable` wherever the names would have decided it.
    init(_ type: any Any.Type, names: (any Any.Type) -> NameReading? = TypeShape.trustedReading(of:)) {
        if type == Any.self {
            self = .anything
            return
        }
        if type is AnyClass {
            self = .reference
            return
        }
        if type == AnyObject.self {
            self = .existential
            return
        }
        if type == AnyHashable.self || type is any OptionalUnwrapping.Type {
            self = .undecidable
            return
        }
        switch names(type) {
        case .value: self = .value
        case .existential: self = .existential
        case nil: self = .undecidable
        }
    }

    // MARK: - Reading names

    /// Whether ``reading(of:)`` gave the known answers for known types
    /// (checked once, at first use); `false` makes every reading `nil`.
    static let namesAreTrusted: Bool = selfCheck(reading(of:))

    /// ``reading(of:)``, when the self-check passed; `nil` otherwise.
    static func trustedReading(of type: any Any.Type) -> NameReading? {
        namesAreTrusted ? reading(of: type) : nil
    }

    /// What `String(reflecting:)` says of a type and of its metatype.
    static func reading(of type: any Any.Type) -> NameReading? {
        reading(name: String(reflecting: type), metatypeName: String(reflecting: Swift.type(of: type)))
    }

    /// Reads a type's category from its printed name and its metatype's.
    ///
    /// - A metatype (`Swift.Int.Type`, `main.P.Protocol`, `any P.Type`)
    ///   ends in `.Type` or `.Protocol`: no answer.
    /// - A protocol existential's metatype is its protocol metatype, which
    ///   Swift prints with `.Protocol` (`main.Food.Protocol`,
    ///   `(main.P & main.Q).Protocol`); a parameterized one, and every one
    ///   on runtimes that print the `any` keyword, starts with `any `.
    /// - A struct or enum is printed module first (`Swift.Int`,
    ///   `Menu.Dish`, `Tests.(unknown context at $…).Local`), and its
    ///   metatype as the same name followed by `.Type`. Tuples and
    ///   functions start with `(` or `@`.
    ///
    /// Anything else has no answer.
    static func reading(name: String, metatypeName: String) -> NameReading? {
        if name.hasSuffix(".Type") || name.hasSuffix(".Protocol") { return nil }
        if name.hasPrefix("any ") || metatypeName.hasSuffix(".Protocol") { return .existential }
        guard startsWithQualifiedIdentifier(name), metatypeName == name + ".Type" else { return nil }
        return .value
    }

    /// Whether `name` starts with an identifier followed by a dot, as a
    /// module-qualified nominal type's name does.
    private static func startsWithQualifiedIdentifier(_ name: String) -> Bool {
        guard let dot = name.firstIndex(of: "."), dot > name.startIndex else { return false }
        let module = name[..<dot]
        guard let first = module.first, first.isLetter || first == "_" else { return false }
        return module.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" }
    }

    /// Whether `read` answers as it must for types whose shape is known:
    /// structs and enums (generic, local, with a function type argument),
    /// protocol existentials (plain, composed, parameterized, class-bound)
    /// and the types it must not answer for (tuples, functions,
    /// metatypes).
    static func selfCheck(_ read: (any Any.Type) -> NameReading?) -> Bool {
        struct LocalStruct {}
        enum LocalEnum { case one }
        struct Box<T> {}
        let values: [any Any.Type] = [
            Int.self, String.self, FloatingPointSign.self, [Int].self, LocalStruct.self, LocalEnum.self,
            Box<(Int) -> Int>.self, Box<any CustomStringConvertible>.self,
        ]
        let existentials: [any Any.Type] = [
            (any CustomStringConvertible).self, (any Error).self, (any CustomStringConvertible & CustomDebugStringConvertible).self,
            (any Collection<Int>).self, (any SelfCheckClassBound).self,
        ]
        let neither: [any Any.Type] = [
            (Int, Int).self, ((Int) -> Int).self, (@Sendable () -> Void).self, Void.self, Int.Type.self,
            (any CustomStringConvertible).Type.self, (any CustomStringConvertible.Type).self, LocalStruct.Type.self,
        ]
        return values.allSatisfy { read($0) == .value }
            && existentials.allSatisfy { read($0) == .existential }
            && neither.allSatisfy { read($0) == nil }
    }
}

/// A class-bound protocol, for ``TypeShape/selfCheck(_:)``.
private protocol SelfCheckClassBound: AnyObject {}
