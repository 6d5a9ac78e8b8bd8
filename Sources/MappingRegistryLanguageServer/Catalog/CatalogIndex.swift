import MappingRegistry

/// What the language server knows of the plugins: every name a document
/// may use, what each takes, which models each view can show, and where
/// each was registered, read from a catalog document (the bytes the
/// `catalog` subcommand prints, or a catalog file).
///
/// Which views can show a model is the catalog's own relation: a view
/// taking type T can show model M when M's type is T or shares values with
/// it, the relation the checker's `incompatible-model` is decided by.
struct CatalogIndex {
    /// A plugin of some category, as completion and hover show it.
    struct Entry {
        var name: String
        /// The type id it takes (a model's own type).
        var type: String?
        /// A predicate's argument type.
        var argument: String?
        /// A model that data documents can create.
        var decodable = false
        /// A view's `TextView` type id; `nil` for a handler view and other plugins.
        var viewType: String?
        /// `"Sources/App/Plugins.swift"` (`"…/Plugins.swift:42"` in older
        /// catalogs), when the catalog says where it was registered.
        var registeredAt: String?
    }

    enum Category: String, CaseIterable {
        case model, view, predicate, decorator, handler

        /// The catalog document's list of this category.
        var listKey: String { rawValue + "s" }
    }

    private(set) var entries: [Category: [String: Entry]] = [:]
    /// For each type id: its name in messages and the ids it shares values with.
    private var types: [String: (name: String, shares: Set<String>)] = [:]

    /// Reads a catalog description, and from its document as written each
    /// entry's `registeredAt` and the `handlers` list (also in catalog files
    /// of other versions, whose description may leave them out).
    ///
    /// - Parameters:
    ///   - description: The catalog.
    ///   - document: The catalog's JSON, for the extra keys; `nil` for none.
    ///   - handlerNames: Handler names known from the plugins themselves.
    init(_ description: CatalogDescription, document: [UInt8]?, handlerNames: [String] = []) {
        var models: [String: Entry] = [:]
        for model in description.models { models[model.name] = Entry(name: model.name, type: model.type, decodable: model.decodable) }
        var views: [String: Entry] = [:]
        for view in description.views { views[view.name] = Entry(name: view.name, type: view.takes, viewType: view.viewType) }
        var predicates: [String: Entry] = [:]
        for predicate in description.predicates { predicates[predicate.name] = Entry(name: predicate.name, type: predicate.takes, argument: predicate.argument) }
        var decorators: [String: Entry] = [:]
        for decorator in description.decorators { decorators[decorator.name] = Entry(name: decorator.name, type: decorator.takes) }
        var handlers: [String: Entry] = [:]
        for name in handlerNames { handlers[name] = Entry(name: name) }
        entries = [.model: models, .view: views, .predicate: predicates, .decorator: decorators, .handler: handlers]
        for type in description.types { types[type.id] = (type.model ?? type.name, Set(type.sharesValuesWith)) }
        guard let document, let root = try? JSONParser.parse(document), let catalog = root.object() else { return }
        for category in Category.allCases {
            for element in catalog[category.listKey]?.arrayElements ?? [] {
                guard let object = element.object(), let name = object.string("name") else { continue }
                var entry = entries[category]?[name] ?? Entry(name: name, type: object.string("takes"))
                entry.registeredAt = object.string("registeredAt") ?? entry.registeredAt
                entries[category, default: [:]][name] = entry
            }
        }
    }

    /// The names of a category, sorted.
    func names(_ category: Category) -> [String] {
        (entries[category] ?? [:]).keys.sorted()
    }

    func entry(_ category: Category, _ name: String) -> Entry? {
        entries[category]?[name]
    }

    /// The name messages use for a type id: its model's name, else its own.
    func typeName(_ id: String?) -> String {
        guard let id else { return "any model" }
        return types[id]?.name ?? id
    }

    /// Whether a plugin taking `type` can be given values of the named model.
    /// An unknown model or a plugin without a type rules nothing out.
    func plugin(taking type: String?, accepts modelName: String?) -> Bool {
        guard let type, let modelName, let model = entry(.model, modelName)?.type else { return true }
        return model == type || (types[model]?.shares.contains(type) ?? false)
    }
}
