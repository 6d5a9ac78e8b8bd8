/// Decides at load time how two conditions relate, treating every
/// predicate (with its argument) as an unknown that may be true or false.
///
/// "A implies B" must hold for every section and every truth value of the
/// predicates, so it is decided by trying them all: each section either
/// condition names plus one it does not name, and each combination of
/// predicate outcomes. Two predicates are never assumed to be related, so
/// an implication is only claimed when it is certain.
enum ConditionLogic {
    /// The most distinct predicates tried exhaustively; beyond that, no
    /// implication is claimed (there are `2^n` combinations).
    static let predicateLimit = 10

    /// The sections a condition can hold in, or `nil` when it is not
    /// confined to finitely many.
    static func sections(of condition: MappingCondition) -> Set<Int>? {
        switch condition {
        case .none, .predicate, .not: return nil
        case .section(let section): return [section]
        case .sections(let sections): return Set(sections)
        case .all(let parts):
            var result: Set<Int>?
            for part in parts {
                guard let sections = self.sections(of: part) else { continue }
                result = result.map { $0.intersection(sections) } ?? sections
            }
            return result
        case .any(let parts):
            var result: Set<Int> = []
            for part in parts {
                guard let sections = self.sections(of: part) else { return nil }
                result.formUnion(sections)
            }
            return result
        }
    }

    /// How two conditions relate, found by trying every case once.
    struct Relation {
        /// Wherever the first holds, the second does.
        var firstImpliesSecond = true
        /// Wherever the second holds, the first does.
        var secondImpliesFirst = true
        var firstCanHold = false
        var secondCanHold = false

        /// Whether the two hold in exactly the same cases.
        var isEquivalence: Bool { firstImpliesSecond && secondImpliesFirst }
    }

    /// How `a` and `b` relate for every section and predicate outcome;
    /// `nil` when there are too many predicates to decide.
    static func relation(_ a: MappingCondition, _ b: MappingCondition) -> Relation? {
        guard let space = Space(a, b) else { return nil }
        var relation = Relation()
        space.forEachCase { section, truths in
            let holdsA = evaluate(a, section: section, truths: truths, atoms: space.atoms)
            let holdsB = evaluate(b, section: section, truths: truths, atoms: space.atoms)
            relation.firstCanHold = relation.firstCanHold || holdsA
            relation.secondCanHold = relation.secondCanHold || holdsB
            if holdsA && !holdsB { relation.firstImpliesSecond = false }
            if holdsB && !holdsA { relation.secondImpliesFirst = false }
        }
        return relation
    }

    /// When one condition implies the other and can hold at all, the
    /// narrower one (wherever it holds, both do); otherwise `nil`.
    ///
    /// - Parameter relation: Their relation, when already known.
    static func narrowerOfImplying(_ a: MappingCondition, _ b: MappingCondition, relation: Relation? = nil) -> MappingCondition? {
        if a == b { return isSatisfiable(a) ? a : nil }
        guard let relation = relation ?? self.relation(a, b) else { return nil }
        if relation.secondImpliesFirst, relation.secondCanHold { return b }
        if relation.firstImpliesSecond, relation.firstCanHold { return a }
        return nil
    }

    /// The condition in a normal form, so that conditions written in a
    /// different order compare equal: `sections` sorted without repeats (one
    /// section is `section`), nested `all`s and `any`s flattened, their parts
    /// without repeats and in a fixed order, `not(not c)` as `c`.
    static func normalized(_ condition: MappingCondition) -> MappingCondition {
        switch condition {
        case .none, .section, .predicate:
            return condition
        case .sections(let sections):
            let unique = Array(Set(sections)).sorted()
            return unique.count == 1 ? .section(unique[0]) : .sections(unique)
        case .not(let inner):
            let normal = normalized(inner)
            if case .not(let twice) = normal { return twice }
            return .not(normal)
        case .all(let parts), .any(let parts):
            let isAll = if case .all = condition { true } else { false }
            var flat: [MappingCondition] = []
            for part in parts.map(normalized) {
                switch (isAll, part) {
                case (true, .all(let inner)), (false, .any(let inner)): flat += inner
                default: flat.append(part)
                }
            }
            // `none` always holds: it adds nothing to `all` and decides `any`.
            if flat.contains(.none) {
                if !isAll { return .none }
                flat.removeAll { $0 == .none }
                if flat.isEmpty, !parts.isEmpty { return .none }
            }
            var unique: [MappingCondition] = []
            for part in flat where !unique.contains(part) { unique.append(part) }
            unique.sort { $0.description < $1.description }
            if unique.count == 1 { return unique[0] }
            return isAll ? .all(unique) : .any(unique)
        }
    }

    /// Whether some section and some predicate outcomes make the condition hold.
    static func isSatisfiable(_ condition: MappingCondition) -> Bool {
        guard let space = Space(condition, .none) else { return true }
        var can = false
        space.forEachCase { section, truths in
            can = can || evaluate(condition, section: section, truths: truths, atoms: space.atoms)
        }
        return can
    }

    /// The cases to try: sections and predicate atoms of two conditions.
    private struct Space {
        /// Each distinct predicate and argument.
        var atoms: [PredicateAtom: Int] = [:]
        /// Every section named, plus one named by neither condition.
        var sections: [Int] = []

        init?(_ a: MappingCondition, _ b: MappingCondition) {
            var named: Set<Int> = []
            for condition in [a, b] { Self.collect(condition, atoms: &atoms, sections: &named) }
            guard atoms.count <= ConditionLogic.predicateLimit else { return nil }
            sections = named.sorted()
            sections.append((named.max() ?? -1) &+ 1)
        }

        func forEachCase(_ body: (Int, UInt) -> Void) {
            let combinations: UInt = 1 << UInt(atoms.count)
            for section in sections {
                for truths in 0..<combinations { body(section, truths) }
            }
        }

        private static func collect(_ condition: MappingCondition, atoms: inout [PredicateAtom: Int], sections: inout Set<Int>) {
            switch condition {
            case .none: break
            case .section(let section): sections.insert(section)
            case .sections(let list): sections.formUnion(list)
            case .predicate(let name, let argument):
                let atom = PredicateAtom(name: name, argument: argument)
                if atoms[atom] == nil { atoms[atom] = atoms.count }
            case .all(let parts), .any(let parts):
                for part in parts { collect(part, atoms: &atoms, sections: &sections) }
            case .not(let inner):
                collect(inner, atoms: &atoms, sections: &sections)
            }
        }
    }

    private struct PredicateAtom: Hashable {
        var name: String
        var argument: PredicateArgument?
    }

    private static func evaluate(_ condition: MappingCondition, section: Int, truths: UInt, atoms: [PredicateAtom: Int]) -> Bool {
        switch condition {
        case .none: return true
        case .section(let required): return section == required
        case .sections(let list): return list.contains(section)
        case .predicate(let name, let argument):
            guard let bit = atoms[PredicateAtom(name: name, argument: argument)] else { return false }
            return truths & (1 << UInt(bit)) != 0
        case .all(let parts): return parts.allSatisfy { evaluate($0, section: section, truths: truths, atoms: atoms) }
        case .any(let parts): return parts.contains { evaluate($0, section: section, truths: truths, atoms: atoms) }
        case .not(let inner): return !evaluate(inner, section: section, truths: truths, atoms: atoms)
        }
    }
}
