import ModelStorage

/// A condition predicate registered under a name.
struct PredicatePlugin: NamedPlugin {
    /// A predicate's test with its argument, if any, already decoded.
    typealias Test = @Sendable (Any, ItemPosition) -> Bool
    /// A test that reads a render context: `nil` when the context is of
    /// another type than the predicate was registered with.
    typealias ContextualTest = @Sendable (Any, ItemPosition, any Sendable) -> Bool?

    let name: String
    let model: ModelType
    /// The name of the argument type, such as `Double`, or `nil` when the
    /// predicate takes none.
    let argumentTypeName: String?
    /// The Swift type of the argument, when it is known: always for a
    /// registered predicate, for a catalog-described one only when the
    /// library can decode the type by name (see ``ArgumentType``).
    let argumentType: (any Any.Type)?
    /// The Swift name of the render context it reads, if any (known once bound; kept for catalog files).
    var contextTypeName: String?
    /// Decodes the argument (once, at load) and returns the test that uses it.
    let bind: @Sendable (PredicateArgument?) throws -> PredicateBody

    init(name: String, model: ModelType, argumentType: (any Any.Type)?, bind: @escaping @Sendable (PredicateArgument?) throws -> PredicateBody) {
        self.init(name: name, model: model, argumentTypeName: argumentType.map { String(describing: $0) }, argumentType: argumentType, bind: bind)
    }

    init(
        name: String,
        model: ModelType,
        argumentTypeName: String?,
        argumentType: (any Any.Type)?,
        bind: @escaping @Sendable (PredicateArgument?) throws -> PredicateBody
    ) {
        self.name = name
        self.model = model
        self.argumentTypeName = argumentTypeName
        self.argumentType = argumentType
        self.bind = bind
    }
}

/// What a predicate runs, once its argument is bound.
enum PredicateBody: Sendable {
    /// A test of the value and position alone.
    case plain(PredicatePlugin.Test)
    /// A test that also reads a render context of the named type.
    case contextual(PredicatePlugin.ContextualTest, contextType: String)
}
