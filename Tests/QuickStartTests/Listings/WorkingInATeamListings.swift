import Foundation
import MappingRegistry
import ModelStorage
import Testing

// The listings of "Working in a team", and tests that run them.

/// The team's plugins: a handler for every DishRow mapping, wherever it is
/// declared, and two predicates that never both hold.
func teamPlugins(orders: NameLog) -> PluginCatalog {
    var plugins = menuPlugins()
    // doc-listing: team-view-handler
    plugins.on(.didSelect, for: DishRow.self) { row, dish, position in
        orders.add(dish.name)
    }
    // doc-listing-end: team-view-handler
    // doc-listing: team-exclusive-predicates
    plugins.register(predicate: "isSoldOut", for: Dish.self) { dish, _ in dish.soldOut }
    plugins.register(predicate: "isOnOffer", for: Dish.self, excludes: ["isSoldOut"]) { dish, _ in
        !dish.soldOut && dish.price < 5
    }
    // doc-listing-end: team-exclusive-predicates
    return plugins
}

@Suite struct WorkingInATeamListings {
    static let mappings = """
        {
          "version": 1,
          "mappings": [
            { "view": "DishRow", "model": "Dish" },
            { "view": "VeganDishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 1 },
            { "view": "ChefSpecialRow", "model": "Dish", "condition": { "predicate": "isOnOffer" }, "priority": 1 }
          ]
        }
        """

    @Test func theViewLevelHandlerFiresForTheJSONMapping() throws {
        let orders = NameLog()
        let registry = try MappingRegistry(configuration: Data(#"{"version": 1, "mappings": [{"view": "DishRow", "model": "Dish"}]}"#.utf8), plugins: teamPlugins(orders: orders))
        _ = ReusePool(registry: registry).send(.didSelect, to: Dish(name: "Soup", price: 5), at: ItemPosition(item: 0, section: 0))
        #expect(orders.all == ["Soup"])
    }

    @Test func twoPredicatesThatMayBothHoldAreWarnedAbout() throws {
        let registry = try MappingRegistry(configuration: Data(Self.mappings.utf8), plugins: teamPlugins(orders: NameLog()))
        #expect(registry.warnings.filter { $0.code == .possibleAmbiguity }.map(\.description) == [
            "mappings.json:6:5: warning: 'ChefSpecialRow' here and 'VeganDishRow' at mappings.json:5:5 both show 'Dish' as cell with priority 1: if both 'isVegan' and 'isOnOffer' hold for one item, it is ambiguous; give one a higher priority, or register the predicates with excludes: if they never both hold [possible-ambiguity]",
        ])
    }

    @Test func exclusivePredicatesAreNotWarnedAbout() throws {
        let json = Self.mappings.replacingOccurrences(of: #""predicate": "isVegan""#, with: #""predicate": "isSoldOut""#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: teamPlugins(orders: NameLog()))
        #expect(registry.warnings.filter { $0.code == .possibleAmbiguity } == [])
    }
}
