/// Every case two conditions can meet at load time: each section either
/// names, plus one section neither names (standing for all the others),
/// and in each section every combination of answers of their predicates.
///
/// Predicates are unknowns: two predicates (or one with two arguments) are
/// never assumed to be related, and a predicate may answer differently in
/// different sections (it is given the position), so what is claimed holds
/// whatever they answer. Conditions are evaluated by the one evaluator,
/// ``Condition/truth(inSection:_:)``.
struct ConditionSpace {
    /// The most distinct predicate calls tried exhaustively; beyond that,
    /// nothing is claimed (there are `2^n` combinations per section).
    static let predicateLimit = 10

    /// A section no condition can name (conditions reject negative
    /// sections), standing for every unnamed one.
    static let unnamedSection = -1

    /// Each distinct predicate call, numbered: its bit in a combination.
    private let calls: [PredicateCall: Int]
    /// The sections to try: every named one, then ``unnamedSection``.
    let sections: [Int]

    /// The space of two conditions; `nil` when they have too many predicates to try.
    init?(_ a: Condition, _ b: Condition) {
        var calls: [PredicateCall: Int] = [:]
        for call in a.predicateCalls + b.predicateCalls where calls[call] == nil {
            calls[call] = calls.count
        }
        guard calls.count <= Self.predicateLimit else { return nil }
        self.calls = calls
        sections = a.namedSections.union(b.namedSections).sorted() + [Self.unnamedSection]
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

    /// How two conditions relate within one section.
    struct SectionRelation {
        /// Some answers make the first hold here.
        var firstCanHold = false
        var secondCanHold = false
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

    /// How `a` and `b` relate in one section, over every combination of answers.
    func relation(_ a: Condition, _ b: Condition, inSection section: Int) -> SectionRelation {
        var relation = SectionRelation()
        let combinations: UInt = 1 << UInt(calls.count)
        for bits in 0..<combinations {
            let answers = Combination(bits: bits, calls: calls)
            let holdsA = a.truth(inSection: section, answers) == .yes
            let holdsB = b.truth(inSection: section, answers) == .yes
            relation.firstCanHold = relation.firstCanHold || holdsA
            relation.secondCanHold = relation.secondCanHold || holdsB
            if holdsA && !holdsB { relation.firstImpliesSecond = false }
            if holdsB && !holdsA { relation.secondImpliesFirst = false }
        }
        return relation
    }

    /// Whether `a` and `b` hold in exactly the same cases, in every section.
    func areEquivalent(_ a: Condition, _ b: Condition) -> Bool {
        sections.allSatisfy { relation(a, b, inSection: $0).isEquivalence }
    }

    /// The sections (of ``sections``) in which the two conditions overlap:
    /// one can hold there and, whatever the predicates answer, the other
    /// holds whenever it does. Empty when they never overlap.
    func overlap(_ a: Condition, _ b: Condition) -> [Int] {
        sections.filter { relation(a, b, inSection: $0).overlaps }
    }
}
