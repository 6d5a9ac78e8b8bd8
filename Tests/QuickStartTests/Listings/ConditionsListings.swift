import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The listings of "Conditions, decorators and catch-all mappings", with the JSON they
/// go with, loaded and rendered.
@Suite struct ConditionsListings {
    func registerPredicates(in plugins: inout PluginCatalog) {
        // doc-listing: predicates
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.isVegan }
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in
            dish.price > limit
        }
        // doc-listing-end: predicates
    }

    func registerDecorator(in plugins: inout PluginCatalog) {
        // doc-listing: decorator
        plugins.register(decorator: "soldOut", for: Dish.self) { text, dish, _ in
            dish.soldOut ? text + "\n    (sold out tonight)" : text
        }
        // doc-listing-end: decorator
    }

    func registerFallback(in plugins: inout PluginCatalog) {
        // doc-listing: fallback
        plugins.register(model: Any.self, named: "Anything")
        plugins.register(view: "PlainRow", for: Any.self) { value, _ in "(\(type(of: value)))" }
        // doc-listing-end: fallback
    }

    @Test func theFirstRowOfEverySectionIsALargeCard() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: "LargeCard", for: Dish.self) { dish, _ in "[ \(dish.name.uppercased()) ]" }
        // doc-listing: items
        let registry = try MappingRegistry(plugins: plugins) {
            Map("LargeCard", for: Dish.self, when: .items([0]), priority: 1)  // the first row of every section
            Map(DishRow.self)
        }
        // doc-listing-end: items
        let json = """
            {
              "version": 1,
              "mappings": [
                { "view": "LargeCard", "model": "Dish", "condition": { "items": [0] }, "priority": 1 },
                { "view": "DishRow", "model": "Dish" }
              ]
            }
            """
        let fromJSON = try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Soup", price: 6.5), Dish(name: "Salad", price: 8)], forSection: 0)
        storage.setItems([Dish(name: "Steak", price: 26), Dish(name: "Fries", price: 4)], forSection: 1)
        for registry in [registry, fromJSON] {
            let result = TextRenderer(registry: registry).render(storage)
            #expect(result.text == "[ SOUP ]\nSalad 8.0\n\n[ STEAK ]\nFries 4.0\n")
            #expect(result.diagnostics.isEmpty)
        }
    }

    @Test func predicatesDecoratorsAndAFallbackWorkTogether() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: "PremiumDishRow", for: Dish.self) { dish, _ in "+ " + menuLine(dish.name, dish.price) }
        registerPredicates(in: &plugins)
        registerDecorator(in: &plugins)
        registerFallback(in: &plugins)
        let json = """
            {
              "version": 1,
              "mappings": [
                { "view": "DishRow", "model": "Dish", "decorators": ["soldOut"] },
                { "view": "PremiumDishRow", "model": "Dish", "condition": { "predicate": "priceAbove", "argument": 20 }, "priority": 1 },
                { "view": "DishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 1, "reuseIdentifier": "vegan" },
                { "view": "PlainRow", "model": "Anything", "priority": -1 }
              ]
            }
            """
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Soup", price: 6.5, soldOut: true), Dish(name: "Steak", price: 26), 42], forSection: 0)
        let result = TextRenderer(registry: registry).render(storage)
        #expect(result.text == "Soup 6.5\n    (sold out tonight)\n+ Steak 26.0\n(Int)\n")
        #expect(result.diagnostics.isEmpty)
    }
}
