import ModelStorage

/// The resolution rule, with nothing cached: the mappings by kind, and for
/// each item every mapping of its kind tested against its unwrapped value.
/// What every other ``Resolver`` must agree with, and what resolves when
/// `MAPPING_REGISTRY_INDEX=off`.
struct ReferenceResolver: Resolver {
    /// Every mapping, by index, as the registry hands them out.
    let mappings: [Mapping]
    /// The kinds that have mappings, in order of first appearance; a kind's
    /// place here is its slot.
    let kinds: [ViewKind]
    /// The slot of each kind, for configurations with many kinds.
    private let kindSlots: [ViewKind: Int]
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
        self.kinds = kinds
        kindSlots = slots
        mappingsByKind = byKind
    }

    /// The slot of a kind, or `nil` when no mapping has that kind.
    @inline(__always)
    func slot(of kind: ViewKind) -> Int? {
        // A few kinds (cell, header, footer, a custom one or two): comparing
        // short strings beats hashing. Many kinds: the dictionary.
        guard kinds.count > 8 else {
            for index in kinds.indices where kinds[index] == kind { return index }
            return nil
        }
        return kindSlots[kind]
    }

    /// The rule: unwrap, then test every mapping of the kind against the value.
    func outcome<Source: ContextSource>(_ model: Any, at position: ItemPosition, slot: Int, keepsValue: Bool, _ source: Source) -> Outcome {
        guard let value = unwrapOptionals(model) else { return .nilModel }
        let outcome = Outcome.applyingEvery(mappingsByKind[slot], to: value, at: position, source)
        // The value, unwrapped or not, is what a renderer shows.
        if case .resolved(let index) = outcome { return .resolvedUnwrapped(index, value) }
        return outcome
    }

    func mapping(at index: Int) -> Mapping {
        mappings[index]
    }
}
