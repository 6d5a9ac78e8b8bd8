/// A value a mapping passes to a predicate: any JSON value.
///
/// In `mappings.json` it is the condition's `"argument"`; in Swift, write
/// it as a literal:
///
/// ```swift
/// Map(PremiumRow.self, when: .predicate("priceAbove", argument: 20))
/// Map(TagRow.self, when: .predicate("hasTag", argument: ["vegan", "local"]))
/// ```
///
/// The registry decodes it once, at load, into the argument type the
/// predicate was registered with
/// (``PluginCatalog/register(predicate:for:argument:excludes:filePath:line:_:)``); a value that
/// does not decode is a `wrong-type` load error.
public enum PredicateArgument: Hashable, Sendable, CustomStringConvertible, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByArrayLiteral,
    ExpressibleByDictionaryLiteral
{
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer that fits in `Int`.
    case integer(Int)
    /// Any other number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([PredicateArgument])
    /// An object.
    case object([String: PredicateArgument])

    /// Creates an integer argument.
    ///
    /// - Parameter value: The integer.
    public init(integerLiteral value: Int) { self = .integer(value) }

    /// Creates a number argument.
    ///
    /// - Parameter value: The number.
    public init(floatLiteral value: Double) { self = .number(value) }

    /// Creates a string argument.
    ///
    /// - Parameter value: The string.
    public init(stringLiteral value: String) { self = .string(value) }

    /// Creates a Boolean argument.
    ///
    /// - Parameter value: The Boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }

    /// Creates an array argument.
    ///
    /// - Parameter elements: The elements.
    public init(arrayLiteral elements: PredicateArgument...) { self = .array(elements) }

    /// Creates an object argument.
    ///
    /// - Parameter elements: The members; a repeated key keeps its last value.
    public init(dictionaryLiteral elements: (String, PredicateArgument)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }

    /// Whether two arguments are the same JSON value: numbers compare by
    /// value, so `20` equals `20.0` (as JSON and every decoder read them),
    /// and objects compare by their members, in any order.
    ///
    /// - Parameters:
    ///   - lhs: An argument.
    ///   - rhs: Another argument.
    /// - Returns: Whether they are the same value.
    public static func == (lhs: PredicateArgument, rhs: PredicateArgument) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.integer(let a), .integer(let b)): a == b
        case (.number(let a), .number(let b)): a == b
        case (.integer(let a), .number(let b)), (.number(let b), .integer(let a)): Int(exactly: b) == a
        case (.string(let a), .string(let b)): a == b
        case (.array(let a), .array(let b)): a == b
        case (.object(let a), .object(let b)): a == b
        default: false
        }
    }

    /// Hashes the value so that equal arguments (``==(_:_:)``), `20` and
    /// `20.0` among them, hash alike.
    ///
    /// - Parameter hasher: The hasher to feed.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .null:
            hasher.combine(0)
        case .bool(let value):
            hasher.combine(1)
            hasher.combine(value)
        case .integer(let value):
            hasher.combine(2)
            hasher.combine(value)
        case .number(let value):
            // An integral number hashes as the integer it equals.
            if let integer = Int(exactly: value) {
                hasher.combine(2)
                hasher.combine(integer)
            } else {
                hasher.combine(3)
                hasher.combine(value)
            }
        case .string(let value):
            hasher.combine(4)
            hasher.combine(value)
        case .array(let elements):
            hasher.combine(5)
            hasher.combine(elements)
        case .object(let members):
            hasher.combine(6)
            hasher.combine(members)
        }
    }

    /// The argument as compact JSON, object keys sorted: `20`, `"vegan"`, `[1,2]`, `{"a":true}`.
    public var description: String {
        jsonValue.compact()
    }

    /// The argument as a JSON value to write, object keys sorted.
    var jsonValue: JSONValue {
        switch self {
        case .null: .null
        case .bool(let value): .bool(value)
        case .integer(let value): .integer(value)
        case .number(let value): .number(value)
        case .string(let value): .string(value)
        case .array(let elements): .array(elements.map(\.jsonValue))
        case .object(let members): .object(members.keys.sorted().map { ($0, members[$0]?.jsonValue ?? .null) })
        }
    }
}
