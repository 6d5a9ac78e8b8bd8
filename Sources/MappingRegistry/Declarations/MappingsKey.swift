/// Every key a `mappings.json` document may hold, where it may stand, and
/// what it means: the one list the parser's allowed keys (and so its
/// did-you-mean candidates) and the JSON Schema's properties, required keys
/// and descriptions are read from.
///
/// Cases are in the order messages and schemas list them.
package enum MappingsKey: String, CaseIterable, Sendable {
    // The document
    case schema = "$schema"
    case version
    case mappings
    // A mapping
    case view
    case model
    case kind
    case reuseIdentifier
    case condition
    case priority
    case decorators
    case events
    // A condition
    case section
    case sections
    case predicate
    case argument
    case all
    case any
    case not

    /// The kind of object a key belongs in.
    package enum Place: Sendable {
        /// The document's root object.
        case document
        /// A mapping object, an element of `mappings`.
        case mapping
        /// A condition object: a mapping's `condition`, an element of `all`
        /// or `any`, the value of `not`.
        case condition
    }

    /// The object the key belongs in.
    package var place: Place {
        switch self {
        case .schema, .version, .mappings: .document
        case .view, .model, .kind, .reuseIdentifier, .condition, .priority, .decorators, .events: .mapping
        case .section, .sections, .predicate, .argument, .all, .any, .not: .condition
        }
    }

    /// Whether an object of its place must have it.
    package var isRequired: Bool {
        switch self {
        case .version, .mappings, .view, .model: true
        default: false
        }
    }

    /// Whether it is a condition by itself (`argument` only goes with `predicate`).
    var isTest: Bool {
        place == .condition && self != .argument
    }

    /// One or two sentences on what the key means: the schema's description.
    package var summary: String {
        switch self {
        case .schema: "The URL or relative path of this JSON Schema, for editors; ignored by the library."
        case .version: "The format version: 1."
        case .mappings: "The mappings. Every stored item must resolve to exactly one of them."
        case .view: "A registered view name."
        case .model: "A registered model name: a struct, enum, class (subclasses match), protocol (conforming types match) or a catch-all."
        case .kind: "The kind of view: \"cell\" (the default), \"header\", \"footer\", or a custom supplementary kind (not a built-in kind with other capitals)."
        case .reuseIdentifier: "The reuse pool of the view; default: the view's name. One identifier must always give one view."
        case .condition: "When the mapping applies; default: always."
        case .priority: "Among the mappings that apply, the highest priority wins. Default 0; a fallback takes a lower one."
        case .decorators: "Registered decorators, applied in this order to the view's text."
        case .events: "Event handlers by event: each key an event (didSelect, willDisplay, didEndDisplaying or a custom one), each value a registered handler's name."
        case .section: "Holds in this section (counted from 0)."
        case .sections: "Holds in any of these sections."
        case .predicate: "Holds when this registered predicate returns true."
        case .argument: "The predicate's argument, for a predicate registered with an argument type; decoded once, at load."
        case .all: "Holds when every one of these conditions holds."
        case .any: "Holds when at least one of these conditions holds."
        case .not: "Holds when this condition does not."
        }
    }

    /// The keys of one place, in order.
    package static func keys(in place: Place) -> [MappingsKey] {
        allCases.filter { $0.place == place }
    }

    /// The keys of one place as written, in order: what a parser allows
    /// and suggests.
    package static func names(in place: Place) -> [String] {
        keys(in: place).map(\.rawValue)
    }
}
