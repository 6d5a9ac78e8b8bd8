/// A declaration that passed every check of its own: its ``Mapping`` with
/// the plugins and compiled condition it resolves and renders with.
struct CheckedMapping: Sendable {
    let mapping: Mapping
    let model: ModelType
    let view: ViewPlugin
    let condition: CompiledCondition
    let decorators: [DecoratorPlugin]
    /// Where each part was declared, for diagnostics across mappings.
    let sites: DeclarationSites

    /// Whether both the mapping's model type and its view take the value.
    func accepts(_ value: Any) -> Bool {
        model.accepts(value) && view.model.accepts(value)
    }
}
