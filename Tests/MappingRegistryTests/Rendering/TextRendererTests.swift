import Foundation
import MappingRegistry
import RegistryFixtures
import ModelStorage
import Testing

/// Counts instances, to prove the reuse pool creates one view per identifier.
final class CountingRow: TextView, ModelTransfer {
    private static let counter = Tally()
    static var instances: Int { counter.value }
    private var text = ""
    init() { Self.counter.add() }
    func update(with model: Int) { text = "#\(model)" }
    func render() -> String { text }
}

@Suite struct TextRendererTests {
    private let mappings = configuration(
        #"{"view": "DishRow", "model": "Dish"}"#,
        #"{"view": "FoodRow", "model": "Dish", "condition": {"predicate": "isVegan"}, "priority": 1}"#,
        #"{"view": "TitleView", "model": "String", "kind": "header"}"#,
        #"{"view": "Footnote", "model": "String", "kind": "footer"}"#,
        #"{"view": "Plain", "model": "String", "kind": "badge"}"#,
        #"{"view": "NumberRow", "model": "Int", "condition": {"section": 0}}"#,
        // Two predicates the checker cannot relate: both hold for Tom, a
        // clash only rendering can find.
        #"{"view": "AnimalRow", "model": "Animal", "condition": {"predicate": "isNamedTom"}}"#,
        #"{"view": "Plain", "model": "Cat", "condition": {"predicate": "isCat"}}"#
    )

    /// The fixture catalog plus the two animal predicates the mappings use.
    private func loadRegistry(_ json: String) throws -> MappingRegistry {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isNamedTom", for: Animal.self) { animal, _ in animal.name == "Tom" }
        plugins.register(predicate: "isCat", for: Animal.self) { animal, _ in animal is Cat }
        return try RegistryFixtures.loadRegistry(json, plugins: plugins)
    }

    @Test func rendersHeaderItemsFooterAndCustomKindsInOrderAndReportsProblems() throws {
        let registry = try loadRegistry(mappings)
        let storage = SectionsStorage(sections: [
            .init(
                items: [Dish(name: "Soup", price: 5), Dish(name: "Salad", price: 6, vegan: true), Optional<Int>.some(3) as Any],
                supplementaries: [("badge", "new"), ("footer", "served hot"), ("header", "Starters")]
            ),
            .init(items: [Optional<Dish>.none as Any, 7, Cat(name: "Tom")], supplementaries: [("header", "Mains"), ("sticker", "odd")]),
        ])
        let result = TextRenderer(registry: registry).render(storage)
        #expect(result.text == """
            == Starters ==
            dish Soup
            food Salad
            number 3
            -- served hot (section 0)
            plain new

            == Mains ==
            [nil-model: nil at section 1, item 0]
            [missing-mapping: Int at section 1, item 1]
            [ambiguous-mapping: Cat at section 1, item 2]
            [missing-mapping: sticker String in section 1]

            """)
        #expect(result.diagnostics.map(\.code) == ["nil-model", "missing-mapping", "ambiguous-mapping", "missing-mapping"])
        #expect(result.diagnostics.map(\.position) == [at(0, 1), at(1, 1), at(2, 1), at(0, 1)])
        #expect((result.renderedCount, result.missingCount, result.ambiguousCount) == (7, 3, 1))
        #expect(!result.isComplete)
    }

    @Test func tenThousandItemsThroughOneMappingCreateOneView() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Int.self, named: "Int")
        plugins.register(view: CountingRow.self, named: "CountingRow")
        let registry = try RegistryFixtures.loadRegistry(configuration(#"{"view": "CountingRow", "model": "Int"}"#), plugins: plugins)
        let before = CountingRow.instances
        let result = TextRenderer(registry: registry).render(SectionsStorage(sections: [.init(items: Array(0..<10_000))]))
        #expect(result.viewsCreated == 1)
        #expect(CountingRow.instances - before == 1)
        #expect(result.renderedCount == 10_000)
        #expect(result.text.hasSuffix("#9998\n#9999\n"))
    }

    @Test func eachReuseIdentifierHasItsOwnPool() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 0}, "reuseIdentifier": "first"}"#,
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 1}, "reuseIdentifier": "second"}"#
        ))
        let result = TextRenderer(registry: registry).render(SectionsStorage(sections: [.init(items: [1, 2]), .init(items: [3])]))
        #expect(result.viewsCreated == 2)
        #expect(result.text == "number 1\nnumber 2\n\nnumber 3\n")
        #expect(result.isComplete)
    }

    @Test func anEmptyStorageRendersNothing() throws {
        let result = TextRenderer(registry: try loadRegistry(mappings)).render(SectionsStorage(sections: []))
        #expect(result.text.isEmpty)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func streamingRenderWritesTheSameTextAndCounts() throws {
        let registry = try loadRegistry(mappings)
        let storage = SectionsStorage(sections: [
            .init(items: [Dish(name: "Soup", price: 5), 4], supplementaries: [("header", "Starters")]),
            .init(items: [Cat(name: "Tom"), 9]),
        ])
        let whole = TextRenderer(registry: registry).render(storage)
        var streamed = ""
        let result = TextRenderer(registry: registry).render(storage, into: &streamed)
        #expect(streamed == whole.text)
        #expect(result.text.isEmpty)
        #expect(result.diagnostics == whole.diagnostics)
        #expect((result.renderedCount, result.missingCount, result.ambiguousCount) == (3, 1, 1))
    }
}
