import ModelStorage
import Testing

private func at(_ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: 0)
}

@Suite struct CollectionDifferenceDifferTests {
    let differ = CollectionDifferenceDiffer()

    @Test func identicalListsGiveAnEmptyUpdate() {
        let items = [Entry(1, "a"), Entry(2, "b")]
        #expect(differ.update(from: items, to: items).isEmpty)
    }

    @Test func aSwapIsOneMoveAndNoDeletionOrInsertion() {
        let update = differ.update(from: [Entry(1, "a"), Entry(2, "b")], to: [Entry(2, "b"), Entry(1, "a")])
        #expect(update.movedItems.count == 1)
        #expect(update.insertedItems.isEmpty)
        #expect(update.deletedItems.isEmpty)
    }

    @Test func aMovedItemWithANewValueIsMovedAndUpdatedAtItsNewPosition() {
        let update = differ.update(
            from: [Entry(1, "a"), Entry(2, "b"), Entry(3, "c")],
            to: [Entry(2, "b"), Entry(3, "c"), Entry(1, "A")]
        )
        #expect(update == StorageUpdate(updatedItems: [at(2)], movedItems: [ItemMove(from: at(0), to: at(2))]))
    }

    @Test func insertionsAndDeletionsUseNewAndOldIndexes() {
        let update = differ.update(
            from: [Entry(1, "a"), Entry(2, "b"), Entry(3, "c")],
            to: [Entry(0, "z"), Entry(1, "a"), Entry(3, "c")]
        )
        #expect(update == StorageUpdate(insertedItems: [at(0)], deletedItems: [at(1)]))
    }

    @Test func duplicateIDsAreHandled() {
        let update = differ.update(from: [Entry(1, "a"), Entry(1, "b")], to: [Entry(1, "a"), Entry(1, "c"), Entry(1, "d")])
        #expect(update == StorageUpdate(insertedItems: [at(2)], updatedItems: [at(1)]))
    }
}
