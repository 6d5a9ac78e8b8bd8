/// Finds the value inside an `Any` where it lies, as the compiler's own
/// projection does: an `Any` is four words, a three-word buffer and the
/// value's type metadata; a value that fits the buffer (its value witness
/// table's flags do not say `IsNonInline`) is stored in it, any other in a
/// heap box whose address is the buffer's first word, after the box's
/// header (two words), rounded up to the value's alignment. Both layouts are
/// part of the stable ABI.
///
/// Opening the `Any` in generic code instead (`func open<T>(_ value: T)`,
/// then `withUnsafePointer(to:)` on it) costs about 100 instructions per
/// call in unspecialized generic code and closure thunks; this costs a few
/// loads.
///
/// Checked before first use on values whose layouts differ (an `Int`, a
/// class instance, a four-word struct stored in a box, an `Optional` of
/// each, a 16-byte aligned value): when an answer is wrong, ``isTrusted`` is
/// `false` and callers open the `Any` in generic code, as before.
enum ExistentialProjection {
    /// Whether the projection answered the self-check correctly.
    static let isTrusted: Bool = selfCheck()

    /// The `IsNonInline` bit of a value witness table's flags.
    private static let isNonInline: UInt32 = 0x0002_0000
    /// The alignment mask in those flags.
    private static let alignmentMask: UInt32 = 0xFF

    /// The type metadata address of the `Any` at `container`.
    @inline(__always)
    static func metadata(of container: UnsafeRawPointer) -> UInt {
        container.load(fromByteOffset: 3 * MemoryLayout<UInt>.size, as: UInt.self)
    }

    /// The address of the value inside the `Any` at `container`.
    @inline(__always)
    static func value(in container: UnsafeRawPointer) -> UnsafeRawPointer {
        let metadata = UnsafeRawPointer(bitPattern: metadata(of: container)).unsafelyUnwrapped
        let table = UnsafeRawPointer(bitPattern: metadata.load(fromByteOffset: -MemoryLayout<UInt>.size, as: UInt.self)).unsafelyUnwrapped
        let flags = table.load(fromByteOffset: 10 * MemoryLayout<UInt>.size, as: UInt32.self)
        guard flags & isNonInline != 0 else { return container }
        return UnsafeRawPointer(bitPattern: container.load(as: UInt.self) &+ boxOffset(flags)).unsafelyUnwrapped
    }

    /// Whether the metadata at `address` is an existential type's: kinds
    /// `Existential` (0x303, `any P`), `ExistentialMetatype` (0x306,
    /// `any P.Type`) and `ExtendedExistential` (0x307, `any P<X>`). Generic
    /// code stores such a value in an `Any` as it is (an element of an
    /// `[any Food]` passed through `T`), so the `Any`'s buffer holds
    /// another container, not the value.
    @inline(__always)
    static func isExistential(_ address: UInt) -> Bool {
        let kind = UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped.load(as: UInt.self)
        return kind == 0x303 || kind == 0x306 || kind == 0x307
    }

    /// Where a boxed value of a type with these value witness flags starts in its box.
    @inline(__always)
    static func boxOffset(_ flags: UInt32) -> UInt {
        let mask = UInt(flags & alignmentMask)
        return (2 * UInt(MemoryLayout<UInt>.size) + mask) & ~mask
    }

    /// Runs `body` with the address of the value inside `model`, found
    /// by ``value(in:)`` when trusted, otherwise by opening `model`.
    @inline(__always)
    static func withValue<Result>(_ model: Any, _ body: (UnsafeRawPointer) -> Result) -> Result {
        if isTrusted {
            let projected: Result? = withUnsafePointer(to: model) { container in
                // An `Any` whose metadata is itself an existential's (a value
                // inside another existential) is opened instead.
                isExistential(metadata(of: UnsafeRawPointer(container))) ? nil : body(value(in: UnsafeRawPointer(container)))
            }
            if let projected { return projected }
        }
        return opened(model, body)
    }

    /// Runs `body` with the address of the value inside `model`, found in
    /// generic code: through every existential it is wrapped in.
    ///
    /// Opening the `Any` binds `T` to the type it holds, which for a value
    /// stored inside another existential is that existential, whose
    /// container is not the value. `type(of:)` looks through every level,
    /// and a cast to that type yields the value itself.
    @inline(never)
    static func opened<Result>(_ model: Any, _ body: (UnsafeRawPointer) -> Result) -> Result {
        func open<Dynamic>(_ type: Dynamic.Type) -> Result {
            guard let value = model as? Dynamic else {
                // Not reached: a value is always of its own dynamic type.
                return withUnsafePointer(to: model) { body(value(in: UnsafeRawPointer($0))) }
            }
            return withUnsafePointer(to: value) { body(UnsafeRawPointer($0)) }
        }
        return _openExistential(Swift.type(of: model), do: open)
    }

    private static func selfCheck() -> Bool {
        struct Four: Equatable { let a: Int, b: Int, c: Int, d: Int }
        final class Object {}
        let object = Object()
        func reads<T: Equatable>(_ expected: T) -> Bool {
            let boxed: Any = expected
            return withUnsafePointer(to: boxed) { container in
                metadata(of: UnsafeRawPointer(container)) == UInt(bitPattern: ObjectIdentifier(T.self))
                    && !isExistential(metadata(of: UnsafeRawPointer(container)))
                    && value(in: UnsafeRawPointer(container)).load(as: T.self) == expected
            }
        }
        func readsObject(_ expected: Object?) -> Bool {
            let boxed: Any = expected as Any
            return withUnsafePointer(to: boxed) { container in
                value(in: UnsafeRawPointer(container)).load(as: Object?.self) === expected
            }
        }
        let four = Four(a: 1, b: 2, c: 3, d: 4)
        return reads(42) && reads(Int?(7)) && reads(Int?.none) && reads(four) && reads(Optional(four)) && reads(Four??.some(nil))
            && reads("a string long enough to live in a heap buffer") && reads(SIMD4<Float>(1, 2, 3, 4))
            && reads(Optional(SIMD8<Double>(1, 2, 3, 4, 5, 6, 7, 8))) && readsObject(object) && readsObject(nil)
    }
}
