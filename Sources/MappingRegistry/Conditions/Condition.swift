import ModelStorage

/// A mapping's condition, checked against the catalog: the one internal
/// representation of a condition that resolution, the resolution index,
/// the checks across mappings and the "why it did not apply" text all read.
///
/// It has the shape of the ``MappingCondition`` it was compiled from
/// (``written`` gives that back), with each predicate looked up and its
/// argument decoded once, at load.
///
/// Every question about a condition is answered by one three-valued
/// evaluator, ``truth(inSection:_:)``, given the section and an answer for
/// each predicate: the real answers when resolving an item, "unknown" when
/// reducing a condition for a section, every combination when proving two
/// conditions overlap (see ``ConditionSpace``).
indirect enum Condition: Sendable, Hashable, CustomStringConvertible {
    case always
    case section(Int)
    case sections([Int])
    case predicate(PredicateCall)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// The condition as written, for messages and ``Mapping/condition``.
    var written: MappingCondition {
        switch self {
        case .always: .none
        case .section(let section): .section(section)
        case .sections(let sections): .sections(sections)
        case .predicate(let call): .predicate(call.name, argument: call.argument)
        case .all(let parts): .all(parts.map(\.written))
        case .any(let parts): .any(parts.map(\.written))
        case .not(let inner): .not(inner.written)
        }
    }

    /// The form messages use, the same as ``MappingCondition/description``.
    var description: String { written.description }

    /// A condition that never holds: `any` of nothing. Computed, not a
    /// stored global: LeakSanitizer cannot follow the tagged pointer to an
    /// indirect enum's box held by a global, and would report it at exit.
    static var never: Condition { .any([]) }

    /// Every section the condition names.
    var namedSections: Set<Int> {
        switch self {
        case .always, .predicate: []
        case .section(let section): [section]
        case .sections(let sections): Set(sections)
        case .all(let parts), .any(let parts): parts.reduce(into: Set<Int>()) { $0.formUnion($1.namedSections) }
        case .not(let inner): inner.namedSections
        }
    }

    /// Every distinct predicate call in the condition, in order of first appearance.
    var predicateCalls: [PredicateCall] {
        var calls: [PredicateCall] = []
        collectCalls(into: &calls)
        return calls
    }

    private func collectCalls(into calls: inout [PredicateCall]) {
        switch self {
        case .always, .section, .sections: break
        case .predicate(let call): if !calls.contains(call) { calls.append(call) }
        case .all(let parts), .any(let parts): for part in parts { part.collectCalls(into: &calls) }
        case .not(let inner): inner.collectCalls(into: &calls)
        }
    }
}

/// One predicate of a condition, with its argument bound: the test that
/// runs when an item is resolved. Two calls are the same when they name
/// the same predicate with equal arguments.
struct PredicateCall: Sendable, Hashable {
    let name: String
    let argument: PredicateArgument?
    let body: PredicateBody

    /// The test, when it reads no render context: what the resolution
    /// index calls directly for a condition that is this predicate alone.
    var plainTest: PredicatePlugin.Test? {
        if case .plain(let test) = body { return test }
        return nil
    }

    /// The type of render context the predicate reads, if it reads one.
    var contextType: String? {
        if case .contextual(_, let type) = body { return type }
        return nil
    }

    static func == (lhs: PredicateCall, rhs: PredicateCall) -> Bool {
        lhs.name == rhs.name && lhs.argument == rhs.argument
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(name)
        hasher.combine(argument)
    }
}
