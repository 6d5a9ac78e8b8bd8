/// When a mapping applies, beyond its model type and kind.
///
/// Conditions compose to any depth:
///
/// | Swift | `mappings.json` | Holds when |
/// | --- | --- | --- |
/// | ``none`` | no `condition` key | always |
/// | `.section(0)` | `{"section": 0}` | the item is in section 0 |
/// | `.sections([0, 2])` | `{"sections": [0, 2]}` | the item is in one of the sections |
/// | `.items([0])` | `{"items": [0]}` | the item is at one of the indices within its section (here: the first row of every section) |
/// | `.predicate("isVegan")` | `{"predicate": "isVegan"}` | the named predicate returns `true` |
/// | `.predicate("priceAbove", argument: 20)` | `{"predicate": "priceAbove", "argument": 20}` | the predicate, given the argument, returns `true` |
/// | `.all([c1, c2])` | `{"all": [c1, c2]}` | every condition holds |
/// | `.any([c1, c2])` | `{"any": [c1, c2]}` | at least one condition holds |
/// | `.not(c)` | `{"not": c}` | `c` does not hold |
///
/// In JSON, one object with several of `section`, `sections`, `items` and
/// `predicate` means all of them. For supplementary models (headers,
/// footers, custom kinds) the section is the one they belong to, and the
/// item is 0.
public indirect enum MappingCondition: Hashable, Sendable, CustomStringConvertible {
    /// Always holds.
    case none
    /// Holds for items of one section.
    case section(Int)
    /// Holds for items of any of the sections.
    case sections([Int])
    /// Holds for items at any of the indices within their section
    /// (counted from 0): `.items([0])` is the first row of every section.
    /// Supplementary models are at item 0.
    case items([Int])
    /// Holds when the named predicate returns `true` for the value and
    /// position; `argument` is passed to a predicate registered with an
    /// argument type, and must be `nil` for one registered without.
    case predicate(String, argument: PredicateArgument? = nil)
    /// Holds when every one of the conditions holds.
    case all([MappingCondition])
    /// Holds when at least one of the conditions holds.
    case any([MappingCondition])
    /// Holds when the condition does not.
    case not(MappingCondition)

    /// A short form for messages: `none`, `section 0`, `sections [0, 2]`,
    /// `items [0, 1]`, `predicate 'isVegan'`, `predicate 'priceAbove' (20)`,
    /// `all[section 0, predicate 'isVegan']`, `any[…]`, `not section 0`.
    public var description: String {
        switch shape {
        case .always: "none"
        case .position(let key, let values):
            if case .index = key.form, values.count == 1 { "\(key.rawValue) \(values[0])" }
            else { "\(key.rawValue) [\(values.map(String.init).joined(separator: ", "))]" }
        case .predicate(let name, nil): "predicate '\(name)'"
        case .predicate(let name, let argument?): "predicate '\(name)' (\(argument))"
        case .all(let conditions): "all[\(conditions.map(\.description).joined(separator: ", "))]"
        case .any(let conditions): "any[\(conditions.map(\.description).joined(separator: ", "))]"
        case .not(let condition): "not \(condition)"
        }
    }
}
