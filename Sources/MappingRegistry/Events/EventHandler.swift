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
    static func model<M, Output: Sendable>(_ event: String, _ model: M.Type, body: TypedHandlerBody<Output>) -> EventHandler {
        EventHandler(
            event: event, name: nil, model: ModelType(model), output: ObjectIdentifier(Output.self),
            outputName: String(describing: Output.self), view: nil, body: body
        )
    }

    /// A `(view, model, position)` handler.
    static func view<V: AnyObject, M, Output: Sendable>(_ event: String, _ view: V.Type, _ model: M.Type, body: TypedHandlerBody<Output>) -> EventHandler {
        EventHandler(
            event: event, name: nil, model: ModelType(model), output: ObjectIdentifier(Output.self),
            outputName: String(describing: Output.self), view: ViewRequirement(V.self), body: body
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
}

/// A handler body with its output type erased; always a ``TypedHandlerBody``.
///
/// `@usableFromInline`, with ``TypedHandlerBody``, so that `send`, inlined
/// into the caller, calls the body at the caller's concrete output type:
/// no generic metadata is looked up per event.
@usableFromInline
class HandlerBody: @unchecked Sendable {
    // @unchecked: no state; the subclass holds only a `let` @Sendable closure.
}

extension HandlerBody {
    /// Runs the body as the ``TypedHandlerBody`` of `Output` it is (the
    /// caller checked the handler's output type): its answer, or `nil` when
    /// the value is not of its model type or the view not of its view type.
    @inlinable
    func answer<Output: Sendable>(as output: Output.Type, view: AnyObject?, value: Any, at position: ItemPosition) -> Output? {
        withUnsafeTemporaryAllocation(of: Output.self, capacity: 1) { buffer in
            guard unsafeDowncast(self, to: TypedHandlerBody<Output>.self).run(view, value, position, buffer) else { return nil }
            return buffer.moveElement(from: 0)
        }
    }
}

/// A handler body that returns `Output`.
@usableFromInline
final class TypedHandlerBody<Output: Sendable>: HandlerBody, @unchecked Sendable {
    /// Runs the handler with a view (for a view-taking handler) and a value,
    /// putting its answer in the buffer's one element: `false`, running
    /// nothing, when the value is not of the handler's model type or the view
    /// not of its view type.
    ///
    /// The answer goes to a buffer of the caller's, not into a returned
    /// `Output?`: the closure is compiled for any model and output type, and
    /// there an Optional of them would cost a metadata lookup per event.
    @usableFromInline
    let run: @Sendable (_ view: AnyObject?, _ value: Any, _ position: ItemPosition, _ answer: UnsafeMutableBufferPointer<Output>) -> Bool

    @usableFromInline
    init(_ run: @escaping @Sendable (_ view: AnyObject?, _ value: Any, _ position: ItemPosition, _ answer: UnsafeMutableBufferPointer<Output>) -> Bool) {
        self.run = run
    }

    /// The body of a `(model, position)` handler. Inlined where the handler
    /// is declared, so the body is compiled for its model and output types.
    @inlinable
    static func model<M>(_ handler: @escaping @Sendable (M, ItemPosition) -> Output) -> TypedHandlerBody {
        TypedHandlerBody { _, value, position, answer in
            ModelValue.with(value, as: M.self) { model in answer.initializeElement(at: 0, to: handler(model, position)) }
        }
    }

    /// The body of a `(view, model, position)` handler, inlined as ``model(_:)`` is.
    @inlinable
    static func view<V: AnyObject, M>(_ handler: @escaping @Sendable (V, M, ItemPosition) -> Output) -> TypedHandlerBody {
        TypedHandlerBody { view, value, position, answer in
            guard let view = view as? V else { return false }
            return ModelValue.with(value, as: M.self) { model in answer.initializeElement(at: 0, to: handler(view, model, position)) }
        }
    }
}

/// A handler registered by name, for `mappings.json` to list under `"events"`.
struct HandlerPlugin: NamedPlugin {
    let name: String
    let handler: EventHandler

    /// The model type the handler takes.
    var model: ModelType { handler.model }
}
