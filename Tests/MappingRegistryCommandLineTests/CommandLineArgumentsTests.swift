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
        .init(arguments: ["--format", "json"], message: "option '--format' does not apply to 'render'"),
        .init(arguments: ["validate", "--strict"], message: "option '--strict' does not apply to 'validate'"),
        .init(arguments: ["--data"], message: "option '--data' needs a value: --data FILE"),
        .init(arguments: ["--data", "--strict"], message: "option '--data' needs a value: --data FILE"),
        .init(arguments: ["--data="], message: "option '--data' needs a value: --data FILE"),
        .init(arguments: ["--strict=yes"], message: "option '--strict' takes no value"),
        .init(arguments: ["--data", "a", "--data", "b"], message: "option '--data' is given more than once"),
        .init(arguments: ["render", "extra"], message: "unexpected argument 'extra'"),
        .init(arguments: ["validate", "--format", "xml"], message: "'--format' must be 'text', 'json', 'sarif' or 'github', found 'xml'"),
    ]

    @Test(arguments: rejected)
    func badCommandLinesAreUsageErrors(_ testCase: RejectedArgumentsCase) {
        #expect(throws: CommandLineUsageError.self) {
            _ = try CommandLineArguments.parse(testCase.arguments)
        }
        do {
            _ = try CommandLineArguments.parse(testCase.arguments)
        } catch {
            #expect(error.message == testCase.message)
        }
    }
}
