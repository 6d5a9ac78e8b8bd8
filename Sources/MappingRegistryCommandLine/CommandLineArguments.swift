import MappingRegistry

/// A parsed command line: the subcommand and the value of every option.
///
/// The parser is driven by a ``CommandLineGrammar``: an option is accepted
/// only by the subcommands the grammar gives it, takes a value only when
/// its entry has a value name (as `--data FILE` or `--data=FILE`), and may
/// be given once unless it is repeatable (`--error`, `--warning`,
/// `--ignore`; `--catalog` for `validate`, `--data` for `diff`). Anything
/// else is a ``CommandLineUsageError``.
struct CommandLineArguments: Equatable, Sendable {
    /// Output formats of `validate`.
    enum Format: String, Sendable, CaseIterable {
        case text, json, sarif, github
    }

    var subcommand: CommandLineSubcommand = .render
    var mappings: String?
    /// `--data FILE`: the first one given (the only one, except for `diff`).
    var data: String? {
        get { dataFiles.first }
        set { dataFiles = newValue.map { [$0] } ?? [] }
    }
    /// Every `--data FILE`, in order.
    var dataFiles: [String] = []
    var strict = false
    var watch = false
    var format: Format = .text
    var warningsAsErrors = false
    var help = false
    /// `--catalog FILE`: check against a catalog file instead of the app's
    /// plugins; the first one given (the only one, except for `validate`).
    var catalog: String? {
        get { catalogs.first }
        set { catalogs = newValue.map { [$0] } ?? [] }
    }
    /// Every `--catalog FILE`, in order.
    var catalogs: [String] = []
    /// `--output FILE`: where `catalog` writes the catalog instead of standard output.
    var output: String?
    /// `--error`, `--warning` and `--ignore`, in order (a later one wins).
    var policy = DiagnosticPolicy()
    /// The arguments that are not options, for subcommands that take them.
    var arguments: [String] = []

    /// Parses the arguments after the program name.
    ///
    /// - Parameters:
    ///   - arguments: The arguments, without the program name.
    ///   - grammar: The subcommands and options accepted. Default: an app's.
    /// - Returns: The parsed command line.
    /// - Throws: ``CommandLineUsageError`` for an unknown subcommand or
    ///   option, a missing or unexpected value, a repeated option, an
    ///   extra argument, or a policy flag with a code it cannot take.
    ///
    /// A subcommand named after an option (`menu --strict validate`) is a
    /// usage error that says the subcommand comes first and, when the
    /// command line then parses, carries it reordered as a suggestion.
    static func parse(_ arguments: [String], grammar: CommandLineGrammar = .embedded) throws(CommandLineUsageError) -> CommandLineArguments {
        let error: CommandLineUsageError
        switch Result(catching: { () throws(CommandLineUsageError) in try parseInOrder(arguments, grammar: grammar) }) {
        case .success(let parsed): return parsed
        case .failure(let failure): error = failure
        }
        guard let index = misplacedSubcommand(in: arguments, grammar: grammar),
              let subcommand = CommandLineSubcommand(rawValue: arguments[index]) else { throw error }
        var reordered = arguments
        reordered.remove(at: index)
        reordered.insert(arguments[index], at: 0)
        let message = "subcommand '\(subcommand.rawValue)' must come first, before any option"
        switch Result(catching: { () throws(CommandLineUsageError) in try parseInOrder(reordered, grammar: grammar) }) {
        case .success:
            throw CommandLineUsageError(message, subcommand: subcommand, suggestion: reordered)
        case .failure(let then):
            throw CommandLineUsageError("\(message) (even then, \(then.message))", subcommand: subcommand)
        }
    }

    /// The index of a subcommand's name given after options, when the
    /// command line does not start with one; not a value of an option.
    private static func misplacedSubcommand(in arguments: [String], grammar: CommandLineGrammar) -> Int? {
        guard let first = arguments.first, first.hasPrefix("-") else { return nil }
        let names = Set(grammar.subcommands.map(\.rawValue))
        let takingValues = Set(grammar.options.filter { $0.valueName != nil }.map(\.name))
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            if names.contains(argument) { return index }
            index += takingValues.contains(argument) ? 2 : 1
        }
        return nil
    }

    /// Parses a command line whose subcommand, if any, comes first.
    private static func parseInOrder(_ arguments: [String], grammar: CommandLineGrammar) throws(CommandLineUsageError) -> CommandLineArguments {
        var result = CommandLineArguments()
        var rest = arguments[...]
        // A grammar without a default subcommand needs one named.
        var named = false
        result.subcommand = grammar.defaultSubcommand ?? .validate
        if let first = rest.first, !first.hasPrefix("-") {
            if let subcommand = CommandLineSubcommand(rawValue: first), let reason = grammar.unavailableSubcommands[subcommand] {
                throw CommandLineUsageError("subcommand '\(first)' is not available here: \(reason)", subcommand: nil)
            }
            guard let subcommand = CommandLineSubcommand(rawValue: first), grammar.subcommands.contains(subcommand) else {
                let names = grammar.subcommands.map(\.rawValue)
                let hint = Suggestion.hint(for: first, in: names)
                throw CommandLineUsageError("unknown subcommand '\(first)'\(hint)", subcommand: nil)
            }
            result.subcommand = subcommand
            named = true
            rest = rest.dropFirst()
        }
        let subcommand = result.subcommand
        var seen: Set<String> = []
        while let argument = rest.popFirst() {
            if argument == "-h" || argument == "--help" {
                result.help = true
                continue
            }
            guard argument.hasPrefix("--") else {
                if argument.hasPrefix("-"), argument != "-" {
                    let hint = Suggestion.hint(for: argument, in: grammar.options(of: subcommand).map(\.name))
                    throw CommandLineUsageError("unknown option '\(argument)'\(hint)", subcommand: subcommand)
                }
                guard grammar.arguments[subcommand] != nil else {
                    throw CommandLineUsageError("unexpected argument '\(argument)'", subcommand: subcommand)
                }
                result.arguments.append(argument)
                continue
            }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            guard let option = grammar.options(of: subcommand).first(where: { $0.name == name }) else {
                throw notAccepted(name, by: subcommand, grammar: grammar)
            }
            guard seen.insert(name).inserted || option.repeats(in: subcommand) else {
                throw CommandLineUsageError("option '\(name)' is given more than once", subcommand: subcommand)
            }
            var value: String?
            if let valueName = option.valueName {
                if let inlineValue {
                    value = inlineValue
                } else if let next = rest.first, !next.hasPrefix("--") {
                    value = next
                    rest = rest.dropFirst()
                }
                guard let value, !value.isEmpty else {
                    throw CommandLineUsageError("option '\(name)' needs a value: \(name) \(valueName)", subcommand: subcommand)
                }
            } else if inlineValue != nil {
                throw CommandLineUsageError("option '\(name)' takes no value", subcommand: subcommand)
            }
            try result.apply(option, value: value ?? "")
        }
        if grammar.defaultSubcommand == nil, !named, !result.help {
            let names = grammar.subcommands.map { "'\($0.rawValue)'" }
            let list = names.count > 1 ? names.dropLast().joined(separator: ", ") + " or " + (names.last ?? "") : names.joined()
            throw CommandLineUsageError("no subcommand; name \(list)", subcommand: nil)
        }
        return result
    }

    /// The usage error for an option `subcommand` does not take: one it
    /// has no need of, one this front end leaves out (and why), one of
    /// other subcommands (naming them), or one that no subcommand knows
    /// (with a did-you-mean among the subcommand's own).
    private static func notAccepted(
        _ name: String,
        by subcommand: CommandLineSubcommand,
        grammar: CommandLineGrammar
    ) -> CommandLineUsageError {
        if name == CommandLineOption.mappings.name, grammar.fileArguments.contains(subcommand),
           let placeholder = grammar.arguments[subcommand] {
            return CommandLineUsageError("option '\(name)' is not needed: name the files as arguments (\(placeholder))", subcommand: subcommand)
        }
        if let reason = grammar.unavailable[name] {
            return CommandLineUsageError("option '\(name)' is not available here: \(reason)", subcommand: subcommand)
        }
        if let option = grammar.options.first(where: { $0.name == name }) {
            let takers = grammar.subcommands(of: option).map { "'\($0.rawValue)'" }
            if let last = takers.last {
                let list = takers.count > 1 ? takers.dropLast().joined(separator: ", ") + " and " + last : last
                return CommandLineUsageError(
                    "option '\(name)' does not apply to '\(subcommand.rawValue)'; it is an option of \(list)",
                    subcommand: subcommand
                )
            }
        }
        let hint = Suggestion.hint(for: name, in: grammar.options(of: subcommand).map(\.name))
        return CommandLineUsageError("unknown option '\(name)'\(hint)", subcommand: subcommand)
    }

    /// Records an option the subcommand takes, with its value (empty for a flag).
    private mutating func apply(_ option: CommandLineOption, value: String) throws(CommandLineUsageError) {
        switch option.key {
        case .mappings: mappings = value
        case .data: dataFiles.append(value)
        case .strict: strict = true
        case .watch: watch = true
        case .warningsAsErrors: warningsAsErrors = true
        case .help: help = true
        case .format:
            guard let format = Format(rawValue: value) else {
                let names = Format.allCases.map(\.rawValue)
                let hint = Suggestion.hint(for: value, in: names)
                throw CommandLineUsageError("'--format' must be 'text', 'json', 'sarif' or 'github', found '\(value)'\(hint)", subcommand: subcommand)
            }
            if subcommand == .diff, format == .sarif {
                throw CommandLineUsageError("'--format sarif' does not apply to 'diff': its findings are changes, not problems; use 'text', 'json' or 'github'", subcommand: subcommand)
            }
            self.format = format
        case .catalog: catalogs.append(value)
        case .output: output = value
        case .error, .warning, .ignore:
            do {
                let code = Diagnostic.Code(rawValue: value)
                switch option.key {
                case .error: try policy.treat(code, as: .error)
                case .warning: try policy.treat(code, as: .warning)
                default: try policy.ignore(code)
                }
            } catch {
                throw CommandLineUsageError("\(option.name) \(value): \(error.message)", subcommand: subcommand)
            }
        }
    }
}
