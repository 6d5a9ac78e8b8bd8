@testable import ModelStorage
import Testing

private func at(_ section: Int, _ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: section)
}

@Suite struct TokenLayoutTests {
    @Test func itemsLeavingADeletedSectionAreInsertionsAndItemsEnteringAnInsertedSectionAreDeletions() {
        let old = TokenLayout(sections: [100, 200], items: [[1, 2], [3]])
        let new = TokenLayout(sections: [200, 300], items: [[3, 1], [2]])
        let update = new.update(from: old, updatedItems: [1, 2, 3], updatedSections: [100, 200, 300])
        #expect(update == StorageUpdate(
            insertedSections: [1],
            deletedSections: [0],
            updatedSections: [0],
            insertedItems: [at(0, 1)],
            updatedItems: [at(0, 0)]
        ))
    }

    @Test func itemsChangingSectionAreMovesWithOldAndNewIndexes() {
        let old = TokenLayout(sections: [100, 200], items: [[1, 2], [3]])
        let new = TokenLayout(sections: [200, 100], items: [[2, 3], [1]])
        let update = new.update(from: old, updatedItems: [], updatedSections: [])
        #expect(update.movedSections.count == 1)
        #expect(update.movedItems.contains(ItemMove(from: at(0, 1), to: at(0, 0))))
        #expect(update.insertedItems.isEmpty && update.deletedItems.isEmpty)
    }
}
