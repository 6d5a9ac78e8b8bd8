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
    /// Sending costs what resolving the item costs, plus two casts (the
    /// handler to the event's output type, the item to the handler's model
    /// type) and the handler's call: the generic part of `send` is inlined
    /// into the caller, so the output type is known where the handler's
    /// answer is taken.
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
        let delivery = deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, given: context, view: .given(view)) { handler, view, value in
            answer = (handler as? TypedHandler<Output>)?.run(view, value, position)
            return answer != nil
        }
        return EventResult(delivery, answer: answer, registry: self)
    }

    /// ``send(_:to:at:kind:view:context:)`` without a context: what a call
    /// that passes none runs, for the reason `MappingRegistry.resolve` gives.
    @inlinable
    func send<Output: Sendable>(
        _ event: MappingEvent<Output>,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind = .cell,
        view: AnyObject? = nil
    ) -> EventResult<Output> {
        var answer: Output?
        let delivery = deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, view: .given(view)) { handler, view, value in
            answer = (handler as? TypedHandler<Output>)?.run(view, value, position)
            return answer != nil
        }
        return EventResult(delivery, answer: answer, registry: self)
    }

    /// Runs a handler found for an event: casts its ``HandlerBody/typed``
    /// to the event's `TypedHandler<Output>` and runs it on the view and
    /// the value, keeping the answer where `send` reads it. Returns whether
    /// the handler answered. Not escaping, so `send`'s closure and what it
    /// captures stay on the stack.
    @usableFromInline
    typealias HandlerCall = (_ handler: any AnyObject & Sendable, _ view: AnyObject?, _ value: Any) -> Bool

    /// Resolves an item and runs its mapping's handler for an event: the
    /// part of sending that does not depend on the output type.
    ///
    /// - Parameters:
    ///   - output: The output type the event was sent with; a handler of
    ///     another is `incompatible-event`.
    ///   - context: The render context.
    ///   - view: The view a view-taking handler is given.
    ///   - call: Runs the handler, at the event's output type.
    @usableFromInline
    func deliver(
        _ event: String,
        returning output: any Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        given context: any Sendable,
        view: EventView,
        call: HandlerCall
    ) -> Delivery {
        deliver(event, returning: output, to: item, at: position, kind: kind, Optional<any Sendable>.some(context), view: view, call: call)
    }

    /// ``deliver(_:returning:to:at:kind:given:view:call:)`` without a context.
    @usableFromInline
    func deliver(
        _ event: String,
        returning output: any Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: EventView,
        call: HandlerCall
    ) -> Delivery {
        deliver(event, returning: output, to: item, at: position, kind: kind, NoContext(), view: view, call: call)
    }

    private func deliver(
        _ event: String,
        returning output: any Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        _ source: some ContextSource,
        view: EventView,
        call: HandlerCall
    ) -> Delivery {
        switch outcome(item, at: position, kind: kind, source) {
        case .resolved(let index):
            deliver(event, returning: output, mapping: index, value: item, at: position, kind: kind, view: view, call: call)
        case .resolvedUnwrapped(let index, let value):
            deliver(event, returning: output, mapping: index, value: value, at: position, kind: kind, view: view, call: call)
        case let failure:
            .failed(diagnostic(for: failure, at: position, kind: kind, source))
        }
    }

    /// Runs mapping `index`'s handler for an event, with the view `view`
    /// gives (asked only when the handler takes one).
    @inline(__always)
    private func deliver(
        _ event: String,
        returning output: any Any.Type,
        mapping index: Int,
        value: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: EventView,
        call: HandlerCall
    ) -> Delivery {
        guard let handler = mappings[index].compiled.handler(for: event) else { return .unhandled(mapping(at: index)) }
        guard ObjectIdentifier(handler.body.output) == ObjectIdentifier(output) else {
            return .failed(.incompatibleEvent(event, handler: handler, mapping: mappings[index], sentAs: output, at: position))
        }
        var given: AnyObject?
        if let requirement = handler.view {
            given = switch view {
            case .given(let view): view
            case .pool(let pool): pool.slot(for: index).view(updatedWith: value)
            }
            guard let view = given, requirement.takes(view) else {
                return .failed(.missingView(event: event, mapping: mappings[index], viewType: requirement.name, given: given, at: position, kind: kind))
            }
        }
        guard call(handler.body.typed, given, value) else {
            return .failed(.incompatibleModel(event, handler: handler, mapping: mappings[index], value: value, at: position, kind: kind))
        }
        return .answered(index)
    }
}

/// What delivering an event gave, before its output type is known again:
/// the part of an ``EventResult`` that does not depend on it.
@usableFromInline
enum Delivery {
    /// Mapping `index`'s handler ran and answered; the answer is with `send`.
    case answered(Int)
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
    /// The result of a delivery, with the answer `send`'s closure kept.
    ///
    /// A delivery is ``Delivery/answered(_:)`` exactly when the closure
    /// returned `true`, which it does only once it has kept an answer; were
    /// the answer ever missing, the item's mapping counts as one without a
    /// handler for the event rather than a trap.
    @inlinable
    init(_ delivery: Delivery, answer: consuming Output?, registry: MappingRegistry) {
        switch delivery {
        case .answered(let index):
            self = if let answer { .handled(answer) } else { .unhandled(registry.mappings[index]) }
        case .unhandled(let mapping):
            self = .unhandled(mapping)
        case .failed(let diagnostic):
            self = .failed(diagnostic)
        }
    }
}

extension Diagnostic {
    /// `incompatible-event`: the handler of the event returns another type than the one it was sent with.
    static func incompatibleEvent(_ event: String, handler: EventHandler, mapping: Mapping, sentAs output: any Any.Type, at position: ItemPosition) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .incompatibleEvent,
            message: "the '\(event)' handler of \(mapping.compiled.namedForMessage) returns '\(handler.outputName)', but the event was sent as MappingEvent<\(output)>",
            location: mapping.location,
            position: position
        )
    }

    /// `incompatible-model`: the item is not of the type the handler takes.
    static func incompatibleModel(_ event: String, handler: EventHandler, mapping: Mapping, value: Any, at position: ItemPosition, kind: ViewKind) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .incompatibleModel,
            message: "the '\(event)' handler of \(mapping.compiled.namedForMessage) takes '\(handler.model.name)', not '\(String(describing: type(of: value)))' \(MappingRegistry.describe(position, kind: kind))",
            location: mapping.location,
            position: position
        )
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
