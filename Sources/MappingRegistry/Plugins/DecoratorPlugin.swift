import ModelStorage

/// A decorator registered under a name: a text transform applied after a
/// view renders, to the items of its model type.
struct DecoratorPlugin: NamedPlugin {
    let name: String
    let model: ModelType
    /// Returns the transformed text; text of a value of another type comes back unchanged.
    let apply: @Sendable (String, Any, ItemPosition) -> String
}
