import ModelStorage

/// A condition predicate registered under a name.
struct PredicatePlugin: NamedPlugin {
    /// A predicate's test with its argument, if any, already decoded.
    typealias Test = @Sendable (Any, ItemPosition) -> Bool
    /// A test that reads a render context: `false` for a value of another
    /// type than its model, else `nil` when the context is missing or of
    /// another type than the predicate was registered with.
    typealias ContextualTest = @Sendable (Any, ItemPosition, (any Sendable)?) -> Bool?

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
    /// A test of the value and position alone; `typed`, the same test on
    /// a value already known to be of the predicate's model type.
    case plain(PredicatePlugin.Test, typed: TypedPredicateTest?)
    /// A test that also reads a render context of the named type.
    case contextual(PredicatePlugin.ContextualTest, contextType: String)
}

/// A predicate's test on a value known to be of its model type: what the
/// resolution index calls when a plan's dynamic type is exactly the
/// predicate's model type, with the value as the index opened it from its
/// `Any` (no dynamic cast of the model before the call).
struct TypedPredicateTest: Sendable {
    /// The model type the test takes.
    let model: ObjectIdentifier
    /// The test, typed: its ``TypedPredicateBody/Model`` is the model type.
    let body: any TypedPredicateBody

    /// The typed form of `test`, a predicate on `M`.
    init<M>(_ model: M.Type, _ test: @escaping @Sendable (M, ItemPosition) -> Bool) {
        self.model = ObjectIdentifier(M.self)
        body = TypedPredicateClosure(test: test)
    }

    /// Whether values of a dynamic type may be handed to ``body`` as they
    /// are: the type is the predicate's model type itself. (A subclass of a
    /// model class, a protocol's conformer, keep the cast.)
    func takes(_ type: any Any.Type) -> Bool {
        ObjectIdentifier(type) == model
    }
}

/// A predicate's test on its own model type, which code generic over the
/// body can call with a value of that type.
protocol TypedPredicateBody: Sendable {
    associatedtype Model
    /// Whether the predicate holds for a model at a position.
    func test(_ model: Model, at position: ItemPosition) -> Bool
}

/// A ``TypedPredicateBody`` holding the registered closure.
struct TypedPredicateClosure<Model>: TypedPredicateBody {
    let closure: @Sendable (Model, ItemPosition) -> Bool

    init(test: @escaping @Sendable (Model, ItemPosition) -> Bool) {
        closure = test
    }

    func test(_ model: Model, at position: ItemPosition) -> Bool {
        closure(model, position)
    }
}
