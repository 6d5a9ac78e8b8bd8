import ModelStorage

/// Every key a condition object may hold: the one table of condition kinds.
///
/// Each row says, by exhaustive switches over the key (none has a
/// `default:`, so a new key does not compile until its row is complete):
///
/// | Row | Read by |
/// | --- | --- |
/// | ``summary`` | the JSON Schema's description, completion and hover in the language server |
/// | ``form`` | the parser (how the value reads), the JSON Schema (what the value must be), the checker |
/// | ``axis`` | the evaluator: which coordinate of the position a position key tests |
/// | ``condition(values:)`` and `MappingCondition.shape` | the Swift case a position key builds, and back |
/// | ``example`` | the test that every key has a complete row |
///
/// Adding a condition kind that tests the position (as `items` was added):
/// a case here with its row, and the case of ``MappingCondition`` with its
/// line in `MappingCondition.shape`. Resolution, the resolution index,
/// overlap and duplicate proofs, `unsatisfiable-condition`, the "why it did
/// not apply" text, the JSON writer and the schema follow from the row.
package enum ConditionKey: String, CaseIterable, Sendable {
    case section
    case sections
    case items
    case predicate
    case argument
    case all
    case any
    case not

    /// Which coordinate of an item's position a position key tests.
    package enum Axis: Sendable, CaseIterable {
        case section
        case item

        /// The coordinate of a position: the section, or the item within it.
        @inline(__always)
        func coordinate(of position: ItemPosition) -> Int {
            switch self {
            case .section: position.section
            case .item: position.item
            }
        }

        /// `section`, `item`: what one number of the axis is called in messages.
        var noun: String {
            switch self {
            case .section: "section"
            case .item: "item"
            }
        }
    }

    /// How a key's value reads and what it means.
    package enum Form: Sendable {
        /// One non-negative integer on an axis (`section`).
        case index(Axis)
        /// A non-empty array of non-negative integers on an axis (`sections`, `items`).
        case indexes(Axis)
        /// A registered predicate's name.
        case predicateName
        /// The argument of the predicate beside it.
        case predicateArgument
        /// A non-empty array of conditions: `all` (`true`) or `any` (`false`).
        case conditions(all: Bool)
        /// One condition to negate.
        case negated
    }

    /// How the key's value reads and what it means.
    package var form: Form {
        switch self {
        case .section: .index(.section)
        case .sections: .indexes(.section)
        case .items: .indexes(.item)
        case .predicate: .predicateName
        case .argument: .predicateArgument
        case .all: .conditions(all: true)
        case .any: .conditions(all: false)
        case .not: .negated
        }
    }

    /// One or two sentences on what the key means: the schema's
    /// description, and what completion and hover show.
    package var summary: String {
        switch self {
        case .section: "Holds in this section (counted from 0)."
        case .sections: "Holds in any of these sections."
        case .items: "Holds for the items at these indices within their section (counted from 0), such as [0] for the first row of every section; supplementary models count as item 0."
        case .predicate: "Holds when this registered predicate returns true."
        case .argument: "The predicate's argument, for a predicate registered with an argument type; decoded once, at load."
        case .all: "Holds when every one of these conditions holds."
        case .any: "Holds when at least one of these conditions holds."
        case .not: "Holds when this condition does not."
        }
    }

    /// A condition object using the key, as `mappings.json` writes it.
    package var example: String {
        switch self {
        case .section: #"{"section": 0}"#
        case .sections: #"{"sections": [0, 2]}"#
        case .items: #"{"items": [0, 1]}"#
        case .predicate: #"{"predicate": "isVegan"}"#
        case .argument: #"{"predicate": "priceAbove", "argument": 20}"#
        case .all: #"{"all": [{"section": 0}, {"predicate": "isVegan"}]}"#
        case .any: #"{"any": [{"section": 0}, {"predicate": "isVegan"}]}"#
        case .not: #"{"not": {"section": 0}}"#
        }
    }

    /// The axis a position key tests; `nil` for the other keys.
    package var axis: Axis? {
        switch form {
        case .index(let axis), .indexes(let axis): axis
        case .predicateName, .predicateArgument, .conditions, .negated: nil
        }
    }

    /// Whether it is a condition by itself (`argument` only goes with `predicate`).
    package var isTest: Bool {
        if case .predicateArgument = form { return false }
        return true
    }

    /// The keys that are conditions by themselves, in order: what an
    /// empty condition object is told to hold.
    package static var tests: [ConditionKey] {
        allCases.filter(\.isTest)
    }

    /// The Swift case a position key builds from its numbers:
    /// `.section(0)`, `.sections([0, 2])`, `.items([0, 1])`; `nil` for the
    /// other keys (and for `section` without exactly one number).
    func condition(values: [Int]) -> MappingCondition? {
        switch self {
        case .section: values.count == 1 ? values.first.map(MappingCondition.section) : nil
        case .sections: .sections(values)
        case .items: .items(values)
        case .predicate, .argument, .all, .any, .not: nil
        }
    }

    /// The key a position test is written with in normal form, so that
    /// tests of one axis and numbers compare equal however they were
    /// spelt: one section is `section`, several `sections`.
    func normalKey(valueCount: Int) -> ConditionKey {
        switch self {
        case .section, .sections: valueCount == 1 ? .section : .sections
        case .items, .predicate, .argument, .all, .any, .not: self
        }
    }
}

extension MappingCondition {
    /// A condition by its form: the one switch over the public cases that
    /// the checker, the JSON writer and ``description`` read.
    enum Shape {
        case always
        /// A key of ``ConditionKey/Form/index(_:)`` or ``ConditionKey/Form/indexes(_:)`` form and its numbers.
        case position(ConditionKey, [Int])
        case predicate(String, argument: PredicateArgument?)
        case all([MappingCondition])
        case any([MappingCondition])
        case not(MappingCondition)
    }

    /// The condition by its form.
    var shape: Shape {
        switch self {
        case .none: .always
        case .section(let section): .position(.section, [section])
        case .sections(let sections): .position(.sections, sections)
        case .items(let items): .position(.items, items)
        case .predicate(let name, let argument): .predicate(name, argument: argument)
        case .all(let parts): .all(parts)
        case .any(let parts): .any(parts)
        case .not(let inner): .not(inner)
        }
    }
}
