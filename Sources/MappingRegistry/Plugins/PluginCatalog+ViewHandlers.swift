import ModelStorage

extension PluginCatalog {
    /// Attaches a handler to every mapping whose view is `V` (or a subclass
    /// of it), whether the mapping is declared in Swift or in
    /// `mappings.json`: what DTTableViewManager users write for a cell
    /// whose mapping lives in JSON.
    ///
    /// ```swift
    /// plugins.on(.didSelect, for: PostCell.self) { cell, post, position in
    ///     cell.highlight()
    /// }
    /// ```
    ///
    /// `cell` is a `PostCell` and `post` its `ModelType`; a closure that
    /// names another view or model type does not compile. A mapping's own
    /// handler for the event (named under `"events"` in JSON, or attached
    /// with `Map(…).on(…)`) wins over this one; among handlers of one
    /// event for a view class and for its superclass, the view's own wins.
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/didSelect``.
    ///   - view: The view class whose mappings get the handler.
    ///   - filePath: Where the registration is, for messages. Leave the default.
    ///   - line: The registration's line. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of such a
    ///     mapping; its answer is the event's output.
    @inlinable
    public mutating func on<V: ModelTransfer & SendableMetatype, Output: Sendable>(
        _ event: MappingEvent<Output>,
        for view: V.Type,
        filePath: String = #filePath,
        line: Int = #line,
        _ handler: @escaping @Sendable (V, V.ModelType, ItemPosition) -> Output
    ) {
        insertViewHandler(event: event.name, view: V.self, body: .view(handler), site: "\(filePath):\(line)")
    }

    /// Keeps a view-level handler's body. (The body is made by the inlined
    /// `on`, so it is compiled for the handler's types.) A second handler
    /// of one event for one view class is a `duplicate-plugin` at load.
    @usableFromInline
    mutating func insertViewHandler<V: ModelTransfer & SendableMetatype>(event: String, view: V.Type, body: HandlerBody, site: String) {
        let type = ObjectIdentifier(V.self)
        if viewHandlers.contains(where: { $0.viewType == type && $0.handler.event == event }) {
            duplicates.append((category: "view handler", name: "\(event), for: \(V.self).self"))
            return
        }
        viewHandlers.append(ViewHandler(viewType: type, handler: EventHandler.view(event, V.self, ModelType(V.ModelType.self), body: body)))
    }

    /// The view-level handlers a mapping of `view` gets, by event, for
    /// the events it has no handler of its own for: the view class's own
    /// first, then those of its superclasses, in registration order.
    func viewHandlers(for view: ViewPlugin, except handled: some Sequence<String>) -> [String: EventHandler] {
        var found: [String: EventHandler] = [:]
        let handled = Set(handled)
        let exact = viewHandlers.filter { $0.viewType == view.viewType }
        let inherited = viewHandlers.filter { $0.viewType != view.viewType }
        for candidate in exact + inherited where !handled.contains(candidate.handler.event) && found[candidate.handler.event] == nil {
            if candidate.handler.view?.accepts(view) == true {
                found[candidate.handler.event] = candidate.handler
            }
        }
        return found
    }
}

/// A handler attached to every mapping of one view class (``PluginCatalog/on(_:for:filePath:line:_:)``).
struct ViewHandler: Sendable {
    /// The view class it was registered for.
    let viewType: ObjectIdentifier
    /// The handler, with the view class as its requirement.
    let handler: EventHandler
}
