import MappingRegistry
@testable import MappingRegistryCommandLine
import Testing

/// One command line with an option its subcommand does not take, and the
/// exact message the tool must give.
struct MisplacedOptionCase: CustomTestStringConvertible, Sendable {
    let standalone: Bool
    let subcommand: String
    let option: String
    let message: String
    var testDescription: String { "\(standalone ? "mapping-registry" : "tool") \(subcommand) \(option)" }
}

/// One subcommand and one option it takes, from one of the two front ends.
struct TakenOption: CustomTestStringConvertible, Sendable {
    let standalone: Bool
    let subcommand: String
    let option: String
    var testDescription: String { "\(standalone ? "mapping-registry" : "tool") \(subcommand) \(option)" }
}

/// Every option a subcommand does not take, every option missing its value,
/// every flag given a value and every option given twice is a usage error:
/// exit 2, the message naming the option (and the subcommand), the
/// subcommand's usage, nothing on standard output. Never `--help`.
@Suite struct CommandLineUsageErrorTests {
    static func tool(standalone: Bool) -> CommandLineTool {
        standalone ? .standalone : CommandLineToolTests.tool()
    }

    /// How usage text shows each option of the full table, written out here
    /// rather than read from it.
    static let usageTerms: [String: String] = [
        "--mappings": "--mappings FILE", "--data": "--data FILE", "--strict": "--strict", "--watch": "--watch",
        "--catalog": "--catalog FILE", "--output": "--output FILE", "--format": "--format text|json|sarif|github",
        "--error": "--error CODE", "--warning": "--warning CODE", "--ignore": "--ignore CODE",
        "--warnings-as-errors": "--warnings-as-errors", "--help": "--help",
    ]

    /// A value an option accepts.
    static func value(for option: String) -> [String] {
        switch option {
        case "--format": ["json"]
        case "--error", "--warning", "--ignore": ["unused-view"]
        default: (usageTerms[option] ?? "").contains(" ") ? ["x.json"] : []
        }
    }

    static let onlyValidate = "it is an option of 'validate'"
    static let validateAndDiff = "it is an option of 'validate' and 'diff'"
    static let dataTakers = "it is an option of 'render', 'browse', 'validate' and 'diff'"
    static let onlyRender = "it is an option of 'render'"
    static let renderBrowseAndValidate = "it is an option of 'render', 'browse' and 'validate'"
    static let renderAndBrowse = "it is an option of 'render' and 'browse'"
    static let validateSchemaAndLSP = "it is an option of 'validate', 'schema' and 'lsp'"
    static let noData = "option '--data' is not available here: stored values need the app's own types: check them with the app's 'validate --data' ('diff' takes --data, and compares items by their model names)"
    static let noStrict = "option '--strict' is not available here: this tool does not render: '--strict' is an option of the app's 'render'"
    static let onlyCatalog = "it is an option of 'catalog'"
    static let noOutput = "option '--output' is not available here: a catalog comes from the app's own plugins: '--output' is an option of the app's 'catalog'"
    static let noWatch = "option '--watch' is not available here: this tool does not render: '--watch' is an option of the app's 'render' and 'browse'"

    static func app(_ subcommand: String, _ option: String, _ message: String) -> MisplacedOptionCase {
        MisplacedOptionCase(standalone: false, subcommand: subcommand, option: option, message: message)
    }

    static func standalone(_ subcommand: String, _ option: String, _ message: String) -> MisplacedOptionCase {
        MisplacedOptionCase(standalone: true, subcommand: subcommand, option: option, message: message)
    }

    /// Every subcommand of both front ends with every option of the full
    /// table that it does not take.
    static let misplaced: [MisplacedOptionCase] = [
        app("render", "--catalog", "option '--catalog' does not apply to 'render'; \(validateSchemaAndLSP)"),
        app("render", "--output", "option '--output' does not apply to 'render'; \(onlyCatalog)"),
        app("render", "--format", "option '--format' does not apply to 'render'; \(validateAndDiff)"),
        app("render", "--error", "option '--error' does not apply to 'render'; \(onlyValidate)"),
        app("render", "--warning", "option '--warning' does not apply to 'render'; \(onlyValidate)"),
        app("render", "--ignore", "option '--ignore' does not apply to 'render'; \(onlyValidate)"),
        app("render", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'render'; \(onlyValidate)"),

        app("browse", "--strict", "option '--strict' does not apply to 'browse'; \(onlyRender)"),
        app("browse", "--catalog", "option '--catalog' does not apply to 'browse'; \(validateSchemaAndLSP)"),
        app("browse", "--output", "option '--output' does not apply to 'browse'; \(onlyCatalog)"),
        app("browse", "--format", "option '--format' does not apply to 'browse'; \(validateAndDiff)"),
        app("browse", "--error", "option '--error' does not apply to 'browse'; \(onlyValidate)"),
        app("browse", "--warning", "option '--warning' does not apply to 'browse'; \(onlyValidate)"),
        app("browse", "--ignore", "option '--ignore' does not apply to 'browse'; \(onlyValidate)"),
        app("browse", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'browse'; \(onlyValidate)"),

        app("validate", "--strict", "option '--strict' does not apply to 'validate'; \(onlyRender)"),
        app("validate", "--watch", "option '--watch' does not apply to 'validate'; \(renderAndBrowse)"),
        app("validate", "--output", "option '--output' does not apply to 'validate'; \(onlyCatalog)"),

        app("diff", "--mappings", "option '--mappings' does not apply to 'diff'; \(renderBrowseAndValidate)"),
        app("diff", "--strict", "option '--strict' does not apply to 'diff'; \(onlyRender)"),
        app("diff", "--watch", "option '--watch' does not apply to 'diff'; \(renderAndBrowse)"),
        app("diff", "--catalog", "option '--catalog' does not apply to 'diff'; \(validateSchemaAndLSP)"),
        app("diff", "--output", "option '--output' does not apply to 'diff'; \(onlyCatalog)"),
        app("diff", "--error", "option '--error' does not apply to 'diff'; \(onlyValidate)"),
        app("diff", "--warning", "option '--warning' does not apply to 'diff'; \(onlyValidate)"),
        app("diff", "--ignore", "option '--ignore' does not apply to 'diff'; \(onlyValidate)"),
        app("diff", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'diff'; \(onlyValidate)"),

        app("schema", "--mappings", "option '--mappings' does not apply to 'schema'; \(renderBrowseAndValidate)"),
        app("schema", "--data", "option '--data' does not apply to 'schema'; \(dataTakers)"),
        app("schema", "--strict", "option '--strict' does not apply to 'schema'; \(onlyRender)"),
        app("schema", "--watch", "option '--watch' does not apply to 'schema'; \(renderAndBrowse)"),
        app("schema", "--format", "option '--format' does not apply to 'schema'; \(validateAndDiff)"),
        app("schema", "--output", "option '--output' does not apply to 'schema'; \(onlyCatalog)"),
        app("schema", "--error", "option '--error' does not apply to 'schema'; \(onlyValidate)"),
        app("schema", "--warning", "option '--warning' does not apply to 'schema'; \(onlyValidate)"),
        app("schema", "--ignore", "option '--ignore' does not apply to 'schema'; \(onlyValidate)"),
        app("schema", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'schema'; \(onlyValidate)"),

        app("catalog", "--mappings", "option '--mappings' does not apply to 'catalog'; \(renderBrowseAndValidate)"),
        app("catalog", "--data", "option '--data' does not apply to 'catalog'; \(dataTakers)"),
        app("catalog", "--strict", "option '--strict' does not apply to 'catalog'; \(onlyRender)"),
        app("catalog", "--watch", "option '--watch' does not apply to 'catalog'; \(renderAndBrowse)"),
        app("catalog", "--catalog", "option '--catalog' does not apply to 'catalog'; \(validateSchemaAndLSP)"),
        app("catalog", "--format", "option '--format' does not apply to 'catalog'; \(validateAndDiff)"),
        app("catalog", "--error", "option '--error' does not apply to 'catalog'; \(onlyValidate)"),
        app("catalog", "--warning", "option '--warning' does not apply to 'catalog'; \(onlyValidate)"),
        app("catalog", "--ignore", "option '--ignore' does not apply to 'catalog'; \(onlyValidate)"),
        app("catalog", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'catalog'; \(onlyValidate)"),

        app("lsp", "--mappings", "option '--mappings' does not apply to 'lsp'; \(renderBrowseAndValidate)"),
        app("lsp", "--data", "option '--data' does not apply to 'lsp'; \(dataTakers)"),
        app("lsp", "--strict", "option '--strict' does not apply to 'lsp'; \(onlyRender)"),
        app("lsp", "--watch", "option '--watch' does not apply to 'lsp'; \(renderAndBrowse)"),
        app("lsp", "--format", "option '--format' does not apply to 'lsp'; \(validateAndDiff)"),
        app("lsp", "--output", "option '--output' does not apply to 'lsp'; \(onlyCatalog)"),
        app("lsp", "--error", "option '--error' does not apply to 'lsp'; \(onlyValidate)"),
        app("lsp", "--warning", "option '--warning' does not apply to 'lsp'; \(onlyValidate)"),
        app("lsp", "--ignore", "option '--ignore' does not apply to 'lsp'; \(onlyValidate)"),
        app("lsp", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'lsp'; \(onlyValidate)"),

        standalone("validate", "--mappings", "option '--mappings' is not needed: name the files as arguments (MAPPINGS…)"),
        standalone("validate", "--data", noData),
        standalone("validate", "--strict", noStrict),
        standalone("validate", "--watch", noWatch),
        standalone("validate", "--output", noOutput),

        standalone("diff", "--mappings", "option '--mappings' is not needed: name the files as arguments (OLD NEW)"),
        standalone("diff", "--strict", noStrict),
        standalone("diff", "--watch", noWatch),
        standalone("diff", "--error", "option '--error' does not apply to 'diff'; \(onlyValidate)"),
        standalone("diff", "--warning", "option '--warning' does not apply to 'diff'; \(onlyValidate)"),
        standalone("diff", "--ignore", "option '--ignore' does not apply to 'diff'; \(onlyValidate)"),
        standalone("diff", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'diff'; \(onlyValidate)"),
        standalone("diff", "--output", noOutput),

        standalone("schema", "--mappings", "option '--mappings' is not available here: name the mappings files as arguments of 'validate'"),
        standalone("schema", "--data", noData),
        standalone("schema", "--strict", noStrict),
        standalone("schema", "--watch", noWatch),
        standalone("schema", "--output", noOutput),
        standalone("schema", "--format", "option '--format' does not apply to 'schema'; \(validateAndDiff)"),
        standalone("schema", "--error", "option '--error' does not apply to 'schema'; \(onlyValidate)"),
        standalone("schema", "--warning", "option '--warning' does not apply to 'schema'; \(onlyValidate)"),
        standalone("schema", "--ignore", "option '--ignore' does not apply to 'schema'; \(onlyValidate)"),
        standalone("schema", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'schema'; \(onlyValidate)"),

        standalone("lsp", "--mappings", "option '--mappings' is not available here: name the mappings files as arguments of 'validate'"),
        standalone("lsp", "--data", noData),
        standalone("lsp", "--strict", noStrict),
        standalone("lsp", "--watch", noWatch),
        standalone("lsp", "--output", noOutput),
        standalone("lsp", "--format", "option '--format' does not apply to 'lsp'; \(validateAndDiff)"),
        standalone("lsp", "--error", "option '--error' does not apply to 'lsp'; \(onlyValidate)"),
        standalone("lsp", "--warning", "option '--warning' does not apply to 'lsp'; \(onlyValidate)"),
        standalone("lsp", "--ignore", "option '--ignore' does not apply to 'lsp'; \(onlyValidate)"),
        standalone("lsp", "--warnings-as-errors", "option '--warnings-as-errors' does not apply to 'lsp'; \(onlyValidate)"),
    ]

    /// Runs a command line through the tool; the standard error it should
    /// print for a usage error with `message` about `subcommand`.
    static func expectUsageError(
        _ arguments: [String],
        _ message: String,
        subcommand: String,
        standalone: Bool,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let tool = tool(standalone: standalone)
        let result = CommandLineToolTests().run(arguments, tool: tool)
        let usage = tool.usage(CommandLineSubcommand(rawValue: subcommand))
        #expect(result.code == .usage, "\(arguments)", sourceLocation: sourceLocation)
        #expect(result.code.rawValue == 2, sourceLocation: sourceLocation)
        #expect(result.errors == "\(tool.name): error: \(message)\n\(usage)Run '\(tool.name) --help' for more.\n", sourceLocation: sourceLocation)
        #expect(result.output == "", sourceLocation: sourceLocation)
    }

    @Test(arguments: misplaced)
    func anOptionASubcommandDoesNotTakeIsAUsageErrorThatNamesBoth(_ testCase: MisplacedOptionCase) {
        let value = Self.value(for: testCase.option)
        Self.expectUsageError([testCase.subcommand, testCase.option] + value, testCase.message,
                              subcommand: testCase.subcommand, standalone: testCase.standalone)
        // Written with '=', or with its value left out, it is the same error.
        Self.expectUsageError([testCase.subcommand, testCase.option + "=" + (value.first ?? "x")], testCase.message,
                              subcommand: testCase.subcommand, standalone: testCase.standalone)
        if !value.isEmpty {
            Self.expectUsageError([testCase.subcommand, testCase.option], testCase.message,
                                  subcommand: testCase.subcommand, standalone: testCase.standalone)
        }
    }

    @Test func theTableCoversEverySubcommandAndEveryOptionItDoesNotTake() {
        var expected: Set<String> = []
        for standalone in [false, true] {
            let grammar = Self.tool(standalone: standalone).grammar
            for subcommand in grammar.subcommands {
                let taken = Set(grammar.options(of: subcommand).map(\.name))
                for option in CommandLineOption.all where !taken.contains(option.name) {
                    expected.insert(MisplacedOptionCase(standalone: standalone, subcommand: subcommand.rawValue, option: option.name, message: "").testDescription)
                }
            }
        }
        #expect(Set(Self.misplaced.map(\.testDescription)) == expected)
        #expect(Self.misplaced.count == expected.count)
    }

    @Test func theOptionTableHasEachOptionOnceAndTheUsageTermsHereMatchIt() {
        #expect(CommandLineOption.all.map(\.key).sorted { $0.rawValue < $1.rawValue }
            == CommandLineOption.Key.allCases.sorted { $0.rawValue < $1.rawValue })
        #expect(Dictionary(uniqueKeysWithValues: CommandLineOption.all.map { ($0.name, $0.usageTerm) }) == Self.usageTerms)
    }

    /// Every subcommand of both front ends with every option it takes.
    static let taken: [TakenOption] = [false, true].flatMap { standalone in
        let grammar = tool(standalone: standalone).grammar
        return grammar.subcommands.flatMap { subcommand in
            grammar.options(of: subcommand).map { option in
                TakenOption(standalone: standalone, subcommand: subcommand.rawValue, option: option.name)
            }
        }
    }

    @Test(arguments: taken)
    func everyOptionASubcommandTakesIsReadAndOnlyHelpAsksForHelp(_ testCase: TakenOption) throws {
        let grammar = Self.tool(standalone: testCase.standalone).grammar
        let without = try CommandLineArguments.parse([testCase.subcommand], grammar: grammar)
        let with = try CommandLineArguments.parse([testCase.subcommand, testCase.option] + Self.value(for: testCase.option), grammar: grammar)
        #expect(with != without)
        #expect(with.help == (testCase.option == "--help"))
    }

    @Test(arguments: taken.filter { (usageTerms[$0.option] ?? "").contains(" ") })
    func anOptionWithoutItsValueIsAUsageError(_ testCase: TakenOption) throws {
        let term = try #require(Self.usageTerms[testCase.option])
        let message = "option '\(testCase.option)' needs a value: \(term)"
        for arguments in [[testCase.option], [testCase.option + "="], [testCase.option, "--help"]] {
            Self.expectUsageError([testCase.subcommand] + arguments, message, subcommand: testCase.subcommand, standalone: testCase.standalone)
        }
    }

    @Test(arguments: taken.filter { !(usageTerms[$0.option] ?? " ").contains(" ") })
    func aFlagGivenAValueIsAUsageError(_ testCase: TakenOption) {
        Self.expectUsageError([testCase.subcommand, testCase.option + "=yes"], "option '\(testCase.option)' takes no value",
                              subcommand: testCase.subcommand, standalone: testCase.standalone)
    }

    @Test(arguments: taken.filter { $0.option != "--help" })
    func anOptionGivenTwiceIsAUsageErrorUnlessItRepeats(_ testCase: TakenOption) throws {
        let once = [testCase.option] + Self.value(for: testCase.option)
        let arguments = [testCase.subcommand] + once + once
        // Written out here rather than read from the table.
        let repeats = ["--error", "--warning", "--ignore"].contains(testCase.option)
            || (testCase.subcommand == "validate" && testCase.option == "--catalog")
            || (testCase.subcommand == "diff" && testCase.option == "--data")
        if repeats {
            let grammar = Self.tool(standalone: testCase.standalone).grammar
            #expect(throws: Never.self) { try CommandLineArguments.parse(arguments, grammar: grammar) }
        } else {
            Self.expectUsageError(arguments, "option '\(testCase.option)' is given more than once",
                                  subcommand: testCase.subcommand, standalone: testCase.standalone)
        }
    }

    @Test(arguments: [false, true])
    func anUnknownOptionIsAUsageErrorForEverySubcommand(standalone: Bool) {
        for subcommand in Self.tool(standalone: standalone).grammar.subcommands {
            Self.expectUsageError([subcommand.rawValue, "--bogus"], "unknown option '--bogus'",
                                  subcommand: subcommand.rawValue, standalone: standalone)
            Self.expectUsageError([subcommand.rawValue, "-b"], "unknown option '-b'",
                                  subcommand: subcommand.rawValue, standalone: standalone)
        }
    }
}
