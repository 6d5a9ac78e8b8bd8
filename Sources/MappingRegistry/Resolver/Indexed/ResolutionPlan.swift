import ModelStorage

/// The precomputed answer to "which mappings could show a value of this
/// dynamic type, for this kind, at this section and item", so resolving an
/// item is a table lookup, an array index by section and item slot, and
/// the predicates of only the mappings still in question.
///
/// The candidates are kept as plain integers in one array, so reading them
/// touches no reference count:
///
/// ```text
/// set:    levelCount, level, level, …                (highest priority first)
/// level:  definiteCount, predicatedCount, definite…, (mapping, test)…
/// ```
///
/// A *definite* mapping's condition certainly holds at the place (none,
/// or sections and items only); a *predicated* one's depends on
/// predicates, and its test is what is left of its condition once the
/// section and item are known.
final class ResolutionPlan: Sendable {
    /// Casts to this type depend on the value (collections, `AnyHashable`),
    /// so candidates are found per value and the arrays below are empty.
    let checksEveryValue: Bool
    /// For each distinct candidate set, the mapping that always wins there
    /// (its top level holds exactly one definite mapping and nothing to
    /// evaluate), or -1. Set 0 serves every section and item no condition names.
    let winners: [Int32]
    /// Where each candidate set starts in ``entries``.
    let setStarts: [Int32]
    /// Every candidate set, laid out as the type's documentation shows.
    let entries: [Int32]
    /// The tests of predicated mappings, by the index `entries` gives.
    let tests: [Condition]
    /// For each test that is a single predicate reading no render context,
    /// the predicate, called directly; `nil` for the others. Unmanaged, so
    /// that calling one retains nothing that other threads also retain:
    /// ``predicateBoxes`` keeps them alive.
    let predicates: [Unmanaged<PredicateBox>?]
    private let predicateBoxes: [PredicateBox]
    /// For each test whose every predicate takes the plan's type itself,
    /// the test compiled for values of that type: called with the value as
    /// it is, no dynamic cast of the model. `nil` for the others. Unmanaged
    /// like ``predicates``.
    let typedTests: [Unmanaged<TypedTest>?]
    private let typedTestBoxes: [TypedTest]
    /// Whether any test is in ``typedTests``, so evaluating wants the value opened.
    let takesTypedValue: Bool
    /// The cache key of the type the plan is for: a value's address is
    /// handed to ``typedTests`` only when the value is of this type.
    let typeKey: UInt
    /// For each section slot and item slot of the registry (at
    /// `section * itemSlotCount + item`), the index of its candidate set;
    /// empty when every place shares set 0.
    let candidatesBySlot: [Int32]
    /// The mapping that always wins, whatever the section and value.
    var alwaysResolvesTo: Int? {
        candidatesBySlot.isEmpty && winners.first.map { $0 >= 0 } == true ? Int(winners[0]) : nil
    }

    private init(checksEveryValue: Bool) {
        self.checksEveryValue = checksEveryValue
        winners = []
        setStarts = []
        entries = []
        tests = []
        predicates = []
        predicateBoxes = []
        typedTests = []
        typedTestBoxes = []
        takesTypedValue = false
        typeKey = 0
        candidatesBySlot = []
    }

    /// The plan of a type whose casts depend on the value.
    static let perValue = ResolutionPlan(checksEveryValue: true)

    /// Whether test `index` holds for a value at a position: `unknown`
    /// only when a predicate that reads a render context has none of its type.
    ///
    /// - Parameter typed: Runs a typed test on the value, when it is at
    ///   hand at the plan's type; `nil` when it is not.
    @inline(__always)
    func truth<Source: ContextSource>(
        _ index: Int, _ model: Any, unwrapper: OptionalUnwrapper?, typed: (TypedTest) -> Truth?, at position: ItemPosition, _ source: Source
    ) -> Truth {
        if let test = typedTests[index], let truth = test._withUnsafeGuaranteedRef(typed) { return truth }
        // The value as an `Any`: the model itself, or an Optional model's payload, unwrapped only now.
        guard let unwrapper else { return truth(index, of: model, at: position, source) }
        return truth(index, of: unwrapper.unwrap(model) ?? model, at: position, source)
    }

    /// Whether test `index` holds for a value (not an `Optional`), called with the value as an `Any`.
    @inline(__always)
    private func truth<Source: ContextSource>(_ index: Int, of value: Any, at position: ItemPosition, _ source: Source) -> Truth {
        if let predicate = predicates[index] {
            return predicate._withUnsafeGuaranteedRef { $0.test(value, position) } ? .yes : .no
        }
        return tests[index].truth(for: value, at: position, source)
    }

    /// Builds the plan for the mappings (of one kind, in declaration order)
    /// that take the type, over the registry's section and item slots.
    ///
    /// - Parameters:
    ///   - accepting: The mappings whose model and view take the type.
    ///   - sections: The registry's section slots.
    ///   - items: The registry's item slots.
    ///   - type: The dynamic type the plan is for.
    init(accepting: [CompiledMapping], sections: SectionSlots, items: SectionSlots, type: any Any.Type) {
        checksEveryValue = false
        var builder = Builder(accepting: accepting)
        // Every section (item) no candidate names behaves like any other such one.
        var namedSections: Set<Int> = [], namedItems: Set<Int> = []
        for mapping in accepting {
            namedSections.formUnion(mapping.condition.named(.section))
            namedItems.formUnion(mapping.condition.named(.item))
        }
        let unnamed = ItemPosition(item: SectionSlots.unnamedItem, section: SectionSlots.unnamedSection)
        var sets = [unnamed: builder.addSet(at: unnamed)]
        var bySlot: [Int32] = []
        if !namedSections.isEmpty || !namedItems.isEmpty {
            // What each of the registry's slots is to these mappings: a
            // section (item) they name, or one like every unnamed one.
            var sectionOfSlot = [Int](repeating: SectionSlots.unnamedSection, count: sections.count)
            for section in namedSections { sectionOfSlot[sections.slot(of: section)] = section }
            var itemOfSlot = [Int](repeating: SectionSlots.unnamedItem, count: items.count)
            for item in namedItems { itemOfSlot[items.slot(of: item)] = item }
            bySlot = [Int32](repeating: 0, count: sections.count * items.count)
            for (sectionSlot, section) in sectionOfSlot.enumerated() {
                for (itemSlot, item) in itemOfSlot.enumerated() {
                    let place = ItemPosition(item: item, section: section)
                    let set = sets[place] ?? builder.addSet(at: place)
                    sets[place] = set
                    bySlot[sectionSlot * items.count + itemSlot] = set
                }
            }
            if builder.winners.count == 1 { bySlot = [] }
        }
        winners = builder.winners
        setStarts = builder.setStarts
        entries = builder.entries
        tests = builder.tests
        let boxes = builder.tests.map { test -> PredicateBox? in
            if case .predicate(let call) = test, let plain = call.plainTest { return PredicateBox(plain) }
            return nil
        }
        predicateBoxes = boxes.compactMap(\.self)
        predicates = boxes.map { $0.map(Unmanaged.passUnretained) }
        let typed = builder.tests.map { TypedTest.make($0, for: type) }
        typedTestBoxes = typed.compactMap(\.self)
        typedTests = typed.map { $0.map(Unmanaged.passUnretained) }
        takesTypedValue = !typedTestBoxes.isEmpty
        typeKey = ResolutionCache.key(type)
        candidatesBySlot = bySlot
    }

    /// Lays out candidate sets, sharing one between sections whose
    /// candidates (and tests) are the same.
    private struct Builder {
        let accepting: [CompiledMapping]
        var winners: [Int32] = []
        var setStarts: [Int32] = []
        var entries: [Int32] = []
        var tests: [Condition] = []
        /// Each set laid out so far, keyed by its `Int32` layout (with its
        /// section marker), so equal sets are stored once.
        var known: [[Int32]: Int32] = [:]

        init(accepting: [CompiledMapping]) {
            self.accepting = accepting
        }

        /// Adds the candidate set of a place (a section and an item); returns its index.
        mutating func addSet(at place: ItemPosition) -> Int32 {
            var byPriority: [Int: (definite: [Int32], predicated: [(Int32, Condition)])] = [:]
            for mapping in accepting {
                let index = Int32(mapping.index)
                switch mapping.condition.truth(at: place) {
                case .no:
                    continue
                case .yes:
                    byPriority[mapping.priority, default: ([], [])].definite.append(index)
                case .unknown:
                    byPriority[mapping.priority, default: ([], [])].predicated
                        .append((index, mapping.condition.residual(at: place)))
                }
            }
            let levels = byPriority.keys.sorted(by: >).compactMap { byPriority[$0] }
            // Sets are shared by their mappings; a set with tests only with
            // the same place (a test may depend on it).
            var key: [Int32] = levels.flatMap { $0.definite + [-1] + $0.predicated.map(\.0) + [-2] }
            if levels.contains(where: { !$0.predicated.isEmpty }) {
                key += [-3, Int32(truncatingIfNeeded: place.section), Int32(truncatingIfNeeded: place.item)]
            }
            if let existing = known[key] { return existing }

            let set = Int32(winners.count)
            known[key] = set
            setStarts.append(Int32(entries.count))
            entries.append(Int32(levels.count))
            for level in levels {
                entries.append(Int32(level.definite.count))
                entries.append(Int32(level.predicated.count))
                entries += level.definite
                for (mapping, test) in level.predicated {
                    entries.append(mapping)
                    entries.append(Int32(tests.count))
                    tests.append(test)
                }
            }
            if let top = levels.first, top.definite.count == 1, top.predicated.isEmpty {
                winners.append(top.definite[0])
            } else {
                winners.append(-1)
            }
            return set
        }
    }
}

/// A predicate's test, in an object a plan can point at without retaining it.
final class PredicateBox: Sendable {
    let test: PredicatePlugin.Test

    init(_ test: @escaping PredicatePlugin.Test) {
        self.test = test
    }
}
