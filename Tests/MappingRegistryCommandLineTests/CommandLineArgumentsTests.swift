import MappingRegistry
@testable import MappingRegistryCommandLine
import Testing

/// One command line the parser must reject, and the message it must give.
struct RejectedArgumentsCase: CustomTestStringConvertible, Sendable {
    let arguments: [String]
    let message: String
    var testDescription: String { arguments.joined(separator: " ") }
}

@Suite struct CommandLineArgumentsTests {
    @Test func noArgumentsMeansRenderWithDefaults() throws {
        #expect(try CommandLineArguments.parse([]) == CommandLineArguments())
    }

    @Test func everyOptionOfValidateIsRead() throws {
        let parsed = try CommandLineArguments.parse([
            "validate", "--mappings", "m.json", "--data=d.json", "--format", "json", "--warnings-as-errors",
        ])
        var expected = CommandLineArguments()
        expected.subcommand = .validate
        expected.mappings = "m.json"
        expected.data = "d.json"
        expected.format = .json
        expected.warningsAsErrors = true
        #expect(parsed == expected)
    }

    @Test func renderTakesStrictAndHelpWorksAnywhere() throws {
        let parsed = try CommandLineArguments.parse(["render", "--strict", "-h"])
        #expect(parsed.subcommand == .render)
        #expect(parsed.strict)
        #expect(parsed.help)
    }

    static let rejected: [RejectedArgumentsCase] = [
        .init(arguments: ["validat"], message: "unknown subcommand 'validat'; did you mean 'validate'?"),
        .init(arguments: ["--mapings", "x"], message: "unknown option '--mapings'; did you mean '--mappings'?"),
        .init(arguments: ["--frobnicate"], message: "unknown option '--frobnicate'"),
        .init(arguments: ["--format", "json"], message: "option '--format' does not apply to 'render'; it is an option of 'validate' and 'diff'"),
        .init(arguments: ["validate", "--strict"], message: "option '--strict' does not apply to 'validate'; it is an option of 'render'"),
        .init(arguments: ["--data"], message: "option '--data' needs a value: --data FILE"),
        .init(arguments: ["--data", "--strict"], message: "option '--data' needs a value: --data FILE"),
        .init(arguments: ["--data="], message: "option '--data' needs a value: --data FILE"),
        .init(arguments: ["--strict=yes"], message: "option '--strict' takes no value"),
        .init(arguments: ["--data", "a", "--data", "b"], message: "option '--data' is given more than once"),
        .init(arguments: ["render", "extra"], message: "unexpected argument 'extra'"),
        .init(arguments: ["validate", "--format", "xml"], message: "'--format' must be 'text', 'json', 'sarif' or 'github', found 'xml'"),
        .init(arguments: ["validate", "--format", "sarf"], message: "'--format' must be 'text', 'json', 'sarif' or 'github', found 'sarf'; did you mean 'sarif'?"),
        .init(arguments: ["validate", "--ignore", "unsued-view"], message: "--ignore unsued-view: unknown diagnostic code 'unsued-view'; did you mean 'unused-view'?"),
        .init(arguments: ["validate", "--warning", "missing-key"], message: "--warning missing-key: 'missing-key' cannot be made a warning: it leaves no usable registry (a required value is absent, and filling it in would be a guess)"),
        .init(arguments: ["validate", "--ignore", "reuse-identifier-conflict"], message: "--ignore reuse-identifier-conflict: 'reuse-identifier-conflict' cannot be ignored: it leaves no usable registry (one reuse pool cannot hold two view types, so rendering through it would fail)"),
        .init(arguments: ["render", "--ignore", "unused-view"], message: "option '--ignore' does not apply to 'render'; it is an option of 'validate'"),
        .init(arguments: ["validate", "m.json"], message: "unexpected argument 'm.json'"),
    ]

    @Test func policyFlagsRepeatAndALaterOneWins() throws {
        let parsed = try CommandLineArguments.parse([
            "validate", "--ignore", "unused-view", "--error", "unused-predicate", "--warning", "overlapping-mappings",
            "--ignore", "unused-decorator", "--warning", "unused-view",
        ])
        var expected = DiagnosticPolicy()
        try expected.treat(.unusedPredicate, as: .error)
        try expected.treat(.overlappingMappings, as: .warning)
        try expected.ignore(.unusedDecorator)
        try expected.treat(.unusedView, as: .warning)
        #expect(parsed.policy == expected)
    }

    @Test func theStandaloneGrammarTakesFilesAndNeedsASubcommand() throws {
        let parsed = try CommandLineArguments.parse(["validate", "--catalog", "c.json", "a.json", "b.json", "--format", "sarif"], grammar: .standalone)
        #expect(parsed.arguments == ["a.json", "b.json"])
        #expect(parsed.catalog == "c.json")
        #expect(parsed.format == .sarif)
        #expect(throws: CommandLineUsageError("no subcommand; name 'validate', 'diff', 'schema' or 'lsp'", subcommand: nil)) {
            try CommandLineArguments.parse(["--catalog", "c.json"], grammar: .standalone)
        }
        #expect(throws: CommandLineUsageError("option '--mappings' is not needed: name the files as arguments (MAPPINGS…)", subcommand: .validate)) {
            try CommandLineArguments.parse(["validate", "--mappings", "m.json"], grammar: .standalone)
        }
        #expect(throws: CommandLineUsageError("unknown subcommand 'render'", subcommand: nil)) {
            try CommandLineArguments.parse(["render"], grammar: .standalone)
        }
        #expect(try CommandLineArguments.parse(["--help"], grammar: .standalone).help)
    }

    @Test(arguments: rejected)
    func badCommandLinesAreUsageErrors(_ testCase: RejectedArgumentsCase) {
        let error = #expect(throws: CommandLineUsageError.self) {
            _ = try CommandLineArguments.parse(testCase.arguments)
        }
        #expect(error?.message == testCase.message)
    }
}
