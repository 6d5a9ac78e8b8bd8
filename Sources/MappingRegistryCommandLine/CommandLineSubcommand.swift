import MappingRegistry

/// The subcommands of the command front end.
enum CommandLineSubcommand: String, Sendable, CaseIterable {
    /// Render the data as text through the mappings (the default).
    case render
    /// Check the mappings, and the data against them.
    case validate

    /// One line for `--help`.
    var summary: String {
        switch self {
        case .render: "Render the data as text through the mappings (the default subcommand)."
        case .validate: "Check the mappings, and every stored item against them; report every problem."
        }
    }
}
