import ModelStorage

/// Whether a condition holds: yes, no, or unknown (it depends on
/// predicates whose answers are not known), by Kleene's three-valued logic.
enum Truth: Sendable {
    case yes, no, unknown

    /// The truth of the negation.
    var negated: Truth {
        switch self {
        case .yes: .no
        case .no: .yes
        case .unknown: .unknown
        }
    }

    /// `all` (`decisive` is `no`) or `any` (`decisive` is `yes`) of parts,
    /// given each part's truth: stops at the first decisive part, so a
    /// predicate runs only while it can still decide, in the order written.
    @inline(__always)
    static func combining<Part>(_ parts: [Part], decidedBy decisive: Truth, _ truth: (Part) -> Truth) -> Truth {
        var result = decisive.negated
        for part in parts {
            let answer = truth(part)
            if answer == decisive { return decisive }
            if answer == .unknown { result = .unknown }
        }
        return result
    }
}

/// What each predicate of a condition answers: the evaluator asks, the
/// caller decides (call the predicate, say "unknown", or read one
/// combination of answers being tried).
protocol PredicateAnswers {
    func truth(of call: PredicateCall) -> Truth
}

/// Every predicate answers "unknown": what the position alone decides.
struct UnknownAnswers: PredicateAnswers {
    @inline(__always)
    func truth(of call: PredicateCall) -> Truth { .unknown }
}

/// Each predicate answers for a value at a position, by calling it; a
/// predicate that reads a render context answers "unknown" when there is
/// none of its type, which resolving reports as `missing-context`.
struct CalledAnswers<Source: ContextSource>: PredicateAnswers {
    let value: Any
    let position: ItemPosition
    let source: Source

    @inline(__always)
    func truth(of call: PredicateCall) -> Truth {
        switch call.body {
        case .plain(let test, _):
            return test(value, position) ? .yes : .no
        case .contextual(let test, _, _):
            // The test checks the value's type before the context: a value
            // the predicate does not take is `no` with or without one.
            guard let answer = test(value, position, source.context) else { return .unknown }
            return answer ? .yes : .no
        }
    }
}

extension Condition {
    /// The evaluator: whether the condition holds at a place (a section
    /// and an item within it), given each predicate's answer.
    ///
    /// The place is an item's position when resolving; when reducing or
    /// comparing conditions it is a named section or item, or
    /// ``ConditionSpace/unnamedSection`` / ``ConditionSpace/unnamedItem``
    /// standing for every one the conditions do not name.
    ///
    /// `all` stops at the first part that is `no`, `any` at the first that
    /// is `yes`, so with real answers a predicate runs only when it can
    /// still decide, in the order written.
    func truth<Answers: PredicateAnswers>(at place: ItemPosition, _ answers: Answers) -> Truth {
        switch self {
        case .always: .yes
        case .position(let test): test.holds(at: place) ? .yes : .no
        case .predicate(let call): answers.truth(of: call)
        case .all(let parts): Truth.combining(parts, decidedBy: .no) { $0.truth(at: place, answers) }
        case .any(let parts): Truth.combining(parts, decidedBy: .yes) { $0.truth(at: place, answers) }
        case .not(let inner): inner.truth(at: place, answers).negated
        }
    }

    /// Whether the condition holds for a value at a position: `unknown`
    /// only when a predicate that reads a render context has none of its type.
    @inline(__always)
    func truth<Source: ContextSource>(for value: Any, at position: ItemPosition, _ source: Source) -> Truth {
        truth(at: position, CalledAnswers(value: value, position: position, source: source))
    }

    /// What the place alone decides: `yes` in every case, `no` in every
    /// case, or `unknown` (the predicates decide).
    func truth(at place: ItemPosition) -> Truth {
        truth(at: place, UnknownAnswers())
    }

    /// The places two conditions can be told apart at: each section either
    /// names plus ``ConditionSpace/unnamedSection``, crossed with each item
    /// either names plus ``ConditionSpace/unnamedItem``.
    static func places(telling conditions: Condition...) -> [ItemPosition] {
        let union = { (axis: ConditionKey.Axis) in conditions.reduce(into: Set<Int>()) { $0.formUnion($1.named(axis)) }.sorted() }
        let items = union(.item) + [ConditionSpace.unnamedItem]
        return (union(.section) + [ConditionSpace.unnamedSection]).flatMap { section in
            items.map { ItemPosition(item: $0, section: section) }
        }
    }

    /// The sections the condition can hold in (at some item), or `nil` when
    /// it can hold in sections it does not name (and so in infinitely many).
    var possibleSections: Set<Int>? {
        let places = Self.places(telling: self).filter { truth(at: $0) != .no }
        if places.contains(where: { $0.section == ConditionSpace.unnamedSection }) { return nil }
        return Set(places.map(\.section))
    }

    /// Whether no position makes the condition hold, whatever its
    /// predicates answer, judged by sections and items alone (so
    /// `all[p, not p]` is not).
    var isUnsatisfiableByPosition: Bool {
        possibleSections?.isEmpty == true
    }

    /// What is left to test once the place is known: the parts the place
    /// decides are folded away, so in a section where `all[section 0,
    /// predicate 'p']` applies, only `predicate 'p'` is left.
    func residual(at place: ItemPosition) -> Condition {
        switch truth(at: place) {
        case .yes: return .always
        case .no: return .never
        case .unknown: break
        }
        switch self {
        case .always, .position, .predicate:
            return self
        case .all(let parts):
            let left = parts.compactMap { part in
                part.truth(at: place) == .yes ? nil : part.residual(at: place)
            }
            return left.count == 1 ? left[0] : .all(left)
        case .any(let parts):
            let left = parts.compactMap { part in
                part.truth(at: place) == .no ? nil : part.residual(at: place)
            }
            return left.count == 1 ? left[0] : .any(left)
        case .not(let inner):
            return .not(inner.residual(at: place))
        }
    }

    /// Why the condition does not hold for a value at a position, naming its
    /// failing part: `requires section 0`, `predicate 'isVegan' is false`,
    /// `condition any[section 0, section 2] fails in section 1`, `condition
    /// items [0] fails in section 1, item 3`; `nil` when it holds.
    func reasonForFailing<Source: ContextSource>(_ value: Any, at position: ItemPosition, _ source: Source) -> String? {
        guard truth(for: value, at: position, source) != .yes else { return nil }
        var place = "in section \(position.section)"
        if !named(.item).isEmpty { place += ", item \(position.item)" }
        switch self {
        case .position(let test):
            if case .index = test.key.form, let value = test.values.first { return "requires \(test.axis.noun) \(value)" }
            return "condition \(self) fails \(place)"
        case .predicate(let call):
            return "predicate '\(call.name)' is false"
        case .all(let parts):
            // The first part that fails says the most.
            for part in parts {
                if let reason = part.reasonForFailing(value, at: position, source) { return reason }
            }
            return "condition \(self) fails \(place)"
        case .always, .any, .not:
            return "condition \(self) fails \(place)"
        }
    }

    /// The condition in a normal form, so that conditions that differ only
    /// in how they are written compare equal: `sections` and `items` sorted
    /// without repeats (one section is `section`), nested `all`s and `any`s
    /// flattened, their parts without repeats and in a fixed order,
    /// `not(not c)` as `c`, and `always` folded into `all` and `any`.
    var normalized: Condition {
        switch self {
        case .always, .predicate:
            return self
        case .position(let test):
            return .position(test.normalized)
        case .not(let inner):
            let normal = inner.normalized
            if case .not(let twice) = normal { return twice }
            return .not(normal)
        case .all(let parts), .any(let parts):
            let isAll = if case .all = self { true } else { false }
            var flat: [Condition] = []
            for part in parts.map(\.normalized) {
                switch (isAll, part) {
                case (true, .all(let inner)), (false, .any(let inner)): flat += inner
                default: flat.append(part)
                }
            }
            // `always` adds nothing to `all` and decides `any`.
            if flat.contains(.always) {
                if !isAll { return .always }
                flat.removeAll { $0 == .always }
                if flat.isEmpty { return .always }
            }
            var unique: [Condition] = []
            for part in flat where !unique.contains(part) { unique.append(part) }
            unique.sort { $0.description < $1.description }
            if unique.count == 1 { return unique[0] }
            return isAll ? .all(unique) : .any(unique)
        }
    }
}
