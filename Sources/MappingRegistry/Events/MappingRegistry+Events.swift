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
        return withUnsafeTemporaryAllocation(of: Output.self, capacity: 1) { answer in
            EventResult(
                deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, given: context, view: .given(view), answer: answer.baseAddress.unsafelyUnwrapped),
                answer: answer
            )
        }
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
        withUnsafeTemporaryAllocation(of: Output.self, capacity: 1) { answer in
            EventResult(
                deliver(event.name, returning: Output.self, to: item, at: position, kind: kind, view: .given(view), answer: answer.baseAddress.unsafelyUnwrapped),
                answer: answer
            )
        }
    }

    /// Resolves an item and runs its mapping's handler for an event: the
    /// part of sending that does not depend on the output type.
    ///
    /// - Parameters:
    ///   - output: The output type the event was sent with; a handler of
    ///     another is `incompatible-event`.
    ///   - context: The render context.
    ///   - view: The view a view-taking handler is given.
    ///   - answer: Uninitialized memory for one value of `output`, which
    ///     holds the handler's answer when the delivery is ``Delivery/answered``.
    @usableFromInline
    func deliver<Output>(
        _ event: String,
        returning output: Output.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        given context: any Sendable,
        view: EventView,
        answer: UnsafeMutablePointer<Output>
    ) -> Delivery {
        deliver(event, returning: output, to: item, at: position, kind: kind, GivenContext(context: context), view: view, answer: UnsafeMutableRawPointer(answer))
    }

    /// ``deliver(_:returning:to:at:kind:given:view:answer:)`` without a context.
    @usableFromInline
    func deliver<Output>(
        _ event: String,
        returning output: Output.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: EventView,
        answer: UnsafeMutablePointer<Output>
    ) -> Delivery {
        deliver(event, returning: output, to: item, at: position, kind: kind, NoContext(), view: view, answer: UnsafeMutableRawPointer(answer))
    }
    private func deliver(
        _ event: String,
        returning output: any Any.Type,
        to item: Any,
        at position: ItemPosition,
        kind: ViewKind,
        _ source: some ContextSource,
        view: EventView,
        answer: UnsafeMutableRawPointer
    ) -> Delivery {
        switch outcome(item, at: position, kind: kind, source) {
        case .resolved(let index):
            deliver(event, returning: output, mapping: index, value: item, at: position, kind: kind, view: view, answer: answer)
        case .resolvedUnwrapped(let index, let value):
            deliver(event, returning: output, mapping: index, value: value, at: position, kind: kind, view: view, answer: answer)
        case let failure:
            .failed(diagnostic(for: failure, at: position, kind: kind, source))
        }
    }

    /// Runs mapping `index`'s handler for an event, with the view `view`
    /// gives (asked only when the handler takes one).
    ///
    /// Retains nothing on the way to the handler: the registry keeps the
    /// mapping and its handlers alive, and a reference count written per
    /// event would be shared by every thread sending to the mapping. The
    /// diagnostics, off that way, are built from what ``HandlerRun`` says.
    @inline(__always)
    private func deliver(
        _ event: String,
        returning output: any Any.Type,
        mapping index: Int,
        value: Any,
        at position: ItemPosition,
        kind: ViewKind,
        view: EventView,
        answer: UnsafeMutableRawPointer
    ) -> Delivery {
        guard let found = mappings[index].compiled.handler(for: event) else { return .unhandled(mapping(at: index)) }
        let run = found._withUnsafeGuaranteedRef { handler -> HandlerRun in
            guard handler.output == ObjectIdentifier(output) else { return .incompatibleEvent }
            guard let requirement = handler.view else {
                return handler.body(view: nil, value: value, at: position, answer: answer) ? .answered : .incompatibleModel
            }
            let given: AnyObject? = switch view {
            case .given(let view): view
            case .pool(let pool): pool.slot(for: index).view(updatedWith: value)
            }
            guard let given, requirement.takes(given) else { return .missingView(given) }
            return handler.body(view: given, value: value, at: position, answer: answer) ? .answered : .incompatibleModel
        }
        let handler = found.takeUnretainedValue()
        return switch run {
        case .answered:
            .answered
        case .incompatibleEvent:
            .failed(.incompatibleEvent(event, handler: handler, mapping: mappings[index], sentAs: output, at: position))
        case .incompatibleModel:
            .failed(.incompatibleModel(event, handler: handler, mapping: mappings[index], value: value, at: position, kind: kind))
        case .missingView(let given):
            .failed(.missingView(event: event, mapping: mappings[index], viewType: handler.view?.name ?? "", given: given, at: position, kind: kind))
        }
    }
}

/// What running a handler came to, before any diagnostic is built.
private enum HandlerRun {
    /// The handler ran; its answer is in the caller's memory.
    case answered
    /// The handler returns another type than the event was sent with.
    case incompatibleEvent
    /// The value is not of the handler's model type.
    case incompatibleModel
    /// The handler takes a view, and was given none or this one, of another type.
    case missingView(AnyObject?)
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
    /// The result of a delivery, taking the handler's answer from `answer`
    /// when it ran.
    @inlinable
    init(_ delivery: Delivery, answer: UnsafeMutableBufferPointer<Output>) {
        switch delivery {
        case .answered:
            self = .handled(answer.moveElement(from: 0))
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
