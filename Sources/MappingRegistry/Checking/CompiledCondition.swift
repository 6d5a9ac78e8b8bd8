import ModelStorage

/// A ``MappingCondition`` checked against the catalog, with its predicates
/// looked up and their arguments decoded, ready to be evaluated without
/// decoding or allocating.
indirect enum CompiledCondition: Sendable {
    case always
    case section(Int)
    case sections(Set<Int>)
    case predicate(name: String, test: PredicatePlugin.Test)
    case all([CompiledCondition])
    case any([CompiledCondition])
    case not(CompiledCondition)

    /// Whether the condition holds for a value at a position.
    func holds(_ value: Any, at position: ItemPosition) -> Bool {
        switch self {
        case .always: true
        case .section(let section): position.section == section
        case .sections(let sections): sections.contains(position.section)
        case .predicate(_, let test): test(value, position)
        case .all(let conditions): conditions.allSatisfy { $0.holds(value, at: position) }
        case .any(let conditions): conditions.contains { $0.holds(value, at: position) }
        case .not(let condition): !condition.holds(value, at: position)
        }
    }

    /// Whether a condition holds, as far as the section alone can tell.
    enum Truth {
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

    /// Whether the condition holds in a section for every value (`yes`),
    /// for none (`no`), or depends on predicates (`unknown`), by Kleene's
    /// three-valued logic.
    func truth(inSection section: Int) -> Truth {
        switch self {
        case .always: return .yes
        case .section(let required): return required == section ? .yes : .no
        case .sections(let sections): return sections.contains(section) ? .yes : .no
        case .predicate: return .unknown
        case .all(let parts): return Self.truth(of: parts, inSection: section, decidedBy: .no)
        case .any(let parts): return Self.truth(of: parts, inSection: section, decidedBy: .yes)
        case .not(let inner): return inner.truth(inSection: section).negated
        }
    }

    /// The truth of `all` (decided by a part that is `no`) or `any`
    /// (decided by a part that is `yes`) of the parts.
    private static func truth(of parts: [CompiledCondition], inSection section: Int, decidedBy decisive: Truth) -> Truth {
        var result = decisive.negated
        for part in parts {
            let truth = part.truth(inSection: section)
            if truth == decisive { return decisive }
            if truth == .unknown { result = .unknown }
        }
        return result
    }

    /// A condition that never holds: `any` of nothing. Computed, not a
    /// stored global: LeakSanitizer cannot follow the tagged pointer to an
    /// indirect enum's box held by a global, and would report it at exit.
    static var never: CompiledCondition { .any([]) }

    /// The condition that is always `yes` or always `no`.
    private static func constant(_ truth: Truth) -> CompiledCondition {
        truth == .yes ? .always : .never
    }

    /// What is left to test of the condition once the section is known:
    /// the parts the section decides are folded away, so in a section where
    /// `all[section 0, predicate 'p']` applies, only `predicate 'p'` is left.
    func residual(inSection section: Int) -> CompiledCondition {
        switch self {
        case .always, .predicate:
            return self
        case .section, .sections:
            return Self.constant(truth(inSection: section))
        case .all(let parts):
            return Self.residual(of: parts, inSection: section, decidedBy: .no, joined: CompiledCondition.all)
        case .any(let parts):
            return Self.residual(of: parts, inSection: section, decidedBy: .yes, joined: CompiledCondition.any)
        case .not(let inner):
            let residual = inner.residual(inSection: section)
            let truth = residual.truth(inSection: section).negated
            return truth == .unknown ? .not(residual) : Self.constant(truth)
        }
    }

    /// The residual of `all` or `any` of the parts, as in ``truth(of:inSection:decidedBy:)``.
    private static func residual(
        of parts: [CompiledCondition],
        inSection section: Int,
        decidedBy decisive: Truth,
        joined: ([CompiledCondition]) -> CompiledCondition
    ) -> CompiledCondition {
        var left: [CompiledCondition] = []
        for part in parts {
            let residual = part.residual(inSection: section)
            let truth = residual.truth(inSection: section)
            if truth == decisive { return constant(decisive) }
            if truth == .unknown { left.append(residual) }
        }
        return left.isEmpty ? constant(decisive.negated) : left.count == 1 ? left[0] : joined(left)
    }

    /// Every section the condition names.
    var namedSections: Set<Int> {
        switch self {
        case .always, .predicate: []
        case .section(let section): [section]
        case .sections(let sections): sections
        case .all(let parts), .any(let parts): parts.reduce(into: Set<Int>()) { $0.formUnion($1.namedSections) }
        case .not(let inner): inner.namedSections
        }
    }

    /// Why the condition does not hold, naming its failing part:
    /// `requires section 0`, `predicate 'isVegan' is false`,
    /// `condition any[section 0, section 2] fails in section 1`; `nil` when it holds.
    func reasonForFailing(_ value: Any, at position: ItemPosition, written condition: MappingCondition) -> String? {
        guard !holds(value, at: position) else { return nil }
        switch (self, condition) {
        case (.section(let section), _):
            return "requires section \(section)"
        case (.predicate(let name, _), _):
            return "predicate '\(name)' is false"
        case (.all(let parts), .all(let written)) where parts.count == written.count:
            // Name the first part that fails.
            for (part, writtenPart) in zip(parts, written) {
                if let reason = part.reasonForFailing(value, at: position, written: writtenPart) { return reason }
            }
            return "condition \(condition) fails in section \(position.section)"
        default:
            return "condition \(condition) fails in section \(position.section)"
        }
    }
}
