import ModelStorage

/// What the projects MappingRegistry replaces do: scan every mapping for
/// every item. Same semantics as `resolve`: Optional unwrapping, model
/// type, section condition, highest priority, exactly one.
struct LinearScan {
    struct Entry {
        let accepts: (Any) -> Bool
        let section: Int?
        let priority: Int
    }

    let entries: [Entry]
    let reflects: Bool

    /// The index of the one winning mapping, or -1 (none) / -2 (several).
    func resolve(_ model: Any, at position: ItemPosition) -> Int {
        var value = model
        while let optional = value as? any OptionalBox {
            guard let wrapped = optional.wrapped else { return -1 }
            value = wrapped
        }
        var best = Int.min
        var winner = -1
        var ties = 0
        for (index, entry) in entries.enumerated() {
            if reflects {
                // DTModelStorage reflects on the model once per mapping.
                let mirror = Mirror(reflecting: value)
                if mirror.displayStyle == .optional { continue }
            }
            guard entry.accepts(value) else { continue }
            if let section = entry.section, section != position.section { continue }
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

/// The linear scan's entries for a configuration like `makeConfiguration`.
func makeScanEntries(mappings count: Int) -> [LinearScan.Entry] {
    var entries: [LinearScan.Entry] = [
        .init(accepts: { $0 is any Priced }, section: nil, priority: 0),
        .init(accepts: { $0 is M1 }, section: nil, priority: 1),
        .init(accepts: { $0 is M2 }, section: nil, priority: 0),
        .init(accepts: { $0 is M3 }, section: nil, priority: 0),
        .init(accepts: { $0 is M4 }, section: nil, priority: 0),
        .init(accepts: { $0 is M5 }, section: nil, priority: 0),
        .init(accepts: { $0 is M6 }, section: nil, priority: 0),
        .init(accepts: { $0 is M7 }, section: nil, priority: 0),
        .init(accepts: { $0 is M8 }, section: nil, priority: 0),
        .init(accepts: { $0 is M9 }, section: nil, priority: 0),
    ]
    for _ in 0..<max(0, count - entries.count) {
        entries.append(.init(accepts: { $0 is Filler }, section: nil, priority: 0))
    }
    return entries
}

/// A hand-written switch: what a developer writes without any library.
@inline(never)
func switchBaseline(_ value: Any) -> Int {
    switch value {
    case is M1: 1
    case is any Priced: 0
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
