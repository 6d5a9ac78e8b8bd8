import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MappingRegistry
import ModelStorage

/// The command front end any app gets from its `PluginCatalog`: the
/// `render`, `browse`, `validate`, `diff`, `schema`, `catalog` and `lsp` subcommands, `--help`,
/// diagnostics on standard error, results on standard output, and an
/// ``ExitCode``.
///
/// ```swift
/// // main.swift of an app's executable
/// import Foundation
/// import MappingRegistryCommandLine
///
/// let tool = CommandLineTool(
///     name: "menu",
///     plugins: MenuPlugins.catalog,
///     bundledData: InputFile(name: "menu-data.json", text: defaultMenuData)
/// )
/// exit(tool.run().rawValue)
/// ```
///
/// The command line:
/// - `NAME [render] [--mappings FILE] [--data FILE] [--strict] [--watch]`
///   renders the data as text on standard output and reports every item
///   that no mapping or several mappings claim on standard error. It exits
///   0, or 1 with `--strict` when anything could not be rendered. With
///   `--watch` it renders again whenever the mappings or data file changes,
///   reports a bad edit and keeps the last good render, until Ctrl-C (exit 0).
/// - `NAME browse [--mappings FILE] [--data FILE] [--watch]` shows the data
///   as a full-screen list on the terminal, rendering only the rows on screen
///   through one `ReusePool` and sending `didSelect`, `willDisplay` and
///   `didEndDisplaying` through it; ``browseActions`` add keys that change
///   the render ``context``. It exits 0 on `q` or Ctrl-C, 129 when the
///   terminal goes away, 143 on SIGTERM, and 2 without a terminal; the
///   terminal is given back on every one of those paths.
/// - `NAME validate [--mappings FILE] [--data FILE] [--catalog FILE]
///   [--format text|json|sarif|github] [--error CODE] [--warning CODE]
///   [--ignore CODE] [--warnings-as-errors]` reports every problem of the
///   mappings file and, with data, of every stored item: exit 0 when
///   clean, 1 when errors were found. `--catalog` may be repeated: the
///   mappings are checked against each catalog, reported per catalog.
/// - `NAME diff OLD NEW [--data FILE]… [--format text|json|github]` lists
///   every stored item that mappings file NEW renders differently from
///   OLD (view, reuse identifier, decorators, handlers, or missing and
///   ambiguous): exit 0 when none does, 1 when one does, 2 when a file
///   cannot be read or does not load.
/// - `NAME schema [--catalog FILE] mappings|data` prints the JSON Schema of
///   mappings files or data documents; `NAME catalog [--output FILE]`
///   prints the catalog as JSON, or replaces FILE with it whole, for
///   `validate --catalog` and the `mapping-registry` tool.
/// - `NAME lsp [--catalog FILE]` serves mappings files and data documents
///   to an editor: a language server (LSP 3.17) on standard input and
///   output, until the client's `exit` (status 0 after `shutdown`, else 1).
/// - Exit 2 for a usage error or a file that cannot be read. The files
///   that can be read are still checked and their diagnostics reported.
///
/// Diagnostics are grouped by file in the order given (the mappings, then
/// the data; the `mapping-registry` tool's files in command-line order),
/// and in text and `github` output, characters of a message or file name
/// that would not print as themselves are escaped (`\u{1B}`).
///
/// Without `--mappings` the tool reads `mappings.json` from the current
/// directory and, when there is none, ``bundledMappings``. Without
/// `--data` it uses ``bundledData``.
public struct CommandLineTool: Sendable {
    /// The program name used in usage and help text.
    public var name: String
    /// One line saying what the program is, for `--help`.
    public var summary: String
    /// The plugins the mappings and the data may name.
    public var plugins: PluginCatalog
    /// Mappings every subcommand includes before the mappings file: the
    /// app's Swift `Map(…)` declarations, so `validate` checks a JSON file
    /// against them and `catalog` writes them into the catalog file.
    public var sources: [MappingSource]
    /// The file looked for in the current directory when `--mappings` is not given.
    public var mappingsFileName: String
    /// The mappings used when `--mappings` is not given and the current
    /// directory has no ``mappingsFileName``.
    public var bundledMappings: InputFile?
    /// The data used when `--data` is not given.
    public var bundledData: InputFile?
    /// The render context `render`, `validate` and `browse` give the
    /// predicates that read one (registered with
    /// `register(predicate:for:context:_:)`); `nil` for none. `browse`'s
    /// ``browseActions`` change its copy as the user presses their keys.
    public var context: (any Sendable)?
    /// Keys `browse` hands to the app, each changing the render context.
    public var browseActions: [BrowseAction] = []
    /// Which rows `browse` shows dimmed (where the terminal shows colour),
    /// such as a dish that is sold out: asked with each row's model
    /// (possibly wrapped in optionals) and the render context as it is
    /// now; `nil` dims none.
    ///
    /// ```swift
    /// tool.browseDimmed = { model, context in
    ///     guard let dish = model as? Dish, let state = context as? MenuState else { return false }
    ///     return state.soldOut.contains(dish.name)
    /// }
    /// ```
    public var browseDimmed: (@Sendable (_ model: Any, _ context: (any Sendable)?) -> Bool)?
    /// The subcommands and options this front end accepts.
    var grammar: CommandLineGrammar = .embedded
    /// What makes `render --watch` look at its files: polling threads and
    /// Ctrl-C, or a test's script.
    var watchDriver: WatchDriver = .polling
    /// What `browse` runs on: the process's terminal, or a test's script.
    var browseDriver: BrowseDriver = .terminal
    /// The size, in UTF-8 bytes, of the pieces `render` writes its text in;
    /// smaller in tests, so a few items make several pieces.
    var renderPieceSize = Self.defaultRenderPieceSize

    /// The size of the pieces `render` writes: 64 KiB.
    static let defaultRenderPieceSize = 64 * 1024

    /// Creates a command front end.
    ///
    /// - Parameters:
    ///   - name: The program name for usage and help text.
    ///   - summary: One line for `--help`.
    ///   - plugins: The models, views and predicates.
    ///   - sources: The app's own mappings (Swift declarations), included by every subcommand.
    ///   - mappingsFileName: The default mappings file in the current directory.
    ///   - bundledMappings: The mappings to fall back on, if any.
    ///   - bundledData: The default data, if any.
    public init(
        name: String,
        summary: String = "Render stored models through mappings.json, or check the mappings.",
        plugins: PluginCatalog,
        sources: [MappingSource] = [],
        mappingsFileName: String = "mappings.json",
        bundledMappings: InputFile? = nil,
        bundledData: InputFile? = nil
    ) {
        self.name = name
        self.summary = summary
        self.plugins = plugins
        self.sources = sources
        self.mappingsFileName = mappingsFileName
        self.bundledMappings = bundledMappings
        self.bundledData = bundledData
    }

    /// Runs the command line of this process: its arguments, standard
    /// output and standard error.
    ///
    /// `render` writes its text as it renders, 64 KiB at a time, so memory
    /// does not grow with the output. When standard output cannot be
    /// written (a full disk, for example), the command writes nothing more
    /// to it, says `NAME: error: cannot write to standard output` on
    /// standard error and exits 1.
    ///
    /// A closed pipe is the exception, as for every Unix filter: when the
    /// reader of standard output has gone (`menu | head -c 10`), the next
    /// write raises `SIGPIPE`, whose default action ends the process at
    /// once and quietly; the shell shows status 141 (128 + 13), as it does
    /// for `cat`. Nothing traps; the process is simply ended by the signal.
    /// A process that ignores `SIGPIPE` (or starts with it ignored) gets a
    /// failed write instead, and the message and exit status 1 above, as
    /// `cat` does then.
    ///
    /// `render --watch` runs until `SIGINT` (Ctrl-C), and then returns
    /// ``ExitCode/success``.
    ///
    /// - Returns: The exit code; pass its `rawValue` to `exit`.
    public func run() -> ExitCode {
        var output = FileHandleOutputStream(.standardOutput)
        var error = FileHandleOutputStream(.standardError)
        let code = run(
            arguments: Array(CommandLine.arguments.dropFirst()),
            standardOutput: &output,
            standardError: &error,
            outputIsTerminal: isatty(STDOUT_FILENO) == 1
        )
        if output.failed {
            error.write("\(name): error: cannot write to standard output\n")
            return code == .success ? .failure : code
        }
        return code
    }

    /// Runs a command line, writing into the given streams; for tests and
    /// for apps that embed the command.
    ///
    /// Relative paths are read relative to the current directory.
    /// `render --watch` runs until the process receives `SIGINT`: while it
    /// runs, it handles `SIGINT` itself (through Dispatch) and restores the
    /// previous handling when it returns ``ExitCode/success``.
    ///
    /// - Parameters:
    ///   - arguments: The arguments after the program name.
    ///   - standardOutput: Receives results: the rendered text, `--help`, JSON diagnostics.
    ///   - standardError: Receives diagnostics, summaries and usage messages.
    /// - Returns: ``ExitCode/success``, ``ExitCode/failure`` or ``ExitCode/usage``.
    public func run(
        arguments: [String],
        standardOutput: inout some TextOutputStream,
        standardError: inout some TextOutputStream
    ) -> ExitCode {
        run(arguments: arguments, standardOutput: &standardOutput, standardError: &standardError, outputIsTerminal: false)
    }

    /// A usage error as the tool prints it: the message (escaped), the
    /// subcommand's usage, and where to read more.
    func usageError(_ message: String, subcommand: CommandLineSubcommand?) -> String {
        "\(name): error: \(DiagnosticFormatter.escapingNonPrintingCharacters(message))\n"
            + usage(subcommand)
            + "Run '\(name) --help' for more.\n"
    }

    /// Runs a command line; `outputIsTerminal` says whether standard output
    /// is a terminal, where `render --watch` clears the screen before each render.
    func run(
        arguments: [String],
        standardOutput: inout some TextOutputStream,
        standardError: inout some TextOutputStream,
        outputIsTerminal: Bool
    ) -> ExitCode {
        let parsed: CommandLineArguments
        do {
            parsed = try CommandLineArguments.parse(arguments, grammar: grammar)
        } catch {
            standardError.write(usageError(error.message + suggestion(error.suggestion), subcommand: error.subcommand))
            return .usage
        }
        if parsed.help {
            standardOutput.write(helpText)
            return .success
        }
        var session = CommandSession(tool: self, arguments: parsed)
        session.outputIsTerminal = outputIsTerminal
        return session.run(standardOutput: &standardOutput, standardError: &standardError)
    }

    /// `; did you mean 'NAME validate --strict'?` for arguments as they
    /// were probably meant, or the empty string.
    func suggestion(_ arguments: [String]?) -> String {
        guard let arguments else { return "" }
        return "; did you mean '" + ([name] + arguments.map(Self.shellQuoted)).joined(separator: " ") + "'?"
    }

    /// An argument as a shell would need it typed: as it is when it has
    /// only characters no shell treats specially, else in single quotes.
    static func shellQuoted(_ argument: String) -> String {
        let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=,@%+")
        if !argument.isEmpty, argument.allSatisfy(plain.contains) { return argument }
        return "'" + argument.replacingOccurrences(of: "'", with: #"'\''"#) + "'"
    }

    // MARK: - Help

    /// The width usage and `--help` text are wrapped to.
    static let width = 80
    /// The column where the text of a `--help` entry starts.
    static let helpColumn = 26

    /// The usage lines of one subcommand, or of every one, wrapped to
    /// ``width``: options a subcommand needs without brackets and first,
    /// the others in brackets, then its arguments.
    func usage(_ subcommand: CommandLineSubcommand?) -> String {
        let subcommands = subcommand.map { [$0] } ?? grammar.subcommands
        var lines: [String] = []
        for (index, subcommand) in subcommands.enumerated() {
            let required = grammar.required[subcommand] ?? []
            let options = grammar.options(of: subcommand).filter { $0.name != CommandLineOption.help.name }
            let words = options.filter { required.contains($0.name) }.map { $0.usageTerm(in: subcommand) }
                + options.filter { !required.contains($0.name) }.map { "[\($0.usageTerm(in: subcommand))]" }
                + (grammar.arguments[subcommand].map { [$0] } ?? [])
            let command = subcommand == grammar.defaultSubcommand ? "\(name) [\(subcommand.rawValue)]" : "\(name) \(subcommand.rawValue)"
            lines += Self.wrap(words, after: (index == 0 ? "usage: " : "       ") + command)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// Words after a lead, as lines of at most `width` characters (a
    /// longer word gets a line of its own); continuation lines start with
    /// `indent`, by default under the first word.
    static func wrap(_ words: [String], after lead: String, indent: String? = nil, width: Int = width) -> [String] {
        let indent = indent ?? String(repeating: " ", count: min(lead.count + 1, width / 2))
        var lines: [String] = []
        var line = lead
        var empty = true
        for word in words {
            if !empty, line.count + 1 + word.count > width {
                lines.append(line)
                line = indent + word
            } else {
                line += (line.isEmpty ? "" : " ") + word
            }
            empty = false
        }
        return lines + [line]
    }

    /// Text as lines of at most `width` characters, broken at spaces.
    static func lines(of text: String, width: Int) -> [String] {
        wrap(text.split(separator: " ").map(String.init), after: "", indent: "", width: width)
    }

    /// One entry of `--help`: the term in a 24-column field, then its text
    /// wrapped to ``width``, continued under the field; a longer term gets
    /// the text on the next line, under the field.
    static func helpLine(_ term: String, _ text: String) -> String {
        let field = helpColumn - 2
        let margin = String(repeating: " ", count: helpColumn)
        var lines = Self.lines(of: text, width: width - helpColumn).map { margin + $0 }
        if term.count < field {
            lines[0] = "  " + term + String(lines[0].dropFirst(2 + term.count))
        } else {
            lines.insert("  " + term, at: 0)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The heading of the options that apply to some subcommands:
    /// `Options of render and validate:`, `Options of every subcommand:`.
    func optionsHeading(_ subcommands: [CommandLineSubcommand]) -> String {
        if subcommands == grammar.subcommands, subcommands.count > 1 { return "Options of every subcommand:" }
        let names = subcommands.map(\.rawValue)
        let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "") : names.joined()
        return "Options of \(list):"
    }

    /// The diagnostic codes the policy options take, by severity, from
    /// the code table; a `*` marks a code that cannot be downgraded.
    var diagnosticCodesHelp: String {
        let heading = "Diagnostic codes for --error, --warning and --ignore (* leaves no usable registry, so it cannot be made a warning or ignored):"
        var text = Self.lines(of: heading, width: Self.width).joined(separator: "\n") + "\n"
        for (severity, term) in [(Diagnostic.Severity.error, "errors"), (.warning, "warnings")] {
            let codes = Diagnostic.Code.table.filter { $0.severity == severity }
            guard !codes.isEmpty else { continue }
            text += Self.helpLine(term, codes.map { "\($0.code)" + ($0.fixedReason == nil ? "" : "*") }.joined(separator: ", "))
        }
        return text
    }

    /// The whole `--help` text, within ``width`` columns: the summary, the
    /// usage, the subcommands, the options grouped by the subcommands they
    /// apply to, the diagnostic codes the policy options take, and the exit codes.
    var helpText: String {
        var text = Self.lines(of: "\(name): \(summary)", width: Self.width).joined(separator: "\n")
        text += "\n\n\(usage(nil))\nSubcommands:\n"
        for subcommand in grammar.subcommands {
            text += Self.helpLine(subcommand.rawValue, grammar.summary(of: subcommand))
        }
        // Groups in the order of their first option.
        var groups: [(subcommands: [CommandLineSubcommand], options: [CommandLineOption])] = []
        for option in grammar.options {
            let subcommands = grammar.subcommands(of: option)
            guard !subcommands.isEmpty else { continue }
            if let index = groups.firstIndex(where: { $0.subcommands == subcommands }) {
                groups[index].options.append(option)
            } else {
                groups.append((subcommands, [option]))
            }
        }
        for group in groups {
            text += "\n\(optionsHeading(group.subcommands))\n"
            for option in group.options {
                text += Self.helpLine(option.helpTerm, option.help(for: self))
            }
        }
        if grammar.options.contains(where: { $0.name == CommandLineOption.ignore.name }) {
            text += "\n" + diagnosticCodesHelp
        }
        text += "\nExit codes:\n"
        for (code, meaning) in grammar.exitCodes {
            text += Self.helpLine("\(code.rawValue)", meaning)
        }
        return text
    }
}
