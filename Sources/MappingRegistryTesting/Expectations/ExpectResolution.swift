import MappingRegistry
import ModelStorage
import Testing

/// Expects a model at a position to resolve to the mapping of a view.
///
/// ```swift
/// expectResolution(of: dish, at: ItemPosition(item: 3, section: 1), in: registry, is: "DishRow")
/// ```
///
/// When it does not, one issue is recorded at the caller's line, saying
/// what the model resolved to and where that mapping is declared, or why
/// it did not resolve, in the registry's own words:
///
/// ```text
/// 'Dish' at section 1, item 3 resolved to PlainDishRow (mappings.json:12:5), expected DishRow
/// 'Dish' at section 1, item 3 is missing: no cell mapping for 'Dish' at section 1, item 3: … [missing-mapping], expected DishRow
/// ```
///
/// - Parameters:
///   - item: The stored model, possibly wrapped in optionals.
///   - position: Where it is stored; supplementary models are at item 0 of their section.
///   - registry: The mappings to resolve with.
///   - view: The registered name of the view the winning mapping must show.
///   - kind: The kind of view wanted. Default `.cell`.
///   - context: The render context for predicates that read one. Default: none.
///   - sourceLocation: Where a failure is recorded. Default: the caller's line.
public func expectResolution(
    of item: Any,
    at position: ItemPosition,
    in registry: MappingRegistry,
    is view: String,
    kind: ViewKind = .cell,
    context: (any Sendable)? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let resolution = registry.resolve(item, at: position, kind: kind, context: context)
    if resolution.mapping?.view == view { return }
    let subject = StoredModel(model: item, position: position, kind: kind).subject(in: registry)
    Issue.record("\(subject) \(resolution.failureSummary), expected \(view)", sourceLocation: sourceLocation)
}
