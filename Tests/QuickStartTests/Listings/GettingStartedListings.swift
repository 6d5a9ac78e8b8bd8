import MappingRegistry
import ModelStorage
import Testing

/// Listings of the MappingRegistry module's topic page and of "Getting
/// started" (the quick start's own steps are regions of QuickStartSwift.swift).
@Suite struct GettingStartedListings {
    func overview(plugins: PluginCatalog, storage: MemoryStorage) throws -> RenderResult {
        // doc-listing: module-overview
        let registry = try MappingRegistry(plugins: plugins) {
            Map(DishRow.self)
            Map(ChefSpecialRow.self, when: .section(0), priority: 3)
            Map("SectionTitle", for: String.self, kind: .header)
        }
        let result = TextRenderer(registry: registry).render(storage)
        // doc-listing-end: module-overview
        return result
    }

    @Test func theOverviewRendersTheChefsSpecialsAndTheRest() throws {
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Risotto", price: 24)], forSection: 0)
        storage.setItems([Dish(name: "Soup", price: 6.5)], forSection: 1)
        storage.setSectionHeaderModels(["Specials", "Starters"])
        let result = try overview(plugins: menuPlugins(), storage: storage)
        #expect(result.text == "SPECIALS\n* Risotto 24.0\n\nSTARTERS\nSoup 6.5\n")
        #expect(result.diagnostics.isEmpty)
    }

    @Test func renderingAfterAnUpdateReusesWhatItDidNotTouch() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(DishRow.self)
        }
        let renderer = TextRenderer(registry: registry)
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Soup", price: 6.5), Dish(name: "Salad", price: 5), Dish(name: "Bread", price: 3)], forSection: 0)
        // doc-listing: render-after-update
        var result = renderer.render(storage)
        let token = storage.observe { update in
            result = renderer.render(storage, update: update, previous: result)
        }
        // doc-listing-end: render-after-update
        try storage.replaceItem(at: ItemPosition(item: 1, section: 0), with: Dish(name: "Salad", price: 5.5))
        #expect(result.reusedCount == 2)
        #expect(result.text == renderer.render(storage).text)
        token.cancel()
    }
}
