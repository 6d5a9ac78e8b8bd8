import ModelStorage

/// The seam between the resolution rule and the machinery that makes it
/// fast: everything that resolves an item (``MappingRegistry/resolve(_:at:kind:context:)``,
/// the renderers, ``ReusePool``, events) asks a resolver, and nothing else.
///
/// Two resolvers give the same answers:
/// - ``ReferenceResolver``, the rule itself: every mapping of the kind
///   tested against the unwrapped value (``Outcome/applyingEvery(_:to:at:_:)``);
/// - `IndexedResolver` (in `Resolver/Indexed/`, which only this seam
///   reaches): per-type plans in a lock-free cache, `Optional` readers,
///   per-thread copies of the mappings.
///
/// The contract tests run the same items through both and compare the
/// answers. Set `MAPPING_REGISTRY_INDEX=off` before a registry loads to
/// resolve with the reference resolver alone.
///
/// Callers are generic over the resolver, so each is compiled for the
/// indexed one without a dynamic call on the hot path.
protocol Resolver: Sendable {
    /// What a model resolves to for a kind: `missing` (or `nilModel`) when
    /// no mapping has that kind.
    ///
    /// - Parameter keepsValue: Whether a resolved `Optional`'s wrapped value
    ///   is wanted (to render it); without it, a resolver may decide an
    ///   `Optional` without unwrapping it.
    func outcome<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, keepsValue: Bool, _ source: Source) -> Outcome

    /// Mapping `index` as this resolver hands it out.
    func mapping(at index: Int) -> Mapping
}
