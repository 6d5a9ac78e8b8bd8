import ModelStorage
import Testing

private func at(_ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: 0)
}

@Suite struct IdentityDifferTests {
    let differ = IdentityDiffer()

    @Test func aRotationIsOneMove() {
        let update = differ.update(
            from: [Entry(1, "a"), Entry(2, "b"), Entry(3, "c"), Entry(4, "d")],
            to: [Entry(4, "d"), Entry(1, "a"), Entry(2, "b"), Entry(3, "c")]
        )
        #expect(update == StorageUpdate(movedItems: [ItemMove(from: at(3), to: at(0))]))
    }

    @Test func aReversalKeepsOneItemAndMovesTheOthers() {
        let old = (0..<5).map { Entry($0, "v") }
        let update = differ.update(from: old, to: old.reversed())
        #expect(update.movedItems.count == 4)
        #expect(update.insertedItems.isEmpty && update.deletedItems.isEmpty)
    }

    @Test func changesUseOldIndexesForDeletionsAndNewIndexesForTheRest() {
        let update = differ.update(
            from: [Entry(1, "a"), Entry(2, "b"), Entry(3, "c")],
            to: [Entry(0, "z"), Entry(1, "a"), Entry(3, "C")]
        )
        #expect(update == StorageUpdate(insertedItems: [at(0)], deletedItems: [at(1)], updatedItems: [at(2)]))
    }

    @Test func duplicateIDsFallBackToCollectionDifference() {
        let old = [Entry(1, "a"), Entry(1, "b")]
        let new = [Entry(1, "a"), Entry(1, "c"), Entry(1, "d")]
        #expect(differ.update(from: old, to: new) == CollectionDifferenceDiffer().update(from: old, to: new))
        let repeatedInNew = [Entry(1, "a"), Entry(1, "a")]
        #expect(differ.update(from: [Entry(1, "a")], to: repeatedInNew)
            == CollectionDifferenceDiffer().update(from: [Entry(1, "a")], to: repeatedInNew))
    }
}
