/// A stored value as a handler's model type.
@usableFromInline
enum ModelValue {
    /// Calls `body` with the value as an `M`: without a dynamic cast when its
    /// dynamic type is `M` itself (the common case: resolving matched the
    /// value's type), by a cast otherwise (a subclass, a conforming type, an
    /// Optional's payload).
    ///
    /// Passing the `Any` to a generic parameter opens it (SE-0352), so the
    /// value's dynamic type is compared with `M` as two metadata pointers; a
    /// dynamic cast from `Any` costs more than the rest of sending an event.
    /// No `M?` is made: in code compiled for any `M`, one costs a metadata lookup.
    ///
    /// - Returns: Whether the value is an `M` (and `body` ran).
    @inlinable
    static func with<M>(_ value: Any, as type: M.Type, _ body: (M) -> Void) -> Bool {
        func exactly<T>(_ value: T) -> Bool {
            guard T.self == M.self else { return false }
            body(unsafeBitCast(value, to: M.self))
            return true
        }
        if exactly(value) { return true }
        switch value {
        case let model as M:
            body(model)
            return true
        default:
            return false
        }
    }
}
