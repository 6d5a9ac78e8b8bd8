import MappingRegistry

/// What a ``CheckJob`` found, handed back to ``LanguageServer/finish(_:)``:
/// published only when the document is still open at the job's revision.
struct CheckResult: Sendable {
    /// The document's URI.
    let uri: String
    /// The server's number for the text that was checked.
    let revision: Int
    /// The client's version of that text.
    let version: Int?
    /// The diagnostics about the document, sorted, with their ranges in that text.
    let diagnostics: [PublishedDiagnostic]
    /// For a mappings file: the registry it loaded into, when it loads.
    let registry: MappingRegistry?
    /// The line index of that text.
    let lines: LineIndex
    /// For a data document: each stored item that resolved, with the
    /// location of its mapping, for code lenses and a mapping's references.
    var rendered: [RenderedEntry] = []
    /// The tool's own mappings, when this check loaded them (`.some(nil)`
    /// when they do not load), for the server to keep.
    let defaultRegistry: MappingRegistry??
}

/// A data document's item that resolved: where its mapping is written, and
/// where the item is, in the text that was checked.
struct RenderedEntry: Sendable {
    /// The mapping's location (a fallback's is inside its mapping object).
    var mapping: SourceLocation
    /// The item's entry.
    var range: LSPRange
}
