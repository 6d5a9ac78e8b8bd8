extension Mapping {
    /// The events the mapping handles, by event name, each with its
    /// handler's registered name (`nil` for a Swift closure), sorted by
    /// event: what the command line's `diff` compares and prints.
    package var handlerNames: [(event: String, handler: String?)] {
        compiled.handlers.map { ($0.event, $0.name) }.sorted { $0.event < $1.event }
    }
}
