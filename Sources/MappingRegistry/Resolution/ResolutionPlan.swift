import ModelStorage

/// The precomputed answer to "which mappings could show a value of this
/// dynamic type, for this kind, in this section", so resolving an item is
/// a table lookup, an array index by section, and the predicates of only
/// the mappings still in question.
final class ResolutionPlan: Sendable {
    /// The mappings of one priority that may apply in a section.
    struct Level: Hashable, Sendable {
        /// Mappings whose condition certainly holds in the section (none,
        /// or sections only): they apply to every value of the type there.
        let definite: [Int32]
        /// Mappings whose condition depends on predicates: evaluated per value.
        let predicated: [Int32]
    }

    /// Everything that may apply in one section (or every section alike).
    struct Candidates: Hashable, Sendable {
        /// The levels with a candidate, highest priority first.
        let levels: [Level]
        /// The mapping that always wins here: the top level holds exactly
        /// one definite mapping and nothing to evaluate; otherwise -1.
        let winner: Int32

        init(levels: [Level]) {
            self.levels = levels
            if let top = levels.first, top.definite.count == 1, top.predicated.isEmpty {
                winner = top.definite[0]
            } else {
                winner = -1
            }
        }
    }

    /// The type is an `Optional`: unwrap and resolve the wrapped value.
    let unwrapsOptional: Bool
    /// Casts to this type depend on the value (collections, `AnyHashable`),
    /// so candidates are found per value and `candidates` is unused.
    let checksEveryValue: Bool
    /// The distinct candidate sets; entry 0 serves every section no
    /// candidate's condition names.
    let candidates: [Candidates]
    /// For each section slot of the registry, the index of its candidates
    /// in ``candidates``; empty when every section shares entry 0.
    let candidatesBySlot: [Int32]
    /// The mapping that always wins, whatever the section and value.
    let alwaysResolvesTo: Int?

    private init(unwrapsOptional: Bool, checksEveryValue: Bool, candidates: [Candidates], candidatesBySlot: [Int32]) {
        self.unwrapsOptional = unwrapsOptional
        self.checksEveryValue = checksEveryValue
        self.candidates = candidates
        self.candidatesBySlot = candidatesBySlot
        if candidatesBySlot.isEmpty, let only = candidates.first, only.winner >= 0 {
            alwaysResolvesTo = Int(only.winner)
        } else {
            alwaysResolvesTo = nil
        }
    }

    /// The plan of an `Optional` type.
    static let optional = ResolutionPlan(unwrapsOptional: true, checksEveryValue: false, candidates: [], candidatesBySlot: [])
    /// The plan of a type whose casts depend on the value.
    static let perValue = ResolutionPlan(unwrapsOptional: false, checksEveryValue: true, candidates: [], candidatesBySlot: [])

    /// The candidates for a section slot.
    @inline(__always)
    func candidates(forSlot slot: Int) -> Candidates {
        candidatesBySlot.isEmpty ? candidates[0] : candidates[Int(candidatesBySlot[slot])]
    }

    /// Builds the plan for the mappings (of one kind, in declaration order)
    /// that take the type, over the registry's section slots.
    ///
    /// - Parameters:
    ///   - accepting: The indexes of the mappings whose model and view take the type.
    ///   - mappings: Every checked mapping of the registry.
    ///   - sections: The registry's section slots.
    init(accepting: [Int], in mappings: [CheckedMapping], sections: SectionSlots) {
        unwrapsOptional = false
        checksEveryValue = false
        // Every section no candidate names behaves like any other such section.
        var named: Set<Int> = []
        for index in accepting { named.formUnion(mappings[index].condition.namedSections) }
        var sets: [Candidates] = [Self.candidates(accepting, in: mappings, section: SectionSlots.unnamedSection)]
        var bySlot: [Int32] = []
        if !named.isEmpty {
            var known: [Candidates: Int32] = [sets[0]: 0]
            bySlot = [Int32](repeating: 0, count: sections.count)
            for section in named {
                let set = Self.candidates(accepting, in: mappings, section: section)
                let entry: Int32
                if let existing = known[set] {
                    entry = existing
                } else {
                    entry = Int32(sets.count)
                    known[set] = entry
                    sets.append(set)
                }
                bySlot[sections.slot(of: section)] = entry
            }
            if sets.count == 1 { bySlot = [] }
        }
        candidates = sets
        candidatesBySlot = bySlot
        if bySlot.isEmpty, sets[0].winner >= 0 {
            alwaysResolvesTo = Int(sets[0].winner)
        } else {
            alwaysResolvesTo = nil
        }
    }

    /// The candidates in one section: each mapping whose condition holds
    /// there for sure is definite, each that depends on a predicate is
    /// left to evaluate, the rest drop out.
    private static func candidates(_ accepting: [Int], in mappings: [CheckedMapping], section: Int) -> Candidates {
        var byPriority: [Int: (definite: [Int32], predicated: [Int32])] = [:]
        for index in accepting {
            let mapping = mappings[index]
            switch mapping.condition.truth(inSection: section) {
            case .no: continue
            case .yes: byPriority[mapping.mapping.priority, default: ([], [])].definite.append(Int32(index))
            case .unknown: byPriority[mapping.mapping.priority, default: ([], [])].predicated.append(Int32(index))
            }
        }
        return Candidates(levels: byPriority.keys.sorted(by: >).compactMap { priority in
            byPriority[priority].map { Level(definite: $0.definite, predicated: $0.predicated) }
        })
    }
}
