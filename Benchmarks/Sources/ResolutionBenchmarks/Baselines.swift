import ModelStorage

/// What the projects MappingRegistry replaces do: test every mapping for
/// every item. Same rules as `resolve`: Optional unwrapping, model type,
/// condition, highest priority, exactly one.
struct LinearScan {
    struct Entry: Sendable {
        let accepts: @Sendable (Any) -> Bool
        let holds: @Sendable (Any, ItemPosition) -> Bool
        let priority: Int
    }

    let entries: [Entry]
    /// Also build a `Mirror` of the value per mapping, as DTModelStorage does.
    let reflects: Bool

    /// The index of the one winning mapping, or -1 (none) / -2 (several).
    func resolve(_ model: Any, at position: ItemPosition) -> Int {
        guard let value = unwrapped(model) else { return -1 }
        var best = Int.min
        var winner = -1
        var ties = 0
        for (index, entry) in entries.enumerated() {
            if reflects {
                let mirror = Mirror(reflecting: value)
                if mirror.displayStyle == .optional { continue }
            }
            guard entry.accepts(value), entry.holds(value, position) else { continue }
            if entry.priority > best {
                best = entry.priority
                winner = index
                ties = 0
            } else if entry.priority == best {
                ties += 1
            }
        }
        return ties > 0 ? -2 : winner
    }
}

protocol OptionalBox { var wrapped: Any? { get } }
extension Optional: OptionalBox {
    var wrapped: Any? { self.map { $0 as Any } }
}

/// Unwraps Optionals at any depth; `nil` for `nil`.
@inline(__always)
func unwrapped(_ model: Any) -> Any? {
    var value = model
    while let optional = value as? any OptionalBox {
        guard let wrapped = optional.wrapped else { return nil }
        value = wrapped
    }
    return value
}

/// A hand-written `switch` over the ten types of workloads (a), (b), (c), (e):
/// what a developer writes without any library.
@inline(never)
func switchOnType(_ value: Any) -> Int {
    switch value {
    case is M0: 0
    case is M1: 1
    case is M2: 2
    case is M3: 3
    case is M4: 4
    case is M5: 5
    case is M6: 6
    case is M7: 7
    case is M8: 8
    case is M9: 9
    default: -1
    }
}

/// Workload (d)'s hand-written `switch`: the base class, then the protocol.
@inline(never)
func switchOnHierarchy(_ value: Any) -> Int {
    switch value {
    case is Base: 0
    case is any Priced: 1
    default: -1
    }
}

/// Workload (c)'s hand-written `switch`: the type, then the predicate.
@inline(never)
func switchWithPredicate(_ value: Any) -> Int {
    switch value {
    case let model as M0: model.id.isMultiple(of: 2) ? 10 : 0
    case let model as M1: model.id.isMultiple(of: 2) ? 11 : 1
    case let model as M2: model.id.isMultiple(of: 2) ? 12 : 2
    case let model as M3: model.id.isMultiple(of: 2) ? 13 : 3
    case let model as M4: model.id.isMultiple(of: 2) ? 14 : 4
    case let model as M5: model.id.isMultiple(of: 2) ? 15 : 5
    case let model as M6: model.id.isMultiple(of: 2) ? 16 : 6
    case let model as M7: model.id.isMultiple(of: 2) ? 17 : 7
    case let model as M8: model.id.isMultiple(of: 2) ? 18 : 8
    case let model as M9: model.id.isMultiple(of: 2) ? 19 : 9
    default: -1
    }
}
