import ModelStorage

/// A condition predicate registered under a name.
struct PredicatePlugin: NamedPlugin {
    /// A predicate's test with its argument, if any, already decoded.
    typealias Test = @Sendable (Any, ItemPosition) -> Bool

    let name: String
    let model: ModelType
    /// The name of the argument type, such as `Double`, or `nil` when the
    /// predicate takes none.
    let argumentTypeName: String?
    /// The Swift type of the argument, when it is known: always for a
    /// registered predicate, for a catalog-described one only when the
    /// library can decode the type by name (see ``ArgumentType``).
    let argumentType: (any Any.Type)?
    /// Decodes the argument (once, at load) and returns the test that uses it.
    let bind: @Sendable (PredicateArgument?) throws -> Test

    init(name: String, model: ModelType, argumentType: (any Any.Type)?, bind: @escaping @Sendable (PredicateArgument?) throws -> Test) {
        self.init(name: name, model: model, argumentTypeName: argumentType.map { String(describing: $0) }, argumentType: argumentType, bind: bind)
    }

    init(
        name: String,
        model: ModelType,
        argumentTypeName: String?,
        argumentType: (any Any.Type)?,
        bind: @escaping @Sendable (PredicateArgument?) throws -> Test
    ) {
        self.name = name
        self.model = model
        self.argumentTypeName = argumentTypeName
        self.argumentType = argumentType
        self.bind = bind
    }
}
