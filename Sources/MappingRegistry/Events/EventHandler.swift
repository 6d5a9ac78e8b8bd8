import ModelStorage

/// One event handler with its types erased: what a compiled mapping keeps
/// per event, whether the handler came from `.on(…)` in Swift or from the
/// catalog by name.
struct EventHandler: Sendable {
    /// What calling a handler gave.
    enum Call {
        case returned(any Sendable)
        /// The handler takes a view and was given none, or one of another type.
        case needsView(String)
        /// The value is not of the handler's model type.
        case wrongModel
    }

    /// The event the handler is for.
    let event: String
    /// The registered name of a named handler; `nil` for a Swift closure.
    var name: String?
    /// The model type the handler takes.
    let model: ModelType
    /// The type the handler returns, and its name for messages.
    let output: ObjectIdentifier
    let outputName: String
    /// The view type a view-taking handler takes, by name; `nil` for `(model, position)`.
    let viewTypeName: String?
    let call: @Sendable (_ view: AnyObject?, _ value: Any, _ position: ItemPosition) -> Call

    /// A `(model, position)` handler.
    static func model<M, Output: Sendable>(
        _ event: MappingEvent<Output>, _ model: M.Type, _ handler: @escaping @Sendable (M, ItemPosition) -> Output
    ) -> EventHandler {
        EventHandler(
            event: event.name, name: nil, model: ModelType(model), output: ObjectIdentifier(Output.self),
            outputName: String(describing: Output.self), viewTypeName: nil
        ) { _, value, position in
            switch value {
            case let model as M: .returned(handler(model, position))
            default: .wrongModel
            }
        }
    }

    /// A `(view, model, position)` handler.
    static func view<V: AnyObject, M, Output: Sendable>(
        _ event: MappingEvent<Output>, _ view: V.Type, _ model: M.Type, _ handler: @escaping @Sendable (V, M, ItemPosition) -> Output
    ) -> EventHandler {
        let viewName = String(describing: V.self)
        return EventHandler(
            event: event.name, name: nil, model: ModelType(model), output: ObjectIdentifier(Output.self),
            outputName: String(describing: Output.self), viewTypeName: viewName
        ) { view, value, position in
            guard let view = view as? V else { return .needsView(viewName) }
            switch value {
            case let model as M: return .returned(handler(view, model, position))
            default: return .wrongModel
            }
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
