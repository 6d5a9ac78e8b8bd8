import Foundation

/// A ``PluginCatalog`` written down as data: every name a configuration may
/// use and everything the checker decides from the plugins, without the
/// app's code. `catalog` prints it; `validate --catalog FILE` and the
/// `mapping-registry` tool check mappings against it; `schema` builds JSON
/// Schemas from it.
///
/// ```json
/// {
///   "catalogVersion": 1,
///   "models": [{ "name": "Dish", "type": "Menu.Dish", "decodable": true }],
///   "views": [{ "name": "DishRow", "takes": "Menu.Dish", "viewType": "Menu.DishRow" }],
///   "predicates": [{ "name": "priceAbove", "takes": "Menu.Dish", "argument": "Double" }],
///   "decorators": [{ "name": "soldOut", "takes": "Menu.Dish" }],
///   "types": [{ "id": "Menu.Dish", "name": "Dish", "shape": "value", "contains": [], "sharesValuesWith": ["Any", "Menu.Food"] }]
/// }
/// ```
///
/// Types are named by `String(reflecting:)` (module-qualified), and each
/// lists the types it contains (every value of theirs is one of its) and
/// the types it may share a value with, as ``ModelType`` decides them with
/// public API (a protocol's conformers are not known without a value, so a
/// protocol contains no other type and may share a value with any).
package struct CatalogDescription: Codable, Equatable, Sendable {
    package struct Model: Codable, Equatable, Sendable {
        package var name: String
        /// The id of its type.
        package var type: String
        /// Whether data documents can create it.
        package var decodable: Bool
        /// Where it was registered: `Sources/App/Plugins.swift`, relative
        /// to its package's root and without a line (see `CatalogSites`);
        /// `Sources/App/Plugins.swift:42` in catalogs written before.
        package var registeredAt: String?
    }

    package struct View: Codable, Equatable, Sendable {
        package var name: String
        /// The id of the type it takes.
        package var takes: String
        /// The id of its `TextView` type; `nil` for a handler view. Two
        /// names with one view type are one view (aliases).
        package var viewType: String?
        package var registeredAt: String?
    }

    package struct Predicate: Codable, Equatable, Sendable {
        package var name: String
        package var takes: String
        /// The Swift name of its argument type, such as `Double`; `nil` when it takes none.
        package var argument: String?
        /// The Swift name of the render context it reads; `nil` when it reads none.
        package var context: String?
        /// The predicates that never hold together with it (`excludes:`),
        /// sorted; `nil` when there are none.
        package var excludes: [String]?
        package var registeredAt: String?
    }

    package struct Decorator: Codable, Equatable, Sendable {
        package var name: String
        package var takes: String
        package var registeredAt: String?
    }

    /// A named event handler: the event it handles and the type it takes.
    package struct Handler: Codable, Equatable, Sendable {
        package var name: String
        package var event: String
        package var takes: String
        /// The view type a `(view, model, position)` handler takes, by
        /// module-qualified name; `nil` for a `(model, position)` handler.
        package var view: String?
        /// The catalog's view types (``View/viewType``) that are ``view`` or
        /// a subclass of it: the views a mapping listing the handler may have.
        package var acceptsViewTypes: [String]?
        package var registeredAt: String?
    }

    package struct TypeEntry: Codable, Equatable, Sendable {
        /// A unique id: the module-qualified type name.
        package var id: String
        /// The name messages use.
        package var name: String
        /// `any`, `class`, `value`, `protocol` or `other`.
        package var shape: String
        /// The ids of the types every value of which is a value of this one.
        package var contains: [String]
        /// The ids of the types that may share a value with this one.
        package var sharesValuesWith: [String]
        /// The model name messages use for this type: the name it was
        /// registered under first; `nil` when it is no registered model.
        package var model: String?
    }

    /// Thrown when a described model is asked for a value: only the app's
    /// own types can make one.
    struct NoValues: Error, CustomStringConvertible {
        var description: String { "a catalog file describes types but cannot create their values" }
    }

    /// The catalog format version this library writes and reads.
    package static let supportedVersion = 1

    package var catalogVersion: Int
    package var models: [Model]
    package var views: [View]
    package var predicates: [Predicate]
    package var decorators: [Decorator]
    /// The named event handlers; absent in catalogs written before events.
    package var handlers: [Handler]?
    package var types: [TypeEntry]

    // MARK: - From a catalog

    /// Describes a catalog: its plugins sorted by name, and every type they
    /// name with its relations to the others.
    package init(_ plugins: PluginCatalog) {
        var table = TypeTable()
        // Models first, so a type's name in messages is its model's.
        let models = plugins.models.values.sorted { $0.name < $1.name }
        for model in models { table.add(model.type) }
        let views = plugins.views.values.sorted { $0.name < $1.name }
        let predicates = plugins.predicates.values.sorted { $0.name < $1.name }
        let decorators = plugins.decorators.values.sorted { $0.name < $1.name }
        let sites = CatalogSites(plugins)
        catalogVersion = Self.supportedVersion
        self.models = models.map {
            Model(name: $0.name, type: table.add($0.type), decodable: $0.decode != nil, registeredAt: sites.registeredAt(of: "model", named: $0.name))
        }
        self.views = views.map { view in
            View(name: view.name, takes: table.add(view.model), viewType: view.viewTypeName, registeredAt: sites.registeredAt(of: "view", named: view.name))
        }
        self.predicates = predicates.map {
            Predicate(
                name: $0.name, takes: table.add($0.model), argument: $0.argumentTypeName, context: $0.contextTypeName,
                excludes: plugins.exclusions[$0.name].map { $0.sorted() },
                registeredAt: sites.registeredAt(of: "predicate", named: $0.name)
            )
        }
        self.decorators = decorators.map { Decorator(name: $0.name, takes: table.add($0.model), registeredAt: sites.registeredAt(of: "decorator", named: $0.name)) }
        let handlers = plugins.handlers.values.sorted { $0.name < $1.name }
        self.handlers = handlers.map { plugin in
            let requirement = plugin.handler.view
            return Handler(
                name: plugin.name, event: plugin.handler.event, takes: table.add(plugin.model),
                view: requirement?.typeID,
                acceptsViewTypes: requirement.map { requirement in
                    Array(Set(views.filter(requirement.accepts).compactMap(\.viewTypeName))).sorted()
                },
                registeredAt: sites.registeredAt(of: "handler", named: plugin.name)
            )
        }
        types = table.entries().map { entry in
            var entry = entry
            entry.model = plugins.modelNamesByType[table.swiftTypeIDs[entry.id] ?? ObjectIdentifier(DescribedType.self)]
            return entry
        }
    }

    /// Assigns each Swift type a unique id and computes relations.
    private struct TypeTable {
        var ids: [ObjectIdentifier: String] = [:]
        var types: [(id: String, type: ModelType)] = []
        var swiftTypeIDs: [String: ObjectIdentifier] = [:]

        @discardableResult
        mutating func add(_ type: ModelType) -> String {
            if let id = ids[type.id] { return id }
            var id = type.described?.id ?? String(reflecting: type.type)
            if types.contains(where: { $0.id == id }) {
                var number = 2
                while types.contains(where: { $0.id == "\(id)#\(number)" }) { number += 1 }
                id = "\(id)#\(number)"
            }
            ids[type.id] = id
            swiftTypeIDs[id] = type.id
            types.append((id, type))
            return id
        }

        func entries() -> [TypeEntry] {
            types.sorted { $0.id < $1.id }.map { entry in
                let others = types.filter { $0.id != entry.id }.sorted { $0.id < $1.id }
                return TypeEntry(
                    id: entry.id,
                    name: entry.type.name,
                    shape: entry.type.described?.shapeName ?? CatalogDescription.shapeName(entry.type.shape),
                    contains: others.filter { entry.type.contains($0.type) }.map(\.id),
                    sharesValuesWith: others.filter { entry.type.canShareValue(with: $0.type) }.map(\.id),
                    model: nil
                )
            }
        }
    }

    static func shapeName(_ shape: TypeShape) -> String {
        switch shape {
        case .anything: "any"
        case .reference: "class"
        case .value: "value"
        case .existential: "protocol"
        case .undecidable: "other"
        }
    }

    static func shape(named name: String) -> TypeShape {
        switch name {
        case "any": .anything
        case "class": .reference
        case "value": .value
        default: .undecidable
        }
    }

    // MARK: - Writing

    /// The catalog as JSON, keys in a reading order, ending with a line break.
    ///
    /// - Parameter mappings: The Swift-declared mappings the catalog
    ///   carries, each a `mappings.json` mapping object with its `location`.
    package func rendered(mappings: [JSONValue] = []) -> String {
        func named(_ name: String, _ rest: [(String, JSONValue)], at site: String?) -> JSONValue {
            .object([("name", .string(name))] + rest + (site.map { [("registeredAt", .string($0))] } ?? []))
        }
        func optional(_ key: String, _ value: String?) -> [(String, JSONValue)] {
            value.map { [(key, .string($0))] } ?? []
        }
        let document: JSONValue = .object([
            ("catalogVersion", .integer(catalogVersion)),
            ("models", .array(models.map { named($0.name, [("type", .string($0.type)), ("decodable", .bool($0.decodable))], at: $0.registeredAt) })),
            ("views", .array(views.map { named($0.name, [("takes", .string($0.takes))] + optional("viewType", $0.viewType), at: $0.registeredAt) })),
            ("predicates", .array(predicates.map {
                named(
                    $0.name,
                    [("takes", .string($0.takes))] + optional("argument", $0.argument) + optional("context", $0.context)
                        + ($0.excludes.map { [("excludes", .strings($0))] } ?? []),
                    at: $0.registeredAt
                )
            })),
            ("decorators", .array(decorators.map { named($0.name, [("takes", .string($0.takes))], at: $0.registeredAt) })),
            ("handlers", .array((handlers ?? []).map { handler in
                named(
                    handler.name,
                    [("event", .string(handler.event)), ("takes", .string(handler.takes))]
                        + optional("view", handler.view)
                        + (handler.acceptsViewTypes.map { [("acceptsViewTypes", .strings($0))] } ?? []),
                    at: handler.registeredAt
                )
            })),
            ("mappings", .array(mappings)),
            ("types", .array(types.map { type in
                .object(
                    [("id", .string(type.id)), ("name", .string(type.name)), ("shape", .string(type.shape))]
                        + (type.model.map { [("model", .string($0))] } ?? [])
                        + [("contains", .strings(type.contains)), ("sharesValuesWith", .strings(type.sharesValuesWith))]
                )
            })),
        ])
        return document.rendered()
    }
}
