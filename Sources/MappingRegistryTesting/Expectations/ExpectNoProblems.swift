import MappingRegistry
import ModelStorage
import Testing

/// Expects every model of a storage to resolve: each cell, header, footer
/// and model of a custom kind, as a renderer would show them.
///
/// ```swift
/// expectNoProblems(in: registry, storage: document.storage)
/// ```
///
/// Each model that does not resolve records one issue at the caller's line,
/// with the registry's diagnostic:
///
/// ```text
/// 'GiftCard' at section 4, item 1 is missing: no cell mapping for 'GiftCard' at section 4, item 1: … [missing-mapping]
/// ```
///
/// - Parameters:
///   - registry: The mappings to resolve with.
///   - storage: The models, by section.
///   - context: The render context for predicates that read one. Default: none.
///   - sourceLocation: Where failures are recorded. Default: the caller's line.
public func expectNoProblems(
    in registry: MappingRegistry,
    storage: some Storage,
    context: (any Sendable)? = nil,
    sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
    for stored in StoredModel.all(in: storage, registry: registry) {
        let resolution = registry.resolve(stored.model, at: stored.position, kind: stored.kind, context: context)
        if resolution.mapping != nil { continue }
        Issue.record("\(stored.subject(in: registry)) \(resolution.failureSummary)", sourceLocation: sourceLocation)
    }
}
