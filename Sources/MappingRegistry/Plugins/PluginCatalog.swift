import Foundation
import ModelStorage

/// The named plugins a configuration may refer to: model types, views and
/// condition predicates.
///
/// Register everything your `mappings.json` names, then hand the catalog to
/// ``MappingRegistry/init(configuration:plugins:source:)``. Names are how
/// the configuration refers to Swift types; they need not match the type
/// names.
///
/// ```swift
/// var plugins = PluginCatalog()
/// plugins.register(model: Dish.self, named: "Dish")
/// plugins.register(model: (any Food).self, named: "Food")
/// plugins.register(view: DishRow.self, named: "DishRow")
/// plugins.register(view: "SectionTitle", for: String.self) { title, _ in "== \(title) ==" }
/// plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
/// ```
///
/// Registering two plugins of one category under one name is not a crash:
/// the first registration stays, and loading a registry with this catalog
/// fails with a `duplicate-plugin` diagnostic.
public struct PluginCatalog: Sendable {
    var models: [String: ModelPlugin] = [:]
    var views: [String: ViewPlugin] = [:]
    var predicates: [String: PredicatePlugin] = [:]
    /// Every name registered more than once, with its category.
    var duplicates: [(category: String, name: String)] = []

    /// Creates an empty catalog.
    public init() {}

    /// Registers a model type under a name that `mappings.json` uses in `"model"`.
    ///
    /// `M` may be a struct, an enum, a class (instances of subclasses match
    /// too) or a protocol existential such as `(any Food).self` (values of
    /// conforming types match).
    ///
    /// - Parameters:
    ///   - model: The model type.
    ///   - name: The name the configuration uses.
    public mutating func register<M>(model: M.Type, named name: String) {
        insert(ModelPlugin(name: name, type: ModelType(model), decode: nil), into: \.models, category: "model")
    }

    /// Registers a `Decodable` model type under a name; besides matching
    /// values as ``register(model:named:)-(M.Type,_)`` does, data documents
    /// can then create values of it.
    ///
    /// - Parameters:
    ///   - model: The model type.
    ///   - name: The name the configuration and data documents use.
    public mutating func register<M: Decodable & SendableMetatype>(model: M.Type, named name: String) {
        let decode: @Sendable (Data) throws -> Any = { data in
            try JSONDecoder().decode(M.self, from: data)
        }
        insert(ModelPlugin(name: name, type: ModelType(model), decode: decode), into: \.models, category: "model")
    }

    /// Registers a reusable view that receives its model through `ModelTransfer`.
    ///
    /// The view accepts values of `V.ModelType` (and its subclasses or
    /// conforming types). The renderer keeps one instance per reuse
    /// identifier and reuses it from item to item.
    ///
    /// - Parameters:
    ///   - view: The view type.
    ///   - name: The name the configuration uses in `"view"`.
    public mutating func register<V: TextView & ModelTransfer & SendableMetatype>(view: V.Type, named name: String) {
        let update: @Sendable (any TextView, Any) -> Bool = { view, value in
            guard let view = view as? V, let model = value as? V.ModelType else { return false }
            view.update(with: model)
            return true
        }
        let plugin = ViewPlugin(
            name: name,
            model: ModelType(V.ModelType.self),
            body: .reusable(make: { V() }, update: update)
        )
        insert(plugin, into: \.views, category: "view")
    }

    /// Registers a view without `ModelTransfer`: a handler that turns a
    /// model into text.
    ///
    /// - Parameters:
    ///   - view: The name the configuration uses in `"view"`.
    ///   - model: The model type the handler takes; other values never reach it.
    ///   - render: Returns the text for a model at a position.
    public mutating func register<M>(
        view: String,
        for model: M.Type,
        render: @escaping @Sendable (M, ItemPosition) -> String
    ) {
        let plugin = ViewPlugin(
            name: view,
            model: ModelType(model),
            body: .handler { value, position in
                guard let model = value as? M else { return nil }
                return render(model, position)
            }
        )
        insert(plugin, into: \.views, category: "view")
    }

    /// Registers a named predicate that a mapping's condition can use.
    ///
    /// A predicate is asked only about values of its model type; for any
    /// other value the condition does not hold.
    ///
    /// - Parameters:
    ///   - predicate: The name the configuration uses in `"condition": {"predicate": …}`.
    ///   - model: The model type the predicate takes.
    ///   - test: Returns whether the condition holds for a model at a position.
    public mutating func register<M>(
        predicate: String,
        for model: M.Type,
        _ test: @escaping @Sendable (M, ItemPosition) -> Bool
    ) {
        let plugin = PredicatePlugin(name: predicate, model: ModelType(model)) { value, position in
            guard let model = value as? M else { return false }
            return test(model, position)
        }
        insert(plugin, into: \.predicates, category: "predicate")
    }

    /// The names of the registered models, sorted.
    public var modelNames: [String] { models.keys.sorted() }
    /// The names of the registered views, sorted.
    public var viewNames: [String] { views.keys.sorted() }
    /// The names of the registered predicates, sorted.
    public var predicateNames: [String] { predicates.keys.sorted() }

    private mutating func insert<Plugin: NamedPlugin>(
        _ plugin: Plugin,
        into table: WritableKeyPath<PluginCatalog, [String: Plugin]>,
        category: String
    ) {
        guard self[keyPath: table][plugin.name] == nil else {
            duplicates.append((category, plugin.name))
            return
        }
        self[keyPath: table][plugin.name] = plugin
    }
}

/// A plugin that a configuration refers to by name.
protocol NamedPlugin: Sendable {
    var name: String { get }
}

/// A model type registered under a name.
struct ModelPlugin: NamedPlugin {
    let name: String
    let type: ModelType
    /// Creates a value from JSON data, when the type is `Decodable`.
    let decode: (@Sendable (Data) throws -> Any)?
}

/// A view registered under a name. A class, so the renderer's per-item
/// access copies one reference instead of a struct of closures.
final class ViewPlugin: NamedPlugin {
    /// How a view turns a model into text.
    enum Body: Sendable {
        /// A `TextView & ModelTransfer` type: made once per reuse pool, updated per item.
        case reusable(make: @Sendable () -> any TextView, update: @Sendable (any TextView, Any) -> Bool)
        /// A handler: returns the text, or `nil` when the value is not of its model type.
        case handler(@Sendable (Any, ItemPosition) -> String?)
    }

    let name: String
    let model: ModelType
    let body: Body

    init(name: String, model: ModelType, body: Body) {
        self.name = name
        self.model = model
        self.body = body
    }
}

/// A condition predicate registered under a name.
struct PredicatePlugin: NamedPlugin {
    let name: String
    let model: ModelType
    /// Whether the condition holds; `false` for values of another type.
    let test: @Sendable (Any, ItemPosition) -> Bool
}
