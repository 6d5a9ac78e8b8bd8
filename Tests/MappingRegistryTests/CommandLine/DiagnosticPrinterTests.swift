@testable import MappingRegistry
import Testing

@Suite struct DiagnosticPrinterTests {
    private func printed(_ source: String, line: Int, column: Int) -> String {
        var printer = DiagnosticPrinter()
        printer.sources["f.json"] = Array(source.utf8)
        let diagnostic = Diagnostic(
            severity: .error, code: "x", message: "m",
            location: SourceLocation(file: "f.json", line: line, column: column, pointer: "")
        )
        return printer.format(diagnostic)
    }

    @Test func aShortLineIsShownWholeWithACaretUnderTheColumn() {
        #expect(printed("{\n  \"a\": tru\n}", line: 2, column: 8) == "f.json:2:8: error: m [x]\n  \"a\": tru\n       ^\n")
    }

    @Test func aLongLineIsShownAsAWindowAroundTheColumn() {
        let line = String(repeating: "[", count: 5_000)
        let output = printed(line, line: 1, column: 2_500)
        let lines = output.split(separator: "\n")
        #expect(lines.count == 3)
        #expect(lines[1] == "..." + String(repeating: "[", count: DiagnosticPrinter.excerptWidth) + "...")
        #expect(lines[2] == String(repeating: " ", count: 3 + DiagnosticPrinter.excerptWidth / 2) + "^")
    }

    @Test func aLineThatIsNotPrintableTextIsNotEchoed() {
        #expect(printed("ab\u{7}cd", line: 1, column: 3) == "f.json:1:3: error: m [x]\n")
    }
}
