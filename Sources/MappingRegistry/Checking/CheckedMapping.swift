/// A declaration that passed every check of its own: its ``Mapping`` with
/// the plugins and compiled condition it resolves and renders with. A
/// class, so the checks across mappings pass references, not copies.
final class CheckedMapping: Sendable {
    let mapping: Mapping
    let model: ModelType
    let view: ViewPlugin
    let condition: CompiledCondition
    let decorators: [DecoratorPlugin]
    /// Where each part was declared, for diagnostics across mappings.
    let sites: DeclarationSites

    init(mapping: Mapping, model: ModelType, view: ViewPlugin, condition: CompiledCondition, decorators: [DecoratorPlugin], sites: DeclarationSites) {
        self.mapping = mapping
        self.model = model
        self.view = view
        self.condition = condition
        self.decorators = decorators
        self.sites = sites
    }

    /// Whether both the mapping's model type and its view take the value.
    func accepts(_ value: Any) -> Bool {
        model.accepts(value) && view.model.accepts(value)
    }
}
