// The readers below are generic over the `Optional` type itself and called
// through an `any OptionalUnwrapping.Type`, which hands them its metadata:
// code generic over `Wrapped` would look up `Optional<Wrapped>`'s metadata
// (in the runtime's shared cache) on every call. A metatype has no reference
// count, so threads calling them share no memory they write. (Swift still
// copies the `Optional` through its value witnesses before it switches on
// it, in code generic over it: that copy is the floor of this path.)

/// Whether the `Optional` of type `T` at `pointer` is `.none`.
private func readIsNone<T: OptionalUnwrapping>(_ pointer: UnsafeRawPointer, as type: T.Type) -> Bool {
    pointer.assumingMemoryBound(to: T.self).pointee.isNone
}

/// The wrapped value of the `Optional` of type `T` at `pointer`.
private func readWrapped<T: OptionalUnwrapping>(_ pointer: UnsafeRawPointer, as type: T.Type) -> Any? {
    // `Optional<Any>` (an `Any` put in an Optional) is common in `[Any]`
    // storages. Its payload already is an `Any`: read it as one, instead of
    // boxing an `Any` inside another in generic code.
    if T.self == Optional<Any>.self { return pointer.load(as: Optional<Any>.self) }
    return pointer.assumingMemoryBound(to: T.self).pointee.wrappedAny
}

/// The cache key of the class instance in the `Optional` of type `T` at `pointer`; 0 for `.none`.
private func readClassKey<T: OptionalUnwrapping>(_ pointer: UnsafeRawPointer, as type: T.Type) -> UInt {
    pointer.assumingMemoryBound(to: T.self).pointee.wrappedClassKey
}

/// Unwraps one `Optional` type, nested ones included (`Int??`), found once
/// per type: the resolution cache keeps one per `Optional` type it meets,
/// so unwrapping an item costs calls, not dynamic casts or boxes.
final class OptionalUnwrapper: Sendable {
    /// What can be known of the innermost payload's dynamic type without
    /// unwrapping it into an `Any`.
    enum Payload: Equatable {
        /// Always exactly this type (a struct or enum): its cache key.
        case fixed(UInt)
        /// A class: read from the object, which may be of a subclass.
        case object
        /// A protocol, `Any` or a type whose casts depend on the value:
        /// unwrap the value to resolve it.
        case unknown
    }

    /// The enclosing `Optional` types, outermost first; each wraps the next.
    private let outer: [any OptionalUnwrapping.Type]
    /// The innermost `Optional` type, whose payload is not an `Optional`.
    private let innermost: any OptionalUnwrapping.Type
    /// What the payload's type is.
    let payload: Payload

    /// The unwrapper of `type`, or `nil` when it is not an `Optional`.
    init?(_ type: any Any.Type) {
        guard var current = type as? any OptionalUnwrapping.Type else { return nil }
        var outer: [any OptionalUnwrapping.Type] = []
        while let next = current.wrappedType as? any OptionalUnwrapping.Type {
            outer.append(current)
            current = next
        }
        self.outer = outer
        innermost = current
        let wrapped = current.wrappedType
        payload = switch TypeShape(wrapped) {
        case .value where TypeMatching.isDecidedByType(wrapped): .fixed(ResolutionCache.key(wrapped))
        case .reference: .object
        default: .unknown
        }
    }

    /// The cache key of the dynamic type inside `model` (which must be of
    /// this unwrapper's type), read in place; 0 when it, or an `Optional`
    /// inside it, is `.none`; `nil` when the payload must be unwrapped to
    /// know (``Payload/unknown``).
    @inline(never)
    func payloadKey(_ model: Any) -> UInt? {
        if payload == .unknown { return nil }
        return withValue(model) { raw in
            for level in outer where readIsNone(raw, as: level) { return 0 }
            switch payload {
            case .fixed(let key): return readIsNone(raw, as: innermost) ? 0 : key
            case .object: return readClassKey(raw, as: innermost)
            case .unknown: return nil
            }
        }
    }

    /// The value inside `model`, which must be of this unwrapper's type;
    /// `nil` when it, or an `Optional` inside it, is `.none`.
    ///
    /// The payload of `Optional.some` is stored at the `Optional`'s own
    /// address, so every nested level is read at the same pointer.
    @inline(never)
    func unwrap(_ model: Any) -> Any? {
        withValue(model) { raw in
            for level in outer where readIsNone(raw, as: level) { return nil }
            return readWrapped(raw, as: innermost)
        }
    }

    /// Runs `body` with the address of the value inside `model`.
    @inline(__always)
    private func withValue<Result>(_ model: Any, _ body: (UnsafeRawPointer) -> Result) -> Result {
        func open<T>(_ value: T) -> Result {
            withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
        }
        return open(model)
    }
}
