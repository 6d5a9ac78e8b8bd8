import MappingRegistry
import MappingRegistryCommandLine

/// The SARIF log that `.ci/check-schemas` validates against the official
/// SARIF 2.1.0 schema: a diagnostic with notes and one without a location,
/// and a rule for every code of the table.
enum SARIFFixture {
    static let path = "Tests/Fixtures/sarif-with-notes.json"

    static let withNotes = Diagnostic(
        severity: .error, code: .duplicateMapping,
        message: "view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one",
        location: SourceLocation(file: "mappings.json", line: 3, column: 5, pointer: "/mappings/1"),
        notes: [
            Diagnostic.Note(
                message: "'DishRow' is declared here",
                location: SourceLocation(file: "mappings.json", line: 2, column: 5, pointer: "/mappings/0")
            ),
            Diagnostic.Note(message: "mappings from Swift come first"),
        ]
    )

    static let unlocated = Diagnostic(severity: .warning, code: .unusedView, message: "view 'Shelf' is registered but no mapping uses it")

    static func render() -> String {
        SARIFReport(toolName: "menu", diagnostics: [withNotes, unlocated], subjects: [unlocated: "mappings.json"]).rendered()
    }
}
