import Foundation
@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// A card row and a subclass of it, for handlers that take a view.
class CardRow: TextView, ModelTransfer {
    private(set) var text = ""
    required init() {}
    func update(with model: Dish) { text = "card \(model.name)" }
    func render() -> String { text }
}

final class LargeCardRow: CardRow {}

/// `incompatible-view`: a handler that takes a view of a type the mapping's
/// view is not, at the handler's name in JSON and at the `.on(` call in
/// Swift; a subclass of the handler's view is accepted.
@Suite struct IncompatibleViewTests {
    /// The fixture catalog, the card rows, and view-taking handlers.
    static func plugins(_ log: EventLog = EventLog()) -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(view: CardRow.self, named: "CardRow")
        plugins.register(view: LargeCardRow.self, named: "LargeCardRow")
        plugins.register(handler: "highlightDish", for: .didSelect, view: DishRow.self) { row, dish, _ in log.record("\(row.render()) \(dish.name)") }
        plugins.register(handler: "highlightAnimal", for: .didSelect, view: AnimalRow.self) { row, _, _ in log.record(row.render()) }
        plugins.register(handler: "openCard", for: .didSelect, view: CardRow.self) { row, _, _ in log.record("open \(row.render())") }
        plugins.register(handler: "openLargeCard", for: .didSelect, view: LargeCardRow.self) { row, _, _ in log.record("open large \(row.render())") }
        return plugins
    }

    static let jsonCases: [InvalidConfigurationCase] = [
        .init(
            name: "a handler of another view, with the one handler that fits",
            json: configuration(#"{"view": "CardRow", "model": "Dish", "events": {"didSelect": 1️⃣"highlightDish"}}"#),
            expected: ["mappings.json:1️⃣: error: handler 'highlightDish' takes a 'DishRow' view, and this mapping's view 'CardRow' is not a 'DishRow'; did you mean 'openCard'? [incompatible-view]"]
        ),
        .init(
            name: "a handler of a subclass on its superclass's mapping",
            json: configuration(#"{"view": "CardRow", "model": "Dish", "events": {"didSelect": 1️⃣"openLargeCard"}}"#),
            expected: ["mappings.json:1️⃣: error: handler 'openLargeCard' takes a 'LargeCardRow' view, and this mapping's view 'CardRow' is not a 'LargeCardRow'; did you mean 'openCard'? [incompatible-view]"]
        ),
        .init(
            name: "a view-taking handler on a handler view",
            json: configuration(#"{"view": "Plain", "model": "Dish", "events": {"didSelect": 1️⃣"highlightDish"}}"#),
            expected: ["mappings.json:1️⃣: error: handler 'highlightDish' takes a 'DishRow' view, and this mapping's view 'Plain' is a handler view, which has no view object to give it [incompatible-view]"]
        ),
        .init(
            name: "no suggestion when several fit and none is a near spelling",
            json: configuration(#"{"view": "LargeCardRow", "model": "Dish", "events": {"didSelect": 1️⃣"highlightDish"}}"#),
            expected: ["mappings.json:1️⃣: error: handler 'highlightDish' takes a 'DishRow' view, and this mapping's view 'LargeCardRow' is not a 'DishRow' [incompatible-view]"]
        ),
    ]

    @Test(arguments: jsonCases)
    func aViewTakingHandlerOfAnotherViewIsALoadErrorAtItsName(_ testCase: InvalidConfigurationCase) {
        let marked = MarkedText(testCase.json)
        let diagnostics = loadDiagnostics(marked.text, plugins: Self.plugins()).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == testCase.expected.map(marked.expand))
    }

    @Test func aSubclassOfTheHandlersViewIsAccepted() throws {
        let log = EventLog()
        let registry = try loadRegistry(
            configuration(#"{"view": "LargeCardRow", "model": "Dish", "events": {"didSelect": "openCard"}}"#),
            plugins: Self.plugins(log)
        )
        let pool = ReusePool(registry: registry)
        #expect(pool.send(.didSelect, to: Dish(name: "Soup", price: 6), at: at(0, 0)).output != nil)
        #expect(log.recorded == ["open card Soup"])
    }

    @Test func aSwiftClosureThatStatesAnotherViewIsALoadErrorAtTheOnCall() {
        let line = #line + 3
        let diagnostics: [Diagnostic]
        do {
            _ = try MappingRegistry(plugins: Self.plugins()) { Map("AnimalRow", model: "Animal").on(.didSelect) { (_: DishRow, _: Animal, _) in } }
            diagnostics = []
        } catch {
            diagnostics = error.diagnostics.filter { $0.severity == .error }
        }
        #expect(diagnostics.map(\.description) == [
            "MappingRegistryTests/IncompatibleViewTests.swift:\(line):100: error: the 'didSelect' handler takes a 'DishRow' view, and this mapping's view 'AnimalRow' is not a 'DishRow' [incompatible-view]",
        ])
    }

    @Test func aCatalogFileDecidesItAsTheAppDoes() throws {
        let plugins = Self.plugins()
        // Written and read back, as `validate --catalog` reads it.
        let described = PluginCatalog(described: try CatalogDescription(data: try plugins.catalogDocument(), source: "catalog.json"))
        let marked = MarkedText(Self.jsonCases[0].json)
        let fromApp = loadDiagnostics(marked.text, plugins: plugins).filter { $0.severity == .error }
        let fromFile = loadDiagnostics(marked.text, plugins: described).filter { $0.severity == .error }
        #expect(fromFile.map(\.description) == fromApp.map(\.description))
        #expect(fromFile.map(\.code) == [.incompatibleView])
        // And a subclass stays accepted through the file.
        let subclass = configuration(#"{"view": "LargeCardRow", "model": "Dish", "events": {"didSelect": "openCard"}}"#)
        #expect(loadDiagnostics(subclass, plugins: described).filter { $0.severity == .error }.isEmpty)
    }
}
