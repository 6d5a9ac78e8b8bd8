import Foundation
import ModelStorage

/// The fast ``Resolver``: the compiled mappings arranged for resolving by
/// kind, then by the model's dynamic type (a lock-free ``ResolutionCache``
/// of ``ResolutionPlan``s, built the first time a type is met), then by
/// section (``SectionSlots``), so that resolving an item costs one table
/// lookup plus the predicates of the mappings still in question, whatever
/// the number of mappings; and the mappings it hands out, a copy per thread
/// (``MappingReplicas``).
///
/// Everything in this folder is reached only through this type, and only
/// through the ``Resolver`` seam. It must always give the answer of the
/// ``ReferenceResolver`` (the contract tests compare the two on random
/// configurations). Set the environment variable
/// `MAPPING_REGISTRY_INDEX=off` before a registry loads to resolve by the
/// reference rule alone, when debugging a suspected index problem: the
/// index then hands every item to the rule, and builds no plans.
final class IndexedResolver: Resolver {
    /// The rule, which resolves every item when the index is switched off.
    let rule: ReferenceResolver
    /// Whether the index resolves (`false`: every item goes to ``rule``).
    let isEnabled: Bool
    /// The rule's kinds, numbered: a kind's slot in the cache.
    let kindSlots: KindSlots
    /// For each kind slot of the rule, its mappings in declaration order.
    let mappingsByKind: [[CompiledMapping]]
    /// The sections the conditions name, numbered for the plans' section index.
    let sectionSlots: SectionSlots
    /// The items the conditions name, numbered likewise: one slot (every
    /// item alike) when no condition names an item.
    let itemSlots: SectionSlots
    let cache: ResolutionCache
    /// The mappings that resolving hands out: a copy per thread slot, so
    /// threads resolving at once retain no shared object.
    let replicas: MappingReplicas

    /// Whether the environment leaves the index on (`MAPPING_REGISTRY_INDEX` is not `off`).
    static var isEnabledByEnvironment: Bool {
        ProcessInfo.processInfo.environment["MAPPING_REGISTRY_INDEX"] != "off"
    }

    /// The index over the rule's mappings, with no type seen yet.
    init(_ rule: ReferenceResolver, isEnabled: Bool) {
        self.rule = rule
        self.isEnabled = isEnabled
        kindSlots = rule.kindSlots
        mappingsByKind = rule.mappingsByKind
        cache = ResolutionCache(slotCount: rule.kinds.count)
        let conditions = rule.mappings.map(\.compiled.condition)
        sectionSlots = SectionSlots(named: conditions.reduce(into: Set<Int>()) { $0.formUnion($1.named(.section)) })
        itemSlots = SectionSlots(named: conditions.reduce(into: Set<Int>()) { $0.formUnion($1.named(.item)) })
        replicas = MappingReplicas(rule.mappings)
    }

    /// Mapping `index`, as the calling thread's copy.
    @inline(__always)
    func mapping(at index: Int) -> Mapping {
        isEnabled ? replicas.mapping(at: index) : rule.mapping(at: index)
    }

    /// Resolves a model for a kind: the kind's slot, one lock-free lookup
    /// of the model's type there, then the plan's candidates for its section.
    @inline(__always)
    func outcome<Source: ContextSource>(_ model: Any, at position: ItemPosition, kind: ViewKind, keepsValue: Bool, _ source: Source) -> Outcome {
        guard isEnabled else { return rule.outcome(model, at: position, kind: kind, keepsValue: keepsValue, source) }
        guard let slot = kindSlots.slot(of: kind) else {
            guard let value = unwrapOptionals(model) else { return .nilModel }
            return .missing(value)
        }
        return outcome(model, at: position, slot: slot, keepsValue: keepsValue, source)
    }

    /// Resolves a model for a kind slot: one lock-free lookup of its type,
    /// then the plan's candidates for its section.
    ///
    /// - Parameter keepsValue: Whether a resolved `Optional`'s wrapped value
    ///   is wanted (to render it); without it, an `Optional` of a type that
    ///   always resolves to one mapping is decided without unwrapping it.
    /// - Parameter source: The render context, for predicates that read one.
    @inline(__always)
    func outcome<Source: ContextSource>(_ model: Any, at position: ItemPosition, slot: Int, keepsValue: Bool, _ source: Source) -> Outcome {
        let dynamicType = Swift.type(of: model)
        let type = ResolutionCache.key(dynamicType)
        let entry = cache.lookUp(type, slot: slot)
            ?? cache.entry(type, slot: slot, dynamicType: dynamicType) { buildPlan(for: model, slot: slot) }
        if let winner = entry.winner { return .resolved(winner) }
        if entry.isOptional {
            if !keepsValue {
                // A struct or enum payload whose winner the unwrapper keeps:
                // its cases read at its own type, and no second lookup.
                // Inlined into the caller, like the winner above; the rest
                // is not. The answer is an `Int` (the winner, -1 for nil,
                // -2 for not kept), which is cheaper to hand back than an
                // `Outcome?`.
                let kept = entry.withUnwrapper { unwrapper -> Int in
                    guard let winner = unwrapper.winnerOfSome, let key = unwrapper.payloadKey(model) else { return -2 }
                    return key == 0 ? -1 : winner
                }
                if kept >= 0 { return .resolved(kept) }
                if kept == -1 { return .nilModel }
            }
            return outcomeOfOptional(entry, model, at: position, slot: slot, keepsValue: keepsValue, source)
        }
        return entry.withPlan { plan in evaluate(plan, model, unwrapper: nil, at: position, slot: slot, source) }
    }

    /// ``outcome(_:at:slot:keepsValue:_:)`` for an `Optional`'s entry:
    /// its payload's winner or plan applied in place, or the value unwrapped.
    @inline(never)
    private func outcomeOfOptional<Source: ContextSource>(
        _ entry: ResolutionCache.Entry, _ model: Any, at position: ItemPosition, slot: Int, keepsValue: Bool, _ source: Source
    ) -> Outcome {
        entry.withUnwrapper { unwrapper in
            if !keepsValue, let key = unwrapper.payloadKey(model) {
                // The payload's type, read at the `Optional`'s own type:
                // when it always resolves to one mapping, nothing needs
                // unwrapping; when it has a plan, the plan's typed
                // predicates read the payload where it is.
                if key == 0 { return .nilModel }
                if let payloadEntry = cache.lookUp(key, slot: slot) {
                    if let winner = payloadEntry.winner {
                        unwrapper.remember(winner: winner)
                        return .resolved(winner)
                    }
                    if !payloadEntry.isOptional {
                        return payloadEntry.withPlan { plan in
                            plan.checksEveryValue
                                ? outcomeOfWrapped(model, at: position, slot: slot, unwrapper: unwrapper, source)
                                : evaluate(plan, model, unwrapper: unwrapper, at: position, slot: slot, source)
                        }
                    }
                }
            }
            return outcomeOfWrapped(model, at: position, slot: slot, unwrapper: unwrapper, source)
        }
    }

    /// Unwraps through the type's cached unwrapper, then resolves the
    /// wrapped value (which may be an `Optional` inside an `Any`).
    private func outcomeOfWrapped<Source: ContextSource>(
        _ model: Any, at position: ItemPosition, slot: Int, unwrapper: OptionalUnwrapper, _ source: Source
    ) -> Outcome {
        guard let value = unwrapper.unwrap(model) else { return .nilModel }
        let result = outcome(value, at: position, slot: slot, keepsValue: true, source)
        if case .resolved(let index) = result { return .resolvedUnwrapped(index, value) }
        return result
    }

    /// The slot of a position in a plan's `candidatesBySlot`. Without item
    /// conditions (one item slot), the item is not looked up: a registry
    /// that names no items resolves at the cost it had before they existed.
    @inline(__always)
    private func placeSlot(of position: ItemPosition) -> Int {
        let section = sectionSlots.slot(of: position.section)
        guard itemSlots.count > 1 else { return section }
        return section * itemSlots.count + itemSlots.slot(of: position.item)
    }

    /// Applies a plan to a value that is not an `Optional`: `model` itself,
    /// or, with `unwrapper`, the payload of the `Optional` `model`, whose
    /// type the plan is for (unwrapped into an `Any` only when a test or
    /// the outcome needs one).
    private func evaluate<Source: ContextSource>(
        _ plan: ResolutionPlan, _ model: Any, unwrapper: OptionalUnwrapper?, at position: ItemPosition, slot: Int, _ source: Source
    ) -> Outcome {
        if plan.checksEveryValue {
            return Outcome.applyingEvery(mappingsByKind[slot], to: unwrapper.flatMap { $0.unwrap(model) } ?? model, at: position, source)
        }
        let set = plan.candidatesBySlot.isEmpty ? 0 : Int(plan.candidatesBySlot[placeSlot(of: position)])
        let winner = plan.winners[set]
        if winner >= 0 { return .resolved(Int(winner)) }
        var decision = Decision.missing
        // The typed tests take the value as it is, at the plan's type: no
        // dynamic cast. Found only when the value is of that very type (the
        // `Any` opened, or an `Optional`'s fixed payload); otherwise every
        // test casts. (The decision is a small enum: an `Outcome`, which
        // holds an `Any`, would be copied out of the closure through its
        // value witnesses.)
        let found: Bool
        if !plan.takesTypedValue {
            found = false
        } else {
            let context = source.contextForTypedTests
            if let unwrapper {
                found = unwrapper.withPayloadAddress(model) { address in
                    decision = decide(plan, set: set, model, unwrapper: unwrapper, at: position, source) {
                        $0.truth(at: address, at: position, context: context)
                    }
                }
            } else {
                found = OpenedValue.withTypedTruth(of: model, ifTypeIs: plan.typeKey, at: position, context: context) { typed in
                    decision = decide(plan, set: set, model, unwrapper: unwrapper, at: position, source, typed: typed)
                }
            }
        }
        if !found { decision = decide(plan, set: set, model, unwrapper: unwrapper, at: position, source) { _ in nil } }
        switch decision {
        case .resolved(let index): return .resolved(index)
        case .missing: return .missing(reported(model, unwrapper))
        case .ambiguous(let tied): return .ambiguous(tied, reported(model, unwrapper))
        case .missingContext(let index): return .missingContext(index, reported(model, unwrapper))
        }
    }

    /// The value an outcome reports: `model`, or its payload when `unwrapper` is given.
    private func reported(_ model: Any, _ unwrapper: OptionalUnwrapper?) -> Any {
        unwrapper.flatMap { $0.unwrap(model) } ?? model
    }

    /// What a candidate set's predicates decided: an ``Outcome`` without
    /// the value it reports.
    private enum Decision {
        case resolved(Int)
        case missing
        case ambiguous([Int])
        case missingContext(Int)
    }

    /// Applies candidate set `set` of a plan: the predicates of each
    /// priority level in turn. `typed`: runs the plan's typed tests on the
    /// value, when it is at hand at the plan's type (else answers `nil`).
    private func decide<Source: ContextSource>(
        _ plan: ResolutionPlan, set: Int, _ model: Any, unwrapper: OptionalUnwrapper?,
        at position: ItemPosition, _ source: Source, typed: (TypedTest) -> Truth?
    ) -> Decision {
        // Reads the candidates in place, as plain integers.
        plan.entries.withUnsafeBufferPointer { entries in
            var cursor = Int(plan.setStarts[set])
            let levelCount = Int(entries[cursor])
            cursor += 1
            for _ in 0..<levelCount {
                let definiteCount = Int(entries[cursor]), predicatedCount = Int(entries[cursor + 1])
                let definite = cursor + 2, predicated = definite + definiteCount
                cursor = predicated + 2 * predicatedCount
                var count = definiteCount
                var found = definiteCount > 0 ? Int(entries[definite]) : -1
                for offset in stride(from: predicated, to: cursor, by: 2) {
                    switch plan.truth(Int(entries[offset + 1]), model, unwrapper: unwrapper, typed: typed, at: position, source) {
                    case .no: continue
                    case .yes:
                        count += 1
                        if found < 0 { found = Int(entries[offset]) }
                    case .unknown:
                        // Which mapping wins depends on a context that is not there.
                        return .missingContext(Int(entries[offset]))
                    }
                }
                if count == 1 { return .resolved(found) }
                if count > 1 {
                    // Ambiguous: the rare path may allocate.
                    var tied = (definite..<predicated).map { Int(entries[$0]) }
                    for offset in stride(from: predicated, to: cursor, by: 2)
                    where plan.truth(Int(entries[offset + 1]), model, unwrapper: unwrapper, typed: typed, at: position, source) == .yes {
                        tied.append(Int(entries[offset]))
                    }
                    return .ambiguous(tied.sorted())
                }
            }
            return .missing
        }
    }

    /// The plan for a type: for a type whose casts depend on the value,
    /// the reference rule for every value.
    private func buildPlan(for value: Any, slot: Int) -> ResolutionPlan {
        guard TypeMatching.isDecidedByType(Swift.type(of: value)) else { return .perValue }
        let accepting = mappingsByKind[slot].filter { $0.accepts(value) }
        return ResolutionPlan(accepting: accepting, sections: sectionSlots, items: itemSlots, type: Swift.type(of: value))
    }
}
