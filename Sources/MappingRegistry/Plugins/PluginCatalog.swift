import Foundation
import ModelStorage

/// The named plugins mappings may refer to: model types, views, condition
/// predicates and decorators.
///
/// Register everything your mappings name, then hand the catalog to a
/// ``MappingRegistry``. Names are how `mappings.json` refers to Swift types;
/// they need not match the type names, and one type may be registered under
/// several names (aliases), which every type-aware check sees through.
///
/// ```swift
/// var plugins = PluginCatalog()
/// plugins.register(view: DishRow.self)                  // view "DishRow"; model "Dish" too
/// plugins.register(model: (any Food).self, named: "Food")
/// plugins.register(view: "SectionTitle", for: String.self) { title, _ in "== \(title) ==" }
/// plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
/// plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in
///     dish.price > limit
/// }
/// plugins.register(decorator: "soldOut", for: Dish.self) { text, dish, _ in
///     dish.isSoldOut ? text + " (sold out)" : text
/// }
/// ```
///
/// Registering two plugins of one category under one name is not a crash:
/// the first registration stays, and loading a registry with this catalog
/// fails with a `duplicate-plugin` diagnostic.
public struct PluginCatalog: Sendable {
    var models: [String: ModelPlugin] = [:]
    var views: [String: ViewPlugin] = [:]
    var predicates: [String: PredicatePlugin] = [:]
    var decorators: [String: DecoratorPlugin] = [:]
    var handlers: [String: HandlerPlugin] = [:]
    /// Where each plugin was registered (`#filePath:#line`), by category and name.
    var registrationSites: [String: String] = [:]
    /// The first name each model type was registered under.
    var modelNamesByType: [ObjectIdentifier: String] = [:]
    /// The first name each view class was registered under.
    var viewNamesByType: [ObjectIdentifier: String] = [:]
    /// Models registered only because a view took them, by name: an
    /// explicit registration under the same name replaces them silently.
    var implicitModels: Set<String> = []
    /// The predicates that never hold together with each predicate, by
    /// name (`excludes:`), both ways.
    var exclusions: [String: Set<String>] = [:]
    /// The handlers attached to every mapping of a view class
    /// (``on(_:for:filePath:line:_:)``), in registration order.
    var viewHandlers: [ViewHandler] = []
    /// Every name registered more than once, with its category.
    var duplicates: [(category: String, name: String)] = []
    /// For a catalog read from a file, the objects that stand for its view
    /// types (their identity is the views' `viewType`), kept alive here.
    var describedViewTypes: [DescribedType] = []

    /// Creates an empty catalog.
    public init() {}

    // MARK: - Models

    /// Registers a model type under a name that mappings use in `"model"`.
    ///
    /// `M` may be a struct, an enum, a class (instances of subclasses match
    /// too), a protocol existential such as `(any Food).self` (values of
    /// conforming types match) or `Any` (every value matches: a catch-all mapping).
    ///
    /// When `M` is `Decodable`, data documents can also create values of
    /// it. That is read from the type itself, so generic code that passes
    /// a `Decodable` type as any `M` registers what code naming it does.
    ///
    /// - Parameters:
    ///   - model: The model type.
    ///   - name: The name mappings and data documents use. Default: the type's name.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M>(model: M.Type, named name: String? = nil, filePath: String = #filePath, line: Int = #line) {
        insertModel(
            ModelPlugin(
                name: name ?? String(describing: model),
                type: ModelType(model),
                decode: Self.decoder(for: model),
                decodeJSON: Self.spanDecoder(for: model)
            ),
            implicit: false,
            site: "\(filePath):\(line)"
        )
    }

    // MARK: - Views

    /// Registers a view class that receives its model through `ModelTransfer`.
    ///
    /// The view takes values of `V.ModelType` (and its subclasses or
    /// conforming types). A `TextView` renders its items as text: a
    /// renderer keeps one instance per reuse identifier and reuses it from
    /// item to item. Any other view class, such as a `UITableViewCell`
    /// subclass, is for a host list, which creates its views, dequeues them
    /// by each mapping's reuse identifier and configures them with
    /// ``Mapping/update(_:with:)``; the library's renderers report
    /// `unrenderable-view` for its items, since it gives no text. Which of
    /// the two a view is, is read from the type itself, so generic code
    /// that passes a `TextView` as any `ModelTransfer` class registers what
    /// code naming it does.
    ///
    /// Without a name, the view is registered under its type's name, and
    /// `V.ModelType` is registered as a model under its type's name unless
    /// the type or the name is registered already.
    ///
    /// - Parameters:
    ///   - view: The view type.
    ///   - name: The name mappings use in `"view"`. Default: the type's name.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<V: ModelTransfer & SendableMetatype>(view: V.Type, named name: String? = nil, filePath: String = #filePath, line: Int = #line) {
        registerView(ViewPlugin.view(V.self, named: name ?? String(describing: view)), type: V.self, named: name, site: "\(filePath):\(line)")
    }

    private mutating func registerView<V: ModelTransfer>(_ plugin: ViewPlugin, type view: V.Type, named name: String?, site: String) {
        insert(plugin, into: \.views, category: "view", site: site)
        if viewNamesByType[ObjectIdentifier(V.self)] == nil {
            viewNamesByType[ObjectIdentifier(V.self)] = name ?? String(describing: view)
        }
        if name == nil { registerImplicitModel(V.ModelType.self, site: site) }
    }

    /// Registers a view without `ModelTransfer`: a handler that turns a
    /// model into text.
    ///
    /// - Parameters:
    ///   - view: The name mappings use in `"view"`.
    ///   - model: The model type the handler takes; other values never reach it.
    ///   - render: Returns the text for a model at a position.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M>(
        view: String,
        for model: M.Type,
        filePath: String = #filePath,
        line: Int = #line,
        render: @escaping @Sendable (M, ItemPosition) -> String
    ) {
        let plugin = ViewPlugin.handler(named: view, for: model, render: render)
        insert(plugin, into: \.views, category: "view", site: "\(filePath):\(line)")
    }

    // MARK: - Predicates

    /// Registers a named predicate that a mapping's condition can use.
    ///
    /// A predicate is asked only about values of its model type; for any
    /// other value it answers `false` (so a `not` of it holds).
    ///
    /// - Parameters:
    ///   - predicate: The name conditions use: `{"predicate": "isVegan"}`.
    ///   - model: The model type the predicate takes.
    ///   - test: Returns whether the condition holds for a model at a position.
    ///   - excludes: Predicates that never hold together with this one for
    ///     one item (`isSponsored` and `isOwnPost`, say): two mappings whose
    ///     conditions need both are not a `possible-ambiguity`. Default none.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M>(
        predicate: String,
        for model: M.Type,
        excludes: [String] = [],
        filePath: String = #filePath,
        line: Int = #line,
        _ test: @escaping @Sendable (M, ItemPosition) -> Bool
    ) {
        recordExclusions(of: predicate, excludes)
        let bound: PredicatePlugin.Test = { value, position in
            switch value {
            case let model as M: test(model, position)
            default: false
            }
        }
        let typed = TypedPredicateTest(M.self, test)
        let plugin = PredicatePlugin(name: predicate, model: ModelType(model), argumentType: nil) { _ in .plain(bound, typed: typed) }
        insert(plugin, into: \.predicates, category: "predicate", site: "\(filePath):\(line)")
    }

    /// Registers a named predicate that reads the app's state, given as a
    /// render context: the value passed as `context:` to
    /// ``MappingRegistry/resolve(_:at:kind:context:)``,
    /// ``TextRenderer/render(_:context:)``, ``ReusePool/render(_:at:kind:context:)``
    /// and `send(…context:)`.
    ///
    /// ```swift
    /// struct FeedSettings: Sendable { var mutedAuthors: Set<String> }
    /// plugins.register(predicate: "isMuted", for: Post.self, context: FeedSettings.self) { post, settings, _ in
    ///     settings.mutedAuthors.contains(post.author)
    /// }
    /// let text = TextRenderer(registry: registry).render(storage, context: FeedSettings(mutedAuthors: ["troll"]))
    /// ```
    ///
    /// The closure stays `@Sendable`: state reaches it as the explicit
    /// context, never as a capture. An item whose resolution needs the
    /// predicate fails with `missing-context` when it is resolved without a
    /// context, or with one of another type.
    ///
    /// - Parameters:
    ///   - predicate: The name conditions use.
    ///   - model: The model type the predicate takes.
    ///   - context: The type of the render context it reads.
    ///   - test: Returns whether the condition holds for a model, the context and a position.
    ///   - excludes: Predicates that never hold together with this one for
    ///     one item (`isSponsored` and `isOwnPost`, say): two mappings whose
    ///     conditions need both are not a `possible-ambiguity`. Default none.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M, Context>(
        predicate: String,
        for model: M.Type,
        context: Context.Type,
        excludes: [String] = [],
        filePath: String = #filePath,
        line: Int = #line,
        _ test: @escaping @Sendable (M, Context, ItemPosition) -> Bool
    ) {
        recordExclusions(of: predicate, excludes)
        // The value's type first: a predicate is asked only about values of
        // its model type, so a value it does not take needs no context.
        let bound: PredicatePlugin.ContextualTest = { value, position, context in
            guard let model = value as? M else { return false }
            guard let context = context as? Context else { return nil }
            return test(model, context, position)
        }
        let contextType = String(describing: Context.self)
        let typed = TypedPredicateTest(M.self, context: Context.self, test)
        var plugin = PredicatePlugin(name: predicate, model: ModelType(model), argumentType: nil) { _ in
            .contextual(bound, contextType: contextType, typed: typed)
        }
        plugin.contextTypeName = contextType
        insert(plugin, into: \.predicates, category: "predicate", site: "\(filePath):\(line)")
    }

    /// Registers a named predicate that takes an argument from each
    /// condition that uses it and reads a render context.
    ///
    /// - Parameters:
    ///   - predicate: The name conditions use.
    ///   - model: The model type the predicate takes.
    ///   - argument: The type the argument decodes as.
    ///   - context: The type of the render context it reads.
    ///   - test: Returns whether the condition holds for a model, the argument, the context and a position.
    ///   - excludes: Predicates that never hold together with this one for
    ///     one item (`isSponsored` and `isOwnPost`, say): two mappings whose
    ///     conditions need both are not a `possible-ambiguity`. Default none.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M, Argument: Decodable & Sendable, Context>(
        predicate: String,
        for model: M.Type,
        argument: Argument.Type,
        context: Context.Type,
        excludes: [String] = [],
        filePath: String = #filePath,
        line: Int = #line,
        _ test: @escaping @Sendable (M, Argument, Context, ItemPosition) -> Bool
    ) {
        recordExclusions(of: predicate, excludes)
        let contextType = String(describing: Context.self)
        var plugin = PredicatePlugin(name: predicate, model: ModelType(model), argumentType: argument) { json in
            guard let json else { throw PredicateArgumentError.missing }
            let decoded = try PredicateArgumentError.decode(Argument.self, from: json)
            return .contextual({ value, position, context in
                guard let model = value as? M else { return false }
                guard let context = context as? Context else { return nil }
                return test(model, decoded, context, position)
            }, contextType: contextType, typed: TypedPredicateTest(M.self, context: Context.self) { model, context, position in
                test(model, decoded, context, position)
            })
        }
        plugin.contextTypeName = contextType
        insert(plugin, into: \.predicates, category: "predicate", site: "\(filePath):\(line)")
    }

    /// Registers a named predicate that takes an argument from each
    /// condition that uses it: `{"predicate": "priceAbove", "argument": 20}`.
    ///
    /// The argument is decoded once, when the mappings load; a condition
    /// without an argument is a `missing-argument` error, and one that does
    /// not decode as `Argument` is a `wrong-type` error at the argument.
    ///
    /// ```swift
    /// plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in
    ///     dish.price > limit
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - predicate: The name conditions use.
    ///   - model: The model type the predicate takes.
    ///   - argument: The type the argument decodes as.
    ///   - test: Returns whether the condition holds for a model, the argument and a position.
    ///   - excludes: Predicates that never hold together with this one for
    ///     one item (`isSponsored` and `isOwnPost`, say): two mappings whose
    ///     conditions need both are not a `possible-ambiguity`. Default none.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M, Argument: Decodable & Sendable>(
        predicate: String,
        for model: M.Type,
        argument: Argument.Type,
        excludes: [String] = [],
        filePath: String = #filePath,
        line: Int = #line,
        _ test: @escaping @Sendable (M, Argument, ItemPosition) -> Bool
    ) {
        recordExclusions(of: predicate, excludes)
        let plugin = PredicatePlugin(name: predicate, model: ModelType(model), argumentType: argument) { json in
            guard let json else { throw PredicateArgumentError.missing }
            let decoded = try PredicateArgumentError.decode(Argument.self, from: json)
            let bound: PredicatePlugin.Test = { value, position in
                switch value {
                case let model as M: test(model, decoded, position)
                default: false
                }
            }
            return .plain(bound, typed: TypedPredicateTest(M.self) { model, position in test(model, decoded, position) })
        }
        insert(plugin, into: \.predicates, category: "predicate", site: "\(filePath):\(line)")
    }

    // MARK: - Decorators

    /// Registers a decorator: a named transform of a view's text, the
    /// `configure` step of a mapping. Mappings list decorators by name
    /// (`"decorators": ["soldOut"]`), and they run in that order after the
    /// view renders.
    ///
    /// ```swift
    /// plugins.register(decorator: "soldOut", for: Dish.self) { text, dish, _ in
    ///     dish.isSoldOut ? text + "  SOLD OUT" : text
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - decorator: The name mappings use.
    ///   - model: The model type it decorates; text of other values passes unchanged.
    ///   - transform: Returns the new text for the view's text, the model and its position.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    public mutating func register<M>(
        decorator: String,
        for model: M.Type,
        filePath: String = #filePath,
        line: Int = #line,
        _ transform: @escaping @Sendable (String, M, ItemPosition) -> String
    ) {
        let plugin = DecoratorPlugin(name: decorator, model: ModelType(model)) { text, value, position in
            switch value {
            case let model as M: transform(text, model, position)
            default: text
            }
        }
        insert(plugin, into: \.decorators, category: "decorator", site: "\(filePath):\(line)")
    }

    // MARK: - Event handlers

    /// Registers a named event handler that a mapping in `mappings.json`
    /// can list under `"events"`.
    ///
    /// ```swift
    /// plugins.register(handler: "openDish", for: .didSelect, model: Dish.self) { dish, position in
    ///     router.open(dish.name)
    /// }
    /// ```
    /// ```json
    /// { "view": "DishRow", "model": "Dish", "events": { "didSelect": "openDish" } }
    /// ```
    ///
    /// A handler serves one event; listing it under another is
    /// `incompatible-event`, and for a model it can never take
    /// `incompatible-model`. A handler no mapping lists is an
    /// `unused-handler` warning.
    ///
    /// - Parameters:
    ///   - handler: The name mappings use as the event's value.
    ///   - event: The event it handles, such as ``MappingEvent/didSelect`` or `MappingEvent<Bool>("canMove")`.
    ///   - model: The model type it takes.
    ///   - body: Runs when a host sends the event to an item of a mapping that lists it; returns the event's output.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    @inlinable
    public mutating func register<M, Output: Sendable>(
        handler: String,
        for event: MappingEvent<Output>,
        model: M.Type,
        filePath: String = #filePath,
        line: Int = #line,
        _ body: @escaping @Sendable (M, ItemPosition) -> Output
    ) {
        insertHandler(named: handler, event: event.name, model: model, body: .model(body), site: "\(filePath):\(line)")
    }

    /// Registers a named event handler that takes the item's view as well,
    /// as DTTableViewManager's `(cell, model, indexPath)` closures do; the
    /// model is the view's `ModelType`, and the closure's types are inferred.
    ///
    /// ```swift
    /// plugins.register(handler: "highlightDish", for: .didSelect, view: DishRow.self) { row, dish, position in
    ///     row.isHighlighted = true
    /// }
    /// ```
    /// ```json
    /// { "view": "DishRow", "model": "Dish", "events": { "didSelect": "highlightDish" } }
    /// ```
    ///
    /// A mapping may list it only when its view is `V` or a subclass of it:
    /// any other view (a handler view included) is `incompatible-view` at
    /// load, at the handler's name. A host sends the view with
    /// ``MappingRegistry/send(_:to:at:kind:view:context:)``, or sends through
    /// the ``ReusePool`` that shows the item.
    ///
    /// - Parameters:
    ///   - handler: The name mappings use as the event's value.
    ///   - event: The event it handles, such as ``MappingEvent/didSelect``.
    ///   - view: The view type it takes; its `ModelType` is the model it takes.
    ///   - filePath: Where the registration is, for catalog files and editors. Leave the default.
    ///   - line: The registration's line. Leave the default.
    ///   - body: Runs when a host sends the event to an item of a mapping that lists it; returns the event's output.
    @inlinable
    public mutating func register<V: ModelTransfer & SendableMetatype, Output: Sendable>(
        handler: String,
        for event: MappingEvent<Output>,
        view: V.Type,
        filePath: String = #filePath,
        line: Int = #line,
        _ body: @escaping @Sendable (V, V.ModelType, ItemPosition) -> Output
    ) {
        insertHandler(named: handler, event: event.name, view: V.self, body: .view(body), site: "\(filePath):\(line)")
    }

    /// Registers a `(model, position)` handler's body under a name. (The
    /// body is made by the inlined `register`, so it is compiled for the
    /// handler's types.)
    @usableFromInline
    mutating func insertHandler<M>(named name: String, event: String, model: M.Type, body: HandlerBody, site: String) {
        insert(HandlerPlugin(name: name, handler: EventHandler.model(event, ModelType(model), body: body).named(name)), into: \.handlers, category: "handler", site: site)
    }

    /// Registers a `(view, model, position)` handler's body under a name.
    @usableFromInline
    mutating func insertHandler<V: ModelTransfer & SendableMetatype>(
        named name: String, event: String, view: V.Type, body: HandlerBody, site: String
    ) {
        insert(HandlerPlugin(name: name, handler: EventHandler.view(event, view, ModelType(V.ModelType.self), body: body).named(name)), into: \.handlers, category: "handler", site: site)
    }

    // MARK: - Names

    /// The names of the registered models, sorted.
    public var modelNames: [String] { models.keys.sorted() }
    /// The names of the registered views, sorted.
    public var viewNames: [String] { views.keys.sorted() }
    /// Records that `predicate` and each of `others` never hold together.
    mutating func recordExclusions(of predicate: String, _ others: [String]) {
        for other in others where other != predicate {
            exclusions[predicate, default: []].insert(other)
            exclusions[other, default: []].insert(predicate)
        }
    }

    /// Whether two predicates, by name, never hold together for one item.
    func predicatesExclude(_ first: String, _ second: String) -> Bool {
        exclusions[first]?.contains(second) ?? false
    }

    /// The names of the registered predicates, sorted.
    public var predicateNames: [String] { predicates.keys.sorted() }
    /// The names of the registered decorators, sorted.
    public var decoratorNames: [String] { decorators.keys.sorted() }
    /// The names of the registered event handlers, sorted.
    public var handlerNames: [String] { handlers.keys.sorted() }

    // MARK: - Lookup by type

    /// The model registered first for a type, if any.
    func model(ofType id: ObjectIdentifier) -> ModelPlugin? {
        modelNamesByType[id].flatMap { models[$0] }
    }

    /// The view registered first for a view class, if any.
    func view(ofType id: ObjectIdentifier) -> ViewPlugin? {
        viewNamesByType[id].flatMap { views[$0] }
    }

    // MARK: - Views declared in Swift

    /// Registers the view type of a Swift `Map(V.self)` under its type's
    /// name, with its model type, so a JSON mapping of the same load can name
    /// it: unless the type is registered already (under any name).
    ///
    /// - Returns: A `duplicate-plugin` error when another view has that
    ///   name, located at the declaration with a note at the registration.
    mutating func registerDeclaredView(_ plugin: ViewPlugin, at site: SourceLocation) -> Diagnostic? {
        guard let type = plugin.viewType, view(ofType: type) == nil else { return nil }
        if let taken = views[plugin.name] {
            let registered = registrationSite(of: "view", named: plugin.name)
            let other = taken.viewTypeName.map { "'\($0)'" } ?? "a handler"
            return Diagnostic(
                severity: .error,
                code: .duplicatePlugin,
                message: "view '\(plugin.name)' of Map(\(plugin.name).self) is also the name of \(other) registered \(registered.map { "at \($0)" } ?? "in the PluginCatalog"); "
                    + "JSON naming 'view': '\(plugin.name)' could mean either, so register one of them under another name",
                location: site,
                notes: registered.map { [Diagnostic.Note(message: "'\(plugin.name)' is registered here", location: SourceLocation(registrationSite: $0))] } ?? []
            )
        }
        views[plugin.name] = plugin
        viewNamesByType[type] = plugin.name
        registrationSites["view\u{0}\(plugin.name)"] = "\(site.file):\(site.line)"
        let model = plugin.model
        if modelNamesByType[model.id] == nil, models[model.name] == nil {
            let decodable = model.type as? any Decodable.Type
            let decode: (@Sendable (Data) throws -> Any)? = decodable.map { type in
                let box = DecodableType(type: type)
                return { data in try box.decode(data) }
            }
            let decodeJSON: (@Sendable (JSONSpanDecoder) throws -> Any)? = decodable.map { type in
                let box = DecodableType(type: type)
                return { decoder in try box.decode(decoder) }
            }
            insertModel(ModelPlugin(name: model.name, type: model, decode: decode, decodeJSON: decodeJSON), implicit: true, site: nil)
        }
        return nil
    }

    // MARK: - Storing

    private mutating func insertModel(_ plugin: ModelPlugin, implicit: Bool, site: String?) {
        if implicitModels.contains(plugin.name), !implicit {
            // An explicit registration replaces one a view made implicitly.
            implicitModels.remove(plugin.name)
            if let replaced = models.removeValue(forKey: plugin.name), modelNamesByType[replaced.type.id] == plugin.name {
                modelNamesByType[replaced.type.id] = nil
            }
        }
        insert(plugin, into: \.models, category: "model", site: site)
        if implicit { implicitModels.insert(plugin.name) }
        if models[plugin.name]?.type.id == plugin.type.id, modelNamesByType[plugin.type.id] == nil {
            modelNamesByType[plugin.type.id] = plugin.name
        }
    }

    /// Registers a view's model type under its own name, unless the type
    /// or the name is taken.
    private mutating func registerImplicitModel<M>(_ type: M.Type, site: String) {
        let modelType = ModelType(type)
        guard modelNamesByType[modelType.id] == nil, models[modelType.name] == nil else { return }
        insertModel(
            ModelPlugin(name: modelType.name, type: modelType, decode: Self.decoder(for: type), decodeJSON: Self.spanDecoder(for: type)),
            implicit: true,
            site: site
        )
    }

    private mutating func insert<Plugin: NamedPlugin>(
        _ plugin: Plugin,
        into table: WritableKeyPath<PluginCatalog, [String: Plugin]>,
        category: String,
        site: String?
    ) {
        guard self[keyPath: table][plugin.name] == nil else {
            duplicates.append((category, plugin.name))
            return
        }
        self[keyPath: table][plugin.name] = plugin
        if let site { registrationSites["\(category)\u{0}\(plugin.name)"] = site }
    }

    /// Where a plugin was registered, as `File.swift:42`: relative to the
    /// current directory when the file is inside it (as compilers print
    /// paths, so a committed catalog file is the same on every checkout),
    /// else absolute.
    func registrationSite(of category: String, named name: String) -> String? {
        guard let site = registrationSites["\(category)\u{0}\(name)"] else { return nil }
        let directory = FileManager.default.currentDirectoryPath
        let prefix = directory.hasSuffix("/") ? directory : directory + "/"
        return site.hasPrefix(prefix) ? String(site.dropFirst(prefix.count)) : site
    }

    // MARK: - Decoding

    /// A decoder for a type that is `Decodable`, as a cast of its metatype finds; `nil` for any other.
    private static func decoder<M>(for type: M.Type) -> (@Sendable (Data) throws -> Any)? {
        guard let decodable = type as? any Decodable.Type else { return nil }
        let box = DecodableType(type: decodable)
        return { data in try box.decode(data) }
    }

    /// The same decoding as ``decoder(for:)``, reading a data document's value in place.
    private static func spanDecoder<M>(for type: M.Type) -> (@Sendable (JSONSpanDecoder) throws -> Any)? {
        guard let decodable = type as? any Decodable.Type else { return nil }
        let box = DecodableType(type: decodable)
        return { decoder in try box.decode(decoder) }
    }
}

/// A `Decodable` metatype found at run time, carried into a `@Sendable` closure.
private struct DecodableType: @unchecked Sendable {
    // Metatypes are immutable; this one is only ever read.
    let type: any Decodable.Type

    func decode(_ data: Data) throws -> Any {
        try type.decodedFromJSON(data)
    }

    func decode(_ decoder: JSONSpanDecoder) throws -> Any {
        try type.decodedFromJSON(decoder)
    }
}

extension Decodable {
    /// A value of this type decoded from JSON, for a type known only as `any Decodable.Type`.
    fileprivate static func decodedFromJSON(_ data: Data) throws -> Any {
        try JSONDecoder().decode(Self.self, from: data)
    }

    /// A value of this type read in place, for a type known only as `any Decodable.Type`.
    fileprivate static func decodedFromJSON(_ decoder: JSONSpanDecoder) throws -> Any {
        try decoder.decodeRoot(Self.self)
    }
}
