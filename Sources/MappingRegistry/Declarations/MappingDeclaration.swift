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

    /// The round-2 spelling of `Map(view)`, kept for source compatibility.
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
        self.init(Map(view, kind: kind, when: condition, priority: priority, reuseIdentifier: reuseIdentifier, decorators: decorators, fileID: fileID, line: line, column: column).declaration)
    }

    /// The round-2 spelling of `Map(view, for: model)`, kept for source compatibility.
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
        self.init(Map(view, for: model, kind: kind, when: condition, priority: priority, reuseIdentifier: reuseIdentifier, decorators: decorators, fileID: fileID, line: line, column: column).declaration)
    }

    /// The round-2 spelling of `Map(view, for: model)`, kept for source compatibility.
    @available(*, deprecated, message: "write Map(view, for: model): its value knows the view and model types")
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
        self.init(Map(view, for: model, kind: kind, when: condition, priority: priority, reuseIdentifier: reuseIdentifier, decorators: decorators, fileID: fileID, line: line, column: column).declaration)
    }

    /// The round-2 spelling of `Map(view, model: model)`, kept for source compatibility.
    @available(*, deprecated, message: "write Map(view, model: model): its value knows the view and model types")
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
        self.init(Map(view, model: model, kind: kind, when: condition, priority: priority, reuseIdentifier: reuseIdentifier, decorators: decorators, fileID: fileID, line: line, column: column).declaration)
    }

    /// The round-2 spelling of `Map(view)`, kept for source compatibility.
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
        self.init(Map(view, kind: kind, when: condition, priority: priority, reuseIdentifier: reuseIdentifier, decorators: decorators, fileID: fileID, line: line, column: column).declaration)
    }

    /// The round-2 spelling of `Map(view, for: model)`, kept for source compatibility.
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
        self.init(Map(view, for: model, kind: kind, when: condition, priority: priority, reuseIdentifier: reuseIdentifier, decorators: decorators, fileID: fileID, line: line, column: column).declaration)
    }
}
