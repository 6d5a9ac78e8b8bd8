import ModelStorage

/// The resolution rule, with nothing cached: the mappings by kind, and for
/// each item every mapping of its kind tested against its unwrapped value.
/// What every other ``Resolver`` must agree with, and what resolves when
/// `MAPPING_REGISTRY_INDEX=off`.
struct ReferenceResolver: Resolver {
    /// Every mapping, by index, as the registry hands them out.
    let mappings: [Mapping]
    /// The kinds that have mappings, numbered.
    let kindSlots: KindSlots
    /// For each kind slot, its mappings in declaration order.
    let mappingsByKind: [[CompiledMapping]]

    init(_ mappings: [Mapping]) {
        self.mappings = mappings
        var kinds: [ViewKind] = []
        var slots: [ViewKind: Int] = [:]
        var byKind: [[CompiledMapping]] = []
        for mapping in mappings.map(\.compiled) {
            if let slot = slots[mapping.kind] {
                byKind[slot].append(mapping)
            } else {
                slots[mapping.kind] = kinds.count
                kinds.append(mapping.kind)
                byKind.append([mapping])
            }
        }
        kindSlots = KindSlots(kinds)
        mappingsByKind = byKind
    }

    /// The kinds that have mappings, in order of first appearance.
    var kinds: [ViewKind] { kindSlots.kinds }

    /// The rule: unwrap, then test every mapping of the kind against the value.
    func outcome<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, keepsValue: Bool, _ source: Source) -> Outcome {
        guard let value = unwrapOptionals(model) else { return .nilModel }
        guard let slot = kindSlots.slot(of: kind) else { return .missing(value) }
        let outcome = Outcome.applyingEvery(mappingsByKind[slot], to: value, at: position, source)
        // The value, unwrapped or not, is what a renderer shows.
        if case .resolved(let index) = outcome { return .resolvedUnwrapped(index, value) }
        return outcome
    }

    func mapping(at index: Int) -> Mapping {
        mappings[index]
    }
}
