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
                { "view": "PriceRow", "model": "Dish" }
              ]
            }
            """
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: PriceRow.self, named: "PriceRow")
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
        let registry = try load(data: Data(json.utf8), plugins: plugins)
        #expect(registry.warnings.map(\.code) == ["overlapping-mappings"])
        #expect(registry.mappings.count == 2)
    }
}
