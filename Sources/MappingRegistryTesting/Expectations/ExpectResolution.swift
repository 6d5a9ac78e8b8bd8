import MappingRegistry
import ModelStorage
import Testing

/// Expects a model at a position to resolve to the mapping of a view, and,
/// when asked, to the one with a reuse identifier or declared at a place.
///
/// ```swift
/// expectResolution(of: dish, at: ItemPosition(item: 3, section: 1), in: registry, is: "DishRow")
/// expectResolution(of: post, at: ItemPosition(item: 0, section: 0), in: registry, is: "PostCell", reuseIdentifier: "hero")
/// expectResolution(of: dish, at: ItemPosition(item: 0, section: 0), in: registry, is: "DishRow", declaredAt: "mappings.json:6:5")
/// ```
///
/// When it does not, one issue is recorded at the caller's line, saying
/// what the model resolved to and where that mapping is declared, or why
/// it did not resolve, in the registry's own words. A reuse identifier
/// other than the view's name is written in quotes after the view:
///
/// ```text
/// 'Dish' at section 1, item 3 resolved to PlainDishRow (mappings.json:12:5), expected DishRow
/// 'Post' at section 0, item 0 resolved to PostCell (FeedTests/FeedMappings.swift:14:9), expected PostCell "hero"
/// 'Dish' at section 1, item 3 is missing: no cell mapping for 'Dish' at section 1, item 3: … [missing-mapping], expected DishRow
/// ```
///
/// - Parameters:
///   - item: The stored model, possibly wrapped in optionals.
///   - position: Where it is stored; supplementary models are at item 0 of their section.
///   - registry: The mappings to resolve with.
///   - view: The registered name of the view the winning mapping must show.
///   - reuseIdentifier: The reuse identifier the winning mapping must have,
///     to tell two mappings of one view apart (`"hero"`). Default: any.
///   - declaredAt: Where the winning mapping must be declared: as a
///     ``ResolutionReport`` names it (`mappings.json:6:5`,
///     `FeedTests/FeedMappings.swift`), or as loaded (`file:line:column`,
///     such as the `location` of a Swift `Map(…)` declaration). Default: anywhere.
///   - kind: The kind of view wanted. Default `.cell`.
///   - context: The render context for predicates that read one. Default: none.
///   - sourceLocation: Where a failure is recorded. Default: the caller's line.
public func expectResolution(
    of item: Any,
    at position: ItemPosition,
    in registry: MappingRegistry,
    is view: String,
    reuseIdentifier: String? = nil,
    declaredAt: String? = nil,
    kind: ViewKind = .cell,
    context: (any Sendable)? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    let resolution = registry.resolve(item, at: position, kind: kind, context: context)
    if let mapping = resolution.mapping, mapping.view == view,
       reuseIdentifier.map({ $0 == mapping.reuseIdentifier }) ?? true,
       declaredAt.map({ MappingNames(registry.mappings).matches(mapping, declaredAt: $0) }) ?? true {
        return
    }
    var expected = view
    if let reuseIdentifier, reuseIdentifier != view { expected += " \"\(reuseIdentifier)\"" }
    if let declaredAt { expected += " declared at \(declaredAt)" }
    let subject = StoredModel(model: item, position: position, kind: kind).subject(in: registry)
    Issue.record("\(subject) \(resolution.failureSummary), expected \(expected)", sourceLocation: sourceLocation)
}
