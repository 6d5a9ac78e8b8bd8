import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// Text from a configuration never reaches a terminal as raw control
/// characters: the text and `github` formats escape them; JSON and SARIF
/// stay exact (JSON escapes them itself).
@Suite struct NonPrintingCharacterTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "non-printing-character-tests")

    static func diagnostic(_ message: String, file: String = "m.json") -> Diagnostic {
        Diagnostic(
            severity: .error, code: .unknownView, message: message,
            location: SourceLocation(file: file, line: 1, column: 1, pointer: "/mappings/0/view")
        )
    }

    /// No C0 control other than the line breaks between lines, no DEL, no C1 control.
    static func isTerminalSafe(_ text: String) -> Bool {
        !text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) }
    }

    @Test func theTextFormatEscapesControlCharactersInMessages() {
        let formatter = DiagnosticFormatter()
        #expect(formatter.format(Self.diagnostic("unknown view '\u{1B}[31mRED'"))
            == #"m.json:1:1: error: unknown view '\u{1B}[31mRED' [unknown-view]"# + "\n")
        #expect(formatter.format(Self.diagnostic("unknown view 'Price\u{0}Row'"))
            == #"m.json:1:1: error: unknown view 'Price\u{00}Row' [unknown-view]"# + "\n")
        #expect(formatter.format(Self.diagnostic("a\tb\nc\rd\u{7F}e\u{9B}f"))
            == #"m.json:1:1: error: a\tb\nc\rd\u{7F}e\u{9B}f [unknown-view]"# + "\n")
    }

    @Test func invisibleFormatCharactersAreEscapedAndOrdinaryTextIsNot() {
        let formatter = DiagnosticFormatter()
        // A right-to-left override and a zero-width space would hide what the name really is.
        #expect(formatter.format(Self.diagnostic("unknown view 'Dish\u{202E}woR' or 'Price\u{200B}Row'"))
            == #"m.json:1:1: error: unknown view 'Dish\u{202E}woR' or 'Price\u{200B}Row' [unknown-view]"# + "\n")
        let ordinary = "unknown view 'Café 日本 👩‍👩‍👧 \\u{1B} ü' \"quoted\""
        #expect(formatter.format(Self.diagnostic(ordinary)) == "m.json:1:1: error: \(ordinary) [unknown-view]\n")
    }

    @Test func aFileNameWithAControlCharacterIsEscapedToo() {
        let formatter = DiagnosticFormatter()
        #expect(formatter.format(Self.diagnostic("m", file: "a\u{1B}b.json")) == #"a\u{1B}b.json:1:1: error: m [unknown-view]"# + "\n")
    }

    @Test func aSourceLineWithABidirectionalOverrideIsNotEchoed() {
        var formatter = DiagnosticFormatter()
        formatter.addSource(Data("{\"view\": \"ab\u{202E}cd\"}".utf8), named: "m.json")
        #expect(formatter.format(Self.diagnostic("m")) == "m.json:1:1: error: m [unknown-view]\n")
        formatter.addSource(Data("{\"view\":\t\"abcd\"}".utf8), named: "m.json")
        #expect(formatter.format(Self.diagnostic("m")) == "m.json:1:1: error: m [unknown-view]\n{\"view\":\t\"abcd\"}\n^\n")
    }

    @Test func githubAnnotationsEscapeControlCharactersButKeepTheirLineBreakEscapes() {
        let line = GitHubAnnotations.line(for: Self.diagnostic("view '\u{1B}[31mRED'\u{0}\r\n"))
        #expect(line == #"::error file=m.json,line=1,col=1::view '\u{1B}[31mRED'\u{00}%0D%0A [unknown-view]"# + "\n")
    }

    @Test func everyFormatOfValidateIsSafeAndJSONIsExact() throws {
        let support = CommandLineToolTests()
        let mappings = try temporary.file(
            configuration(#"{ "view": "\u001b[31mRED", "model": "Dish" }"#, #"{ "view": "Price\u0000Row", "model": "Dish" }"#),
            name: "m.json"
        )
        let text = support.run(["validate", "--mappings", mappings])
        #expect(text.code == .failure)
        #expect(Self.isTerminalSafe(text.errors), "raw control characters in \(text.errors.debugDescription)")
        #expect(text.errors.contains(#"unknown view '\u{1B}[31mRED'"#))
        #expect(text.errors.contains(#"unknown view 'Price\u{00}Row'"#))
        let github = support.run(["validate", "--mappings", mappings, "--format", "github"])
        #expect(Self.isTerminalSafe(github.output) && Self.isTerminalSafe(github.errors))
        #expect(github.output.contains(#"unknown view '\u{1B}[31mRED'"#))
        // JSON keeps the exact message: a decoder gets the ESC and the NUL back.
        struct Report: Decodable { var diagnostics: [Diagnostic] }
        let json = support.run(["validate", "--mappings", mappings, "--format", "json"])
        #expect(Self.isTerminalSafe(json.output))
        let report = try JSONDecoder().decode(Report.self, from: Data(json.output.utf8))
        let messages = report.diagnostics.map(\.message)
        #expect(messages.contains("unknown view '\u{1B}[31mRED'"))
        #expect(messages.contains { $0.hasPrefix("unknown view 'Price\u{0}Row'") })
        let sarif = support.run(["validate", "--mappings", mappings, "--format", "sarif"])
        #expect(sarif.output.contains(#"unknown view '\u001b[31mRED'"#))
    }

    @Test func usageErrorsEscapeWhatWasTyped() {
        let result = CommandLineToolTests().run(["--bogus\u{1B}[2J"])
        #expect(result.code == .usage)
        #expect(result.errors.hasPrefix(#"tool: error: unknown option '--bogus\u{1B}[2J'"#))
        #expect(Self.isTerminalSafe(result.errors))
    }
}
