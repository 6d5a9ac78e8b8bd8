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
}

/// What each predicate of a condition answers: the evaluator asks, the
/// caller decides (call the predicate, say "unknown", or read one
/// combination of answers being tried).
protocol PredicateAnswers {
    func truth(of call: PredicateCall) -> Truth
}

/// Every predicate answers "unknown": what the section alone decides.
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
        case .plain(let test):
            return test(value, position) ? .yes : .no
        case .contextual(let test, _):
            guard let context = source.context, let answer = test(value, position, context) else { return .unknown }
            return answer ? .yes : .no
        }
    }
}

extension Condition {
    /// The evaluator: whether the condition holds in a section, given each
    /// predicate's answer.
    ///
    /// `all` stops at the first part that is `no`, `any` at the first that
    /// is `yes`, so with real answers a predicate runs only when it can
    /// still decide, in the order written.
    func truth<Answers: PredicateAnswers>(inSection section: Int, _ answers: Answers) -> Truth {
        switch self {
        case .always: .yes
        case .section(let required): required == section ? .yes : .no
        case .sections(let sections): sections.contains(section) ? .yes : .no
        case .predicate(let call): answers.truth(of: call)
        case .all(let parts): Self.truth(of: parts, inSection: section, answers, decidedBy: .no)
        case .any(let parts): Self.truth(of: parts, inSection: section, answers, decidedBy: .yes)
        case .not(let inner): inner.truth(inSection: section, answers).negated
        }
    }

    /// `all` (decided by a part that is `no`) or `any` (decided by a part that is `yes`).
    private static func truth<Answers: PredicateAnswers>(
        of parts: [Condition], inSection section: Int, _ answers: Answers, decidedBy decisive: Truth
    ) -> Truth {
        var result = decisive.negated
        for part in parts {
            let truth = part.truth(inSection: section, answers)
            if truth == decisive { return decisive }
            if truth == .unknown { result = .unknown }
        }
        return result
    }

    /// Whether the condition holds for a value at a position: `unknown`
    /// only when a predicate that reads a render context has none of its type.
    @inline(__always)
    func truth<Source: ContextSource>(for value: Any, at position: ItemPosition, _ source: Source) -> Truth {
        truth(inSection: position.section, CalledAnswers(value: value, position: position, source: source))
    }

    /// What the section alone decides: `yes` in every case, `no` in every
    /// case, or `unknown` (the predicates decide).
    func truth(inSection section: Int) -> Truth {
        truth(inSection: section, UnknownAnswers())
    }

    /// The sections the condition can hold in, or `nil` when it can hold in
    /// sections it does not name (and so in infinitely many).
    var possibleSections: Set<Int>? {
        if truth(inSection: ConditionSpace.unnamedSection) != .no { return nil }
        return namedSections.filter { truth(inSection: $0) != .no }
    }

    /// Whether no section makes the condition hold, whatever its predicates
    /// answer, judged by the sections alone (so `all[p, not p]` is not).
    var isUnsatisfiableBySections: Bool {
        possibleSections?.isEmpty == true
    }

    /// What is left to test once the section is known: the parts the section
    /// decides are folded away, so in a section where `all[section 0,
    /// predicate 'p']` applies, only `predicate 'p'` is left.
    func residual(inSection section: Int) -> Condition {
        switch truth(inSection: section) {
        case .yes: return .always
        case .no: return .never
        case .unknown: break
        }
        switch self {
        case .always, .section, .sections, .predicate:
            return self
        case .all(let parts):
            let left = parts.compactMap { part in
                part.truth(inSection: section) == .yes ? nil : part.residual(inSection: section)
            }
            return left.count == 1 ? left[0] : .all(left)
        case .any(let parts):
            let left = parts.compactMap { part in
                part.truth(inSection: section) == .no ? nil : part.residual(inSection: section)
            }
            return left.count == 1 ? left[0] : .any(left)
        case .not(let inner):
            return .not(inner.residual(inSection: section))
        }
    }

    /// Why the condition does not hold for a value at a position, naming its
    /// failing part: `requires section 0`, `predicate 'isVegan' is false`,
    /// `condition any[section 0, section 2] fails in section 1`; `nil` when
    /// it holds.
    func reasonForFailing<Source: ContextSource>(_ value: Any, at position: ItemPosition, _ source: Source) -> String? {
        guard truth(for: value, at: position, source) != .yes else { return nil }
        switch self {
        case .section(let section):
            return "requires section \(section)"
        case .predicate(let call):
            return "predicate '\(call.name)' is false"
        case .all(let parts):
            // The first part that fails says the most.
            for part in parts {
                if let reason = part.reasonForFailing(value, at: position, source) { return reason }
            }
            return "condition \(self) fails in section \(position.section)"
        default:
            return "condition \(self) fails in section \(position.section)"
        }
    }

    /// The condition in a normal form, so that conditions that differ only
    /// in how they are written compare equal: `sections` sorted without
    /// repeats (one section is `section`), nested `all`s and `any`s
    /// flattened, their parts without repeats and in a fixed order,
    /// `not(not c)` as `c`, and `always` folded into `all` and `any`.
    var normalized: Condition {
        switch self {
        case .always, .section, .predicate:
            return self
        case .sections(let sections):
            let unique = Set(sections).sorted()
            return unique.count == 1 ? .section(unique[0]) : .sections(unique)
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
