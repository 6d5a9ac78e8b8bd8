import ModelStorage

extension MappingRegistry {
    /// Sends an event to an item: resolves it, then runs its mapping's
    /// handler for the event, if it has one.
    ///
    /// ```swift
    /// // A host list's didSelectRowAt:
    /// _ = registry.send(.didSelect, to: post, at: position, view: cell)
    /// // A question with an answer:
    /// let canMove = registry.send(MappingEvent<Bool>("canMove"), to: post, at: position).output ?? false
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/didSelect``.
    ///   - item: The stored item, possibly wrapped in optionals.
    ///   - position: Where it is stored.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - view: The item's view, for a handler that takes one; a handler
    ///     that takes a view sent none (or one of another type) fails with `missing-view`.
    ///   - context: The render context for predicates that read one.
    /// - Returns: The handler's answer, `unhandled` when the item's mapping
    ///   has no handler for the event, or the diagnostic of what failed.
    public func send<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind = .cell,
        view: AnyObject? = nil,
        context: (any Sendable)? = nil
    ) -> EventResult<Output> {
        switch target(of: item, at: position, kind: kind, GivenContext(context: context)) {
        case .failure(let diagnostic): .failed(diagnostic)
        case .success(let (index, value)): deliver(event, to: mapping(at: index), value: value, at: position, kind: kind) { _ in view }
        }
    }

    /// The mapping (by index) and unwrapped value an event goes to, or why there is none.
    func target(of item: Any, at position: ItemPosition, kind: ViewKind, _ source: some ContextSource) -> Result<(Int, Any), Diagnostic> {
        switch outcome(item, at: position, kind: kind, source) {
        case .resolved(let index): .success((index, item))
        case .resolvedUnwrapped(let index, let value): .success((index, value))
        case let failure: .failure(diagnostic(for: failure, at: position, kind: kind, source))
        }
    }

    /// Runs a mapping's handler for an event, with the view `view` gives
    /// (asked only when the handler takes one).
    func deliver<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to mapping: Mapping,
        value: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: (Any) -> AnyObject?
    ) -> EventResult<Output> {
        guard let handler = mapping.compiled.handler(for: event.name) else { return .unhandled(mapping) }
        guard let body = handler.typed(as: Output.self) else {
            return .failed(Diagnostic(
                severity: .error,
                code: .incompatibleEvent,
                message: "the '\(event.name)' handler of \(mapping.compiled.namedForMessage) returns '\(handler.outputName)', but the event was sent as MappingEvent<\(Output.self)>",
                location: mapping.location,
                position: position
            ))
        }
        let given = handler.view == nil ? nil : view(value)
        switch body.call(given, value, position) {
        case .returned(let output):
            return .handled(output)
        case .needsView(let viewType):
            return .failed(.missingView(event: event.name, mapping: mapping, viewType: viewType, given: given, at: position, kind: kind))
        case .wrongModel:
            return .failed(Diagnostic(
                severity: .error,
                code: .incompatibleModel,
                message: "the '\(event.name)' handler of \(mapping.compiled.namedForMessage) takes '\(handler.model.name)', not '\(String(describing: type(of: value)))' \(MappingRegistry.describe(position, kind: kind))",
                location: mapping.location,
                position: position
            ))
        }
    }
}

extension Diagnostic {
    /// `missing-view`: a view-taking handler sent no view, or one of another type.
    static func missingView(event: String, mapping: Mapping, viewType: String, given: AnyObject?, at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        let found = given.map { "a '\(String(describing: type(of: $0)))'" } ?? "none"
        return Diagnostic(
            severity: .error,
            code: .missingView,
            message: "the '\(event)' handler of \(mapping.compiled.namedForMessage) takes a '\(viewType)' view, and was sent \(found) for the \(kind) \(MappingRegistry.describe(position, kind: kind)); pass the item's view with send(_:to:at:view:), or send through its ReusePool",
            location: mapping.location,
            position: position
        )
    }
}
