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
    /// The handler itself.
    let body: HandlerBody

    /// A `(model, position)` handler.
    static func model(_ event: String, _ model: ModelType, body: HandlerBody) -> EventHandler {
        EventHandler(event: event, name: nil, model: model, view: nil, body: body)
    }

    /// A `(view, model, position)` handler.
    static func view<V: AnyObject>(_ event: String, _ view: V.Type, _ model: ModelType, body: HandlerBody) -> EventHandler {
        EventHandler(event: event, name: nil, model: model, view: ViewRequirement(V.self), body: body)
    }

    init(event: String, name: String?, model: ModelType, view: ViewRequirement?, body: HandlerBody) {
        self.event = event
        self.name = name
        self.model = model
        output = ObjectIdentifier(body.output)
        outputName = String(describing: body.output)
        self.view = view
        self.body = body
    }

    /// The same handler under a registered name.
    func named(_ name: String) -> EventHandler {
        EventHandler(event: event, name: name, model: model, view: view, body: body)
    }
}

/// A handler's closure with its model and output types erased, made where
/// the handler is declared.
///
/// `@usableFromInline`, with its builders ``model(_:)`` and ``view(_:)``
/// `@inlinable`, so that the closure is compiled where `.on(…)` or
/// `register(handler:…)` is written, for the handler's own model and
/// output types. The closure answers through its type: it is kept in a
/// ``TypedHandler`` of its output type, which `send`, inlined where the
/// event's output type is known, gets back with a class cast.
@usableFromInline
struct HandlerBody: Sendable {
    /// The type the handler answers with.
    @usableFromInline
    let output: any Any.Type
    /// The handler's ``TypedHandler``, of its output type.
    @usableFromInline
    let typed: any AnyObject & Sendable

    @usableFromInline
    init<Output: Sendable>(_ typed: TypedHandler<Output>) {
        output = Output.self
        self.typed = typed
    }

    /// The body of a `(model, position)` handler. Inlined where the handler
    /// is declared, so the body is compiled for its model and output types.
    @inlinable
    static func model<M, Output: Sendable>(_ handler: @escaping @Sendable (M, ItemPosition) -> Output) -> HandlerBody {
        HandlerBody(TypedHandler<Output> { _, value, position in
            guard let model = ModelValue.read(value, as: M.self) else { return nil }
            return handler(model, position)
        })
    }

    /// The body of a `(view, model, position)` handler, inlined as ``model(_:)`` is.
    @inlinable
    static func view<V: AnyObject, M, Output: Sendable>(_ handler: @escaping @Sendable (V, M, ItemPosition) -> Output) -> HandlerBody {
        HandlerBody(TypedHandler<Output> { view, value, position in
            guard let view = view as? V, let model = ModelValue.read(value, as: M.self) else { return nil }
            return handler(view, model, position)
        })
    }
}

/// A handler's closure at its output type: what `send` runs once it has
/// cast the handler's ``HandlerBody/typed`` to the event's `TypedHandler<Output>`.
@usableFromInline
final class TypedHandler<Output: Sendable>: Sendable {
    /// Runs the handler on a value and a view.
    ///
    /// - Parameters:
    ///   - view: The view, for a view-taking handler.
    ///   - value: The (unwrapped) item.
    ///   - position: Where the item is stored.
    /// - Returns: The handler's answer; `nil`, running nothing, when the
    ///   value is not of the handler's model type or the view not of its view type.
    @usableFromInline
    typealias Run = @Sendable (_ view: AnyObject?, _ value: Any, _ position: ItemPosition) -> Output?

    @usableFromInline
    let run: Run

    @usableFromInline
    init(_ run: @escaping Run) {
        self.run = run
    }
}

/// A handler registered by name, for `mappings.json` to list under `"events"`.
struct HandlerPlugin: NamedPlugin {
    let name: String
    let handler: EventHandler

    /// The model type the handler takes.
    var model: ModelType { handler.model }
}
