import ModelStorage

/// The checks across mappings, over every valid mapping of every source:
/// reuse identifiers, duplicates and overlaps.
///
/// A diagnostic about two mappings is located at the later one (see
/// ``CompiledMapping/isDeclared(after:)``), names the earlier's
/// `file:line:column` in its message and carries a note at the earlier:
/// the compiler convention for a redeclaration.
extension MappingChecker {
    /// The types involved in deciding whether two mappings can show one value.
    struct WitnessKey: Hashable {
        var first: ObjectIdentifier, firstView: ObjectIdentifier
        var second: ObjectIdentifier, secondView: ObjectIdentifier
    }

    /// Runs every check across the compiled mappings.
    mutating func checkAcrossMappings() {
        checkReuseIdentifiers(mappings)
        checkDuplicatesAndOverlaps(mappings)
    }

    // MARK: - Reuse identifiers

    private mutating func checkReuseIdentifiers(_ mappings: [CompiledMapping]) {
        var owners: [String: CompiledMapping] = [:]
        var reported: Set<String> = []
        for mapping in mappings {
            let identifier = mapping.reuseIdentifier
            guard let owner = owners[identifier] else {
                owners[identifier] = mapping
                continue
            }
            // One report per identifier and view: the first conflict says what to fix.
            guard !owner.view.isSameView(as: mapping.view), reported.insert("\(identifier)\u{0}\(mapping.view.name)").inserted else { continue }
            let (earlier, later) = mapping.isDeclared(after: owner) ? (owner, mapping) : (mapping, owner)
            let earlierSite = earlier.sites[\.reuseIdentifier]
            report(Diagnostic(
                severity: .error,
                code: .reuseIdentifierConflict,
                message: "reuse identifier '\(identifier)' gives view '\(later.view.name)' here and view '\(earlier.view.name)' at \(earlierSite); one reuse identifier must always give one view type",
                location: later.sites[\.reuseIdentifier],
                notes: [Diagnostic.Note(message: "'\(identifier)' gives view '\(earlier.view.name)' here", location: earlierSite)]
            ))
        }
    }

    // MARK: - Duplicates and overlaps

    private mutating func checkDuplicatesAndOverlaps(_ mappings: [CompiledMapping]) {
        /// What makes two mappings say the same thing: the same view (through
        /// aliases), model type, kind and condition in normal form.
        struct Identity: Hashable {
            var view: ObjectIdentifier, model: ObjectIdentifier, kind: ViewKind, condition: Condition
        }
        struct Group: Hashable {
            var kind: ViewKind, priority: Int
        }
        var firstWithIdentity: [Identity: CompiledMapping] = [:]
        var groups: [Group: [CompiledMapping]] = [:]
        for mapping in mappings {
            let identity = Identity(
                view: mapping.view.viewType ?? ObjectIdentifier(mapping.view),
                model: mapping.model.type.id,
                kind: mapping.kind,
                condition: mapping.condition.normalized
            )
            if let first = firstWithIdentity[identity] {
                report(.duplicateMapping(first, mapping))
                continue
            }
            firstWithIdentity[identity] = mapping
            groups[Group(kind: mapping.kind, priority: mapping.priority), default: []].append(mapping)
        }
        for group in groups.values where group.count > 1 {
            reportOverlaps(in: group)
        }
    }

    /// Reports each pair of one group (one kind and priority) that provably
    /// claims the same value at the same position in some section.
    private mutating func reportOverlaps(in group: [CompiledMapping]) {
        for (first, second) in OverlapCandidates(group).pairs() {
            let a = group[first], b = group[second]
            // The types first: cached per combination of types, and most pairs fail there.
            guard let witness = witness(a, b) else { continue }
            guard let space = ConditionSpace(a.condition, b.condition, excludes: plugins.predicatesExclude) else {
                // Too many predicates to try every answer: left to render
                // time, and said once, at the first such pair.
                if !reportedUndecidedPair {
                    reportedUndecidedPair = true
                    report(.undecidedOverlap(a, b))
                }
                continue
            }
            let places = space.overlap(a.condition, b.condition)
            guard !places.isEmpty else {
                // Not proved, but some answers of the predicates make both
                // hold: an item may be ambiguous at render time.
                let possible = space.possibleOverlap(a.condition, b.condition)
                if !possible.isEmpty {
                    report(.possibleAmbiguity(a, b, showing: shownModel(a, b, witness), place: Self.describeWhenBothHold(a, b, at: possible, space: space)))
                }
                continue
            }
            // The same view for the same model under conditions that say the
            // same thing in other words is a duplicate, not an overlap.
            if a.view.isSameView(as: b.view), a.model.type.id == b.model.type.id, space.areEquivalent(a.condition, b.condition) {
                report(.duplicateMapping(a, b))
                continue
            }
            report(.overlappingMappings(a, b, showing: shownModel(a, b, witness), place: Self.describePlace(of: a, b, at: places, space: space)))
        }
    }

    /// The model two mappings both show, by the name the messages use.
    private func shownModel(_ a: CompiledMapping, _ b: CompiledMapping, _ witness: ModelType) -> String {
        a.model.type.id == witness.id ? a.model.name
            : b.model.type.id == witness.id ? b.model.name
            : plugins.model(ofType: witness.id)?.name ?? witness.name
    }

    /// Where and when two mappings may both apply, for `possible-ambiguity`:
    /// `if both 'isSponsored' and 'isOwnPost' hold`, preceded by the
    /// section or item when that narrows it.
    private static func describeWhenBothHold(_ a: CompiledMapping, _ b: CompiledMapping, at places: [ItemPosition], space: ConditionSpace) -> String {
        let sectionPart = describe(places.map(\.section), among: space.places.map(\.section), .section)
        let itemPart = describe(places.map(\.item), among: space.places.map(\.item), .item)
        let place = places[0]
        func named(_ condition: Condition) -> String {
            if case .predicate(let call) = condition, call.argument == nil { return "'\(call.name)'" }
            return "'\(condition)'"
        }
        let first = a.condition.residual(at: place), second = b.condition.residual(at: place)
        let when = "if both \(named(first)) and \(named(second)) hold for one item"
        return ([sectionPart, itemPart].filter { !$0.isEmpty } + [when]).joined(separator: " ")
    }

    /// Where two overlapping mappings both apply, for the message:
    /// `everywhere`, `in section 2`, `in every section but 1`, `at item 0`,
    /// each followed by `wherever <condition> holds` when predicates narrow
    /// it there.
    private static func describePlace(of a: CompiledMapping, _ b: CompiledMapping, at places: [ItemPosition], space: ConditionSpace) -> String {
        let sectionPart = describe(places.map(\.section), among: space.places.map(\.section), .section)
        let itemPart = describe(places.map(\.item), among: space.places.map(\.item), .item)
        // What narrows the overlap at its first place: the condition that
        // implies the other there, reduced to what the place leaves.
        let place = places[0]
        let relation = space.relation(a.condition, b.condition, at: place)
        let narrower = relation.secondCanHold && relation.secondImpliesFirst ? b.condition : a.condition
        let residual = narrower.residual(at: place)
        let predicatePart = residual == .always ? "" : "wherever \(residual) holds"
        let parts = [sectionPart, itemPart, predicatePart].filter { !$0.isEmpty }
        return parts.isEmpty ? "everywhere" : parts.joined(separator: " ")
    }

    /// The numbers of one axis where two mappings overlap, among those tried:
    /// nothing when all of them, `in section 2`, `in sections 1, 2`, `in
    /// every section but 1`; for items `at item 0` and so on.
    private static func describe(_ overlapping: [Int], among tried: [Int], _ axis: ConditionKey.Axis) -> String {
        let present = Set(overlapping), all = Set(tried)
        guard present != all else { return "" }
        let preposition = axis == .section ? "in" : "at"
        // -1 stands for every section (item) no condition names.
        if present.contains(ConditionSpace.unnamedSection) {
            let excluded = all.subtracting(present).sorted()
            return "\(preposition) every \(axis.noun) but " + excluded.map(String.init).joined(separator: ", ")
        }
        let named = present.sorted()
        return "\(preposition) \(axis.noun)\(named.count == 1 ? "" : "s") " + named.map(String.init).joined(separator: ", ")
    }

    /// A type whose values both mappings take (model and view alike), when
    /// one provably exists: one of their own types, or a registered model.
    private mutating func witness(_ a: CompiledMapping, _ b: CompiledMapping) -> ModelType? {
        let key = WitnessKey(first: a.model.type.id, firstView: a.view.model.id, second: b.model.type.id, secondView: b.view.model.id)
        if let known = witnessCache[key] { return known }
        let bounds = [a.model.type, a.view.model, b.model.type, b.view.model]
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
    private let group: [CompiledMapping]
    /// For each mapping, the struct or enum every value it takes must be.
    private let valueType: [ObjectIdentifier?]
    /// For each mapping, the sections its condition can hold in; `nil` for any.
    private let sections: [Set<Int>?]

    init(_ group: [CompiledMapping]) {
        self.group = group
        valueType = group.map { mapping in
            if mapping.model.type.shape == .value { return mapping.model.type.id }
            if mapping.view.model.shape == .value { return mapping.view.model.id }
            return nil
        }
        sections = group.map(\.condition.possibleSections)
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
    /// `duplicate-mapping`: two mappings that say the same thing.
    static func duplicateMapping(_ a: CompiledMapping, _ b: CompiledMapping) -> Diagnostic {
        .aboutTwoMappings(a, b, code: .duplicateMapping) { later, earlier in
            let message = "view '\(later.view.name)' shows model '\(later.model.name)' as \(later.kind) with the same condition here and at \(earlier.location); remove one"
            return message + handlerAdvice(later, earlier)
        }
    }

    /// For a Swift `Map(V.self).on(…)` that repeats a JSON mapping only to
    /// attach handlers: how to attach them to the JSON mapping instead.
    private static func handlerAdvice(_ a: CompiledMapping, _ b: CompiledMapping) -> String {
        func isSwift(_ mapping: CompiledMapping) -> Bool { mapping.location.pointer.isEmpty }
        guard isSwift(a) != isSwift(b) else { return "" }
        let swift = isSwift(a) ? a : b
        let closures = swift.handlers.filter { $0.name == nil }
        guard let first = closures.first, let viewClass = swift.view.viewClass else { return "" }
        let view = String(describing: viewClass)
        return "; to handle '\(first.event)' for the JSON mapping from Swift, remove the Swift mapping and attach the closure to the view class: plugins.on(.\(first.event), for: \(view).self) { view, model, position in … }"
    }

    /// `overlapping-mappings`: two mappings of one kind and priority that claim the same values somewhere.
    static func overlappingMappings(_ a: CompiledMapping, _ b: CompiledMapping, showing model: String, place: String) -> Diagnostic {
        .aboutTwoMappings(a, b, code: .overlappingMappings) { later, earlier in
            "'\(later.view.name)' here and '\(earlier.view.name)' at \(earlier.location) both show '\(model)' as \(later.kind) with priority \(later.priority) \(place); give one a higher priority or make the conditions disjoint"
        }
    }

    /// `possible-ambiguity`: two mappings of one kind and priority that
    /// both apply to an item when their predicates answer a certain way.
    static func possibleAmbiguity(_ a: CompiledMapping, _ b: CompiledMapping, showing model: String, place: String) -> Diagnostic {
        .aboutTwoMappings(a, b, severity: .warning, code: .possibleAmbiguity) { later, earlier in
            "'\(later.view.name)' here and '\(earlier.view.name)' at \(earlier.location) both show '\(model)' as \(later.kind) with priority \(later.priority): \(place), it is ambiguous; give one a higher priority, or register the predicates with excludes: if they never both hold"
        }
    }

    /// `undecided-overlap`: the proofs gave up on two mappings with more
    /// distinct predicate calls than ``ConditionSpace/predicateLimit``.
    static func undecidedOverlap(_ a: CompiledMapping, _ b: CompiledMapping) -> Diagnostic {
        let calls = Set(a.condition.predicateCalls + b.condition.predicateCalls).count
        return .aboutTwoMappings(a, b, severity: .warning, code: .undecidedOverlap) { later, earlier in
            "whether '\(later.view.name)' here and '\(earlier.view.name)' at \(earlier.location) overlap is left to render time: their conditions make \(calls) distinct predicate calls and overlap and duplicate proofs try at most \(ConditionSpace.predicateLimit); this is said once per load, for the first such pair"
        }
    }

    /// A diagnostic about two mappings (an error unless said otherwise),
    /// located at the later one, with a note at the earlier: the compiler
    /// convention for a redeclaration.
    private static func aboutTwoMappings(
        _ a: CompiledMapping, _ b: CompiledMapping, severity: Severity = .error, code: Code,
        message: (_ later: CompiledMapping, _ earlier: CompiledMapping) -> String
    ) -> Diagnostic {
        let (earlier, later) = b.isDeclared(after: a) ? (a, b) : (b, a)
        return Diagnostic(severity: severity, code: code, message: message(later, earlier), location: later.location, notes: [.declaredHere(earlier)])
    }
}

extension Diagnostic.Note {
    /// `'DishRow' is declared here`, at a mapping.
    static func declaredHere(_ mapping: CompiledMapping) -> Diagnostic.Note {
        Diagnostic.Note(message: "'\(mapping.view.name)' is declared here", location: mapping.location)
    }
}
