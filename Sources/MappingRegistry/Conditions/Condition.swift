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
/// evaluator, ``truth(at:_:)``, given the place (section and item) and an
/// answer for each predicate: the real answers when resolving an item,
/// "unknown" when reducing a condition for a place, every combination when proving two
/// conditions overlap (see ``ConditionSpace``).
indirect enum Condition: Sendable, Hashable, CustomStringConvertible {
    case always
    /// `section`, `sections`, `items`: the position decides.
    case position(PositionTest)
    case predicate(PredicateCall)
    case all([Condition])
    case any([Condition])
    case not(Condition)

    /// The condition as written, for messages and ``Mapping/condition``.
    var written: MappingCondition {
        switch self {
        case .always: .none
        case .position(let test): test.written
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

    /// Every number the condition names on an axis: its sections, or its items.
    func named(_ axis: ConditionKey.Axis) -> Set<Int> {
        switch self {
        case .always, .predicate: []
        case .position(let test): test.axis == axis ? Set(test.values) : []
        case .all(let parts), .any(let parts): parts.reduce(into: Set<Int>()) { $0.formUnion($1.named(axis)) }
        case .not(let inner): inner.named(axis)
        }
    }

    /// Every section the condition names.
    var namedSections: Set<Int> { named(.section) }

    /// Every distinct predicate call in the condition, in order of first appearance.
    var predicateCalls: [PredicateCall] {
        var calls: [PredicateCall] = []
        collectCalls(into: &calls)
        return calls
    }

    private func collectCalls(into calls: inout [PredicateCall]) {
        switch self {
        case .always, .position: break
        case .predicate(let call): if !calls.contains(call) { calls.append(call) }
        case .all(let parts), .any(let parts): for part in parts { part.collectCalls(into: &calls) }
        case .not(let inner): inner.collectCalls(into: &calls)
        }
    }
}

/// A condition the position alone decides: a key of the condition table
/// that tests one axis (`section`, `sections`, `items`) and its numbers.
struct PositionTest: Sendable, Hashable {
    let key: ConditionKey
    let axis: ConditionKey.Axis
    let values: [Int]

    /// A test of a position key; `nil` for a key that does not test the position.
    init?(_ key: ConditionKey, values: [Int]) {
        guard let axis = key.axis else { return nil }
        self.key = key
        self.axis = axis
        self.values = values
    }

    /// Whether the position's coordinate on the axis is one of the numbers.
    @inline(__always)
    func holds(at position: ItemPosition) -> Bool {
        values.contains(axis.coordinate(of: position))
    }

    /// The test as written. (`section` always holds one number: the
    /// checker builds it from `.section(n)`, and ``normalized`` names
    /// several `sections`; so the fallback is never taken.)
    var written: MappingCondition {
        key.condition(values: values) ?? .none
    }

    /// The numbers sorted without repeats, under the key that spelling takes.
    var normalized: PositionTest {
        let unique = Set(values).sorted()
        return PositionTest(key.normalKey(valueCount: unique.count), values: unique) ?? self
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
        if case .plain(let test, _) = body { return test }
        return nil
    }

    /// The test on a value known to be of the predicate's model type: what
    /// the resolution index calls, without a dynamic cast of the model, for
    /// a value of exactly that type.
    var typedTest: TypedPredicateTest? {
        switch body {
        case .plain(_, let typed), .contextual(_, _, let typed): typed
        }
    }

    /// The type of render context the predicate reads, if it reads one.
    var contextType: String? {
        if case .contextual(_, let type, _) = body { return type }
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
