/// Lets code holding an `Any` look inside an `Optional` of any wrapped type.
protocol OptionalUnwrapping {
    /// The wrapped value, or `nil` for `.none`.
    var wrappedAny: Any? { get }
}

extension Optional: OptionalUnwrapping {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }
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
