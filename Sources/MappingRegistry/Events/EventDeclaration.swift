/// One `event: handler` entry of a declaration: from `.on(…)` in Swift, or
/// from a mapping's `"events"` object in JSON.
struct EventDeclaration: Sendable {
    enum Handler: Sendable {
        /// A handler registered in the catalog under this name.
        case named(String)
        /// A closure given to `.on(…)`.
        case closure(EventHandler)
    }

    /// The event's name.
    let event: String
    let handler: Handler
    /// Where the event is named: the `.on(…)` call, or the key in JSON.
    let site: SourceLocation
    /// Where the handler is: the `.on(…)` call, or the handler's name in JSON.
    let handlerSite: SourceLocation
}
