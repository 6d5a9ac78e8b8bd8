@testable import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// Predicates that read the app's state through an explicit render context.
@Suite struct RenderContextTests {
    struct Menu: Sendable {
        var soldOut: Set<String> = []
    }

    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isSoldOut", for: Dish.self, context: Menu.self) { dish, menu, _ in menu.soldOut.contains(dish.name) }
        plugins.register(predicate: "cheaperThan", for: Dish.self, argument: Double.self, context: Menu.self) { dish, limit, menu, _ in
            dish.price < limit && !menu.soldOut.contains(dish.name)
        }
        return plugins
    }

    static func registry() throws -> MappingRegistry {
        try MappingRegistry(plugins: plugins()) {
            Map(DishRow.self)
            Map(FoodRow.self, for: Dish.self, when: .predicate("isSoldOut"), priority: 1)
        }
    }

    let soup = Dish(name: "Soup", price: 5)
    let position = ItemPosition(item: 0, section: 0)

    @Test func aStateChangeReachesThePredicateOnlyThroughTheContext() throws {
        let registry = try Self.registry()
        let storage = MemoryStorage()
        storage.setItems([soup, Dish(name: "Stew", price: 9)], forSection: 0)
        let renderer = TextRenderer(registry: registry)
        var menu = Menu()
        let before = renderer.render(storage, context: menu)
        menu.soldOut.insert("Soup")
        let after = renderer.render(storage, context: menu)
        #expect(before.text == "dish Soup\ndish Stew\n")
        #expect(after.text == "food Soup\ndish Stew\n")
        #expect(before.diagnostics.isEmpty && after.diagnostics.isEmpty)
        // The same registry and pool, one item at a time.
        let pool = ReusePool(registry: registry)
        #expect(try pool.render(soup, at: position, context: Menu()).get() == "dish Soup")
        #expect(try pool.render(soup, at: position, context: menu).get() == "food Soup")
        #expect(registry.resolve(soup, at: position, context: menu).mapping?.view == "FoodRow")
    }

    @Test(arguments: [
        (nil, "none"),
        ("a string" as (any Sendable)?, "a 'String'"),
    ])
    func aMissingOrForeignContextIsMissingContext(context: (any Sendable)?, found: String) throws {
        let registry = try Self.registry()
        let resolution = context.map { registry.resolve(soup, at: position, context: $0) } ?? registry.resolve(soup, at: position)
        let diagnostic = try #require(resolution.diagnostic)
        #expect(diagnostic.code == .missingContext)
        let here = registry.mappings[1].location
        #expect(diagnostic.message == "predicate 'isSoldOut' of 'FoodRow' (\(here)) reads a render context of type 'Menu', and was given \(found) "
            + "for 'Dish' at section 0, item 0; pass context: a 'Menu'")
        #expect(diagnostic.location == here)
        // The reference rule says the same.
        #expect(registry.resolve(soup, at: position, context: context, by: registry.reference).diagnostic?.code == .missingContext)
        // Rendering reports it in place; sending fails with it.
        let pool = ReusePool(registry: registry)
        #expect(pool.render(soup, at: position).failureCode == .missingContext)
        guard case .failed(let failed) = pool.send(.didSelect, to: soup, at: position) else {
            Issue.record("send did not fail")
            return
        }
        #expect(failed.code == .missingContext)
    }

    /// The incremental render resolves what it renders again with the
    /// context it is given: across two updates, nothing is `missing-context`,
    /// each changed row follows the state, and each result is the full render's.
    @Test func anIncrementalRenderCarriesTheContextAcrossTwoUpdates() throws {
        let renderer = TextRenderer(registry: try Self.registry())
        let storage = MemoryStorage()
        storage.setItems([soup, Dish(name: "Stew", price: 9), Dish(name: "Pie", price: 4)], forSection: 0)
        var updates: [StorageUpdate] = []
        let token = storage.observe { updates.append($0) }
        let menu = Menu(soldOut: ["Stew", "Tart"])
        var result = renderer.render(storage, context: menu)
        #expect(result.text == "dish Soup\nfood Stew\ndish Pie\n")

        try storage.replaceItem(at: ItemPosition(item: 0, section: 0), with: Dish(name: "Tart", price: 3))
        result = renderer.render(storage, update: try #require(updates.last), previous: result, context: menu)
        #expect(result.text == "food Tart\nfood Stew\ndish Pie\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.reusedCount == 2)
        #expect(result.text == renderer.render(storage, context: menu).text)

        storage.addItem(Dish(name: "Stew", price: 9), toSection: 0)
        result = renderer.render(storage, update: try #require(updates.last), previous: result, context: menu)
        #expect(result.text == "food Tart\nfood Stew\ndish Pie\nfood Stew\n")
        #expect(result.diagnostics.isEmpty)
        #expect(result.reusedCount == 3)
        #expect(updates.count == 2)

        // Without the context, the rows rendered again are missing-context, as a full render's would be.
        storage.addItem(soup, toSection: 0)
        let without = renderer.render(storage, update: try #require(updates.last), previous: result)
        #expect(without.diagnostics.map(\.code) == [.missingContext])
        withExtendedLifetime(token) {}
    }

    @Test func aContextPredicateBelowADefiniteWinnerNeedsNoContext() throws {
        let registry = try MappingRegistry(plugins: Self.plugins()) {
            Map(DishRow.self, priority: 2)
            Map(FoodRow.self, for: Dish.self, when: .predicate("isSoldOut"), priority: 1)
        }
        #expect(registry.resolve(soup, at: position).mapping?.view == "DishRow")
        #expect(registry.resolve(soup, at: position, by: registry.reference).mapping?.view == "DishRow")
    }

    @Test func aContextPredicateWithAnArgumentGetsBoth() throws {
        let registry = try MappingRegistry(plugins: Self.plugins()) {
            Map(DishRow.self)
            Map(FoodRow.self, for: Dish.self, when: .predicate("cheaperThan", argument: 8), priority: 1)
        }
        #expect(registry.resolve(soup, at: position, context: Menu()).mapping?.view == "FoodRow")
        #expect(registry.resolve(soup, at: position, context: Menu(soldOut: ["Soup"])).mapping?.view == "DishRow")
        #expect(registry.resolve(Dish(name: "Stew", price: 9), at: position, context: Menu()).mapping?.view == "DishRow")
    }

    @Test func theIndexAndTheReferenceAgreeWithAndWithoutAContext() throws {
        let registry = try MappingRegistry(plugins: Self.plugins()) {
            Map(DishRow.self)
            Map(FoodRow.self, for: Dish.self, when: .all([.section(1), .predicate("isSoldOut")]), priority: 1)
            Map("Plain", for: Dish.self, when: .any([.section(2), .not(.predicate("cheaperThan", argument: 6))]), priority: 2)
        }
        let contexts: [(any Sendable)?] = [nil, Menu(), Menu(soldOut: ["Soup", "Stew"]), 7]
        let indexed = registry.resolver
        for section in 0..<4 {
            for dish in [soup, Dish(name: "Stew", price: 9), Dish(name: "Salad", price: 3)] {
                for context in contexts {
                    let at = ItemPosition(item: 0, section: section)
                    let answer = resolutionSummary(registry.resolve(dish, at: at, context: context, by: indexed))
                    let reference = resolutionSummary(registry.resolve(dish, at: at, context: context, by: registry.reference))
                    #expect(answer == reference, "\(dish.name) in section \(section) with \(String(describing: context))")
                }
            }
        }
    }
}

/// A context of a class, given as an instance of a subclass, and a context
/// read as a protocol: the index opens a context of the predicate's exact
/// type, and casts any other, as the predicate's own cast would.
@Suite struct RenderContextTypeTests {
    class Settings: @unchecked Sendable {
        let hidden: Set<String>
        init(hidden: Set<String>) { self.hidden = hidden }
    }

    final class EveningSettings: Settings, @unchecked Sendable {}

    protocol Hiding: Sendable {
        func hides(_ name: String) -> Bool
    }

    struct Tonight: Hiding {
        var hidden: Set<String>
        func hides(_ name: String) -> Bool { hidden.contains(name) }
    }

    @Test func aSubclassOrAConformingContextIsCastAsThePredicatesCastWould() throws {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "hiddenBySettings", for: Dish.self, context: Settings.self) { dish, settings, _ in
            settings.hidden.contains(dish.name)
        }
        plugins.register(predicate: "hiddenTonight", for: Dish.self, context: (any Hiding).self) { dish, hiding, _ in
            hiding.hides(dish.name)
        }
        let registry = try MappingRegistry(plugins: plugins) {
            Map(DishRow.self)
            Map(FoodRow.self, for: Dish.self, when: .all([.section(0), .predicate("hiddenBySettings")]), priority: 1)
            Map(FoodRow.self, for: Dish.self, when: .all([.section(1), .not(.predicate("hiddenTonight"))]), priority: 1)
        }
        let soup = Dish(name: "Soup", price: 5)
        let cases: [(context: (any Sendable)?, section: Int, view: String?)] = [
            (Settings(hidden: ["Soup"]), 0, "FoodRow"),
            (EveningSettings(hidden: ["Soup"]), 0, "FoodRow"),
            (EveningSettings(hidden: []), 0, "DishRow"),
            (Tonight(hidden: ["Soup"]), 0, nil),
            (Tonight(hidden: ["Soup"]), 1, "DishRow"),
            (Tonight(hidden: []), 1, "FoodRow"),
            (Settings(hidden: ["Soup"]), 1, nil),
            (nil, 1, nil),
        ]
        for (context, section, view) in cases {
            let at = ItemPosition(item: 0, section: section)
            let resolution = registry.resolve(soup, at: at, context: context)
            if let view {
                #expect(resolution.mapping?.view == view, "\(String(describing: context)) in section \(section)")
            } else {
                #expect(resolution.diagnostic?.code == .missingContext, "\(String(describing: context)) in section \(section)")
            }
            #expect(resolutionSummary(registry.resolve(soup, at: at, context: context, by: registry.resolver))
                == resolutionSummary(registry.resolve(soup, at: at, context: context, by: registry.reference)))
        }
    }
}

extension Result where Failure == Diagnostic {
    var failureCode: Diagnostic.Code? {
        if case .failure(let diagnostic) = self { return diagnostic.code }
        return nil
    }
}
