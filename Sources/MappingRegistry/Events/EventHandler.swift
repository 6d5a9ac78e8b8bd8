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
/// output types: running it looks nothing up by type.
@usableFromInline
struct HandlerBody: Sendable {
    /// Runs the handler and writes its answer, an `Output`, to `answer`.
    ///
    /// - Parameters:
    ///   - view: The view, for a view-taking handler.
    ///   - value: The (unwrapped) item.
    ///   - model: The address of (a copy of) `value`'s payload when its
    ///     dynamic type is exactly the handler's model type (``ModelValue``
    ///     says why); otherwise `nil`, and the handler casts `value`.
    ///   - position: Where the item is stored.
    ///   - answer: Uninitialized memory for one `Output`; initialized
    ///     exactly when the closure returns `true`.
    /// - Returns: `false`, running nothing, when the value is not of the
    ///   handler's model type or the view not of its view type.
    @usableFromInline
    typealias Run = @Sendable (
        _ view: AnyObject?, _ value: Any, _ model: UnsafeRawPointer?, _ position: ItemPosition, _ answer: UnsafeMutableRawPointer
    ) -> Bool

    /// The model type the closure reads from a `model` address.
    @usableFromInline
    let model: ObjectIdentifier
    /// The type the closure writes to `answer`.
    @usableFromInline
    let output: any Any.Type
    @usableFromInline
    let run: Run

    @usableFromInline
    init<M, Output: Sendable>(model: M.Type, output: Output.Type, _ run: @escaping Run) {
        self.model = ObjectIdentifier(M.self)
        self.output = Output.self
        self.run = run
    }

    /// The body of a `(model, position)` handler. Inlined where the handler
    /// is declared, so the body is compiled for its model and output types.
    @inlinable
    static func model<M, Output: Sendable>(_ handler: @escaping @Sendable (M, ItemPosition) -> Output) -> HandlerBody {
        HandlerBody(model: M.self, output: Output.self) { _, value, address, position, answer in
            guard let model = ModelValue.read(value, at: address, as: M.self) else { return false }
            answer.initializeMemory(as: Output.self, to: handler(model, position))
            return true
        }
    }

    /// The body of a `(view, model, position)` handler, inlined as ``model(_:)`` is.
    @inlinable
    static func view<V: AnyObject, M, Output: Sendable>(_ handler: @escaping @Sendable (V, M, ItemPosition) -> Output) -> HandlerBody {
        HandlerBody(model: M.self, output: Output.self) { view, value, address, position, answer in
            guard let view = view as? V, let model = ModelValue.read(value, at: address, as: M.self) else { return false }
            answer.initializeMemory(as: Output.self, to: handler(view, model, position))
            return true
        }
    }

    /// Runs the body: with the value's address when its dynamic type is
    /// exactly the body's model type, so the closure reads it in place
    /// (``ModelValue`` says why), else for the closure to cast.
    @inline(__always)
    func callAsFunction(view: AnyObject?, value: Any, at position: ItemPosition, answer: UnsafeMutableRawPointer) -> Bool {
        // Passing the `Any` opens it (SE-0352): `T` is its dynamic type.
        // `consuming`, so that the payload has an address without a call
        // to `withUnsafePointer`, which is not inlined where `T` is unknown.
        func exactly<T>(_ model: consuming T) -> Bool? {
            guard ObjectIdentifier(T.self) == self.model else { return nil }
            return runExactly(&model)
        }
        @inline(__always)
        func runExactly<T>(_ model: UnsafeMutablePointer<T>) -> Bool {
            run(view, value, UnsafeRawPointer(model), position, answer)
        }
        return exactly(value) ?? run(view, value, nil, position, answer)
    }
}

/// A handler registered by name, for `mappings.json` to list under `"events"`.
struct HandlerPlugin: NamedPlugin {
    let name: String
    let handler: EventHandler

    /// The model type the handler takes.
    var model: ModelType { handler.model }
}
