/// Lets code holding an `Any` look inside an `Optional` of any wrapped type.
protocol OptionalUnwrapping: SendableMetatype {
    /// The wrapped value, or `nil` for `.none`.
    var wrappedAny: Any? { get }

    /// Whether this is `.none`.
    var isNone: Bool { get }

    /// The type of the wrapped value.
    static var wrappedType: any Any.Type { get }

    /// Reads `Optional`s of this type in memory; made once per type, so the
    /// type's metadata is looked up then, not at every read.
    static func makeReader() -> OptionalReader
}

/// Reads an `Optional` of one type at an address.
struct OptionalReader: Sendable {
    /// Whether the `Optional` is `.none`.
    let isNone: @Sendable (UnsafeRawPointer) -> Bool
    /// The wrapped value, or `nil` for `.none`.
    let wrapped: @Sendable (UnsafeRawPointer) -> Any?
}

extension Optional: OptionalUnwrapping {
    var wrappedAny: Any? {
        switch self {
        case .some(let wrapped): wrapped
        case .none: nil
        }
    }

    var isNone: Bool {
        switch self {
        case .none: true
        case .some: false
        }
    }

    static var wrappedType: any Any.Type { Wrapped.self }

    static func makeReader() -> OptionalReader {
        // `Optional<Any>` (an `Any` put in an Optional) is common in `[Any]`
        // storages. Its payload already is an `Any`: read it as one, instead
        // of boxing an `Any` inside another in generic code.
        if Wrapped.self == Any.self {
            return OptionalReader(
                isNone: { $0.load(as: Optional<Any>.self) == nil },
                wrapped: { $0.load(as: Optional<Any>.self) }
            )
        }
        // Each read goes through a function generic over the Optional type
        // itself, handed its metadata through an existential metatype: code
        // generic over `Wrapped` (a closure capturing `Self.self` included)
        // would look up `Optional<Wrapped>`'s metadata on every call.
        let type: any OptionalUnwrapping.Type = Self.self
        return OptionalReader(
            isNone: { readIsNone($0, as: type) },
            wrapped: { readWrapped($0, as: type) }
        )
    }
}

/// Whether the `Optional` of type `T` at `pointer` is `.none`.
private func readIsNone<T: OptionalUnwrapping>(_ pointer: UnsafeRawPointer, as type: T.Type) -> Bool {
    pointer.load(as: T.self).isNone
}

/// The wrapped value of the `Optional` of type `T` at `pointer`.
private func readWrapped<T: OptionalUnwrapping>(_ pointer: UnsafeRawPointer, as type: T.Type) -> Any? {
    pointer.load(as: T.self).wrappedAny
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

/// Unwraps one `Optional` type, nested ones included (`Int??`), found once
/// per type: the resolution cache keeps one per `Optional` type it meets,
/// so unwrapping an item costs calls, not dynamic casts or boxes.
final class OptionalUnwrapper: Sendable {
    /// The enclosing `Optional` types, outermost first; each wraps the next.
    private let outer: [OptionalReader]
    /// The innermost `Optional` type, whose payload is not an `Optional`.
    private let innermost: OptionalReader
    /// The cache key of the payload's type when every payload is of exactly
    /// that type (a struct or enum, not a class, protocol or `Any`), so the
    /// payload's resolution can be looked up without unwrapping it.
    let fixedWrappedType: UInt?

    /// The unwrapper of `type`, or `nil` when it is not an `Optional`.
    init?(_ type: any Any.Type) {
        guard var current = type as? any OptionalUnwrapping.Type else { return nil }
        var outer: [OptionalReader] = []
        while let next = current.wrappedType as? any OptionalUnwrapping.Type {
            outer.append(current.makeReader())
            current = next
        }
        self.outer = outer
        innermost = current.makeReader()
        let payload = current.wrappedType
        fixedWrappedType = TypeShape(payload) == .value && TypeMatching.isDecidedByType(payload)
            ? ResolutionCache.key(payload) : nil
    }

    /// Whether `model`, which must be of this unwrapper's type, or an
    /// `Optional` inside it, is `.none`.
    @inline(never)
    func isNone(_ model: Any) -> Bool {
        func open<T>(_ value: T) -> Bool {
            withUnsafePointer(to: value) { pointer in
                let raw = UnsafeRawPointer(pointer)
                for level in outer where level.isNone(raw) { return true }
                return innermost.isNone(raw)
            }
        }
        return open(model)
    }

    /// The value inside `model`, which must be of this unwrapper's type;
    /// `nil` when it, or an `Optional` inside it, is `.none`.
    ///
    /// The payload of `Optional.some` is stored at the `Optional`'s own
    /// address, so every nested level is read at the same pointer.
    @inline(never)
    func unwrap(_ model: Any) -> Any? {
        func open<T>(_ value: T) -> Any? {
            withUnsafePointer(to: value) { pointer in
                let raw = UnsafeRawPointer(pointer)
                for level in outer where level.isNone(raw) { return nil }
                return innermost.wrapped(raw)
            }
        }
        return open(model)
    }
}
