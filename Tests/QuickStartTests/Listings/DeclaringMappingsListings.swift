import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The listing of "Declaring mappings in Swift", loaded against the menu's plugins.
@Suite struct DeclaringMappingsListings {
    func declare(plugins: PluginCatalog, data: Data) throws -> (MappingRegistry, MappingRegistry) {
        // doc-listing: swift-declarations
        let registry = try MappingRegistry(plugins: plugins) {
            Map(DishRow.self)                                       // a TextView & ModelTransfer type; its ModelType is the model
            Map(ChefSpecialRow.self, when: .section(0), priority: 3)
            Map(PriceRow.self, for: Drink.self)                     // a view type for a narrower model
            Map("SectionTitle", for: String.self, kind: .header)    // a handler view, by its registered name
            Map("VeganDishRow", model: "Dish", when: .predicate("isVegan"), priority: 2)   // names, as in JSON
        }
        let combined = try MappingRegistry(plugins: plugins, sources: [
            .declarations { Map(DishRow.self) },
            .json(data, name: "mappings.json"),
        ])
        // doc-listing-end: swift-declarations
        return (registry, combined)
    }

    @Test func bothRegistriesLoadAndResolve() throws {
        let json = #"{"version": 1, "mappings": [{"view": "SectionTitle", "model": "String", "kind": "header"}]}"#
        let (registry, combined) = try declare(plugins: menuPlugins(), data: Data(json.utf8))
        #expect(registry.mappings.count == 5)
        #expect(combined.mappings.map(\.view) == ["DishRow", "SectionTitle"])
        let vegan = registry.resolve(Dish(name: "Soup", price: 6.5, vegan: true), at: ItemPosition(item: 0, section: 1))
        guard case .resolved(let mapping) = vegan else {
            Issue.record("a vegan dish outside section 0 resolves to VeganDishRow, not \(vegan)")
            return
        }
        #expect(mapping.view == "VeganDishRow")
    }
}
