/// Every key of a `mappings.json` document's root and mapping objects,
/// where it may stand, and what it means: the one list the parser's allowed
/// keys (and so its did-you-mean candidates) and the JSON Schema's
/// properties, required keys and descriptions are read from. The keys of a
/// condition object are the rows of ``ConditionKey``, the table of
/// condition kinds; ``names(in:)`` and ``described(in:)`` give either.
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
    case fallback

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

    /// The object the key belongs in (never ``Place/condition``: those
    /// keys are ``ConditionKey``'s).
    package var place: Place {
        switch self {
        case .schema, .version, .mappings: .document
        case .view, .model, .kind, .reuseIdentifier, .condition, .priority, .decorators, .events, .fallback: .mapping
        }
    }

    /// Whether an object of its place must have it.
    package var isRequired: Bool {
        switch self {
        case .version, .mappings, .view, .model: true
        case .schema, .kind, .reuseIdentifier, .condition, .priority, .decorators, .events, .fallback: false
        }
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
        case .priority: "Among the mappings that apply, the highest priority wins. Default 0; a catch-all mapping takes a lower one."
        case .decorators: "Registered decorators, applied in this order to the view's text."
        case .events: "Event handlers by event: each key an event (didSelect, willDisplay, didEndDisplaying or a custom one), each value a registered handler's name."
        case .fallback: "What an app whose catalog lacks a name this mapping uses (a view, model, predicate, decorator, handler or event) does instead: a mapping object whose keys replace this mapping's (the others are inherited), or \"skip\" to leave the mapping out. Without it, an unknown name is an error."
        }
    }

    /// The keys of one place, in order; none for ``Place/condition``,
    /// whose keys are ``ConditionKey``'s.
    package static func keys(in place: Place) -> [MappingsKey] {
        allCases.filter { $0.place == place }
    }

    /// The keys of one place as written, in order: what a parser allows
    /// and suggests.
    package static func names(in place: Place) -> [String] {
        described(in: place).map(\.name)
    }

    /// A key as an editor shows it.
    package struct Description: Sendable, Equatable {
        /// The key as written.
        package let name: String
        /// Whether an object of its place must have it.
        package let isRequired: Bool
        /// What it means: ``MappingsKey/summary`` or ``ConditionKey/summary``.
        package let summary: String
    }

    /// The keys of one place, described, in order: what completion offers.
    package static func described(in place: Place) -> [Description] {
        switch place {
        case .document, .mapping:
            keys(in: place).map { Description(name: $0.rawValue, isRequired: $0.isRequired, summary: $0.summary) }
        case .condition:
            ConditionKey.allCases.map { Description(name: $0.rawValue, isRequired: false, summary: $0.summary) }
        }
    }

    /// The key of that name in any place, described: what hover shows.
    package static func described(named name: String) -> Description? {
        [Place.document, .mapping, .condition].lazy.flatMap(described(in:)).first { $0.name == name }
    }
}
