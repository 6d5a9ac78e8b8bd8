/// Lets code holding an `Any`, or generic over a type known only at run
/// time, look inside an `Optional` of any wrapped type: a cast to
/// `any OptionalUnwrapping` (or its metatype) is how the registry tells an
/// `Optional` from any other type, with public API only.
protocol OptionalUnwrapping: SendableMetatype {
    /// The type of the wrapped value (`Optional`'s own generic parameter).
    associatedtype Wrapped

    /// The wrapped value, or `nil` for `.none`.
    var wrappedAny: Any? { get }

    /// Whether this is `.none`.
    var isNone: Bool { get }

    /// Whether `optional` is `.none`: ``isNone`` for code that holds the
    /// value where it lies, which passes it without a copy.
    static func isNone(_ optional: Self) -> Bool

    /// The wrapped value's dynamic type, or `nil` for `.none`. Only for a
    /// class payload: `type(of:)` in generic code does not look inside an
    /// existential.
    var wrappedClassIdentifier: ObjectIdentifier? { get }

    /// Runs `body` with the wrapped value; `false` (without running it)
    /// for `.none`. For code generic over the `Optional` type, which can
    /// then read the payload at its own type, with no cast and no `Any`.
    func withWrapped(_ body: (Wrapped) -> Void) -> Bool

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

    static func isNone(_ optional: Self) -> Bool { optional == nil }

    var wrappedClassIdentifier: ObjectIdentifier? {
        switch self {
        case .some(let wrapped): ObjectIdentifier(Swift.type(of: wrapped))
        case .none: nil
        }
    }

    func withWrapped(_ body: (Wrapped) -> Void) -> Bool {
        switch self {
        case .some(let wrapped):
            body(wrapped)
            return true
        case .none:
            return false
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
