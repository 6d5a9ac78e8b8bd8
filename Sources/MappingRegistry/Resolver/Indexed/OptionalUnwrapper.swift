import Foundation
internal import MappingRegistryAtomics

// The readers below are generic over the `Optional` type itself and called
// through an `any OptionalUnwrapping.Type`, which hands them its metadata:
// code generic over `Wrapped` would look up `Optional<Wrapped>`'s metadata
// (in the runtime's shared cache) on every call. A metatype has no reference
// count, so threads calling them share no memory they write. (Swift still
// copies the `Optional` through its value witnesses before it switches on
// it, in code generic over it.) They are the fallback: resolving reads an
// `Optional`'s cases where its `Any` holds it (`payloadKey`), and unwraps
// through them only to hand the payload on as an `Any`.

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

    /// The enclosing `Optional` types, outermost first; each wraps the next.
    private let outer: [any OptionalUnwrapping.Type]
    /// The innermost `Optional` type, whose payload is not an `Optional`.
    private let innermost: any OptionalUnwrapping.Type
    /// What the payload's type is.
    let payload: Payload
    /// How many levels ``EnumCaseReader`` reads (one or two; 0: deeper
    /// nesting, or the reader is not trusted), and each level's `Optional`
    /// type metadata and `getEnumTag` witness, outermost first. Kept as
    /// words of this object, not arrays: a small array buffer allocated
    /// beside a thread's copy of a mapping shares its cache line, whose
    /// reference count that thread writes on every resolve, and two
    /// threads then scale 1.3× instead of 2×.
    private let readLevels: Int
    private let witness0: UInt, metadata0: UInt
    private let witness1: UInt, metadata1: UInt
    /// Whether ``payloadKey(_:)`` reads the levels' cases where the `Any`
    /// holds them (``ExistentialProjection``) with no generic code: the
    /// witnesses are trusted, and the payload's type is fixed or a class.
    private let readsInPlace: Bool
    /// The payload's cache key when it is ``Payload/fixed(_:)``, else 0.
    private let fixedKey: UInt
    /// For a fixed payload with no extra inhabitants (no spare bit
    /// patterns: `Int`, a struct of `Int`s), where the levels' tag bytes
    /// lie after it, one per level, all 0 when every level is `.some` (see
    /// ``EnumCaseReader/tagByteOffset(of:over:)``); -1 for other payloads.
    private let tagByteOffset: Int
    /// Whether this is one level over a class: `.none` is a null reference.
    private let isOneLevelOfObject: Bool
    /// For a fixed payload type that always resolves to one mapping in
    /// this unwrapper's kind slot (each slot's cache has its own
    /// unwrapper), `(index << 1) | 1`, stored the first time the payload's
    /// entry is found; 0 before. A cache line of its own, written once, so
    /// threads reading it share it cleanly.
    private let someWinner: UnsafeMutablePointer<UInt>

    private let paddingAfter = CacheLinePadding()

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
        let levels = outer + [current]
        let witnesses = EnumCaseReader.isTrusted && levels.count <= 2 ? levels.compactMap { EnumCaseReader.witness(of: $0) } : []
        readLevels = witnesses.count == levels.count ? levels.count : 0
        witness0 = readLevels > 0 ? witnesses[0] : 0
        metadata0 = readLevels > 0 ? ResolutionCache.key(levels[0]) : 0
        witness1 = readLevels > 1 ? witnesses[1] : 0
        metadata1 = readLevels > 1 ? ResolutionCache.key(levels[1]) : 0
        let wrapped = current.wrappedType
        payload = switch TypeShape(wrapped) {
        case .value where TypeMatching.isDecidedByType(wrapped): .fixed(ResolutionCache.key(wrapped))
        case .reference: .object
        default: .unknown
        }
        if case .fixed(let key) = payload { fixedKey = key } else { fixedKey = 0 }
        readsInPlace = readLevels > 0 && payload != .unknown && ExistentialProjection.isTrusted
        tagByteOffset = readsInPlace && fixedKey != 0 ? EnumCaseReader.tagByteOffset(of: levels.map { $0 as any Any.Type }, over: wrapped) ?? -1 : -1
        isOneLevelOfObject = readsInPlace && readLevels == 1 && payload == .object && EnumCaseReader.isTrusted
        let line = UnsafeMutableRawPointer.allocate(byteCount: 64, alignment: 64)
        someWinner = line.initializeMemory(as: UInt.self, repeating: 0, count: 64 / MemoryLayout<UInt>.size)
    }

    deinit {
        someWinner.deinitialize(count: 64 / MemoryLayout<UInt>.size)
        someWinner.deallocate()
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
        guard fixedKey != 0, readsInPlace else { return }
        mapping_registry_atomic_store_relaxed(someWinner, UInt(winner) << 1 | 1)
    }

    /// The cache key of the dynamic type inside `model` (which must be of
    /// this unwrapper's type), read where the `Any` holds it; 0 when it, or
    /// an `Optional` inside it, is `.none`; `nil` when the payload must be
    /// unwrapped to know (``Payload/unknown``).
    ///
    /// Inlined into the resolver: the `Any`'s value found by a few loads;
    /// the levels' cases read by their tag bytes (a payload with no spare
    /// bits), a null check (one level over a class) or one witness call per
    /// level; a struct payload's key a constant, a class payload's read from
    /// the instance.
    @inline(__always)
    func payloadKey(_ model: Any) -> UInt? {
        guard readsInPlace else { return payloadKeyOpened(model) }
        return withUnsafePointer(to: model) { container in
            // An `Any` holding the `Optional` inside another existential
            // (its metadata not the `Optional`'s): open it instead.
            guard ExistentialProjection.metadata(of: UnsafeRawPointer(container)) == metadata0 else { return payloadKeyOpened(model) }
            let raw = ExistentialProjection.value(in: UnsafeRawPointer(container))
            if tagByteOffset >= 0 {
                // One tag byte per level, innermost first.
                var tags = raw.load(fromByteOffset: tagByteOffset, as: UInt8.self)
                if readLevels > 1 { tags |= raw.load(fromByteOffset: tagByteOffset + 1, as: UInt8.self) }
                return tags == 0 ? fixedKey : 0
            }
            if isOneLevelOfObject {
                guard let object = raw.load(as: UnsafeRawPointer?.self) else { return 0 }
                return Unmanaged<AnyObject>.fromOpaque(object)._withUnsafeGuaranteedRef { UInt(bitPattern: ObjectIdentifier(Swift.type(of: $0))) }
            }
            if EnumCaseReader.tag(raw, witness: witness0, metadata: metadata0) != 0 { return 0 }
            if readLevels > 1, EnumCaseReader.tag(raw, witness: witness1, metadata: metadata1) != 0 { return 0 }
            if fixedKey != 0 { return fixedKey }
            return Unmanaged<AnyObject>.fromOpaque(raw.load(as: UnsafeRawPointer.self))
                ._withUnsafeGuaranteedRef { UInt(bitPattern: ObjectIdentifier(Swift.type(of: $0))) }
        }
    }

    /// ``payloadKey(_:)`` with `model` opened in generic code: when the
    /// witnesses or the projection are not trusted, or the nesting is deeper.
    @inline(never)
    private func payloadKeyOpened(_ model: Any) -> UInt? {
        if payload == .unknown { return nil }
        if readLevels > 0 {
            // The case of each level, read by its witness where it is stored.
            return ExistentialProjection.opened(model) { raw in
                if EnumCaseReader.tag(raw, witness: witness0, metadata: metadata0) != 0 { return 0 }
                if readLevels > 1, EnumCaseReader.tag(raw, witness: witness1, metadata: metadata1) != 0 { return 0 }
                switch payload {
                case .fixed(let key): return key
                case .object:
                    return Unmanaged<AnyObject>.fromOpaque(raw.load(as: UnsafeRawPointer.self))
                        ._withUnsafeGuaranteedRef { UInt(bitPattern: ObjectIdentifier(Swift.type(of: $0))) }
                case .unknown: return nil
                }
            }
        }
        return ExistentialProjection.opened(model) { raw in
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
        ExistentialProjection.withValue(model) { raw in
            for level in outer where readIsNone(raw, as: level) { return nil }
            return readWrapped(raw, as: innermost)
        }
    }

}

/// Reads the case of an `Optional` where it is stored, through the
/// `getEnumTag` value witness of the `Optional` type (0: `.some`, 1:
/// `.none`), found in its type metadata (the value witness table, one word
/// before the metadata, is part of the stable ABI: eight witness functions,
/// size, stride, flags, extra inhabitant count, then an enum's witnesses
/// when its flags say it has them). Generic code switching on an
/// `Optional` copies it through its value witnesses first; this reads one
/// tag.
///
/// Checked before the first answer on values whose cases are known (`Int?`,
/// `String?`, a class's `Optional`, `Int??`, an empty and a two-word
/// struct's `Optional`): when a witness is missing or an answer is wrong,
/// ``isTrusted`` is `false` and the unwrapper reads each level in generic
/// code, as before.
enum EnumCaseReader {
    typealias GetEnumTag = @convention(c) (UnsafeRawPointer, UnsafeRawPointer) -> UInt32

    /// Whether the witnesses answered the self-check correctly.
    static let isTrusted: Bool = selfCheck()

    /// The address of the `getEnumTag` witness of an enum type; `nil` when
    /// its metadata does not say it has enum witnesses.
    static func witness(of type: any Any.Type) -> UInt? {
        let metadata = UnsafeRawPointer(bitPattern: ResolutionCache.key(type)).unsafelyUnwrapped
        guard let table = UnsafeRawPointer(bitPattern: metadata.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self)) else {
            return nil
        }
        let word = MemoryLayout<UInt>.size
        let flags = table.load(fromByteOffset: 10 * word, as: UInt32.self)
        // HasEnumWitnesses.
        guard flags & 0x0020_0000 != 0 else { return nil }
        let function = table.load(fromByteOffset: 11 * word, as: UInt.self)
        return function == 0 ? nil : function
    }

    /// Whether the rule of ``tagByteOffset(of:)`` answered the self-check correctly.
    static let tagBytesAreTrusted: Bool = isTrusted && tagByteSelfCheck()

    /// For `Optional` levels (outermost first) over a payload with no extra
    /// inhabitants (no spare bit patterns: `Int`, a struct of `Int`s),
    /// where the levels' tag bytes start: each level then has none either,
    /// and adds one byte after what it wraps, 0 for `.some` and 1 for
    /// `.none`, as the stable ABI lays out a single-payload enum whose
    /// payload has no extra inhabitant. So the value is `.some` at every
    /// level when the bytes from there to its end are all 0. `nil` when the
    /// payload or a level has extra inhabitants (a class, `String`, `Bool`),
    /// or the sizes are not what the rule says: the witnesses read those.
    static func tagByteOffset(of levels: [any Any.Type], over payload: any Any.Type) -> Int? {
        tagBytesAreTrusted ? uncheckedTagByteOffset(of: levels, over: payload) : nil
    }

    /// The size and extra inhabitant count of a type, from its value witness table.
    private static func layout(of type: any Any.Type) -> (size: Int, extraInhabitants: UInt32)? {
        let metadata = UnsafeRawPointer(bitPattern: ResolutionCache.key(type)).unsafelyUnwrapped
        guard let table = UnsafeRawPointer(bitPattern: metadata.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self)) else {
            return nil
        }
        let word = MemoryLayout<UInt>.size
        return (Int(table.load(fromByteOffset: 8 * word, as: UInt.self)), table.load(fromByteOffset: 10 * word + 4, as: UInt32.self))
    }

    /// ``tagByteOffset(of:over:)`` before the self-check, which asks it.
    private static func uncheckedTagByteOffset(of levels: [any Any.Type], over payload: any Any.Type) -> Int? {
        guard let inner = layout(of: payload), inner.extraInhabitants == 0 else { return nil }
        // Innermost level first: each one byte larger than what it wraps.
        for (depth, level) in levels.reversed().enumerated() {
            guard let outer = layout(of: level), outer.extraInhabitants == 0, outer.size == inner.size + depth + 1 else { return nil }
        }
        return inner.size
    }

    private static func tagByteSelfCheck() -> Bool {
        struct Empty {}
        struct Pair { let a: Int, b: Int }
        struct Odd { let a: Int, b: UInt8 }
        /// Whether the byte rule says `value` (of `Optional` type `T`, over
        /// `Payload`) is `.some` at every level, as `expected`.
        func agrees<T, Payload>(_ value: T, over payload: Payload.Type, expected: Bool) -> Bool {
            var levels: [any Any.Type] = [T.self]
            while let wrapped = (levels[levels.count - 1] as? any OptionalUnwrapping.Type)?.wrappedType,
                  ObjectIdentifier(wrapped) != ObjectIdentifier(Payload.self) {
                levels.append(wrapped)
            }
            guard let offset = uncheckedTagByteOffset(of: levels, over: Payload.self), offset == MemoryLayout<Payload>.size,
                  MemoryLayout<T>.size == offset + levels.count else { return false }
            return withUnsafeBytes(of: value) { bytes in bytes[offset...].allSatisfy { $0 == 0 } == expected }
        }
        return agrees(Int?(3), over: Int.self, expected: true) && agrees(Int?.none, over: Int.self, expected: false)
            && agrees(Int??.some(4), over: Int.self, expected: true) && agrees(Int??.some(nil), over: Int.self, expected: false)
            && agrees(Int??.none, over: Int.self, expected: false) && agrees(Int???.some(.some(nil)), over: Int.self, expected: false)
            && agrees(Int???.some(5), over: Int.self, expected: true) && agrees(Int???.none, over: Int.self, expected: false)
            && agrees(Optional(Empty()), over: Empty.self, expected: true) && agrees(Empty?.none, over: Empty.self, expected: false)
            && agrees(Empty??.some(nil), over: Empty.self, expected: false) && agrees(Empty??.some(Empty()), over: Empty.self, expected: true)
            && agrees(Optional(Pair(a: -1, b: -1)), over: Pair.self, expected: true) && agrees(Pair??.some(nil), over: Pair.self, expected: false)
            && agrees(Pair??.none, over: Pair.self, expected: false) && agrees(Optional(Odd(a: -1, b: 255)), over: Odd.self, expected: true)
            && agrees(UInt8?(255), over: UInt8.self, expected: true) && agrees(UInt8??.some(nil), over: UInt8.self, expected: false)
            && uncheckedTagByteOffset(of: [Bool?.self], over: Bool.self) == nil
            && uncheckedTagByteOffset(of: [String?.self], over: String.self) == nil
            && uncheckedTagByteOffset(of: [AnyObject?.self], over: AnyObject.self) == nil
    }

    /// The case of the enum of metadata `metadata` at `address`, read by its witness `witness`.
    @inline(__always)
    static func tag(_ address: UnsafeRawPointer, witness: UInt, metadata: UInt) -> UInt32 {
        unsafeBitCast(witness, to: GetEnumTag.self)(address, UnsafeRawPointer(bitPattern: metadata).unsafelyUnwrapped)
    }

    private static func selfCheck() -> Bool {
        func isNone<T>(_ value: T?) -> Bool? {
            guard let witness = witness(of: T?.self) else { return nil }
            return withUnsafePointer(to: value) {
                tag(UnsafeRawPointer($0), witness: witness, metadata: ResolutionCache.key(T?.self)) == 1
            }
        }
        final class Object {}
        struct Empty {}
        struct Pair { let a: Int, b: Int }
        let object: Object? = Object()
        let noObject: Object? = nil
        let answers: [Bool?] = [
            isNone(Int?(3)), isNone(Int?.none), isNone(String?("x")), isNone(String?.none),
            isNone(object), isNone(noObject), isNone(Int??.some(nil)), isNone(Int??.none),
            isNone(Optional(Empty())), isNone(Empty?.none), isNone(Optional(Pair(a: 0, b: 0))), isNone(Pair?.none),
        ]
        return answers == [false, true, false, true, false, true, false, true, false, true, false, true]
            && witness(of: Int.self) == nil
    }
}

/// 64 bytes that nothing reads: keeps other allocations off the cache
/// lines of the fields between two of them.
struct CacheLinePadding {
    private let words: (UInt, UInt, UInt, UInt, UInt, UInt, UInt, UInt) = (0, 0, 0, 0, 0, 0, 0, 0)
}
