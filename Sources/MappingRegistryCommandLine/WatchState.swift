import MappingRegistry

/// What `render --watch` shows: the last good version of each input.
struct WatchState {
    /// The files watched, for the status line: `mappings.json and data.json`.
    let watching: String
    var registry: MappingRegistry?
    var document: DataDocument?
    /// Renders written so far.
    var renders = 0
}
