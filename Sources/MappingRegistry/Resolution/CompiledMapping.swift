import ModelStorage

/// A mapping with its plugins looked up, ready to be tested at render time.
struct CompiledMapping: Sendable {
    let mapping: Mapping
    let model: ModelType
    let view: ViewPlugin
    /// The section the condition requires, if any.
    let section: Int?
    /// The predicates the condition asks, all of which must hold.
    let predicates: [PredicatePlugin]
    /// Where the mapping's object starts in its file.
    let location: SourceLocation

    init(_ entry: ConfigurationLoader.Entry) {
        mapping = entry.mapping
        model = entry.model.type
        view = entry.view
        section = entry.mapping.condition.requiredSection
        predicates = entry.predicates
        location = entry.location
    }

    /// Whether the mapping's model type and view both take the value.
    func accepts(_ value: Any) -> Bool {
        model.accepts(value) && view.model.accepts(value)
    }

    /// Whether the condition has anything to test.
    var isUnconditional: Bool { section == nil && predicates.isEmpty }

    /// Whether the condition holds for a value at a position.
    @inline(__always)
    func conditionHolds(_ value: Any, at position: ItemPosition) -> Bool {
        if let section, section != position.section { return false }
        for predicate in predicates where !predicate.test(value, position) { return false }
        return true
    }

    /// Why the mapping does not apply to a value at a position, or `nil` when it does.
    func reasonForNotApplying(to value: Any, at position: ItemPosition) -> String? {
        let name = "'\(mapping.view)' (\(location))"
        if !model.accepts(value) { return "\(name) wants model '\(mapping.model)'" }
        if !view.model.accepts(value) { return "\(name): the view takes '\(view.model.name)'" }
        if let section, section != position.section { return "\(name) requires section \(section)" }
        for predicate in predicates where !predicate.test(value, position) {
            return "\(name): predicate '\(predicate.name)' is false"
        }
        return nil
    }
}
