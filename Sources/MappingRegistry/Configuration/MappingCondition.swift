/// When a mapping applies, beyond its model type and kind.
///
/// In `mappings.json` a condition is an object: `{"section": 0}`,
/// `{"predicate": "isVegan"}`, or both keys at once, which means both must
/// hold (``all(_:)``). Without a `condition` key a mapping applies
/// everywhere (``none``).
public enum MappingCondition: Hashable, Sendable, CustomStringConvertible {
    /// Always holds.
    case none
    /// Holds for items of one section (for supplementary models: the section they belong to).
    case section(Int)
    /// Holds when the named predicate returns `true` for the value and position.
    case predicate(String)
    /// Holds when every one of the conditions holds.
    case all([MappingCondition])

    /// A short form for messages: `none`, `section 0`, `predicate 'isVegan'`,
    /// `section 0 and predicate 'isVegan'`.
    public var description: String {
        switch self {
        case .none: "none"
        case .section(let section): "section \(section)"
        case .predicate(let name): "predicate '\(name)'"
        case .all(let conditions): conditions.map(\.description).joined(separator: " and ")
        }
    }

    /// The section every position must be in, if the condition fixes one.
    /// `nil` both for "any section" and for contradictory sections, see ``isSatisfiable``.
    var requiredSection: Int? {
        let sections = requiredSections
        return sections.count == 1 ? sections.first : nil
    }

    /// Whether some position could satisfy the section parts (two different
    /// required sections never can).
    var isSatisfiable: Bool { Set(requiredSections).count <= 1 }

    /// The names of every predicate the condition asks, in order.
    var predicateNames: [String] {
        switch self {
        case .none, .section: []
        case .predicate(let name): [name]
        case .all(let conditions): conditions.flatMap(\.predicateNames)
        }
    }

    private var requiredSections: [Int] {
        switch self {
        case .none, .predicate: []
        case .section(let section): [section]
        case .all(let conditions): conditions.flatMap(\.requiredSections)
        }
    }

    /// Whether every value and position that satisfies `self` provably also
    /// satisfies `other` (ignoring what predicates return).
    func implies(_ other: MappingCondition) -> Bool {
        if let section = other.requiredSection, section != requiredSection { return false }
        return Set(other.predicateNames).isSubset(of: Set(predicateNames))
    }
}
