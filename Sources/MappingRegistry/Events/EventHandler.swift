import ModelStorage

/// One event handler with its types erased: what a compiled mapping keeps
/// per event, whether the handler came from `.on(…)` in Swift or from the
/// catalog by name.
final class EventHandler: Sendable {
    /// The event the handler is for.
    let event: String
    /// The registered name of a named handler; `nil` for a Swift closure.
    let name: String?
    /// The model type the handler takes.
    let model: ModelType
    /// The type the handler returns, and its name for messages.
    let output: ObjectIdentifier
    let outputName: String
    /// The view a `(view, model, position)` handler takes; `nil` for `(model, position)`.
    let view: ViewRequirement?
    /// The handler itself, a ``TypedHandlerBody`` of the output type
    /// ``output`` names: sending casts it back without a dynamic cast.
    let body: HandlerBody

    /// A `(model, position)` handler.
    static func model<M, Output: Sendable>(
        _ event: MappingEvent<Output>, _ model: M.Type, _ handler: @escaping @Sendable (M, ItemPosition) -> Output
    ) -> EventHandler {
        EventHandler(
            event: event.name, name: nil, model: ModelType(model), output: ObjectIdentifier(Output.self),
            outputName: String(describing: Output.self), view: nil,
            body: TypedHandlerBody<Output> { _, value, position in
                switch value {
                case let model as M: .returned(handler(model, position))
                default: .wrongModel
                }
            }
        )
    }

    /// A `(view, model, position)` handler.
    static func view<V: AnyObject, M, Output: Sendable>(
        _ event: MappingEvent<Output>, _ view: V.Type, _ model: M.Type, _ handler: @escaping @Sendable (V, M, ItemPosition) -> Output
    ) -> EventHandler {
        let viewName = String(describing: V.self)
        return EventHandler(
            event: event.name, name: nil, model: ModelType(model), output: ObjectIdentifier(Output.self),
            outputName: String(describing: Output.self), view: ViewRequirement(V.self),
            body: TypedHandlerBody<Output> { view, value, position in
                guard let view = view as? V else { return .needsView(viewName) }
                switch value {
                case let model as M: return .returned(handler(view, model, position))
                default: return .wrongModel
                }
            }
        )
    }

    init(
        event: String, name: String?, model: ModelType, output: ObjectIdentifier, outputName: String,
        view: ViewRequirement?, body: HandlerBody
    ) {
        self.event = event
        self.name = name
        self.model = model
        self.output = output
        self.outputName = outputName
        self.view = view
        self.body = body
    }

    /// The same handler under a registered name.
    func named(_ name: String) -> EventHandler {
        EventHandler(event: event, name: name, model: model, output: output, outputName: outputName, view: view, body: body)
    }

    /// The handler as returning `Output`, when that is its output type.
    @inline(__always)
    func typed<Output: Sendable>(as output: Output.Type) -> TypedHandlerBody<Output>? {
        guard self.output == ObjectIdentifier(Output.self) else { return nil }
        // The output type was checked: the body is a TypedHandlerBody<Output>.
        return unsafeDowncast(body, to: TypedHandlerBody<Output>.self)
    }
}

/// A handler body with its output type erased; always a ``TypedHandlerBody``.
class HandlerBody: @unchecked Sendable {
    // @unchecked: no state; the subclass holds only a `let` @Sendable closure.
}

/// A handler body that returns `Output`.
final class TypedHandlerBody<Output: Sendable>: HandlerBody, @unchecked Sendable {
    /// What calling a handler gave.
    enum Call {
        case returned(Output)
        /// The handler takes a view and was given none, or one of another type.
        case needsView(String)
        /// The value is not of the handler's model type.
        case wrongModel
    }

    let call: @Sendable (_ view: AnyObject?, _ value: Any, _ position: ItemPosition) -> Call

    init(_ call: @escaping @Sendable (_ view: AnyObject?, _ value: Any, _ position: ItemPosition) -> Call) {
        self.call = call
    }
}

/// A handler registered by name, for `mappings.json` to list under `"events"`.
struct HandlerPlugin: NamedPlugin {
    let name: String
    let handler: EventHandler

    /// The model type the handler takes.
    var model: ModelType { handler.model }
}
