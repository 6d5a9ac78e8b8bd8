import MappingRegistry

/// A command line the front end cannot run: what is wrong, for the usage
/// message printed before exiting with ``ExitCode/usage``.
struct CommandLineUsageError: Error, Equatable, Sendable {
    /// What is wrong, in one line.
    var message: String
    /// The subcommand whose usage to show, when it is known.
    var subcommand: CommandLineSubcommand?

    init(_ message: String, subcommand: CommandLineSubcommand?) {
        self.message = message
        self.subcommand = subcommand
    }
}
