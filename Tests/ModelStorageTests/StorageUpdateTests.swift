import ModelStorage
import Testing

@Suite struct StorageUpdateTests {
    @Test func aDefaultUpdateIsEmptyAndAFullReloadIsNot() {
        #expect(StorageUpdate().isEmpty)
        #expect(StorageUpdate().changeCount == 0)
        #expect(!StorageUpdate.fullReload.isEmpty)
        #expect(StorageUpdate.fullReload.needsFullReload)
        #expect(StorageUpdate.fullReload.changeCount == 1)
    }

    @Test func everyFieldMakesAnUpdateNonEmptyAndCountsOnce() {
        let position = ItemPosition(item: 0, section: 0)
        let updates = [
            StorageUpdate(insertedSections: [0]),
            StorageUpdate(deletedSections: [0]),
            StorageUpdate(updatedSections: [0]),
            StorageUpdate(movedSections: [SectionMove(from: 0, to: 1)]),
            StorageUpdate(insertedItems: [position]),
            StorageUpdate(deletedItems: [position]),
            StorageUpdate(updatedItems: [position]),
            StorageUpdate(movedItems: [ItemMove(from: position, to: position)]),
        ]
        for update in updates {
            #expect(!update.isEmpty)
            #expect(update.changeCount == 1)
        }
        #expect(Set(updates.map(\.changeCount)).count == 1)
    }

    @Test func movesDescribeThemselves() {
        let move = ItemMove(from: ItemPosition(item: 1, section: 0), to: ItemPosition(item: 0, section: 2))
        #expect(move.description == "section 0, item 1 -> section 2, item 0")
        #expect(SectionMove(from: 3, to: 1).description == "section 3 -> section 1")
    }
}
