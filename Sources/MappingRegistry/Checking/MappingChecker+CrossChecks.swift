/// The checks across mappings, over every valid mapping of every source:
/// reuse identifiers, duplicates and overlaps. A diagnostic about two
/// mappings is located at the first (in registry order) and names the
/// other's `file:line:column` in its message.
extension MappingChecker {
    /// The types involved in deciding whether two mappings can show one value.
    struct WitnessKey: Hashable {
        var first: ObjectIdentifier, firstView: ObjectIdentifier
        var second: ObjectIdentifier, secondView: ObjectIdentifier
    }

    // MARK: - Reuse identifiers

    mutating func checkReuseIdentifiers(_ mappings: [CheckedMapping]) {
        var owners: [String: CheckedMapping] = [:]
        var reported: Set<String> = []
        for mapping in mappings {
            let identifier = mapping.mapping.reuseIdentifier
            guard let owner = owners[identifier] else {
                owners[identifier] = mapping
                continue
            }
            // One report per identifier and view: the first conflict says what to fix.
            guard !owner.view.isSameView(as: mapping.view), reported.insert("\(identifier)\u{0}\(mapping.view.name)").inserted else { continue }
            report(Diagnostic(
                severity: .error,
                code: .reuseIdentifierConflict,
                message: "reuse identifier '\(identifier)' gives view '\(owner.view.name)' here and view '\(mapping.view.name)' at \(mapping.sites[\.reuseIdentifier]); one reuse identifier must always give one view type",
                location: owner.sites[\.reuseIdentifier]
            ))
        }
    }

    // MARK: - Duplicates and overlaps

    mutating func checkDuplicatesAndOverlaps(_ mappings: [CheckedMapping]) {
        /// What makes two mappings say the same thing: the same view (through
        /// aliases), model type, kind and condition.
        struct Identity: Hashable {
            var view: ObjectIdentifier, model: ObjectIdentifier, kind: ViewKind, condition: MappingCondition
        }
        struct Group: Hashable {
            var kind: ViewKind, priority: Int
        }
        var firstWithIdentity: [Identity: CheckedMapping] = [:]
        var groups: [Group: [CheckedMapping]] = [:]
        for mapping in mappings {
            let identity = Identity(
                view: mapping.view.viewType ?? ObjectIdentifier(mapping.view),
                model: mapping.model.id,
                kind: mapping.mapping.kind,
                condition: ConditionLogic.normalized(mapping.mapping.condition)
            )
            if let first = firstWithIdentity[identity] {
                report(.duplicateMapping(first.mapping, mapping.mapping))
                continue
            }
            firstWithIdentity[identity] = mapping
            groups[Group(kind: mapping.mapping.kind, priority: mapping.mapping.priority), default: []].append(mapping)
        }
        for group in groups.values where group.count > 1 {
            reportOverlaps(in: group)
        }
    }

    /// Reports each pair of one group (one kind and priority) that provably
    /// claims the same value at the same position.
    private mutating func reportOverlaps(in group: [CheckedMapping]) {
        for (first, second) in OverlapCandidates(group).pairs() {
            let a = group[first], b = group[second]
            // The types first: cached per combination of types, and most pairs fail there.
            guard let witness = witness(a, b) else { continue }
            let relation = a.mapping.condition == b.mapping.condition ? nil : ConditionLogic.relation(a.mapping.condition, b.mapping.condition)
            guard let narrower = ConditionLogic.narrowerOfImplying(a.mapping.condition, b.mapping.condition, relation: relation) else { continue }
            // The same view for the same model under conditions that say the
            // same thing in other words is a duplicate, not an overlap.
            if a.view.isSameView(as: b.view), a.model.id == b.model.id, relation?.isEquivalence ?? true {
                report(.duplicateMapping(a.mapping, b.mapping))
                continue
            }
            let place = narrower == .none ? "everywhere" : "wherever \(narrower) holds"
            let shown = a.model.id == witness.id ? a.mapping.model
                : b.model.id == witness.id ? b.mapping.model
                : plugins.model(ofType: witness.id)?.name ?? witness.name
            report(Diagnostic(
                severity: .error,
                code: .overlappingMappings,
                message: "'\(a.mapping.view)' here and '\(b.mapping.view)' at \(b.mapping.location) both show '\(shown)' as \(a.mapping.kind) with priority \(a.mapping.priority) \(place); give one a higher priority or make the conditions disjoint",
                location: a.mapping.location
            ))
        }
    }

    /// A type whose values both mappings take (model and view alike), when
    /// one provably exists: one of their own types, or a registered model.
    private mutating func witness(_ a: CheckedMapping, _ b: CheckedMapping) -> ModelType? {
        let key = WitnessKey(first: a.model.id, firstView: a.view.model.id, second: b.model.id, secondView: b.view.model.id)
        if let known = witnessCache[key] { return known }
        let bounds = [a.model, a.view.model, b.model, b.view.model]
        let candidates = bounds + plugins.models.values.map(\.type).sorted { $0.name < $1.name }
        let found = candidates.first { candidate in bounds.allSatisfy { $0.contains(candidate) } }
        witnessCache[key] = .some(found)
        return found
    }
}

/// The pairs of one group of mappings worth comparing for overlap, found
/// without comparing every mapping with every other: mappings for two
/// different structs never share a value, and conditions confined to
/// different sections never hold together.
struct OverlapCandidates {
    private let group: [CheckedMapping]
    /// For each mapping, the struct or enum every value it takes must be.
    private let valueType: [ObjectIdentifier?]
    /// For each mapping, the sections its condition can hold in; `nil` for any.
    private let sections: [Set<Int>?]

    init(_ group: [CheckedMapping]) {
        self.group = group
        valueType = group.map { mapping in
            if mapping.model.shape == .value { return mapping.model.id }
            if mapping.view.model.shape == .value { return mapping.view.model.id }
            return nil
        }
        sections = group.map { ConditionLogic.sections(of: $0.mapping.condition) }
    }

    /// Index pairs `(i, j)` with `i < j`, in order.
    func pairs() -> [(Int, Int)] {
        var byType: [ObjectIdentifier: [Int]] = [:]
        var untyped: [Int] = []
        for index in group.indices {
            if let type = valueType[index] { byType[type, default: []].append(index) } else { untyped.append(index) }
        }
        var found: Set<Pair> = []
        let untypedBySection = SectionBuckets(untyped, sections: sections)
        untypedBySection.collectWithin(into: &found)
        for members in byType.values {
            SectionBuckets(members, sections: sections).collectWithin(into: &found)
            // Across a struct's mappings and the untyped ones: only where sections can meet.
            for member in members {
                untypedBySection.forEachCandidate(meeting: sections[member]) { found.insert(Pair(member, $0)) }
            }
        }
        return found.sorted().map { ($0.first, $0.second) }
    }

    /// Mappings grouped by the sections their conditions are confined to.
    private struct SectionBuckets {
        /// Mappings that can hold in any section.
        var wide: [Int] = []
        var bySection: [Int: [Int]] = [:]

        init(_ members: [Int], sections: [Set<Int>?]) {
            for index in members {
                if let confined = sections[index] {
                    for section in confined { bySection[section, default: []].append(index) }
                } else {
                    wide.append(index)
                }
            }
        }

        /// Every pair of members whose sections can meet.
        func collectWithin(into found: inout Set<Pair>) {
            for (position, index) in wide.enumerated() {
                for earlier in wide[..<position] { found.insert(Pair(earlier, index)) }
            }
            for indexes in bySection.values {
                for (position, index) in indexes.enumerated() {
                    for earlier in indexes[..<position] { found.insert(Pair(earlier, index)) }
                    for other in wide { found.insert(Pair(other, index)) }
                }
            }
        }

        /// Each member whose sections can meet `sections` (`nil`: any section).
        func forEachCandidate(meeting sections: Set<Int>?, _ body: (Int) -> Void) {
            wide.forEach(body)
            guard let sections else {
                for indexes in bySection.values { indexes.forEach(body) }
                return
            }
            for section in sections { bySection[section]?.forEach(body) }
        }
    }

    private struct Pair: Hashable, Comparable {
        var first: Int, second: Int
        init(_ a: Int, _ b: Int) { (first, second) = a < b ? (a, b) : (b, a) }
        static func < (lhs: Pair, rhs: Pair) -> Bool { (lhs.first, lhs.second) < (rhs.first, rhs.second) }
    }
}

extension Diagnostic {
    /// `duplicate-mapping`: a second mapping that says what `first` says,
    /// located at the first and naming the second's place.
    static func duplicateMapping(_ first: Mapping, _ second: Mapping) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .duplicateMapping,
            message: "view '\(first.view)' shows model '\(first.model)' as \(first.kind) with the same condition here and at \(second.location); remove one",
            location: first.location
        )
    }
}
