import ModelStorage
import Testing

/// The listings of the ModelStorage documentation: its topic page, "Storage
/// and updates" and "Coming from DTModelStorage".
@Suite struct ModelStorageListings {
    struct MenuItem: Identifiable, Equatable {
        var id: Int
        var name: String
    }

    /// Compiled only: it prints every update.
    func overview(dish: Dish, drink: Drink) -> (MemoryStorage, ObservationToken) {
        // doc-listing: storage-overview
        let storage = MemoryStorage()
        let token = storage.observe { update in print(update) }
        storage.setItems([dish, drink], forSection: 0)
        storage.setSectionHeaderModels(["Starters"])
        // doc-listing-end: storage-overview
        return (storage, token)
    }

    @Test func aSingleSectionStorageSendsOneUpdatePerCall() {
        let dishes = [MenuItem(id: 1, name: "Soup"), MenuItem(id: 2, name: "Salad"), MenuItem(id: 3, name: "Bread")]
        let specials = [MenuItem(id: 2, name: "Salad niçoise"), MenuItem(id: 4, name: "Risotto")]
        var updates: [StorageUpdate] = []
        // doc-listing: single-section-storage
        let storage = SingleSectionStorage(items: dishes, differ: IdentityDiffer())
        let token = storage.observe { update in updates.append(update) }
        storage.setItems(dishes.reversed())                                    // one update: the moves
        storage.addItems(specials, strategy: UpdateOldValuesAccumulationStrategy())
        // doc-listing-end: single-section-storage
        token.cancel()
        #expect(updates.count == 2)
        #expect(!updates[0].movedItems.isEmpty && updates[0].insertedItems.isEmpty && updates[0].deletedItems.isEmpty)
        #expect(storage.items.map(\.name) == ["Bread", "Salad niçoise", "Soup", "Risotto"])
    }

    @Test func aBatchInsertionOutOfRangeCountsTheBatch() throws {
        let expected = try #require(try Documentation.block(
            after: "<!-- batch-insertion-error -->", language: "text",
            in: "Sources/ModelStorage/ModelStorage.docc/ComingFromDTModelStorage.md"
        ))
        do {
            // doc-listing: batch-insertion
            try MemoryStorage().insertItems(["x", "y"], at: [ItemPosition(item: 0, section: 0),
                                                             ItemPosition(item: 2, section: 0)])
            // doc-listing-end: batch-insertion
            Issue.record("the insertion did not throw")
        } catch {
            #expect("\(error)\n" == expected)
        }
    }
}
