import ModelStorage

extension TypedMappingDeclaration {
    /// Attaches a handler that takes the model and the position, for events
    /// that need no view (DTTableViewManager's `(Model, IndexPath)` events).
    ///
    /// ```swift
    /// Map(DishRow.self).on(.willDisplay) { dish, position in
    ///     impressions.record(dish.name)
    /// }
    /// Map("SectionTitle", for: String.self, kind: .header).on(.didSelect) { title, position in
    ///     print(title)
    /// }
    /// ```
    ///
    /// The closure's types are the mapping's: `dish` is `DishRow.ModelType`.
    /// One handler per event per mapping: a second `.on` for the same event
    /// is `duplicate-event-handler`, at the second.
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/willDisplay``, or
    ///     `MappingEvent<Bool>("canMove")` for a handler with an answer.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of this mapping; its answer is the event's output.
    /// - Returns: The declaration with the handler attached.
    @inlinable
    public func on<Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (Model, ItemPosition) -> Output
    ) -> TypedMappingDeclaration {
        attaching(event.name, model: Model.self, body: .model(handler), fileID: fileID, line: line, column: column)
    }
}

extension TypedMappingDeclaration where View: AnyObject {
    /// Attaches a handler that takes the view, the model and the position,
    /// as DTTableViewManager's `(View, Model, IndexPath)` events do.
    ///
    /// ```swift
    /// Map(DishRow.self).on(.didSelect) { row, dish, position in
    ///     row.highlight()
    /// }
    /// ```
    ///
    /// The closure's types are the mapping's: `row` is a `DishRow`, `dish`
    /// its `ModelType`; a closure that names another view type does not
    /// compile. A host sends the view with
    /// ``MappingRegistry/send(_:to:at:kind:view:context:)`` or sends through
    /// the ``ReusePool`` that shows the item; sent no view, the event fails
    /// with `missing-view`.
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/didSelect``.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of this mapping; its answer is the event's output.
    /// - Returns: The declaration with the handler attached.
    @inlinable
    public func on<Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (View, Model, ItemPosition) -> Output
    ) -> TypedMappingDeclaration {
        attaching(event.name, view: View.self, model: Model.self, body: .view(handler), fileID: fileID, line: line, column: column)
    }
}

extension TypedMappingDeclaration where View == Never {
    /// A view-taking handler on a mapping whose view is named by string:
    /// a mistake the compiler reports with this declaration's message.
    ///
    /// A view named by string (a handler view, say) gives the mapping no
    /// view type, so a closure that takes `(view, model, position)` has
    /// none to be given. Take `(model, position)`, or map the view class
    /// itself: `Map(DishRow.self, for: Dish.self)`. (A mapping declared
    /// wholly by names, `Map("DishRow", model: "Dish")`, takes a closure
    /// that states its view and model types, checked at load.)
    ///
    /// - Parameters:
    ///   - event: The event.
    ///   - fileID: The call site's file.
    ///   - line: The call site's line.
    ///   - column: The call site's column.
    ///   - handler: The view-taking closure, which cannot be attached.
    /// - Returns: Nothing a caller can use: the call does not compile.
    @available(
        *, unavailable,
        message: "a view named by string gives the closure no view; take (model, position), or map the view class itself: Map(ViewClass.self, for: Model.self)"
    )
    public func on<V, Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (V, Model, ItemPosition) -> Output
    ) -> TypedMappingDeclaration {
        self
    }
}

extension TypedMappingDeclaration where View == Never, Model == Any {
    /// Attaches a `(model, position)` handler to a mapping declared by
    /// names, whose model type the closure states.
    ///
    /// ```swift
    /// Map("PlainRow", model: "Dish").on(.willDisplay) { (dish: Dish, position) in
    ///     impressions.record(dish.name)
    /// }
    /// ```
    ///
    /// The checker checks the closure's model at load (`incompatible-model`
    /// when it can never take the mapping's model).
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/willDisplay``.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of this mapping.
    /// - Returns: The declaration with the handler attached.
    ///
    /// Disfavoured, so that a closure that states no type gets `Any`, the
    /// model a mapping by names knows.
    @_disfavoredOverload
    @inlinable
    public func on<M, Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (M, ItemPosition) -> Output
    ) -> TypedMappingDeclaration {
        attaching(event.name, model: M.self, body: .model(handler), fileID: fileID, line: line, column: column)
    }

    /// Attaches a `(view, model, position)` handler to a mapping declared by
    /// names, whose view and model types the closure states.
    ///
    /// The checker checks both at load: `incompatible-view` when the named
    /// view is not of the closure's view type (or a subclass),
    /// `incompatible-model` when the closure can never take the mapping's model.
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/didSelect``.
    ///   - fileID: The call site's file, for diagnostics. Leave the default.
    ///   - line: The call site's line. Leave the default.
    ///   - column: The call site's column. Leave the default.
    ///   - handler: Runs when a host sends the event to an item of this mapping.
    /// - Returns: The declaration with the handler attached.
    @inlinable
    public func on<V: AnyObject, M, Output: Sendable>(
        _ event: MappingEvent<Output>,
        fileID: String = #fileID,
        line: Int = #line,
        column: Int = #column,
        _ handler: @escaping @Sendable (V, M, ItemPosition) -> Output
    ) -> TypedMappingDeclaration {
        attaching(event.name, view: V.self, model: M.self, body: .view(handler), fileID: fileID, line: line, column: column)
    }
}

extension TypedMappingDeclaration {
    /// The declaration with a `(model, position)` handler's body attached,
    /// declared at the `.on(…)` call.
    @usableFromInline
    func attaching<M>(
        _ event: String, model: M.Type, body: HandlerBody, fileID: String, line: Int, column: Int
    ) -> TypedMappingDeclaration {
        TypedMappingDeclaration(typed: declaration.attaching(.closure(.model(event, ModelType(model), body: body)), for: event, fileID: fileID, line: line, column: column))
    }

    /// The declaration with a `(view, model, position)` handler's body attached.
    @usableFromInline
    func attaching<V: AnyObject, M>(
        _ event: String, view: V.Type, model: M.Type, body: HandlerBody, fileID: String, line: Int, column: Int
    ) -> TypedMappingDeclaration {
        TypedMappingDeclaration(typed: declaration.attaching(.closure(.view(event, view, ModelType(model), body: body)), for: event, fileID: fileID, line: line, column: column))
    }
}

extension Declaration {
    /// The declaration with one more handler, declared at the `.on(…)` call.
    func attaching(_ handler: EventDeclaration.Handler, for event: String, fileID: String, line: Int, column: Int) -> Declaration {
        var declaration = self
        let site = SourceLocation(file: fileID, line: line, column: column, pointer: "")
        declaration.events.append(EventDeclaration(event: event, handler: handler, site: site, handlerSite: site))
        return declaration
    }
}
