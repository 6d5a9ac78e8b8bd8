/// A stored value as a handler's model type, without a dynamic cast in the
/// common case: resolving matched the value's type, so its dynamic type is
/// the model type itself.
///
/// Sending opens the `Any` (SE-0352: passing it to a generic parameter, in
/// ``HandlerBody/callAsFunction(view:value:at:answer:)``) and compares its
/// dynamic type with the model type as two metadata pointers; when they are
/// the same, the handler reads the opened value at its address, at its own,
/// concrete type. Otherwise (a subclass, a conforming type, an Optional's
/// payload) the handler casts. A dynamic cast from `Any` costs more than the
/// rest of sending an event.
@usableFromInline
enum ModelValue {
    /// The value as an `M`: read at `address` (given only when the value's
    /// dynamic type is `M`), or cast.
    @inlinable
    static func read<M>(_ value: Any, at address: UnsafeRawPointer?, as type: M.Type) -> M? {
        if let address { return address.assumingMemoryBound(to: M.self).pointee }
        return value as? M
    }
}
