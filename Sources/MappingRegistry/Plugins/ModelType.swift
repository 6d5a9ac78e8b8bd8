/// What the registry knows about a Swift type a plugin is declared for: how
/// to test a value against it at render time and how it relates to other
/// types at load time.
struct ModelType: Sendable {
    /// The type's name, as Swift prints it (`Dish`, `Food`, `Int`).
    let name: String
    /// Identifies the type itself.
    let id: ObjectIdentifier
    /// What kind of type it is, for deciding relations at load time.
    let shape: TypeShape
    /// Tests a value: exact type, subclass, or conforming type.
    let accepts: @Sendable (Any) -> Bool
    /// The type itself.
    let type: any Any.Type
    /// For a type known only from a catalog file (``CatalogDescription``),
    /// its relations to the catalog's other types; `nil` for a Swift type,
    /// whose relations come from its ``TypeShape`` and metatype casts.
    let described: DescribedType?

    /// Describes `M`.
    init<M>(_ type: M.Type) {
        self.init(type, shape: TypeShape(type))
    }

    /// Describes `M` with a given shape: for tests of what the checker does
    /// with a shape that could not be read (`undecidable`).
    init<M>(_ type: M.Type, shape: TypeShape) {
        name = String(describing: type)
        id = ObjectIdentifier(type)
        self.shape = shape
        accepts = { $0 is M }
        self.type = type
        described = nil
    }

    /// A type known only from a catalog file: it relates to other types as
    /// the catalog says, and accepts no value (nothing is resolved without
    /// the app's code).
    init(described: DescribedType) {
        name = described.name
        id = ObjectIdentifier(described)
        shape = described.shape
        accepts = { _ in false }
        type = DescribedType.self
        self.described = described
    }

    /// Whether any value of the type is accepted (the type is `Any`).
    var acceptsEverything: Bool { shape == .anything }

    /// Whether every value of `other` is provably a value of this type:
    /// the same type, `Any`, a superclass, or `AnyObject` for a class.
    /// `false` whenever it cannot be shown: whether a concrete type
    /// conforms to a protocol existential (or one existential implies
    /// another) is known only from a value, never at load time.
    func contains(_ other: ModelType) -> Bool {
        if id == other.id || acceptsEverything { return true }
        if let described { return other.described.map { described.contains.contains($0.id) } ?? false }
        switch (shape, other.shape) {
        case (.reference, .reference):
            return Self.isSubclass(other.type, of: type)
        case (.existential, .reference):
            // Every class instance is an `AnyObject`.
            return id == ObjectIdentifier(AnyObject.self)
        default:
            return false
        }
    }

    /// Whether a value could belong to both types. `false` only when that
    /// is provably impossible (two different structs, a struct and a class,
    /// unrelated classes), so a configuration that could work is never
    /// rejected: a protocol existential may share a value with any type.
    func canShareValue(with other: ModelType) -> Bool {
        if contains(other) || other.contains(self) { return true }
        if let described { return other.described.map { described.sharesValues.contains($0.id) } ?? true }
        switch (shape, other.shape) {
        case (.value, .value), (.value, .reference), (.reference, .value), (.reference, .reference):
            return false
        default:
            return true
        }
    }
}

extension ModelType {
    /// Whether class `type` is `base` or inherits from it: a cast between
    /// metatypes, with `base` opened as a generic parameter.
    static func isSubclass(_ type: any Any.Type, of base: any Any.Type) -> Bool {
        guard type is AnyClass, base is AnyClass else { return false }
        func isMetatype<Base>(of _: Base.Type) -> Bool { type is Base.Type }
        return isMetatype(of: base)
    }
}
