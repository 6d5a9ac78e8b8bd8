/// The broad category of a Swift type, read from its runtime metadata.
///
/// Used only to decide at load time whether two types can never share a
/// value (two unrelated classes, two different structs). Anything that is
/// not plainly a class, struct or enum is `undecidable`.
enum TypeShape: Sendable, Equatable {
    /// A class: its values also belong to its superclasses.
    case reference
    /// A struct or enum (not `AnyHashable`): its values belong to it alone
    /// and to the protocols it conforms to.
    case value
    /// A protocol existential, `Any`, `AnyHashable`, a tuple, a metatype:
    /// membership depends on the value.
    case undecidable

    /// Reads the shape of `type`.
    init(_ type: any Any.Type) {
        if type is AnyClass {
            self = .reference
            return
        }
        if type == AnyHashable.self {
            self = .undecidable
            return
        }
        // The first word of Swift type metadata is its kind; struct and enum
        // kinds are 0x200 and 0x201 (stable ABI). An Optional (0x202) is
        // undecidable: resolution unwraps values, so `Dish?` can take a `Dish`.
        let metadata = unsafeBitCast(type, to: UnsafeRawPointer.self)
        let kind = metadata.load(as: UInt.self)
        self = (0x200...0x201).contains(kind) ? .value : .undecidable
    }
}
