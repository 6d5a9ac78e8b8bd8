import ModelStorage

/// A mapping declared in Swift, typed by its view and its model: what
/// `Map(…)` makes.
///
/// Because the value knows both types, every closure attached to it is
/// written without them, as DTTableViewManager's were:
///
/// ```swift
/// let registry = try MappingRegistry(plugins: plugins) {
///     Map(DishRow.self)                                      // a view type; its ModelType is the model
///         .on(.didSelect) { row, dish, position in row.highlight() }
///     Map(ChefSpecialRow.self, when: .section(0), priority: 3)
///     Map(PriceRow.self, for: Drink.self)                    // a view type for a narrower model
///     Map("SectionTitle", for: String.self, kind: .header)   // a handler view, by name
///         .on(.willDisplay) { title, position in print(title) }
///     Map("VeganDishRow", model: "Dish", when: .predicate("isVegan"), priority: 2)
/// }
/// ```
///
/// The declaration goes through the same checks as `mappings.json`, with
/// the same diagnostic codes, located at the `Map(…)` call:
/// `Shelf/Mappings.swift:12:5: error: … [overlapping-mappings]`. A view
/// type need not be registered in the ``PluginCatalog``: a declaration by
/// type carries everything the registry needs; a view or model named by
/// string must be registered.
///
/// `View` is the view class, or `Never` for a view named by string (a
/// handler view has no view object). `Model` is the model type, or `Any`
/// when the model is named by string.
///
/// Declarations of different types stand in one array as
/// ``MappingDeclaration``s, their common superclass:
/// `.declarations([Map(DishRow.self), Map(DrinkRow.self)])`.
public final class TypedMappingDeclaration<View, Model>: MappingDeclaration, @unchecked Sendable {
    // @unchecked: immutable, as its superclass; `View` and `Model` are
    // only types, never stored.

    /// A declaration of these types.
    init(typed declaration: Declaration) {
        super.init(declaration)
    }
}

/// `Map(…)` declares a mapping in Swift: ``TypedMappingDeclaration``,
/// generic over its view and model, which the compiler infers from the
/// arguments.
///
/// Where another module also has a `Map` (SwiftUI's map view, say), write
/// `MappingRegistry.Map(…)`.
public typealias Map<View, Model> = TypedMappingDeclaration<View, Model>

extension MappingRegistry {
    /// `MappingRegistry.Map(…)`: ``TypedMappingDeclaration`` by a name that
    /// cannot clash with another module's `Map`.
    public typealias Map<View, Model> = TypedMappingDeclaration<View, Model>
}

// MARK: - A view class

extension TypedMappingDeclaration where View: ModelTransfer & SendableMetatype, Model == View.ModelType {
    /// Declares that a view class shows its `ModelType`.
    ///
    /// ```swift
    /// Map(DishRow.self)
    /// Map(ChefSpecialRow.self, when: .section(0), priority: 3)
    /// ```
    ///
    /// A `TextView` renders its items as text. Any other view class, such
    /// as a `UITableViewCell` subclass, is for a host list that dequeues its
    /// views by the mapping's ``Mapping/reuseIdentifier`` and configures them
    /// with ``Mapping/update(_:with:)``; the library's renderers report
    /// `unrenderable-view` for its items. Which of the two a view is, is read
    /// from the type itself, so generic code that passes a `TextView` as any
    /// `ModelTransfer` class gets the same mapping as code that names it.
    ///
    /// - Parameters:
    ///   - view: The view type. Its name in diagnostics is the name it is
    ///     registered under, else the type's name.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - condition: When it applies. Default ``MappingCondition/none``.
    ///   - priority: Among mappings that apply, the highest priority wins. Default `0`.
    ///   - reuseIdentifier: The reuse pool. Default: the view's name.
    ///   - decorators: Names of registered decorators, applied in order to the view's text.
    ///   - fileID: The call site's file; leave the default.
    ///   - line: The call site's line; leave the default.
    ///   - column: The call site's column; leave the default.
    public convenience init(
        _ view: View.Type,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(typed: Declaration(
            view: .type(.view(View.self, named: String(describing: view))), model: .type(ModelType(Model.self)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }
}

extension TypedMappingDeclaration where View: ModelTransfer & SendableMetatype {
    /// Declares that a view class shows a narrower model than its
    /// `ModelType`, such as a `Drink` for a view of any `Food`.
    ///
    /// ```swift
    /// Map(PriceRow.self, for: Drink.self)
    /// ```
    ///
    /// As with `Map(view)`, a `TextView` renders as text and any other view
    /// class is for a host list.
    ///
    /// - Parameters:
    ///   - view: The view type.
    ///   - model: The model type the mapping is for.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - condition: When it applies. Default ``MappingCondition/none``.
    ///   - priority: Among mappings that apply, the highest priority wins. Default `0`.
    ///   - reuseIdentifier: The reuse pool. Default: the view's name.
    ///   - decorators: Names of registered decorators, applied in order to the view's text.
    ///   - fileID: The call site's file; leave the default.
    ///   - line: The call site's line; leave the default.
    ///   - column: The call site's column; leave the default.
    public convenience init(
        _ view: View.Type,
        for model: Model.Type,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(typed: Declaration(
            view: .type(.view(View.self, named: String(describing: view))), model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }
}

// MARK: - A view by name

extension TypedMappingDeclaration where View == Never {
    /// Declares that a view registered by name (such as a handler view)
    /// shows a model type.
    ///
    /// ```swift
    /// Map("SectionTitle", for: String.self, kind: .header)
    /// ```
    ///
    /// - Parameters:
    ///   - view: The registered view name.
    ///   - model: The model type.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - condition: When it applies. Default ``MappingCondition/none``.
    ///   - priority: Among mappings that apply, the highest priority wins. Default `0`.
    ///   - reuseIdentifier: The reuse pool. Default: the view's name.
    ///   - decorators: Names of registered decorators, applied in order to the view's text.
    ///   - fileID: The call site's file; leave the default.
    ///   - line: The call site's line; leave the default.
    ///   - column: The call site's column; leave the default.
    public convenience init(
        _ view: String,
        for model: Model.Type,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(typed: Declaration(
            view: .named(view), model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }
}

extension TypedMappingDeclaration where View == Never, Model == Any {
    /// Declares a mapping by registered names, exactly as `mappings.json` does.
    ///
    /// ```swift
    /// Map("VeganDishRow", model: "Dish", when: .predicate("isVegan"), priority: 2)
    /// ```
    ///
    /// The names say no Swift types, so a closure attached with `.on(…)`
    /// writes its own (the checker checks them at load).
    ///
    /// - Parameters:
    ///   - view: The registered view name.
    ///   - model: The registered model name.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - condition: When it applies. Default ``MappingCondition/none``.
    ///   - priority: Among mappings that apply, the highest priority wins. Default `0`.
    ///   - reuseIdentifier: The reuse pool. Default: the view's name.
    ///   - decorators: Names of registered decorators, applied in order to the view's text.
    ///   - fileID: The call site's file; leave the default.
    ///   - line: The call site's line; leave the default.
    ///   - column: The call site's column; leave the default.
    public convenience init(
        _ view: String,
        model: String,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(typed: Declaration(
            view: .named(view), model: .named(model),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }
}
