/// One mapping after loading: everything about it, in one place, that the
/// registry, the resolution index, the renderers and the tools read.
///
/// The checker makes one from each ``MappingDeclaration`` that passes its
/// checks (see `LoadPipeline`); nothing copies its fields elsewhere.
/// ``Mapping`` is the public, read-only view of one. A class, so a
/// ``Mapping`` is one reference, and the checks across mappings pass
/// references rather than copies.
final class CompiledMapping: Sendable {
    /// The position in the registry's list of mappings.
    let index: Int
    /// The view plugin that shows the model.
    let view: ViewPlugin
    /// The model plugin: its name as the mapping names it, and its type.
    let model: ModelPlugin
    let kind: ViewKind
    /// The reuse identifier: the name of the pool its view comes from.
    let reuseIdentifier: String
    /// The number of the reuse identifier among the registry's distinct
    /// ones, in order of first use: mappings that share an identifier share
    /// a pool slot.
    let poolIndex: Int
    let condition: Condition
    let priority: Int
    /// The decorators applied, in order, to the view's text.
    let decorators: [DecoratorPlugin]
    /// The handlers of the events the mapping handles, one per event, by event name.
    let handlers: [EventHandler]
    /// Where each part was declared, for diagnostics.
    let sites: DeclarationSites
    /// The position of the mapping's source among the sources given.
    let sourceIndex: Int

    init(
        index: Int, view: ViewPlugin, model: ModelPlugin, kind: ViewKind, reuseIdentifier: String, poolIndex: Int,
        condition: Condition, priority: Int, decorators: [DecoratorPlugin], handlers: [EventHandler],
        sites: DeclarationSites, sourceIndex: Int
    ) {
        self.index = index
        self.view = view
        self.model = model
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier
        self.poolIndex = poolIndex
        self.condition = condition
        self.priority = priority
        self.decorators = decorators
        self.handlers = handlers
        self.sites = sites
        self.sourceIndex = sourceIndex
    }

    /// A second object with the same fields, for another thread's
    /// ``MappingReplicas`` slot: equal by `==`, with a reference count of
    /// its own.
    func copy() -> CompiledMapping {
        CompiledMapping(
            index: index, view: view, model: model, kind: kind, reuseIdentifier: reuseIdentifier, poolIndex: poolIndex,
            condition: condition, priority: priority, decorators: decorators, handlers: handlers,
            sites: sites, sourceIndex: sourceIndex
        )
    }

    /// Where the mapping was declared: its object in a JSON file, or the
    /// Swift call site of its declaration.
    var location: SourceLocation { sites.object }

    /// The handler of an event: a short list, searched in place.
    @inline(__always)
    func handler(for event: String) -> EventHandler? {
        for handler in handlers where handler.event == event { return handler }
        return nil
    }

    /// Whether both the mapping's model type and its view take the value.
    @inline(__always)
    func accepts(_ value: Any) -> Bool {
        model.type.accepts(value) && view.model.accepts(value)
    }

    /// Whether this mapping was declared after `other`: sources in the order
    /// given, then by line and column, then by index. A diagnostic about
    /// two mappings goes at the later one, as a compiler reports a
    /// redeclaration.
    func isDeclared(after other: CompiledMapping) -> Bool {
        if sourceIndex != other.sourceIndex { return sourceIndex > other.sourceIndex }
        let mine = (location.line, location.column, index)
        let theirs = (other.location.line, other.location.column, other.index)
        return mine > theirs
    }

    /// `'DishRow' (mappings.json:4:5)`: the view and where the mapping is, for messages.
    var namedForMessage: String {
        "'\(view.name)' (\(location))"
    }
}
