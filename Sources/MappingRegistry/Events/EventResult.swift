/// What sending an event to an item gave.
///
/// ```swift
/// switch registry.send(.didSelect, to: dish, at: position) {
/// case .handled: break                          // the mapping's handler ran
/// case .unhandled(let mapping): print("no didSelect on \(mapping.view)")
/// case .failed(let diagnostic): print(diagnostic)
/// }
/// ```
public enum EventResult<Output: Sendable>: Sendable {
    /// The item's mapping has a handler for the event; its answer.
    case handled(Output)
    /// The item resolved, and its mapping has no handler for the event.
    case unhandled(Mapping)
    /// The event could not be delivered: `missing-mapping`,
    /// `ambiguous-mapping`, `nil-model`, `missing-view`, `missing-context`
    /// or `incompatible-event` (the handler returns another type).
    case failed(Diagnostic)

    /// The handler's answer, when one ran.
    public var output: Output? {
        if case .handled(let output) = self { return output }
        return nil
    }
}
