import ModelStorage

extension ReusePool {
    /// Sends an event to an item, with the pool's view for the item's
    /// mapping: the view is updated with the item first, then given to a
    /// handler that takes one, as a host list's cell would be.
    ///
    /// ```swift
    /// let pool = ReusePool(registry: registry)
    /// if case .failed(let diagnostic) = pool.send(.didSelect, to: dish, at: position) {
    ///     print(diagnostic)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - event: The event, such as ``MappingEvent/didSelect``.
    ///   - item: The stored item, possibly wrapped in optionals.
    ///   - position: Where it is stored.
    ///   - kind: The kind of view. Default ``ViewKind/cell``.
    ///   - context: The render context for predicates that read one.
    /// - Returns: The handler's answer, `unhandled`, or the diagnostic of what
    ///   failed (`missing-view` for a view-taking handler of a mapping whose
    ///   view the pool cannot create, such as a view class that is not a `TextView`).
    @inlinable
    public func send<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind = .cell,
        context: (any Sendable)? = nil
    ) -> EventResult<Output> {
        guard let context else { return send(event, to: item, at: position, kind: kind) }
        var answer: Output?
        let delivery = registry.deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, given: context, view: .pool(self)) { handler, view, value in
            answer = (handler as? TypedHandler<Output>)?.run(view, value, position)
            return answer != nil
        }
        return EventResult(delivery, answer: answer, registry: registry)
    }

    /// ``send(_:to:at:kind:context:)`` without a context: what a call
    /// that passes none runs, for the reason `MappingRegistry.resolve` gives.
    @inlinable
    func send<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind = .cell
    ) -> EventResult<Output> {
        var answer: Output?
        let delivery = registry.deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, view: .pool(self)) { handler, view, value in
            answer = (handler as? TypedHandler<Output>)?.run(view, value, position)
            return answer != nil
        }
        return EventResult(delivery, answer: answer, registry: registry)
    }
}
