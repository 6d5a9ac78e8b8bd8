import ModelStorage

extension MappingDeclaration {
    /// Attaches a handler that takes the view, the model and the position,
    /// as DTTableViewManager's `(View, Model, IndexPath)` events do.
    ///
    /// ```swift
    /// Map(DishRow.self).on(.didSelect) { (row: DishRow, dish: Dish, position) in
    ///     row.highlight()
    /// }
    /// ```
    ///
    /// Write the view's and the model's types in the closure: Swift cannot
    /// infer them from the declaration. The checker checks them at load
    /// (`incompatible-model` when the handler can never take the mapping's
    /// model); a host that sends the event without that view gets
    /// `missing-view`. One handler per event per mapping: a second `.on` for
    /// the same event is `duplicate-event-handler`, at the second.
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/didSelect``.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of this mapping; its answer is the event's output.
    /// - Returns: The declaration with the handler attached.
    public func on<V: AnyObject, M, Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (V, M, ItemPosition) -> Output
    ) -> MappingDeclaration {
        attaching(.closure(.view(event, V.self, M.self, handler)), for: event.name, fileID: fileID, line: line, column: column)
    }

    /// Attaches a handler that takes the model and the position, for events
    /// that need no view (DTTableViewManager's `(Model, IndexPath)` events).
    ///
    /// ```swift
    /// Map(DishRow.self).on(.willDisplay) { (dish: Dish, position) in
    ///     impressions.record(dish.name)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/willDisplay``.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of this mapping; its answer is the event's output.
    /// - Returns: The declaration with the handler attached.
    public func on<M, Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (M, ItemPosition) -> Output
    ) -> MappingDeclaration {
        attaching(.closure(.model(event, M.self, handler)), for: event.name, fileID: fileID, line: line, column: column)
    }

    private func attaching(_ handler: EventDeclaration.Handler, for event: String, fileID: String, line: Int, column: Int) -> MappingDeclaration {
        var declaration = self
        let site = SourceLocation(file: fileID, line: line, column: column, pointer: "")
        declaration.events.append(EventDeclaration(event: event, handler: handler, site: site, handlerSite: site))
        return declaration
    }
}
