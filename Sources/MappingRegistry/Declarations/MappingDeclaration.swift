import ModelStorage

/// A mapping declared in Swift: `Map(…)`.
///
/// Declarations go through the same checks as `mappings.json`, with the
/// same diagnostic codes; a declaration's location is the file, line and
/// column of its call, so a problem reads
/// `Shelf/Mappings.swift:12:5: error: … [overlapping-mappings]`.
///
/// ```swift
/// let registry = try MappingRegistry(plugins: plugins) {
///     Map(DishRow.self)                                      // a view type; its ModelType is the model
///     Map(ChefSpecialRow.self, when: .section(0), priority: 3)
///     Map(PriceRow.self, for: Drink.self)                    // a view type for a narrower model
///     Map("SectionTitle", for: String.self, kind: .header)   // a handler view, by name
///     Map("VeganDishRow", model: "Dish", when: .predicate("isVegan"), priority: 2)
/// }
/// ```
///
/// A view type need not be registered in the ``PluginCatalog``: a
/// declaration by type carries everything the registry needs. A view or
/// model named by string must be registered.
public struct MappingDeclaration: Sendable {
    /// How a declaration names its view.
    enum ViewReference: Sendable {
        /// A registered name.
        case named(String)
        /// A `TextView & ModelTransfer` type: the catalog's registration of
        /// the type if there is one, else this plugin.
        case type(ViewPlugin)
    }

    /// How a declaration names its model.
    enum ModelReference: Sendable {
        /// A registered name.
        case named(String)
        /// A Swift type: the catalog's registration of the type if there is one.
        case type(ModelType)
    }

    /// The view; `nil` when a JSON mapping lacks a valid one (already reported).
    var view: ViewReference?
    /// The model; `nil` when a JSON mapping lacks a valid one (already reported).
    var model: ModelReference?
    var kind: ViewKind
    var reuseIdentifier: String?
    /// The condition; `nil` when a JSON condition is invalid (already reported).
    var condition: MappingCondition?
    var priority: Int
    var decorators: [String]
    /// Where the declaration and each of its parts are.
    var sites: DeclarationSites
    /// `false` when the JSON front end could not read part of this mapping
    /// (a missing key, a value of the wrong type, a broken condition): its
    /// names are still checked, but it yields no mapping.
    var isWellFormed = true
    /// The codes of every problem the JSON front end reported in this
    /// mapping. Only those that leave it readable (`unknown-key`) matter
    /// here, since any other already makes it malformed: whether they keep
    /// it out depends on the policy.
    var keyProblems: [Diagnostic.Code] = []

    init(
        view: ViewReference?, model: ModelReference?, kind: ViewKind, reuseIdentifier: String?,
        condition: MappingCondition?, priority: Int, decorators: [String], sites: DeclarationSites
    ) {
        self.view = view
        self.model = model
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier
        self.condition = condition
        self.priority = priority
        self.decorators = decorators
        self.sites = sites
    }

    /// Where the declaration is: its Swift call site, or its object in a JSON file.
    public var location: SourceLocation { sites.object }

    /// Declares that a `TextView & ModelTransfer` view shows its `ModelType`.
    ///
    /// ```swift
    /// Map(DishRow.self)
    /// Map(ChefSpecialRow.self, when: .section(0), priority: 3)
    /// ```
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
    public init<V: TextView & ModelTransfer & SendableMetatype>(
        _ view: V.Type,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            view: .type(.reusable(V.self, named: String(describing: view))),
            model: .type(ModelType(V.ModelType.self)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        )
    }

    /// Declares that a `TextView & ModelTransfer` view shows a narrower
    /// model than its `ModelType`, such as a `Drink` for a view of any `Food`.
    ///
    /// ```swift
    /// Map(PriceRow.self, for: Drink.self)
    /// ```
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
    public init<V: TextView & ModelTransfer & SendableMetatype, M>(
        _ view: V.Type,
        for model: M.Type,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            view: .type(.reusable(V.self, named: String(describing: view))),
            model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        )
    }

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
    public init<M>(
        _ view: String,
        for model: M.Type,
        kind: ViewKind = .cell,
        when condition: MappingCondition = .none,
        priority: Int = 0,
        reuseIdentifier: String? = nil,
        decorators: [String] = [],
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column
    ) {
        self.init(
            view: .named(view), model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        )
    }

    /// Declares a mapping by registered names, exactly as `mappings.json` does.
    ///
    /// ```swift
    /// Map("VeganDishRow", model: "Dish", when: .predicate("isVegan"), priority: 2)
    /// ```
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
    public init(
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
        self.init(
            view: .named(view), model: .named(model),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        )
    }
}

/// `Map(…)` declares a mapping in Swift: another name for ``MappingDeclaration``.
///
/// Where another module also has a `Map` (SwiftUI's map view, say), write
/// `MappingDeclaration(…)` or `MappingRegistry.Map(…)`.
public typealias Map = MappingDeclaration

extension MappingRegistry {
    /// `MappingRegistry.Map(…)`: ``MappingDeclaration`` by a name that
    /// cannot clash with another module's `Map`.
    public typealias Map = MappingDeclaration
}
