import MappingRegistry

/// A command line the front end cannot run: what is wrong, for the usage
/// message printed before exiting with ``ExitCode/usage``.
struct CommandLineUsageError: Error, Equatable, Sendable {
    /// What is wrong, in one line.
    var message: String
    /// The subcommand whose usage to show, when it is known.
    var subcommand: CommandLineSubcommand?
    /// The arguments as they were probably meant (the subcommand moved to
    /// the front), for a "did you mean" with the program's name; `nil` when
    /// there is no such guess.
    var suggestion: [String]?

    init(_ message: String, subcommand: CommandLineSubcommand?, suggestion: [String]? = nil) {
        self.message = message
        self.subcommand = subcommand
        self.suggestion = suggestion
    }
}
