import ModelStorage

/// Every case two conditions can meet at load time: each place (section
/// and item) either names, plus a section and an item neither names
/// (standing for all the others), and at each place every combination of
/// answers of their predicates.
///
/// Predicates are unknowns: two predicates (or one with two arguments) are
/// never assumed to be related, except that two registered as exclusive
/// (`excludes:`) never both hold, and a predicate may answer differently in
/// different places (it is given the position), so what is claimed holds
/// whatever they answer. Conditions are evaluated by the one evaluator,
/// ``Condition/truth(at:_:)``.
struct ConditionSpace {
    /// The most distinct predicate calls tried exhaustively; beyond that,
    /// nothing is claimed (there are `2^n` combinations per section).
    static let predicateLimit = 10

    /// A section no condition can name (conditions reject negative
    /// sections), standing for every unnamed one.
    static let unnamedSection = -1
    /// An item no condition can name (conditions reject negative items),
    /// standing for every unnamed one.
    static let unnamedItem = -1

    /// Each distinct predicate call, numbered: its bit in a combination.
    private let calls: [PredicateCall: Int]
    /// The places to try: see ``Condition/places(telling:)``.
    let places: [ItemPosition]

    /// The pairs of calls that never both hold (their predicates were
    /// registered as exclusive): each pair's two bits, as one mask.
    private let exclusivePairs: [UInt]

    /// The space of two conditions; `nil` when they have too many predicates to try.
    ///
    /// - Parameter excludes: Whether two predicates, by name, never both
    ///   hold for one item (`register(predicate:…excludes:)`): combinations
    ///   where both hold are not tried.
    init?(_ a: Condition, _ b: Condition, excludes: (String, String) -> Bool = { _, _ in false }) {
        var calls: [PredicateCall: Int] = [:]
        for call in a.predicateCalls + b.predicateCalls where calls[call] == nil {
            calls[call] = calls.count
        }
        guard calls.count <= Self.predicateLimit else { return nil }
        self.calls = calls
        places = Condition.places(telling: a, b)
        var pairs: [UInt] = []
        let numbered = calls.sorted { $0.value < $1.value }
        for (index, first) in numbered.enumerated() {
            for second in numbered[(index + 1)...] where excludes(first.key.name, second.key.name) {
                pairs.append((1 << UInt(first.value)) | (1 << UInt(second.value)))
            }
        }
        exclusivePairs = pairs
    }

    /// Whether a combination of answers can happen: no two exclusive
    /// predicates both hold in it.
    private func isPossible(_ bits: UInt) -> Bool {
        exclusivePairs.allSatisfy { bits & $0 != $0 }
    }

    /// One combination of predicate answers, as bits.
    private struct Combination: PredicateAnswers {
        let bits: UInt
        let calls: [PredicateCall: Int]

        func truth(of call: PredicateCall) -> Truth {
            guard let bit = calls[call] else { return .unknown }
            return bits & (1 << UInt(bit)) != 0 ? .yes : .no
        }
    }

    /// How two conditions relate at one place.
    struct SectionRelation {
        /// Some answers make the first hold here.
        var firstCanHold = false
        var secondCanHold = false
        /// Some answers make both hold here at once.
        var bothCanHold = false
        /// Whatever the answers, the second holds here whenever the first does.
        var firstImpliesSecond = true
        var secondImpliesFirst = true

        /// Wherever one holds here, so does the other, and it can hold:
        /// the two claim the same values here.
        var overlaps: Bool {
            (firstCanHold && firstImpliesSecond) || (secondCanHold && secondImpliesFirst)
        }

        /// The two hold in exactly the same cases here.
        var isEquivalence: Bool { firstImpliesSecond && secondImpliesFirst }
    }

    /// How `a` and `b` relate at one place, over every combination of answers.
    func relation(_ a: Condition, _ b: Condition, at place: ItemPosition) -> SectionRelation {
        var relation = SectionRelation()
        let combinations: UInt = 1 << UInt(calls.count)
        for bits in 0..<combinations where isPossible(bits) {
            let answers = Combination(bits: bits, calls: calls)
            let holdsA = a.truth(at: place, answers) == .yes
            let holdsB = b.truth(at: place, answers) == .yes
            relation.firstCanHold = relation.firstCanHold || holdsA
            relation.secondCanHold = relation.secondCanHold || holdsB
            if holdsA && holdsB { relation.bothCanHold = true }
            if holdsA && !holdsB { relation.firstImpliesSecond = false }
            if holdsB && !holdsA { relation.secondImpliesFirst = false }
        }
        return relation
    }

    /// Whether `a` and `b` hold in exactly the same cases, at every place.
    func areEquivalent(_ a: Condition, _ b: Condition) -> Bool {
        places.allSatisfy { relation(a, b, at: $0).isEquivalence }
    }

    /// The places (of ``places``) at which the two conditions overlap:
    /// one can hold there and, whatever the predicates answer, the other
    /// holds whenever it does. Empty when they never overlap.
    func overlap(_ a: Condition, _ b: Condition) -> [ItemPosition] {
        places.filter { relation(a, b, at: $0).overlaps }
    }

    /// The places (of ``places``) at which some answers of the predicates
    /// make both conditions hold at once: where an item may be ambiguous.
    func possibleOverlap(_ a: Condition, _ b: Condition) -> [ItemPosition] {
        places.filter { relation(a, b, at: $0).bothCanHold }
    }
}
