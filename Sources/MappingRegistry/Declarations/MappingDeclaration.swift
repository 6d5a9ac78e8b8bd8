import ModelStorage

/// A mapping declared in Swift, with its view and model types erased:
/// what ``TypedMappingDeclaration`` (`Map(…)`) gives the checker, and what
/// ``MappingSource/declarations(_:)-enum.case`` holds.
///
/// Write `Map(…)` to declare a mapping; its value knows the view and model
/// types, so closures attached with `.on(…)` infer them. This type's own
/// initializers are the round-2 spellings, kept as deprecated aliases.
public class MappingDeclaration: @unchecked Sendable {
    // @unchecked: not final (each `Map(…)` is a TypedMappingDeclaration
    // subclass, so declarations of any types stand in one array), and
    // immutable: its one stored property is a `let` of a Sendable struct.

    /// What was declared.
    let declaration: Declaration

    init(_ declaration: Declaration) {
        self.declaration = declaration
    }

    /// Where the declaration is: its Swift call site, or its object in a JSON file.
    public var location: SourceLocation { declaration.sites.object }

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
    @available(*, deprecated, message: "write Map(view): its value knows the view and model types")
    public convenience init<V: TextView & ModelTransfer & SendableMetatype>(
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
        self.init(Declaration(
            view: .type(.reusable(V.self, named: String(describing: view))),
            model: .type(ModelType(V.ModelType.self)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
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
    @available(*, deprecated, message: "write Map(view, for: model): its value knows the view and model types")
    public convenience init<V: TextView & ModelTransfer & SendableMetatype, M>(
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
        self.init(Declaration(
            view: .type(.reusable(V.self, named: String(describing: view))),
            model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
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
    @available(*, deprecated, message: "write Map(view, for: model): its value knows the model type")
    public convenience init<M>(
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
        self.init(Declaration(
            view: .named(view), model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
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
    @available(*, deprecated, message: "write Map(view, model: model)")
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
        self.init(Declaration(
            view: .named(view), model: .named(model),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }

    /// Declares a mapping for a view class that is not a `TextView`, such as
    /// a `UITableViewCell` subclass, and its `ModelType`: a host list
    /// dequeues its views by the mapping's ``Mapping/reuseIdentifier`` and
    /// configures them with ``Mapping/update(_:with:)``.
    ///
    /// The parameters are those of the `TextView` form.
    ///
    /// - Parameters:
    ///   - view: The view class.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - condition: When the mapping applies. Default ``MappingCondition/none``.
    ///   - priority: Among mappings that apply, the highest priority wins. Default `0`.
    ///   - reuseIdentifier: The reuse pool. Default: the view's type name.
    ///   - decorators: Names of registered decorators, applied in order.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    @available(*, deprecated, message: "write Map(view): its value knows the view and model types")
    public convenience init<V: ModelTransfer & SendableMetatype>(
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
        self.init(Declaration(
            view: .type(.transfer(V.self, named: String(describing: view))),
            model: .type(ModelType(V.ModelType.self)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }

    /// Declares a mapping for a view class that is not a `TextView`, for a
    /// model type other than its `ModelType` (a protocol it conforms to, a
    /// subclass).
    ///
    /// - Parameters:
    ///   - view: The view class.
    ///   - model: The model type the mapping is for.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - condition: When the mapping applies. Default ``MappingCondition/none``.
    ///   - priority: Among mappings that apply, the highest priority wins. Default `0`.
    ///   - reuseIdentifier: The reuse pool. Default: the view's type name.
    ///   - decorators: Names of registered decorators, applied in order.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    @available(*, deprecated, message: "write Map(view, for: model): its value knows the view and model types")
    public convenience init<V: ModelTransfer & SendableMetatype, M>(
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
        self.init(Declaration(
            view: .type(.transfer(V.self, named: String(describing: view))),
            model: .type(ModelType(model)),
            kind: kind, reuseIdentifier: reuseIdentifier, condition: condition, priority: priority,
            decorators: decorators, sites: DeclarationSites(swiftCallSite: fileID, line: line, column: column)
        ))
    }
}
