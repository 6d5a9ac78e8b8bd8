/// Lets code holding an `Any` look inside an `Optional` of any wrapped type.
protocol OptionalUnwrapping: SendableMetatype {
    /// The wrapped value, or `nil` for `.none`.
    var wrappedAny: Any? { get }

    /// Whether this is `.none`.
    var isNone: Bool { get }

    /// The wrapped value's dynamic type, as the address its
    /// `ObjectIdentifier` holds, or 0 for `.none`. Only for a class payload:
    /// `type(of:)` in generic code does not look inside an existential.
    var wrappedClassKey: UInt { get }

    /// The type of the wrapped value.
    static var wrappedType: any Any.Type { get }
}

extension Optional: OptionalUnwrapping {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }

    var isNone: Bool { self == nil }

    var wrappedClassKey: UInt {
        switch self {
        case .some(let wrapped): UInt(bitPattern: ObjectIdentifier(Swift.type(of: wrapped)))
        case .none: 0
        }
    }

    static var wrappedType: any Any.Type { Wrapped.self }
}

/// Unwraps optionals at any depth: `Int??.some(.some(3))` gives `3`,
/// `.some(.none)` and `.none` give `nil`.
func unwrapOptionals(_ value: Any) -> Any? {
    var current = value
    while let optional = current as? any OptionalUnwrapping {
        guard let wrapped = optional.wrappedAny else { return nil }
        current = wrapped
    }
    return current
}
