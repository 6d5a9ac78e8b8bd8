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
    ///
    /// Sending costs about what resolving the item and calling the handler
    /// directly cost: the generic part of `send` is inlined into the
    /// caller, so nothing is looked up by the output type at run time.
    @inlinable
    public func send<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind = .cell,
        view: AnyObject? = nil,
        context: (any Sendable)? = nil
    ) -> EventResult<Output> {
        guard let context else { return send(event, to: item, at: position, kind: kind, view: view) }
        var answer: Output?
        let delivery = deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, given: context, view: .given(view)) { body, view, value in
            answer = body.answer(as: Output.self, view: view, value: value, at: position)
            return answer != nil
        }
        return EventResult(delivery, answer: answer)
    }

    /// ``send(_:to:at:kind:view:context:)`` without a context: what a call
    /// that passes none compiles to, for the reason
    /// ``MappingRegistry/resolve(_:at:kind:)`` gives.
    @_documentation(visibility: internal)
    @inlinable
    public func send<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind = .cell,
        view: AnyObject? = nil
    ) -> EventResult<Output> {
        var answer: Output?
        let delivery = deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, view: .given(view)) { body, view, value in
            answer = body.answer(as: Output.self, view: view, value: value, at: position)
            return answer != nil
        }
        return EventResult(delivery, answer: answer)
    }

    /// Resolves an item and runs its mapping's handler for an event through
    /// `run`, which calls the handler's body at its output type: the part of
    /// sending that does not depend on that type.
    ///
    /// - Parameters:
    ///   - output: The output type the event was sent with; a handler of
    ///     another is `incompatible-event`.
    ///   - context: The render context.
    ///   - view: The view a view-taking handler is given.
    ///   - run: Runs the body with the view and the (unwrapped) value;
    ///     `false` when the value is not of the handler's model type.
    @usableFromInline
    func deliver(
        _ event: String,
        returning output: Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        given context: any Sendable,
        view: EventView,
        _ run: (HandlerBody, AnyObject?, Any) -> Bool
    ) -> Delivery {
        deliver(event, returning: output, to: item, at: position, kind: kind, GivenContext(context: context), view: view, run)
    }

    /// ``deliver(_:returning:to:at:kind:given:view:_:)`` without a context.
    @usableFromInline
    func deliver(
        _ event: String,
        returning output: Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: EventView,
        _ run: (HandlerBody, AnyObject?, Any) -> Bool
    ) -> Delivery {
        deliver(event, returning: output, to: item, at: position, kind: kind, NoContext(), view: view, run)
    }

    private func deliver(
        _ event: String,
        returning output: Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        _ source: some ContextSource,
        view: EventView,
        _ run: (HandlerBody, AnyObject?, Any) -> Bool
    ) -> Delivery {
        switch outcome(item, at: position, kind: kind, source) {
        case .resolved(let index):
            deliver(event, returning: output, mapping: index, value: item, at: position, kind: kind, view: view, run)
        case .resolvedUnwrapped(let index, let value):
            deliver(event, returning: output, mapping: index, value: value, at: position, kind: kind, view: view, run)
        case let failure:
            .failed(diagnostic(for: failure, at: position, kind: kind, source))
        }
    }

    /// Runs mapping `index`'s handler for an event, with the view `view`
    /// gives (asked only when the handler takes one).
    private func deliver(
        _ event: String,
        returning output: Any.Type,
        mapping index: Int,
        value: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: EventView,
        _ run: (HandlerBody, AnyObject?, Any) -> Bool
    ) -> Delivery {
        guard let handler = mappings[index].compiled.handler(for: event) else { return .unhandled(mapping(at: index)) }
        guard handler.output == ObjectIdentifier(output) else {
            return .failed(Diagnostic(
                severity: .error,
                code: .incompatibleEvent,
                message: "the '\(event)' handler of \(mappings[index].compiled.namedForMessage) returns '\(handler.outputName)', but the event was sent as MappingEvent<\(output)>",
                location: mappings[index].location,
                position: position
            ))
        }
        var given: AnyObject?
        if let requirement = handler.view {
            switch view {
            case .given(let view): given = view
            case .pool(let pool): given = pool.slot(for: index).view(updatedWith: value)
            }
            guard let given, requirement.takes(given) else {
                return .failed(.missingView(event: event, mapping: mappings[index], viewType: requirement.name, given: given, at: position, kind: kind))
            }
        }
        guard run(handler.body, given, value) else {
            return .failed(Diagnostic(
                severity: .error,
                code: .incompatibleModel,
                message: "the '\(event)' handler of \(mappings[index].compiled.namedForMessage) takes '\(handler.model.name)', not '\(String(describing: type(of: value)))' \(MappingRegistry.describe(position, kind: kind))",
                location: mappings[index].location,
                position: position
            ))
        }
        return .answered
    }
}

/// What delivering an event gave, before its output type is known again:
/// the part of an ``EventResult`` that does not depend on it.
@usableFromInline
enum Delivery {
    /// The handler ran and answered; the answer is with the caller.
    case answered
    case unhandled(Mapping)
    case failed(Diagnostic)
}

/// Where a view-taking handler's view comes from.
@usableFromInline
enum EventView {
    /// The view the host sent, if any.
    case given(AnyObject?)
    /// The pool's view for the item's mapping, updated with the item.
    case pool(ReusePool)
}

extension EventResult {
    /// The result of a delivery and the answer the handler gave, if it ran.
    @inlinable
    init(_ delivery: Delivery, answer: Output?) {
        switch delivery {
        case .answered:
            // A delivery answers only when the body gave an answer.
            self = answer.map(Self.handled) ?? .failed(.unanswered)
        case .unhandled(let mapping):
            self = .unhandled(mapping)
        case .failed(let diagnostic):
            self = .failed(diagnostic)
        }
    }
}

extension Diagnostic {
    /// What an answered delivery without an answer would give: it cannot
    /// happen (the body answers exactly when it runs), and says so rather than trap.
    @usableFromInline
    static var unanswered: Diagnostic {
        Diagnostic(severity: .error, code: .missingMapping, message: "an event handler ran but gave no answer")
    }

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
