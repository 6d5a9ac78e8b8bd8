/// A stored value as a handler's model type.
///
/// Resolving matched the value's type, so its dynamic type is usually the
/// model type itself; otherwise it is a subclass, a conforming type or an
/// Optional's payload. A cast answers every case.
@usableFromInline
enum ModelValue {
    /// The value as an `M`, or `nil` when it is not one.
    ///
    /// Casts the opened value (SE-0352: passing the `Any` to a generic
    /// parameter opens it), not the `Any`: a cast from the value's own type
    /// to the same type is the runtime's first, cheapest case, while a cast
    /// from `Any` first looks through the existential.
    @inlinable
    static func read<M>(_ value: Any, as type: M.Type) -> M? {
        func cast<T>(_ opened: T) -> M? { opened as? M }
        return cast(value)
    }
}
