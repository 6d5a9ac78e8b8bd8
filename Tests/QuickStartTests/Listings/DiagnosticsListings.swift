import Foundation
import MappingRegistry
import Testing

/// The listing of "Diagnostics reference": a severity policy.
@Suite struct DiagnosticsListings {
    func load(data: Data, plugins: PluginCatalog) throws -> MappingRegistry {
        // doc-listing: severity-policy
        var policy = DiagnosticPolicy()
        try policy.treat(.overlappingMappings, as: .warning)
        try policy.ignore(.unusedPredicate)
        let registry = try MappingRegistry(configuration: data, plugins: plugins, policy: policy)
        // doc-listing-end: severity-policy
        return registry
    }

    @Test func anOverlapBecomesAWarningAndAnUnusedPredicateGoesUnsaid() throws {
        let json = """
            {
              "version": 1,
              "mappings": [
                { "view": "DishRow", "model": "Dish" },
                { "view": "DishLine", "model": "Dish" }
              ]
            }
            """
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: "DishLine", for: Dish.self) { dish, _ in dish.name }
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
        let registry = try load(data: Data(json.utf8), plugins: plugins)
        #expect(registry.warnings.map(\.code) == ["overlapping-mappings"])
        #expect(registry.mappings.count == 2)
    }

    func formattedWithNote(_ data: Data) -> String {
        // doc-listing: diagnostic-with-note
        let diagnostic = Diagnostic(
            severity: .error, code: .duplicateMapping,
            message: "view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one",
            location: SourceLocation(file: "mappings.json", line: 3, column: 5, pointer: "/mappings/1"),
            notes: [Diagnostic.Note(
                message: "'DishRow' is declared here",
                location: SourceLocation(file: "mappings.json", line: 2, column: 5, pointer: "/mappings/0")
            )]
        )
        var formatter = DiagnosticFormatter()
        formatter.addSource(data, named: "mappings.json")
        print(formatter.format(diagnostic), terminator: "")
        // doc-listing-end: diagnostic-with-note
        return formatter.format(diagnostic)
    }

    @Test func aNoteIsPrintedUnderItsDiagnosticWithItsSourceLine() {
        let json = "[\n    { \"view\": \"DishRow\", \"model\": \"Dish\" },\n    { \"view\": \"DishRow\", \"model\": \"Dish\" }\n]\n"
        #expect(formattedWithNote(Data(json.utf8)) == """
            mappings.json:3:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:2:5; remove one [duplicate-mapping]
                { "view": "DishRow", "model": "Dish" }
                ^
            mappings.json:2:5: note: 'DishRow' is declared here
                { "view": "DishRow", "model": "Dish" },
                ^

            """)
    }
}
