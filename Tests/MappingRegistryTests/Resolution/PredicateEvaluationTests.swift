import Foundation
import MappingRegistry
import RegistryFixtures
import ModelStorage
import Testing

/// Counts calls from any thread.
final class CallCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var calls: [String: Int] = [:]
    func record(_ name: String) { lock.withLock { calls[name, default: 0] += 1 } }
    func count(_ name: String) -> Int { lock.withLock { calls[name] ?? 0 } }
}

@Suite struct PredicateEvaluationTests {
    /// A catalog whose predicates count their calls.
    static func countingCatalog(_ counter: CallCounter) -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "countedVegan", for: Dish.self) { dish, _ in counter.record("countedVegan"); return dish.vegan }
        plugins.register(predicate: "countedBig", for: Int.self) { number, _ in counter.record("countedBig"); return number > 5 }
        return plugins
    }

    @Test func onlyPredicatesOfMappingsWhoseTypeAndSectionCanMatchAreEvaluated() throws {
        let counter = CallCounter()
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "FoodRow", "model": "Dish", "condition": {"section": 0, "predicate": "countedVegan"}, "priority": 1}"#,
            #"{"view": "NumberRow", "model": "Int"}"#,
            #"{"view": "BigNumber", "model": "Int", "condition": {"predicate": "countedBig"}, "priority": 1}"#
        ), plugins: Self.countingCatalog(counter))
        // Another type: no Dish predicate runs.
        for index in 0..<100 { _ = registry.resolve(index, at: at(index, 0)) }
        #expect(counter.count("countedVegan") == 0)
        #expect(counter.count("countedBig") == 100)
        // The right type in another section: the section settles it first.
        for index in 0..<100 { _ = registry.resolve(Dish(name: "x", price: 1, vegan: true), at: at(index, 1)) }
        #expect(counter.count("countedVegan") == 0)
        // The right type and section: evaluated once per item.
        for index in 0..<10 { _ = registry.resolve(Dish(name: "x", price: 1, vegan: true), at: at(index, 0)) }
        #expect(counter.count("countedVegan") == 10)
    }

    @Test func theItemSettlesItBeforeAnyPredicateRuns() throws {
        let counter = CallCounter()
        // The predicate is written first: only the index's reduction per item slot skips it.
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "FoodRow", "model": "Dish", "condition": {"all": [{"predicate": "countedVegan"}, {"items": [0]}, {"section": 1}]}, "priority": 1}"#
        ), plugins: Self.countingCatalog(counter))
        let dish = Dish(name: "x", price: 1, vegan: true)
        // Other items of the section, and item 0 of other sections: no predicate runs.
        for index in 1..<50 { #expect(registry.resolve(dish, at: at(index, 1)).mapping?.view == "DishRow") }
        for section in [0, 2, 9] { #expect(registry.resolve(dish, at: at(0, section)).mapping?.view == "DishRow") }
        #expect(counter.count("countedVegan") == 0)
        // Item 0 of section 1: evaluated once.
        #expect(registry.resolve(dish, at: at(0, 1)).mapping?.view == "FoodRow")
        #expect(counter.count("countedVegan") == 1)
    }

    @Test func lowerPriorityPredicatesAreNotEvaluatedOnceAHigherPriorityMappingApplies() throws {
        let counter = CallCounter()
        let registry = try loadIndexedRegistry(configuration(
            #"{"view": "SmallNumber", "model": "Int", "condition": {"section": 2}, "priority": 5}"#,
            #"{"view": "BigNumber", "model": "Int", "condition": {"predicate": "countedBig"}}"#
        ), plugins: Self.countingCatalog(counter))
        #expect(registry.resolve(9, at: at(0, 2)).mapping?.view == "SmallNumber")
        #expect(counter.count("countedBig") == 0)
        #expect(registry.resolve(9, at: at(0, 1)).mapping?.view == "BigNumber")
        #expect(counter.count("countedBig") == 1)
    }
}
