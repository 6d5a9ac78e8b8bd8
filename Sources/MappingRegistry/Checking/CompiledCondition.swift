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
    enum Truth { case yes, no, unknown }

    /// Whether the condition holds in a section for every value (`yes`),
    /// for none (`no`), or depends on predicates (`unknown`), by Kleene's
    /// three-valued logic.
    func truth(inSection section: Int) -> Truth {
        switch self {
        case .always: return .yes
        case .section(let required): return required == section ? .yes : .no
        case .sections(let sections): return sections.contains(section) ? .yes : .no
        case .predicate: return .unknown
        case .all(let parts):
            var result = Truth.yes
            for part in parts {
                switch part.truth(inSection: section) {
                case .no: return .no
                case .unknown: result = .unknown
                case .yes: break
                }
            }
            return result
        case .any(let parts):
            var result = Truth.no
            for part in parts {
                switch part.truth(inSection: section) {
                case .yes: return .yes
                case .unknown: result = .unknown
                case .no: break
                }
            }
            return result
        case .not(let inner):
            switch inner.truth(inSection: section) {
            case .yes: return .no
            case .no: return .yes
            case .unknown: return .unknown
            }
        }
    }

    /// A condition that never holds: `any` of nothing. Computed, not a
    /// stored global: LeakSanitizer cannot follow the tagged pointer to an
    /// indirect enum's box held by a global, and would report it at exit.
    static var never: CompiledCondition { .any([]) }

    /// What is left to test of the condition once the section is known:
    /// the parts the section decides are folded away, so in a section where
    /// `all[section 0, predicate 'p']` applies, only `predicate 'p'` is left.
    func residual(inSection section: Int) -> CompiledCondition {
        switch self {
        case .always, .predicate:
            return self
        case .section, .sections:
            return truth(inSection: section) == .yes ? .always : .never
        case .all(let parts):
            var left: [CompiledCondition] = []
            for part in parts {
                let residual = part.residual(inSection: section)
                switch residual.truth(inSection: section) {
                case .yes: continue
                case .no: return .never
                case .unknown: left.append(residual)
                }
            }
            return left.isEmpty ? .always : left.count == 1 ? left[0] : .all(left)
        case .any(let parts):
            var left: [CompiledCondition] = []
            for part in parts {
                let residual = part.residual(inSection: section)
                switch residual.truth(inSection: section) {
                case .yes: return .always
                case .no: continue
                case .unknown: left.append(residual)
                }
            }
            return left.isEmpty ? .never : left.count == 1 ? left[0] : .any(left)
        case .not(let inner):
            let residual = inner.residual(inSection: section)
            switch residual.truth(inSection: section) {
            case .yes: return .never
            case .no: return .always
            case .unknown: return .not(residual)
            }
        }
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

    /// Whether the condition tests nothing.
    var isAlways: Bool {
        if case .always = self { return true }
        return false
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
