import Foundation
import ModelStorage

/// A configuration as plain data: what the oracle resolves from, and what
/// is written as `mappings.json` for the library.
struct OracleConfiguration: Hashable, Sendable {
    var mappings: [OracleMapping]

    /// The configuration as a `mappings.json` document, one mapping a line.
    var json: String {
        "{\n  \"version\": 1,\n  \"mappings\": [\n"
            + mappings.map { "    " + $0.json }.joined(separator: ",\n")
            + "\n  ]\n}\n"
    }
}

/// One mapping, as written.
struct OracleMapping: Hashable, Sendable {
    var view: String
    var model: String
    var kind: String
    var priority: Int
    var condition: OracleCondition?
    /// The reuse identifier as written; `nil` for the default, the view's name.
    var reuseIdentifier: String? = nil

    var json: String {
        var members = [#""view": "\#(view)""#, #""model": "\#(model)""#]
        if kind != "cell" { members.append(#""kind": "\#(kind)""#) }
        if let reuseIdentifier { members.append(#""reuseIdentifier": "\#(reuseIdentifier)""#) }
        if let condition { members.append(#""condition": \#(condition.json)"#) }
        if priority != 0 { members.append(#""priority": \#(priority)"#) }
        return "{" + members.joined(separator: ", ") + "}"
    }
}

/// A predicate named in a condition, with its argument as written.
struct OracleCall: Hashable, Sendable, CustomStringConvertible {
    var name: String
    /// The argument's JSON text (`2`, `3.5`), or `nil` for none.
    var argument: String?

    var description: String { argument.map { "\(name)(\($0))" } ?? name }
}

/// A condition as the oracle sees it: its own tree, written to JSON with
/// every spelling the format has (including an object with several keys,
/// which means all of them).
indirect enum OracleCondition: Hashable, Sendable {
    case section(Int)
    case sections([Int])
    case items([Int])
    case predicate(OracleCall)
    /// One JSON object with several of `section`, `sections`, `items`,
    /// `predicate`: all of them hold.
    case object(section: Int?, sections: [Int]?, items: [Int]?, predicate: OracleCall?)
    case all([OracleCondition])
    case any([OracleCondition])
    case not(OracleCondition)

    var json: String {
        switch self {
        case .section(let section): return #"{"section": \#(section)}"#
        case .sections(let sections): return #"{"sections": \#(Self.list(sections))}"#
        case .items(let items): return #"{"items": \#(Self.list(items))}"#
        case .predicate(let call): return "{" + Self.members(of: call) + "}"
        case .object(let section, let sections, let items, let predicate):
            var members: [String] = []
            if let section { members.append(#""section": \#(section)"#) }
            if let sections { members.append(#""sections": \#(Self.list(sections))"#) }
            if let items { members.append(#""items": \#(Self.list(items))"#) }
            if let predicate { members.append(Self.members(of: predicate)) }
            return "{" + members.joined(separator: ", ") + "}"
        case .all(let parts): return #"{"all": ["# + parts.map(\.json).joined(separator: ", ") + "]}"
        case .any(let parts): return #"{"any": ["# + parts.map(\.json).joined(separator: ", ") + "]}"
        case .not(let inner): return #"{"not": \#(inner.json)}"#
        }
    }

    /// Every predicate call in the condition, with repeats, in order.
    var calls: [OracleCall] {
        switch self {
        case .section, .sections, .items: []
        case .predicate(let call): [call]
        case .object(_, _, _, let call): call.map { [$0] } ?? []
        case .all(let parts), .any(let parts): parts.flatMap(\.calls)
        case .not(let inner): inner.calls
        }
    }

    private static func list(_ values: [Int]) -> String {
        "[" + values.map(String.init).joined(separator: ", ") + "]"
    }

    private static func members(of call: OracleCall) -> String {
        #""predicate": "\#(call.name)""# + (call.argument.map { #", "argument": \#($0)"# } ?? "")
    }
}

/// A model value as plain data: what it is, and its fields.
struct OracleSpecimen: Hashable, Sendable, CustomStringConvertible {
    var tag: OracleTag
    var number: Int
    var flag: Bool
    var name: String

    var description: String {
        switch tag {
        case .dish: "Dish(number: \(number), vegan: \(flag))"
        case .drink, .pastry: "\(tag.rawValue.capitalized)(number: \(number))"
        case .snack: number == 0 ? "Snack.chips" : "Snack.nuts(\(number))"
        case .animal, .cat, .lion, .dog: "\(tag.rawValue.capitalized)(name: \(name), number: \(number), tame: \(flag))"
        case .stone: "Stone()"
        case .text: "\"t\(number)\""
        case .number: "\(number)"
        }
    }

    /// The Swift value, with its own static type, wrapped as `layers` say.
    func materialized(_ layers: [OracleLayer]) -> Any? {
        let rest = layers[...]
        switch tag {
        case .dish: return Self.wrap(OracleDish(number: number, vegan: flag), rest)
        case .drink: return Self.wrap(OracleDrink(number: number), rest)
        case .snack: return Self.wrap(number == 0 ? OracleSnack.chips : .nuts(number), rest)
        case .pastry: return Self.wrap(OraclePastry(number: number), rest)
        case .animal: return Self.wrap(OracleAnimal(name: name, number: number, tame: flag), rest)
        case .cat: return Self.wrap(OracleCat(name: name, number: number, tame: flag), rest)
        case .lion: return Self.wrap(OracleLion(name: name, number: number, tame: flag), rest)
        case .dog: return Self.wrap(OracleDog(name: name, number: number, tame: flag), rest)
        case .stone: return Self.wrap(OracleStone(), rest)
        case .text: return Self.wrap("t\(number)", rest)
        case .number: return Self.wrap(number, rest)
        }
    }

    /// Wraps a value of static type `T` in the next layer, keeping each
    /// layer's static type through generics (so an `any OracleFood` taken
    /// from an array stays an existential inside the final `Any`). `nil`
    /// when a layer does not fit the value (a generator mistake).
    private static func wrap<T>(_ value: T, _ layers: ArraySlice<OracleLayer>) -> Any? {
        guard let layer = layers.first else { return value }
        let rest = layers.dropFirst()
        switch layer {
        case .food:
            guard let food = value as? any OracleFood else { return nil }
            // `as any OracleFood` keeps the existential from being opened.
            return wrap(food as any OracleFood, rest)
        case .pet:
            guard let pet = value as? any OraclePet else { return nil }
            return wrap(pet as any OraclePet, rest)
        case .animal:
            guard let animal = value as? OracleAnimal else { return nil }
            return wrap(animal, rest)
        case .anyBox:
            let boxed: Any = value
            return wrap(boxed as Any, rest)
        case .array:
            let array: [T] = [value, value]
            return wrap(array[1], rest)
        case .optional:
            return wrap(Optional(value), rest)
        case .nilOptional:
            return wrap(T?.none, rest)
        }
    }
}

/// One step from a value to what is stored, innermost first.
enum OracleLayer: String, Hashable, Sendable {
    /// Stored as `any OracleFood`.
    case food
    /// Stored as `any OraclePet`.
    case pet
    /// Upcast to `OracleAnimal`.
    case animal
    /// Stored as `Any`.
    case anyBox = "Any"
    /// Put in an `[T]` and taken out again, through a generic.
    case array = "[T]"
    /// Wrapped in `Optional.some`.
    case optional = "Optional"
    /// Replaced by `Optional<T>.none`, of the static type so far.
    case nilOptional = "nil"
}

/// A stored item as plain data: a value and the layers around it.
struct OracleItem: Hashable, Sendable, CustomStringConvertible {
    var specimen: OracleSpecimen
    var layers: [OracleLayer]

    /// Whether some Optional layer is `nil`: the oracle's rule 1.
    var isNil: Bool { layers.contains(.nilOptional) }

    var description: String {
        ([specimen.description] + layers.map(\.rawValue)).joined(separator: " → ")
    }
}

/// A render context as plain data.
enum OracleContext: Hashable, Sendable, CustomStringConvertible {
    case kitchen(soldOut: Set<Int>, portions: Int)
    case settings(showPets: Bool, quiet: Bool, large: Bool)
    /// A context of a type no predicate reads.
    case foreign(String)

    var kind: OracleContextKind? {
        switch self {
        case .kitchen: .kitchen
        case .settings: .settings
        case .foreign: nil
        }
    }

    var kitchen: (soldOut: Set<Int>, portions: Int)? {
        if case .kitchen(let soldOut, let portions) = self { return (soldOut, portions) }
        return nil
    }

    var settings: (showPets: Bool, quiet: Bool, large: Bool)? {
        if case .settings(let showPets, let quiet, let large) = self { return (showPets, quiet, large) }
        return nil
    }

    /// The Swift value passed as `context:`.
    var materialized: any Sendable {
        switch self {
        case .kitchen(let soldOut, let portions): OracleKitchen(soldOut: soldOut, portions: portions)
        case .settings(let showPets, let quiet, let large): OracleSettings(showPets: showPets, quiet: quiet, large: large)
        case .foreign(let text): text
        }
    }

    var description: String {
        switch self {
        case .kitchen(let soldOut, let portions): "OracleKitchen(soldOut: \(soldOut.sorted()), portions: \(portions))"
        case .settings(let showPets, let quiet, let large): "OracleSettings(showPets: \(showPets), quiet: \(quiet), large: \(large))"
        case .foreign(let text): "\"\(text)\" (a String)"
        }
    }
}

/// One question asked of both resolvers.
struct OracleCase: Hashable, Sendable, CustomStringConvertible {
    var item: OracleItem
    var position: ItemPosition
    var kind: String
    var context: OracleContext?

    var description: String {
        "item \(item), at section \(position.section), item \(position.item), kind '\(kind)', context \(context.map(String.init(describing:)) ?? "none")"
    }
}
