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
    /// The options, in help order; each accepted only by those of its
    /// subcommands that are in ``subcommands``.
    var options: [CommandLineOption]
    /// For each subcommand that takes arguments, their placeholder in usage
    /// text (`mappings|data`, `MAPPINGS…`).
    var arguments: [CommandLineSubcommand: String]
    /// The subcommands whose arguments are mappings files (so `--mappings`
    /// is not needed).
    var fileArguments: Set<CommandLineSubcommand> = []
    /// For each subcommand, the options it cannot run without: usage text
    /// shows them without brackets.
    var required: [CommandLineSubcommand: Set<String>] = [:]
    /// For options of the full table that this front end leaves out, why:
    /// the usage error says so instead of "unknown option".
    var unavailable: [String: String] = [:]
    /// For subcommands of the full table that this front end leaves out,
    /// why: the usage error says so instead of "unknown subcommand".
    var unavailableSubcommands: [CommandLineSubcommand: String] = [:]
    /// One-line summaries that replace ``CommandLineSubcommand/summary`` here.
    var summaries: [CommandLineSubcommand: String] = [:]
    /// The exit codes and what each means, for `--help`.
    var exitCodes: [(code: ExitCode, meaning: String)]

    /// The options a subcommand accepts, in help order.
    func options(of subcommand: CommandLineSubcommand) -> [CommandLineOption] {
        options.filter { $0.subcommands.contains(subcommand) }
    }

    /// The subcommands of this grammar that accept an option, in help order.
    func subcommands(of option: CommandLineOption) -> [CommandLineSubcommand] {
        subcommands.filter { option.subcommands.contains($0) }
    }

    /// The one-line summary of a subcommand for `--help`.
    func summary(of subcommand: CommandLineSubcommand) -> String {
        summaries[subcommand] ?? subcommand.summary
    }

    /// An app's command: `render` (the default), `browse`, `validate`,
    /// `diff`, `schema`, `catalog`, `lsp`.
    static let embedded = CommandLineGrammar(
        subcommands: CommandLineSubcommand.allCases,
        defaultSubcommand: .render,
        options: CommandLineOption.all,
        arguments: [.schema: "mappings|data", .diff: "OLD NEW"],
        exitCodes: [
            (.success, "Success: rendered, validated with no errors, or (diff) no stored item renders differently."),
            (.failure, "Errors found (or, for render --strict, an item missing or ambiguous; for diff, an item that renders differently)."),
            (.usage, "Usage error, or a file (mappings, data, catalog) that cannot be read (for diff, or does not load); browse without a terminal."),
            (.terminalGone, "browse: the terminal went away (hang-up, end of input, a failed write)."),
            (.terminated, "browse: ended by SIGTERM, after giving the terminal back."),
        ]
    )

    /// The standalone tool: `validate`, `diff`, `schema` and `lsp`, against
    /// a catalog file, which each needs. It does not render, and stored
    /// values need the app's own types, so the options for those are left
    /// out; `diff` reads data documents for their model names only.
    static let standalone: CommandLineGrammar = {
        let subcommands: [CommandLineSubcommand] = [.validate, .diff, .schema, .lsp]
        let left = [CommandLineOption.mappings, .strict, .watch].map(\.name)
        let options = CommandLineOption.all
            .filter { !left.contains($0.name) && !$0.subcommands.isDisjoint(with: subcommands) }
            .map { option in
                var adapted = option
                switch option.key {
                case .catalog:
                    adapted.subcommands.insert(.diff)
                    adapted.help = "The catalog file to check against, written by an app's 'catalog' subcommand. Required; repeatable for validate: each catalog is checked in turn and reported on its own."
                case .data:
                    adapted.subcommands = [.diff]
                    adapted.help = "A data document whose stored items diff compares, each by its model's name. Required; repeatable."
                case .format:
                    adapted.help = "How to print diagnostics: compiler-style text on stderr (default), or on stdout one JSON document, a SARIF 2.1.0 log, or GitHub Actions annotations. diff prints text on stdout (default), JSON or annotations (not SARIF)."
                default:
                    break
                }
                return adapted
            }
        return CommandLineGrammar(
            subcommands: subcommands,
            defaultSubcommand: nil,
            options: options,
            arguments: [.validate: "MAPPINGS…", .diff: "OLD NEW", .schema: "mappings|data"],
            fileArguments: [.validate, .diff],
            required: [
                .validate: [CommandLineOption.catalog.name],
                .diff: [CommandLineOption.catalog.name, CommandLineOption.data.name],
                .schema: [CommandLineOption.catalog.name],
                .lsp: [CommandLineOption.catalog.name],
            ],
            unavailable: [
                CommandLineOption.mappings.name: "name the mappings files as arguments of 'validate'",
                CommandLineOption.data.name: "stored values need the app's own types: check them with the app's 'validate --data' ('diff' takes --data, and compares items by their model names)",
                CommandLineOption.strict.name: "this tool does not render: '--strict' is an option of the app's 'render'",
                CommandLineOption.watch.name: "this tool does not render: '--watch' is an option of the app's 'render' and 'browse'",
                CommandLineOption.output.name: "a catalog comes from the app's own plugins: '--output' is an option of the app's 'catalog'",
            ],
            unavailableSubcommands: [
                .catalog: "a catalog comes from the app's own plugins: run the app's command, 'APP catalog --output catalog.json'",
            ],
            summaries: [
                .validate: "Check each mappings file on its own against the catalog; report every problem.",
                .diff: "Show every stored item that mappings file NEW renders, or may render, differently from OLD, deciding by the items' model names and the catalog; where a predicate decides, say when. Exit 1 when any does or may.",
                .schema: "Print the JSON Schema of mappings files (schema mappings) or data documents (schema data), from the catalog.",
                .lsp: "Serve mappings files to an editor, checked against the catalog: a language server (LSP 3.17) on standard input and output. Exit 0 after shutdown and exit.",
            ],
            exitCodes: [
                (.success, "No errors in any mappings file; for diff, no stored item renders differently, whatever the predicates answer."),
                (.failure, "Errors found in a mappings file; for diff, a stored item renders, or may render, differently."),
                (.usage, "Usage error, or a file (mappings, catalog, data) that cannot be read (for diff, or does not load)."),
            ]
        )
    }()
}
