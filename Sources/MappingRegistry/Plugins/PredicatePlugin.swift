import ModelStorage

/// A condition predicate registered under a name.
struct PredicatePlugin: NamedPlugin {
    /// A predicate's test with its argument, if any, already decoded.
    typealias Test = @Sendable (Any, ItemPosition) -> Bool

    let name: String
    let model: ModelType
    /// The Swift type of the argument, or `nil` when the predicate takes none.
    let argumentType: (any Any.Type)?
    /// Decodes the argument (once, at load) and returns the test that uses it.
    let bind: @Sendable (PredicateArgument?) throws -> Test

    /// The name of the argument type, such as `Double`.
    var argumentTypeName: String? { argumentType.map { String(describing: $0) } }
}
