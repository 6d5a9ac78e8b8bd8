/// A stored value as a handler's model type.
///
/// Resolving matched the value's type, so its dynamic type is usually the
/// model type itself; otherwise it is a subclass, a conforming type or an
/// Optional's payload. A cast answers every case.
@usableFromInline
enum ModelValue {
    /// The value as an `M`, or `nil` when it is not one.
    @inlinable
    static func read<M>(_ value: Any, as type: M.Type) -> M? {
        value as? M
    }
}
