import MappingRegistry

/// One option the command line accepts: the table the parser and the help
/// text are both built from.
struct CommandLineOption: Sendable {
    /// The flag as typed, such as `--mappings`.
    var name: String
    /// The placeholder of its value (`FILE`), or `nil` for a flag without one.
    var valueName: String?
    /// The subcommands that accept it.
    var subcommands: Set<CommandLineSubcommand>
    /// One line for `--help`.
    var help: String

    static let mappings = CommandLineOption(
        name: "--mappings", valueName: "FILE", subcommands: [.render, .validate],
        help: "The mappings file. Default: mappings.json in the current directory, else the copy built into the tool."
    )
    static let data = CommandLineOption(
        name: "--data", valueName: "FILE", subcommands: [.render, .validate],
        help: "The data document to render or check. Default: the data built into the tool."
    )
    static let strict = CommandLineOption(
        name: "--strict", valueName: nil, subcommands: [.render],
        help: "Exit 1 when any item or supplementary model is missing a mapping or is ambiguous."
    )
    static let watch = CommandLineOption(
        name: "--watch", valueName: nil, subcommands: [.render],
        help: "Render again whenever the mappings or data file changes; keep the last good render on a bad edit. Ctrl-C ends (exit 0)."
    )
    static let format = CommandLineOption(
        name: "--format", valueName: "text|json", subcommands: [.validate],
        help: "How to print diagnostics: compiler-style text on stderr (default) or one JSON document on stdout."
    )
    static let warningsAsErrors = CommandLineOption(
        name: "--warnings-as-errors", valueName: nil, subcommands: [.validate],
        help: "Treat warnings as errors, so they make the command fail."
    )
    static let help = CommandLineOption(
        name: "--help", valueName: nil, subcommands: [.render, .validate],
        help: "Show this help and exit."
    )

    /// Every option, in help order.
    static let all: [CommandLineOption] = [.mappings, .data, .strict, .watch, .format, .warningsAsErrors, .help]
}
