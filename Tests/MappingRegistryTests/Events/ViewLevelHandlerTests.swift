import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// `plugins.on(.didSelect, for: DishRow.self) { row, dish, position in … }`:
/// a Swift closure attached to every mapping whose view is `DishRow`,
/// from JSON or Swift, unless the mapping handles the event itself.
@Suite struct ViewLevelHandlerTests {
    static let soup = Dish(name: "Soup", price: 5)
    static let describe = MappingEvent<String>("describe")

    static func plugins(_ log: EventLog) -> PluginCatalog {
        var plugins = fixtureCatalog()
        // No written types: `row` is a DishRow, `dish` a Dish.
        plugins.on(.didSelect, for: DishRow.self) { row, dish, position in
            log.record("view-level \(row.render()) \(dish.name) \(position)")
        }
        plugins.on(Self.describe, for: DishRow.self) { _, dish, _ in "view-level \(dish.name)" }
        return plugins
    }

    @Test func itFiresForAJSONMappingOfTheView() throws {
        let log = EventLog()
        let registry = try loadRegistry(configuration(#"{"view": "DishRow", "model": "Dish"}"#), plugins: Self.plugins(log))
        let pool = ReusePool(registry: registry)
        let result = pool.send(.didSelect, to: Self.soup, at: at(2, 1))
        guard case .handled = result else {
            Issue.record("expected the view-level handler to handle the event, got \(result)")
            return
        }
        // The pool's own row, updated with the item before the handler runs.
        #expect(log.recorded == ["view-level dish Soup Soup section 1, item 2"])
        #expect(registry.send(Self.describe, to: Self.soup, at: at(0, 0), view: DishRow()).output == "view-level Soup")
    }

    @Test func itFiresForASwiftMappingWithoutAHandlerOfItsOwn() throws {
        let log = EventLog()
        let registry = try MappingRegistry(plugins: Self.plugins(log)) { Map(DishRow.self) }
        #expect(registry.send(Self.describe, to: Self.soup, at: at(0, 0), view: DishRow()).output == "view-level Soup")
    }

    @Test func theMappingsOwnNamedHandlerWins() throws {
        let log = EventLog()
        var plugins = Self.plugins(log)
        plugins.register(handler: "describeDish", for: Self.describe, model: Dish.self) { dish, _ in "named \(dish.name)" }
        let registry = try loadRegistry(
            configuration(#"{"view": "DishRow", "model": "Dish", "events": {"describe": "describeDish"}}"#), plugins: plugins
        )
        #expect(registry.send(Self.describe, to: Self.soup, at: at(0, 0), view: DishRow()).output == "named Soup")
        // The events it does not handle itself still reach the view-level handler.
        _ = registry.send(.didSelect, to: Self.soup, at: at(0, 0), view: DishRow())
        #expect(log.recorded.count == 1)
    }

    @Test func theMappingsOwnSwiftHandlerWins() throws {
        let log = EventLog()
        let registry = try MappingRegistry(plugins: Self.plugins(log)) {
            Map(DishRow.self).on(Self.describe) { dish, _ in "own \(dish.name)" }
        }
        #expect(registry.send(Self.describe, to: Self.soup, at: at(0, 0), view: DishRow()).output == "own Soup")
    }

    @Test func mappingsOfOtherViewsDoNotGetIt() throws {
        let registry = try loadRegistry(configuration(#"{"view": "FoodRow", "model": "Dish"}"#), plugins: Self.plugins(EventLog()))
        guard case .unhandled(let mapping) = registry.send(Self.describe, to: Self.soup, at: at(0, 0), view: FoodRow()) else {
            Issue.record("a FoodRow mapping got DishRow's handler")
            return
        }
        #expect(mapping.view == "FoodRow")
    }

    @Test func aSecondHandlerOfOneEventForOneViewIsADuplicatePlugin() {
        var plugins = Self.plugins(EventLog())
        plugins.on(Self.describe, for: DishRow.self) { _, dish, _ in "again \(dish.name)" }
        let diagnostics = loadDiagnostics(configuration(#"{"view": "DishRow", "model": "Dish"}"#), plugins: plugins)
        #expect(diagnostics.filter { $0.severity == .error }.map(\.code) == [.duplicatePlugin], "\(diagnostics)")
    }

    @Test func aSwiftMappingThatRepeatsAJSONOneToAttachAHandlerIsToldHowToAttachItInstead() throws {
        let marked = MarkedText(configuration(#"1️⃣{"view": "DishRow", "model": "Dish"}"#))
        do {
            _ = try MappingRegistry(plugins: fixtureCatalog(), sources: [
                .declarations([Map(DishRow.self).on(.didSelect) { _, _, _ in }]),
                .json(Data(marked.text.utf8), name: "mappings.json"),
            ])
            Issue.record("the repeated mapping loaded")
        } catch {
            let duplicate = try #require(error.diagnostics.first { $0.code == .duplicateMapping })
            #expect(duplicate.description.hasPrefix(marked.expand("mappings.json:1️⃣: error: view 'DishRow' shows model 'Dish' as cell")))
            #expect(duplicate.message.hasSuffix(
                "remove one; to handle 'didSelect' for the JSON mapping from Swift, remove the Swift mapping and attach the closure to the view class: plugins.on(.didSelect, for: DishRow.self) { view, model, position in … }"
            ))
        }
    }
}
