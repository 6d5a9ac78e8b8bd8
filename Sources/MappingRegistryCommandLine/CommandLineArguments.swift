import MappingRegistry

/// A parsed command line: the subcommand and the value of every option.
///
/// The parser is driven by ``CommandLineOption/all``: an option is accepted
/// only by the subcommands its table entry names, takes a value only when
/// the entry has a value name (as `--data FILE` or `--data=FILE`), and may
/// be given once. Anything else is a ``CommandLineUsageError``.
struct CommandLineArguments: Equatable, Sendable {
    /// Output formats of `validate`.
    enum Format: String, Sendable {
        case text, json
    }

    var subcommand: CommandLineSubcommand = .render
    var mappings: String?
    var data: String?
    var strict = false
    var watch = false
    var format: Format = .text
    var warningsAsErrors = false
    var help = false

    /// Parses the arguments after the program name.
    ///
    /// - Parameter arguments: The arguments, without the program name.
    /// - Returns: The parsed command line.
    /// - Throws: ``CommandLineUsageError`` for an unknown subcommand or
    ///   option, a missing or unexpected value, a repeated option, or an
    ///   extra argument.
    static func parse(_ arguments: [String]) throws(CommandLineUsageError) -> CommandLineArguments {
        var result = CommandLineArguments()
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard let subcommand = CommandLineSubcommand(rawValue: first) else {
                let names = CommandLineSubcommand.allCases.map(\.rawValue)
                let hint = Suggestion.hint(for: first, in: names)
                throw CommandLineUsageError("unknown subcommand '\(first)'\(hint)", subcommand: nil)
            }
            result.subcommand = subcommand
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
                throw CommandLineUsageError("unexpected argument '\(argument)'", subcommand: subcommand)
            }
            let name: String
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            } else {
                name = argument
            }
            let accepted = CommandLineOption.all.filter { $0.subcommands.contains(subcommand) }
            guard let option = accepted.first(where: { $0.name == name }) else {
                if CommandLineOption.all.contains(where: { $0.name == name }) {
                    throw CommandLineUsageError("option '\(name)' does not apply to '\(subcommand.rawValue)'", subcommand: subcommand)
                }
                let hint = Suggestion.hint(for: name, in: accepted.map(\.name))
                throw CommandLineUsageError("unknown option '\(name)'\(hint)", subcommand: subcommand)
            }
            guard seen.insert(name).inserted else {
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
        return result
    }

    private mutating func apply(_ option: CommandLineOption, value: String) throws(CommandLineUsageError) {
        switch option.name {
        case CommandLineOption.mappings.name: mappings = value
        case CommandLineOption.data.name: data = value
        case CommandLineOption.strict.name: strict = true
        case CommandLineOption.watch.name: watch = true
        case CommandLineOption.warningsAsErrors.name: warningsAsErrors = true
        case CommandLineOption.format.name:
            guard let format = Format(rawValue: value) else {
                throw CommandLineUsageError("'--format' must be 'text' or 'json', found '\(value)'", subcommand: subcommand)
            }
            self.format = format
        default: help = true
        }
    }
}
