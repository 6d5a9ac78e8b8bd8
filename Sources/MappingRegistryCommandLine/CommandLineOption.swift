import MappingRegistry

/// One option the command line accepts: the table the parser and the help
/// text are both built from.
struct CommandLineOption: Sendable {
    /// Which option it is. The parser switches over it exhaustively, so an
    /// option added to the table cannot go unread (or be taken for `--help`).
    enum Key: String, Sendable, CaseIterable {
        case mappings = "--mappings"
        case data = "--data"
        case strict = "--strict"
        case watch = "--watch"
        case catalog = "--catalog"
        case output = "--output"
        case format = "--format"
        case error = "--error"
        case warning = "--warning"
        case ignore = "--ignore"
        case warningsAsErrors = "--warnings-as-errors"
        case help = "--help"
    }

    /// Which option this is.
    var key: Key
    /// The flag as typed, such as `--mappings`.
    var name: String { key.rawValue }
    /// The placeholder of its value (`FILE`), or `nil` for a flag without one.
    var valueName: String?
    /// The subcommands that accept it.
    var subcommands: Set<CommandLineSubcommand>
    /// One line for `--help`.
    var help: String
    /// Whether it may be given more than once (each time with a value).
    var repeatable = false
    /// The subcommands for which it may be given more than once, when
    /// not all of them (`--catalog` for `validate`, `--data` for `diff`).
    var repeatableIn: Set<CommandLineSubcommand> = []

    /// Whether it may be given more than once to a subcommand.
    func repeats(in subcommand: CommandLineSubcommand) -> Bool {
        repeatable || repeatableIn.contains(subcommand)
    }

    /// The help line as a tool shows it: defaults it does not have are not promised.
    func help(for tool: CommandLineTool) -> String {
        switch key {
        case .mappings:
            "The mappings file. Default: \(tool.mappingsFileName) in the current directory"
                + (tool.bundledMappings == nil ? "." : ", else the copy built into the tool.")
        case .data where tool.isStandalone:
            help
        case .data:
            "The data document to render or check; for diff, repeatable." + (tool.bundledData == nil ? "" : " Default: the data built into the tool.")
        default:
            help
        }
    }

    static let mappings = CommandLineOption(
        key: .mappings, valueName: "FILE", subcommands: [.render, .browse, .validate],
        help: "The mappings file. Default: mappings.json in the current directory, else the copy built into the tool."
    )
    static let data = CommandLineOption(
        key: .data, valueName: "FILE", subcommands: [.render, .browse, .validate, .diff],
        help: "The data document to render, browse or check; for diff, repeatable. Default: the data built into the tool.",
        repeatableIn: [.diff]
    )
    static let strict = CommandLineOption(
        key: .strict, valueName: nil, subcommands: [.render],
        help: "Exit 1 when any item or supplementary model is missing a mapping or is ambiguous."
    )
    static let watch = CommandLineOption(
        key: .watch, valueName: nil, subcommands: [.render, .browse],
        help: "Render (or redraw the list) again whenever the mappings or data file changes; keep the last good version on a bad edit. Ctrl-C ends (exit 0)."
    )
    static let format = CommandLineOption(
        key: .format, valueName: "text|json|sarif|github", subcommands: [.validate, .diff],
        help: "How to print diagnostics: compiler-style text on stderr (default), or on stdout one JSON document, a SARIF 2.1.0 log, or GitHub Actions annotations. diff prints text on stdout (default), JSON or annotations (not SARIF).",
        valueNameIn: [.diff: "text|json|github"]
    )
    static let catalog = CommandLineOption(
        key: .catalog, valueName: "FILE", subcommands: [.validate, .schema, .lsp],
        help: "Check against a catalog file (written by an app's 'catalog' subcommand) instead of the app's own plugins. Repeatable for validate: each catalog is checked in turn and reported on its own.",
        repeatableIn: [.validate]
    )
    static let output = CommandLineOption(
        key: .output, valueName: "FILE", subcommands: [.catalog],
        help: "Write the catalog to FILE instead of standard output: whole or not at all (a temporary file beside it, then renamed over it), and not at all when FILE already holds it."
    )
    static let error = CommandLineOption(
        key: .error, valueName: "CODE", subcommands: [.validate],
        help: "Report diagnostics with this code as errors. Repeatable.", repeatable: true
    )
    static let warning = CommandLineOption(
        key: .warning, valueName: "CODE", subcommands: [.validate],
        help: "Report diagnostics with this code as warnings (not for codes that leave no usable registry). Repeatable.", repeatable: true
    )
    static let ignore = CommandLineOption(
        key: .ignore, valueName: "CODE", subcommands: [.validate],
        help: "Leave diagnostics with this code out (not for codes that leave no usable registry). Repeatable.", repeatable: true
    )
    static let warningsAsErrors = CommandLineOption(
        key: .warningsAsErrors, valueName: nil, subcommands: [.validate],
        help: "Treat warnings as errors, so they make the command fail."
    )
    static let help = CommandLineOption(
        key: .help, valueName: nil, subcommands: Set(CommandLineSubcommand.allCases),
        help: "Show this help and exit."
    )

    /// The placeholders of its value where one subcommand takes fewer
    /// values (`text|json|github` for `diff`'s `--format`).
    var valueNameIn: [CommandLineSubcommand: String] = [:]

    /// The option as usage text shows it: `--data FILE`.
    var usageTerm: String {
        name + (valueName.map { " \($0)" } ?? "")
    }

    /// The option as one subcommand's usage shows it.
    func usageTerm(in subcommand: CommandLineSubcommand) -> String {
        name + ((valueNameIn[subcommand] ?? valueName).map { " \($0)" } ?? "")
    }

    /// The option as `--help` lists it: as in usage text, and `-h, --help`.
    var helpTerm: String {
        name == Self.help.name ? "-h, --help" : usageTerm
    }

    /// Every option, in help order.
    static let all: [CommandLineOption] = [
        .mappings, .data, .strict, .watch, .catalog, .output, .format, .error, .warning, .ignore, .warningsAsErrors, .help,
    ]
}
