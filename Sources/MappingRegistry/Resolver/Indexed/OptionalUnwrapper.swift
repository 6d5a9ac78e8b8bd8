import Foundation
internal import MappingRegistryAtomics

/// Reads one `Optional` type, nested ones included (`Int??`), with readers
/// built once per type: the resolution cache keeps one per `Optional` type
/// it meets, so reading an item costs calls at the item's own types, not
/// dynamic casts or boxes.
///
/// Every read goes through public language features: the `Any` opened at
/// its type, each level's case asked of the `Optional` itself
/// (``OptionalUnwrapping``), in code generic over that `Optional` type
/// (``TypedOptionalLevel``).
final class OptionalUnwrapper: @unchecked Sendable {
    // @unchecked: `someWinner` is only touched through the C atomics of
    // `MappingRegistryAtomics`; every other property is a `let`.

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

    /// A cache line of padding before the fields and one after them
    /// (stored properties are laid out in order), so no other allocation
    /// shares a cache line with the fields every resolve of this type
    /// reads: a thread's copy of a mapping allocated beside this object
    /// has its reference count written on every resolve, and the other
    /// core's reads of the line would then wait for it.
    private let paddingBefore = CacheLinePadding()

    /// What the payload's type is.
    let payload: Payload
    /// The payload's cache key when it is ``Payload/fixed(_:)``, else 0.
    private let fixedKey: UInt
    /// Reads the outermost level, and through it every inner one.
    private let outermost: OptionalLevel
    /// For a fixed payload type that always resolves to one mapping in
    /// this unwrapper's kind slot (each slot's cache has its own
    /// unwrapper), `(index << 1) | 1`, stored the first time the payload's
    /// entry is found; 0 before. A cache line of its own, written once, so
    /// threads reading it share it cleanly.
    private let someWinner: UnsafeMutablePointer<UInt>

    private let paddingAfter = CacheLinePadding()

    /// The unwrapper of `type`, or `nil` when it is not an `Optional`.
    init?(_ type: any Any.Type) {
        guard let outermost = Self.level(type) else { return nil }
        var innermost: any Any.Type = type
        while let optional = innermost as? any OptionalUnwrapping.Type {
            innermost = optional.wrappedType
        }
        payload = switch TypeShape(innermost) {
        case .value where TypeMatching.isDecidedByType(innermost): .fixed(ResolutionCache.key(innermost))
        case .reference: .object
        default: .unknown
        }
        if case .fixed(let key) = payload { fixedKey = key } else { fixedKey = 0 }
        self.outermost = outermost
        // Sound: a 64-byte allocation, initialized here before any other
        // thread can reach this object, freed in `deinit`; after that only
        // its first word is read or written, through the C atomics.
        let line = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        someWinner = line.initializeMemory(as: UInt.self, repeating: 0, count: 64 / MemoryLayout<UInt>.size)
    }

    deinit {
        someWinner.deinitialize(count: 64 / MemoryLayout<UInt>.size)
        someWinner.deallocate()
    }

    /// The reader of `Optional` type `type` and, inside it, of each nested
    /// `Optional` level; `nil` when `type` is not an `Optional`.
    private static func level(_ type: any Any.Type) -> OptionalLevel? {
        guard let optional = type as? any OptionalUnwrapping.Type else { return nil }
        func make<O: OptionalUnwrapping>(_: O.Type) -> OptionalLevel {
            TypedOptionalLevel<O>(inner: level(O.Wrapped.self), wrappedIsClass: O.Wrapped.self is AnyClass)
        }
        return make(optional)
    }

    /// The mapping every `.some` value of this type resolves to in this
    /// unwrapper's kind slot, once ``remember(winner:)`` has seen it; `nil`
    /// before, or when the payload's type is not fixed.
    @inline(__always)
    var winnerOfSome: Int? {
        let word = mapping_registry_atomic_load_relaxed(someWinner)
        return word == 0 ? nil : Int(word >> 1)
    }

    /// Keeps the mapping the fixed payload type resolves to, found through
    /// its own cache entry (which never changes), so the next value of this
    /// type needs no second lookup. Ignored for a payload that is not fixed:
    /// a class payload's dynamic type varies.
    @inline(__always)
    func remember(winner: Int) {
        guard fixedKey != 0 else { return }
        mapping_registry_atomic_store_relaxed(someWinner, UInt(winner) << 1 | 1)
    }

    /// The cache key of the dynamic type inside `model` (which must be of
    /// this unwrapper's type); 0 when it, or an `Optional` inside it, is
    /// `.none`; `nil` when the payload must be unwrapped to know
    /// (``Payload/unknown``).
    @inline(__always)
    func payloadKey(_ model: Any) -> UInt? {
        if payload == .unknown { return nil }
        return outermost.payloadKey(of: model, fixedKey: fixedKey)
    }

    /// The value inside `model`, which must be of this unwrapper's type;
    /// `nil` when it, or an `Optional` inside it, is `.none`.
    @inline(never)
    func unwrap(_ model: Any) -> Any? {
        outermost.unwrap(model)
    }

    /// Runs `body` with the address of the payload inside `model` (which
    /// must be of this unwrapper's type), for the typed predicates of the
    /// payload type's plan; `false` (without running it) when the payload's
    /// type is not fixed (a class payload is read through a cast instead),
    /// or a level is `.none`.
    @inline(__always)
    func withPayloadAddress(_ model: Any, _ body: (UnsafeRawPointer) -> Void) -> Bool {
        fixedKey != 0 && outermost.withPayload(of: model, body)
    }
}

/// Reads one `Optional` type: given as an `Any` (the outermost level), or
/// at an address (an inner level); the ``TypedOptionalLevel`` of each
/// `Optional` type is the one to call.
class OptionalLevel: @unchecked Sendable {
    // @unchecked: no stored state; subclasses keep only `let`s.

    /// ``OptionalUnwrapper/payloadKey(_:)`` for a value of this level's
    /// type given as an `Any`.
    func payloadKey(of model: Any, fixedKey: UInt) -> UInt { 0 }

    /// ``OptionalUnwrapper/unwrap(_:)`` for a value of this level's type
    /// given as an `Any`.
    func unwrap(_ model: Any) -> Any? { nil }

    /// ``OptionalUnwrapper/withPayloadAddress(_:_:)`` for a value of this
    /// level's type given as an `Any`.
    func withPayload(of model: Any, _ body: (UnsafeRawPointer) -> Void) -> Bool { false }

    /// The cache key of the payload's dynamic type in the `Optional` at
    /// `address`: `fixedKey` when it is not 0 (a struct or enum), the
    /// instance's class otherwise; 0 for `.none` at any level.
    func payloadKey(at address: UnsafeRawPointer, fixedKey: UInt) -> UInt { 0 }

    /// The payload of the `Optional` at `address` as an `Any`; `nil` for
    /// `.none` at any level.
    func unwrap(at address: UnsafeRawPointer) -> Any? { nil }

    /// Runs `body` with the address of the innermost payload of the
    /// `Optional` at `address`; `false` for `.none` at any level.
    func withPayload(at address: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) -> Bool { false }
}

/// The reader of one `Optional` type `O`, generic over it so that asking
/// its case, and reading its payload as `O.Wrapped`, are calls at its own
/// type: no dynamic cast, no `Any`.
///
/// Sound because every address it reads holds an `O`. Given an `Any`, it
/// opens it with `_openExistential` (which binds `T` to the type the `Any`
/// holds) and takes the value's address only when `T` is `O` itself
/// (metatype identity), as ``OpenedValue`` does; an `Any` holding the
/// `Optional` inside another existential opens to that existential, and is
/// cast to `O` instead. Given an address, it is the payload of the level
/// outside, an `O.Wrapped` of that level's type, which is this `O`: each
/// level is built from `O.Wrapped.self`.
final class TypedOptionalLevel<O: OptionalUnwrapping>: OptionalLevel, @unchecked Sendable {
    // @unchecked: only `let`s.

    /// The reader of `O.Wrapped` when it is an `Optional` too.
    private let inner: OptionalLevel?
    /// Whether `O.Wrapped` is a class, whose instances' classes vary.
    private let wrappedIsClass: Bool

    init(inner: OptionalLevel?, wrappedIsClass: Bool) {
        self.inner = inner
        self.wrappedIsClass = wrappedIsClass
    }

    // MARK: - Given as an `Any`

    override func payloadKey(of model: Any, fixedKey: UInt) -> UInt {
        func open<T>(_ value: T) -> UInt {
            guard T.self == O.self else { return castPayloadKey(model, fixedKey: fixedKey) }
            return withUnsafePointer(to: value) { payloadKey(at: UnsafeRawPointer($0), fixedKey: fixedKey) }
        }
        return _openExistential(model, do: open)
    }

    override func unwrap(_ model: Any) -> Any? {
        var value: Any?
        func open<T>(_ opened: T) -> Bool {
            guard T.self == O.self else { return false }
            withUnsafePointer(to: opened) { value = unwrap(at: UnsafeRawPointer($0)) }
            return true
        }
        if _openExistential(model, do: open) { return value }
        guard let optional = model as? O else { return nil }
        return withUnsafePointer(to: optional) { unwrap(at: UnsafeRawPointer($0)) }
    }

    override func withPayload(of model: Any, _ body: (UnsafeRawPointer) -> Void) -> Bool {
        func open<T>(_ value: T) -> Bool {
            guard T.self == O.self else { return false }
            return withUnsafePointer(to: value) { withPayload(at: UnsafeRawPointer($0), body) }
        }
        return _openExistential(model, do: open)
    }

    /// ``payloadKey(of:fixedKey:)`` for an `Any` that holds the `Optional`
    /// inside another existential: a copy made by a cast.
    @inline(never)
    private func castPayloadKey(_ model: Any, fixedKey: UInt) -> UInt {
        guard let optional = model as? O else { return 0 }
        return withUnsafePointer(to: optional) { payloadKey(at: UnsafeRawPointer($0), fixedKey: fixedKey) }
    }

    // MARK: - At an address

    override func payloadKey(at address: UnsafeRawPointer, fixedKey: UInt) -> UInt {
        let optional = address.assumingMemoryBound(to: O.self)
        if inner == nil {
            if fixedKey != 0 { return O.isNone(optional.pointee) ? 0 : fixedKey }
            if wrappedIsClass {
                // The address an ObjectIdentifier holds, as the cache's key word.
                guard let identifier = optional.pointee.wrappedClassIdentifier else { return 0 }
                return UInt(bitPattern: identifier)
            }
        }
        var key: UInt = 0
        let inner = inner, wrappedIsClass = wrappedIsClass
        _ = optional.pointee.withWrapped { wrapped in
            if let inner {
                withUnsafePointer(to: wrapped) { key = inner.payloadKey(at: UnsafeRawPointer($0), fixedKey: fixedKey) }
            } else if fixedKey != 0 {
                key = fixedKey
            } else if wrappedIsClass {
                // A class instance: `type(of:)` reads its own class.
                key = UInt(bitPattern: ObjectIdentifier(type(of: wrapped)))
            }
        }
        return key
    }

    override func unwrap(at address: UnsafeRawPointer) -> Any? {
        var value: Any?
        let inner = inner
        _ = address.assumingMemoryBound(to: O.self).pointee.withWrapped { wrapped in
            if let inner {
                withUnsafePointer(to: wrapped) { value = inner.unwrap(at: UnsafeRawPointer($0)) }
            } else {
                value = wrapped
            }
        }
        return value
    }

    override func withPayload(at address: UnsafeRawPointer, _ body: (UnsafeRawPointer) -> Void) -> Bool {
        var found = false
        let inner = inner
        _ = address.assumingMemoryBound(to: O.self).pointee.withWrapped { wrapped in
            withUnsafePointer(to: wrapped) { payload in
                if let inner {
                    found = inner.withPayload(at: UnsafeRawPointer(payload), body)
                } else {
                    body(UnsafeRawPointer(payload))
                    found = true
                }
            }
        }
        return found
    }
}

/// 64 bytes that nothing reads: keeps other allocations off the cache
/// lines of the fields between two of them.
struct CacheLinePadding {
    private let words: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) = (0, 0, 0, 0, 0, 0, 0, 0)
}
