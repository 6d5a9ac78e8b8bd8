import MappingRegistry

/// The subcommands of the command front end.
enum CommandLineSubcommand: String, Sendable, CaseIterable {
    /// Render the data as text through the mappings (the default).
    case render
    /// Show the data as a full-screen list on a terminal.
    case browse
    /// Check the mappings, and the data against them.
    case validate
    /// Show which stored items two mappings files render differently.
    case diff
    /// Print a JSON Schema for mappings files or data documents.
    case schema
    /// Print the plugin catalog as JSON, for checking without the app.
    case catalog
    /// Serve mappings files and data documents to an editor (a language server).
    case lsp

    /// One line for `--help`.
    var summary: String {
        switch self {
        case .render: "Render the data as text through the mappings (the default subcommand)."
        case .browse: "Show the data as a full-screen list on a terminal: arrows, j/k, PgUp/PgDn, Home/End move; Enter selects; q quits."
        case .validate: "Check the mappings, and every stored item against them; report every problem."
        case .diff: "Show every stored item that mappings file NEW renders differently from OLD (view, reuse identifier, decorators, handlers, or missing/ambiguous); exit 1 when any does."
        case .schema: "Print the JSON Schema of mappings files (schema mappings) or data documents (schema data)."
        case .catalog: "Print the plugin catalog as JSON, or write it to a file with --output, for validate --catalog and the mapping-registry tool."
        case .lsp: "Serve mappings files and data documents to an editor: a language server (LSP 3.17) on standard input and output. Exit 0 after shutdown and exit."
        }
    }
}
