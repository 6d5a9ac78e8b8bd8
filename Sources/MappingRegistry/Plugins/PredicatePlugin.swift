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
    /// A test that also reads a render context of the named type; `typed`,
    /// the same test on a value already known to be of the model type.
    case contextual(PredicatePlugin.ContextualTest, contextType: String, typed: TypedPredicateTest?)
}

/// A predicate's test on a value known to be of its model type: what the
/// resolution index calls when a plan's dynamic type is exactly the
/// predicate's model type, with the value as the index opened it from its
/// `Any` (no dynamic cast, and no copy, of the model before the call).
struct TypedPredicateTest: Sendable {
    /// The model type the test takes.
    let model: ObjectIdentifier
    /// The test, typed: its `Model` is the model type.
    let body: Body

    /// A typed test, with or without a render context.
    enum Body: Sendable {
        case plain(any TypedPredicateBody)
        case contextual(any TypedContextualPredicateBody)
    }

    /// The typed form of `test`, a predicate on `M`.
    init<M>(_ model: M.Type, _ test: @escaping @Sendable (M, ItemPosition) -> Bool) {
        self.model = ObjectIdentifier(M.self)
        body = .plain(TypedPredicateClosure(test: test))
    }

    /// The typed form of `test`, a predicate on `M` that reads a render
    /// context of type `Context`.
    init<M, Context>(_ model: M.Type, context: Context.Type, _ test: @escaping @Sendable (M, Context, ItemPosition) -> Bool) {
        self.model = ObjectIdentifier(M.self)
        body = .contextual(TypedContextualPredicateClosure(test: test))
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
    var test: @Sendable (Model, ItemPosition) -> Bool { get }
}

/// A ``TypedPredicateBody`` holding the registered closure.
struct TypedPredicateClosure<Model>: TypedPredicateBody {
    let test: @Sendable (Model, ItemPosition) -> Bool
}

/// A predicate's test on its own model type and its own render context
/// type, which code generic over the body can call with values of those types.
protocol TypedContextualPredicateBody: Sendable {
    associatedtype Model
    associatedtype Context
    /// Whether the predicate holds for a model, with a context, at a position.
    var test: @Sendable (Model, Context, ItemPosition) -> Bool { get }
}

/// A ``TypedContextualPredicateBody`` holding the registered closure.
struct TypedContextualPredicateClosure<Model, Context>: TypedContextualPredicateBody {
    let test: @Sendable (Model, Context, ItemPosition) -> Bool
}
