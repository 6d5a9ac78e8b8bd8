/// What the registry knows about a Swift type a plugin is declared for: how
/// to test a value against it at render time and how it relates to other
/// types at load time.
struct ModelType: Sendable {
    /// The type's name, as Swift prints it (`Dish`, `Food`, `Int`).
    let name: String
    /// Identifies the type itself.
    let id: ObjectIdentifier
    /// Whether any value of the type is accepted (the type is `Any`).
    let acceptsEverything: Bool
    /// What kind of type it is, for deciding compatibility at load time.
    let shape: TypeShape
    /// Tests a value: exact type, subclass, or conforming type.
    let accepts: @Sendable (Any) -> Bool
    /// Tests a type: whether the given type is this type or a subclass of it.
    let isSupertype: @Sendable (Any.Type) -> Bool
    /// The type itself.
    let type: any Any.Type

    /// Describes `M`.
    init<M>(_ type: M.Type) {
        name = String(describing: type)
        id = ObjectIdentifier(type)
        acceptsEverything = type == Any.self
        shape = TypeShape(type)
        accepts = { $0 is M }
        isSupertype = { $0 is M.Type }
        self.type = type
    }

    /// Whether a value of type `self` can ever be taken by a plugin declared
    /// for `other`. Answers `true` whenever it cannot be decided without a
    /// value (protocol existentials, `AnyHashable`), so it never rejects a
    /// working configuration.
    func canBeTaken(by other: ModelType) -> Bool {
        if id == other.id || other.acceptsEverything { return true }
        if other.isSupertype(type) || isSupertype(other.type) { return true }
        return shape == .undecidable || other.shape == .undecidable
    }
}
