import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The listings of "Conditions that read the app's state": predicates that
/// read a render context, the calls that pass one, what a render without one
/// prints, and the incremental render that carries it.
@Suite struct RenderContextListings {
    static let article = "Sources/MappingRegistry/MappingRegistry.docc/ConditionsThatReadAppState.md"

    // doc-listing: context-type
    /// Tonight's kitchen: what no dish and no mappings file knows.
    struct Kitchen: Sendable {
        var portionsLeft: [String: Int]
    }
    // doc-listing-end: context-type

    func registerPredicates(in plugins: inout PluginCatalog) {
        // doc-listing: context-predicates
        plugins.register(predicate: "isOutOfStock", for: Dish.self, context: Kitchen.self) { dish, kitchen, _ in
            kitchen.portionsLeft[dish.name] == 0
        }
        plugins.register(predicate: "fewerLeftThan", for: Dish.self, argument: Int.self, context: Kitchen.self) { dish, limit, kitchen, _ in
            kitchen.portionsLeft[dish.name, default: .max] < limit
        }
        // doc-listing-end: context-predicates
    }

    /// The article's `mappings.json`, loaded with the article's predicates
    /// and two handler views.
    func registry() throws -> MappingRegistry {
        var plugins = PluginCatalog()
        plugins.register(view: DishRow.self)
        plugins.register(view: "LastPortionsRow", for: Dish.self) { dish, _ in menuLine(dish.name, dish.price) + " (last portions)" }
        plugins.register(view: "OutOfStockRow", for: Dish.self) { dish, _ in "\(dish.name): out of stock" }
        registerPredicates(in: &plugins)
        let json = try #require(try Documentation.block(after: "<!-- context-json -->", language: "json", in: Self.article))
        return try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
    }

    static func storage() -> MemoryStorage {
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Soup", price: 6.5), Dish(name: "Risotto", price: 24), Dish(name: "Green curry", price: 16.5)], forSection: 0)
        return storage
    }

    func shown(_ marker: String) throws -> String {
        try #require(try Documentation.block(after: marker, language: "text", in: Self.article), "the article lacks \(marker)")
    }

    @Test func theContextDecidesEachRowAsTheArticleShows() throws {
        let registry = try registry()
        let storage = Self.storage()
        // doc-listing: context-render
        let kitchen = Kitchen(portionsLeft: ["Risotto": 0, "Green curry": 3])
        let result = TextRenderer(registry: registry).render(storage, context: kitchen)
        // doc-listing-end: context-render
        #expect(result.text == (try shown("<!-- context-output -->")))
        #expect(result.diagnostics.isEmpty)
        // Another state, the same registry: another text.
        let plenty = TextRenderer(registry: registry).render(storage, context: Kitchen(portionsLeft: [:]))
        #expect(plenty.text == "Soup 6.5\nRisotto 24.0\nGreen curry 16.5\n")
    }

    @Test func everyPathFromAnItemToItsMappingTakesTheContext() throws {
        let registry = try registry()
        let storage = Self.storage()
        let kitchen = Kitchen(portionsLeft: ["Risotto": 0])
        let risotto = Dish(name: "Risotto", price: 24)
        let position = ItemPosition(item: 1, section: 0)
        let renderer = TextRenderer(registry: registry)
        let pool = ReusePool(registry: registry)
        // doc-listing: context-every-call
        let resolution = registry.resolve(risotto, at: position, context: kitchen)
        let row = pool.render(risotto, at: position, context: kitchen)
        let selected = registry.send(.didSelect, to: risotto, at: position, context: kitchen)
        let text = renderer.render(storage, context: kitchen).text
        // doc-listing-end: context-every-call
        #expect(resolution.mapping?.view == "OutOfStockRow")
        #expect(try row.get() == "Risotto: out of stock")
        guard case .unhandled(let mapping) = selected else {
            Issue.record("the mapping has no didSelect handler, so send answers unhandled, not \(selected)")
            return
        }
        #expect(mapping.view == "OutOfStockRow")
        #expect(text == "Soup 6.5\nRisotto: out of stock\nGreen curry 16.5\n")
        // Without the context, each of them fails with missing-context.
        #expect(registry.resolve(risotto, at: position).diagnostic?.code == .missingContext)
        #expect(pool.render(risotto, at: position).failureCode == .missingContext)
        #expect(registry.send(.didSelect, to: risotto, at: position).failedCode == .missingContext)
        #expect(pool.send(.didSelect, to: risotto, at: position).failedCode == .missingContext)
        #expect(pool.send(.didSelect, to: risotto, at: position, context: kitchen).failedCode == nil)
    }

    @Test func withoutAContextEachRowSaysWhatIsMissing() throws {
        let registry = try registry()
        let storage = Self.storage()
        // doc-listing: context-forgotten
        let result = TextRenderer(registry: registry).render(storage)   // no context:
        // doc-listing-end: context-forgotten
        #expect(result.text == (try shown("<!-- missing-context-text -->")))
        #expect(result.diagnostics.map(\.code) == [.missingContext, .missingContext, .missingContext])
        let first = try #require(result.diagnostics.first)
        #expect(first.description + "\n" == (try shown("<!-- missing-context-diagnostic -->")))
        // A context of another type is missing too, and the message says what came.
        let foreign = TextRenderer(registry: registry).render(storage, context: "Friday")
        #expect(foreign.diagnostics.first?.message.contains("and was given a 'String' for 'Dish'") == true)
    }

    /// Two threads render through one registry at once, each with its own
    /// state: neither sees the other's, as no capture could promise.
    @Test func threadsSharingOneRegistryEachSeeTheirOwnContext() async throws {
        let registry = try registry()
        let texts = await withTaskGroup(of: String.self) { group in
            for soldOut in ["Soup", "Risotto"] {
                group.addTask {
                    TextRenderer(registry: registry).render(Self.storage(), context: Kitchen(portionsLeft: [soldOut: 0])).text
                }
            }
            return await group.reduce(into: Set<String>()) { $0.insert($1) }
        }
        #expect(texts == [
            "Soup: out of stock\nRisotto 24.0\nGreen curry 16.5\n",
            "Soup 6.5\nRisotto: out of stock\nGreen curry 16.5\n",
        ])
    }

    @Test func theIncrementalRenderCarriesTheContext() throws {
        let registry = try registry()
        let storage = Self.storage()
        let renderer = TextRenderer(registry: registry)
        // doc-listing: context-after-update
        let kitchen = Kitchen(portionsLeft: ["Risotto": 0, "Green curry": 3])
        var result = renderer.render(storage, context: kitchen)
        let token = storage.observe { update in
            result = renderer.render(storage, update: update, previous: result, context: kitchen)
        }
        // doc-listing-end: context-after-update
        storage.addItem(Dish(name: "Risotto", price: 24), toSection: 0)
        #expect(result.reusedCount == 3)
        #expect(result.text == "Soup 6.5\nRisotto: out of stock\nGreen curry 16.5 (last portions)\nRisotto: out of stock\n")
        #expect(result.diagnostics.isEmpty)
        token.cancel()
    }
}

extension Result where Failure == Diagnostic {
    /// The code of the diagnostic a failed render gives.
    fileprivate var failureCode: Diagnostic.Code? {
        if case .failure(let diagnostic) = self { return diagnostic.code }
        return nil
    }
}

extension EventResult {
    /// The code of the diagnostic a failed send gives.
    fileprivate var failedCode: Diagnostic.Code? {
        if case .failed(let diagnostic) = self { return diagnostic.code }
        return nil
    }
}
