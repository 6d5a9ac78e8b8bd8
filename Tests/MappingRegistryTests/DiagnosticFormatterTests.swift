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

    @Test func manyDiagnosticsInALargeFileEachShowTheirOwnLine() {
        // One diagnostic on every line of a file whose lines all differ, given
        // out of order. (That printing stays linear in the number of
        // diagnostics is measured by Benchmarks' DiagnosticBenchmarks, not timed here.)
        let count = 2_000
        let source = (1...count).map { #"{ "model": "Dish", "value": \#($0) },"# }.joined(separator: "\n")
        var formatter = DiagnosticFormatter()
        formatter.addSource(Data(source.utf8), named: "f.json")
        let diagnostics = (1...count).reversed().map { line in
            Diagnostic(severity: .error, code: "x", message: "m",
                       location: SourceLocation(file: "f.json", line: line, column: 3, pointer: ""))
        }
        let output = formatter.format(diagnostics)
        let expected = (1...count).map { line in
            "f.json:\(line):3: error: m [x]\n{ \"model\": \"Dish\", \"value\": \(line) },\n  ^\n"
        }.joined()
        #expect(output == expected)
    }

    /// The formatter keeps the `Data` it is given, not a copy; a slice of
    /// a larger buffer (whose indexes do not start at 0) reads the same.
    @Test(arguments: ["", "\u{FEFF}", "\r\n"])
    func aSliceOfALargerBufferReadsAsItsOwnBytes(prefix: String) {
        let whole = Data(("junk\n" + prefix + "{\n  \"a\": tru\r\n}").utf8)
        let slice = whole[5...]
        #expect(slice.startIndex == 5)
        var formatter = DiagnosticFormatter()
        formatter.addSource(slice, named: "f.json")
        let line = prefix == "\r\n" ? 3 : 2
        let diagnostic = Diagnostic(severity: .error, code: "x", message: "m",
                                    location: SourceLocation(file: "f.json", line: line, column: 8, pointer: ""))
        #expect(formatter.format(diagnostic) == "f.json:\(line):8: error: m [x]\n  \"a\": tru\n       ^\n")
    }

    @Test func aLineBeyondTheEndOfTheFileIsNotEchoed() {
        #expect(printed("{}\n", line: 3, column: 1) == "f.json:3:1: error: m [x]\n")
        #expect(printed("\u{FEFF}", line: 1, column: 1) == "f.json:1:1: error: m [x]\n")
    }

    @Test func anEmptyLineIsNotEchoed() {
        #expect(printed("", line: 1, column: 1) == "f.json:1:1: error: m [x]\n")
    }

    @Test func aLineThatIsNotPrintableTextIsNotEchoed() {
        #expect(printed("ab\u{7}cd", line: 1, column: 3) == "f.json:1:3: error: m [x]\n")
    }
}

/// Notes print under their diagnostic, one compiler-style line each.
@Suite struct DiagnosticNoteFormattingTests {
    static let source = """
        { "version": 1, "mappings": [
            { "view": "DishRow", "model": "Dish" },
            { "view": "DishRow", "model": "Dish" }
        ] }
        """

    static func duplicate(notes: [Diagnostic.Note]) -> Diagnostic {
        Diagnostic(
            severity: .error, code: .duplicateMapping,
            message: "view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one",
            location: SourceLocation(file: "mappings.json", line: 3, column: 5, pointer: "/mappings/1"),
            notes: notes
        )
    }

    static let declaredHere = Diagnostic.Note(
        message: "'DishRow' is declared here",
        location: SourceLocation(file: "mappings.json", line: 2, column: 5, pointer: "/mappings/0")
    )

    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let notes: [Diagnostic.Note]
        let expected: String
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "a note in a known file, with its source line", notes: [declaredHere], expected: """
            mappings.json:3:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one [duplicate-mapping]
                { "view": "DishRow", "model": "Dish" }
                ^
            mappings.json:2:5: note: 'DishRow' is declared here
                { "view": "DishRow", "model": "Dish" },
                ^

            """),
        Case(name: "a note without a location", notes: [Diagnostic.Note(message: "the first mapping came from Swift")], expected: """
            mappings.json:3:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one [duplicate-mapping]
                { "view": "DishRow", "model": "Dish" }
                ^
            note: the first mapping came from Swift

            """),
        Case(
            name: "a note in a file the formatter does not know, escaped",
            notes: [Diagnostic.Note(message: "declared\u{1B} here", location: SourceLocation(file: "Feed/Mappings.swift", line: 12, column: 5, pointer: ""))],
            expected: """
                mappings.json:3:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one [duplicate-mapping]
                    { "view": "DishRow", "model": "Dish" }
                    ^
                Feed/Mappings.swift:12:5: note: declared\\u{1B} here

                """
        ),
    ]

    @Test(arguments: cases)
    func eachNoteIsALineUnderItsDiagnostic(_ testCase: Case) {
        var formatter = DiagnosticFormatter()
        formatter.addSource(Data(Self.source.utf8), named: "mappings.json")
        #expect(formatter.format(Self.duplicate(notes: testCase.notes)) == testCase.expected)
        #expect(formatter.format([Self.duplicate(notes: testCase.notes)]) == testCase.expected)
    }

    @Test func aDiagnosticsDescriptionStaysOneLineAndAnErrorsDescriptionListsTheNotes() {
        let diagnostic = Self.duplicate(notes: [Self.declaredHere])
        #expect(diagnostic.description == "mappings.json:3:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one [duplicate-mapping]")
        #expect(Self.declaredHere.description == "mappings.json:2:5: note: 'DishRow' is declared here")
        #expect(ConfigurationError(diagnostics: [diagnostic]).description == """
            mappings.json:3:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one [duplicate-mapping]
            mappings.json:2:5: note: 'DishRow' is declared here
            """)
    }
}
