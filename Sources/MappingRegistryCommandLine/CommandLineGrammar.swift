import MappingRegistry

/// The command line a front end accepts: its subcommands, its options and
/// which subcommands take arguments that are not options. An app's
/// ``CommandLineTool`` and the `mapping-registry` tool parse with the same
/// parser and differ only here.
struct CommandLineGrammar: Sendable {
    /// The subcommands, in help order.
    var subcommands: [CommandLineSubcommand]
    /// The subcommand when none is named; `nil` when one must be.
    var defaultSubcommand: CommandLineSubcommand?
    /// The options, in help order.
    var options: [CommandLineOption]
    /// For each subcommand that takes arguments, their placeholder in usage
    /// text (`mappings|data`, `MAPPINGS…`).
    var arguments: [CommandLineSubcommand: String]

    /// An app's command: `render` (the default), `validate`, `schema`, `catalog`.
    static let embedded = CommandLineGrammar(
        subcommands: CommandLineSubcommand.allCases,
        defaultSubcommand: .render,
        options: CommandLineOption.all,
        arguments: [.schema: "mappings|data"]
    )

    /// The standalone validator: `validate` and `schema`, against a catalog file.
    static let standalone = CommandLineGrammar(
        subcommands: [.validate, .schema],
        defaultSubcommand: nil,
        options: CommandLineOption.all.filter { option in
            ![CommandLineOption.mappings.name, CommandLineOption.data.name, CommandLineOption.strict.name].contains(option.name)
        },
        arguments: [.validate: "MAPPINGS…", .schema: "mappings|data"]
    )
}
