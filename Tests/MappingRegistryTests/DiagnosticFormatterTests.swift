import Foundation
import MappingRegistry
import Testing

@Suite struct DiagnosticFormatterTests {
    private func printed(_ source: String, line: Int, column: Int) -> String {
        var formatter = DiagnosticFormatter()
        formatter.addSource(Data(source.utf8), named: "f.json")
        let diagnostic = Diagnostic(
            severity: .error, code: "x", message: "m",
            location: SourceLocation(file: "f.json", line: line, column: column, pointer: "")
        )
        return formatter.format(diagnostic)
    }

    @Test func aShortLineIsShownWholeWithACaretUnderTheColumn() {
        #expect(printed("{\n  \"a\": tru\n}", line: 2, column: 8) == "f.json:2:8: error: m [x]\n  \"a\": tru\n       ^\n")
    }

    @Test func aLongLineIsShownAsAWindowAroundTheColumn() {
        let line = String(repeating: "[", count: 3_000)
        let output = printed(line, line: 1, column: 1_500)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == "..." + String(repeating: "[", count: DiagnosticFormatter.excerptWidth) + "...")
        #expect(lines[2] == String(repeating: " ", count: 3 + DiagnosticFormatter.excerptWidth / 2) + "^")
    }

    @Test func aLineTooLongToSearchIsNotEchoed() {
        let line = String(repeating: "[", count: DiagnosticFormatter.longestEchoedLine + 1)
        #expect(printed(line, line: 1, column: 5) == "f.json:1:5: error: m [x]\n")
    }

    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func manyDiagnosticsInALargeFilePrintInLinearTime() {
        // 20 000 lines, one diagnostic on each: quadratic printing would take minutes.
        let source = String(repeating: "{ \"model\": \"Dish\", \"value\": null },\n", count: 20_000)
        var formatter = DiagnosticFormatter()
        formatter.addSource(Data(source.utf8), named: "f.json")
        let diagnostics = (1...20_000).map { line in
            Diagnostic(severity: .error, code: "x", message: "m",
                       location: SourceLocation(file: "f.json", line: line, column: 3, pointer: ""))
        }
        let start = ContinuousClock.now
        let output = formatter.format(diagnostics)
        #expect(output.split(separator: "\n").count == 60_000)
        #expect(ContinuousClock.now - start < .seconds(20))
    }

    @Test func anEmptyLineIsNotEchoed() {
        #expect(printed("", line: 1, column: 1) == "f.json:1:1: error: m [x]\n")
    }

    @Test func aLineThatIsNotPrintableTextIsNotEchoed() {
        #expect(printed("ab\u{7}cd", line: 1, column: 3) == "f.json:1:3: error: m [x]\n")
    }
}
