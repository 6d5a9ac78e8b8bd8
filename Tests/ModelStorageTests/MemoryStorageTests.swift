import Foundation
import ModelStorage
import Testing

private func at(_ section: Int, _ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: section)
}

/// The items of a section as strings, `nil` when the section is missing.
private func strings(_ storage: MemoryStorage, _ section: Int) -> [String]? {
    storage.items(inSection: section)?.map { String(describing: $0) }
}

/// A storage with one section per list, plus a recorder attached after filling.
private func makeStorage(_ sections: [[String]]) -> (MemoryStorage, UpdateRecorder) {
    let storage = MemoryStorage(sections: sections.map { SectionModel(items: $0) })
    return (storage, UpdateRecorder(storage))
}

@Suite struct MemoryStorageReadingTests {
    @Test func aNewStorageHasNoSectionsAndAnswersNilEverywhere() {
        let storage = MemoryStorage()
        #expect(storage.numberOfSections == 0)
        #expect(storage.totalNumberOfItems == 0)
        #expect(storage.numberOfItems(inSection: 0) == 0)
        #expect(storage.item(at: at(0, 0)) == nil)
        #expect(storage.section(at: 0) == nil)
        #expect(storage.items(inSection: 0) == nil)
        #expect(storage.headerModel(forSection: 0) == nil)
        #expect(storage.supplementaryKinds(inSection: 0).isEmpty)
    }

    @Test func initialSectionsAreReadableThroughTheStorageProtocol() {
        var first = SectionModel(items: ["a", "b"])
        first.headerModel = "H"
        let storage: any Storage = MemoryStorage(sections: [first, SectionModel(items: ["c"])])
        #expect(storage.numberOfSections == 2)
        #expect(storage.numberOfItems(inSection: 1) == 1)
        #expect(storage.item(at: at(1, 0)) as? String == "c")
        #expect(storage.item(at: at(1, 1)) == nil)
        #expect(storage.item(at: at(-1, 0)) == nil)
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: 0) as? String == "H")
        #expect(storage.supplementaryKinds(inSection: 0) == [SupplementaryKind.header])
        let memory = MemoryStorage(sections: [first])
        let section = memory.section(at: 0)
        #expect(section?.items.count == 2)
        #expect(section?.headerModel as? String == "H")
        #expect(memory.items(inSection: 0)?.last as? String == "b")
    }

    @Test func positionOfFindsTheFirstEqualItemOfTheSameType() {
        let storage = MemoryStorage(sections: [SectionModel(items: [1, "x"]), SectionModel(items: ["y", "x"])])
        #expect(storage.position(of: "x") == at(0, 1))
        #expect(storage.position(of: "y") == at(1, 0))
        #expect(storage.position(of: 1) == at(0, 0))
        #expect(storage.position(of: "1") == nil)
        #expect(storage.position(of: 2.5) == nil)
        #expect(storage.totalNumberOfItems == 4)
    }
}

@Suite struct MemoryStorageAddingTests {
    @Test func addItemAppendsToSectionZeroByDefaultAndSendsTheInsertedPosition() throws {
        let (storage, recorder) = makeStorage([["a"]])
        storage.addItem("b")
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(0, 1)])])
    }

    @Test func addItemToAMissingSectionCreatesItAndTheSectionsBefore() throws {
        let (storage, recorder) = makeStorage([])
        storage.addItem("a", toSection: 2)
        #expect(storage.numberOfSections == 3)
        #expect(strings(storage, 2) == ["a"])
        #expect(strings(storage, 1) == [])
        #expect(recorder.take() == [StorageUpdate(insertedSections: [0, 1, 2])])
    }

    @Test func addItemsAppendsInOrderAndSendsOneUpdate() throws {
        let (storage, recorder) = makeStorage([["a"], ["b"]])
        storage.addItems(["c", "d"], toSection: 1)
        #expect(strings(storage, 1) == ["b", "c", "d"])
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(1, 1), at(1, 2)])])
    }

    @Test func addingOrSettingANegativeSectionChangesNothingAndSendsOneEmptyUpdateEach() {
        let (storage, recorder) = makeStorage([["a"]])
        storage.addItem("b", toSection: -1)
        storage.addItems(["b"], toSection: -2)
        storage.setItems(["c"], forSection: -1)
        #expect(storage.numberOfSections == 1)
        #expect(strings(storage, 0) == ["a"])
        #expect(recorder.take() == [StorageUpdate(), StorageUpdate(), StorageUpdate()])
    }

    @Test func setItemsReplacesOneSectionKeepsItsHeaderAndAsksForAFullReload() throws {
        var section = SectionModel(items: ["a", "b"])
        section.headerModel = "H"
        let storage = MemoryStorage(sections: [section])
        let recorder = UpdateRecorder(storage)
        storage.setItems(["x"], forSection: 0)
        storage.setItems(["y"], forSection: 2)
        #expect(strings(storage, 0) == ["x"])
        #expect(strings(storage, 1) == [])
        #expect(strings(storage, 2) == ["y"])
        #expect(storage.headerModel(forSection: 0) as? String == "H")
        #expect(recorder.take() == [.fullReload, .fullReload])
    }

    @Test func setItemsForAllSectionsLeavesExactlyTheGivenSections() {
        var first = SectionModel(items: ["a"])
        first.footerModel = "F"
        let storage = MemoryStorage(sections: [first, SectionModel(items: ["b"]), SectionModel(items: ["c"])])
        let recorder = UpdateRecorder(storage)
        storage.setItemsForAllSections([["x", "y"], ["z"]])
        #expect(storage.numberOfSections == 2)
        #expect(strings(storage, 0) == ["x", "y"])
        #expect(strings(storage, 1) == ["z"])
        #expect(storage.footerModel(forSection: 0) as? String == "F")
        storage.setItemsForAllSections([["p"], [], ["q"]])
        #expect(storage.numberOfSections == 3)
        #expect(strings(storage, 2) == ["q"])
        #expect(recorder.take() == [.fullReload, .fullReload])
    }
    @Test func setItemsWithoutASectionFillsSectionZero() {
        let (storage, recorder) = makeStorage([])
        storage.setItems(["a", "b"])
        #expect(storage.numberOfSections == 1)
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(recorder.take() == [.fullReload])
    }

    @Test func setSectionReplacesItemsAndModelsAndSendsTheSectionAsDeletedAndInserted() throws {
        var old = SectionModel(items: ["b"])
        old.headerModel = "Old"
        old.setSupplementaryModel("badge", ofKind: "badge")
        let storage = MemoryStorage(sections: [SectionModel(items: ["a"]), old, SectionModel(items: ["c"])])
        let recorder = UpdateRecorder(storage)
        var new = SectionModel(items: ["x", "y"])
        new.footerModel = "New"
        try storage.setSection(new, forSection: 1)
        #expect(strings(storage, 1) == ["x", "y"])
        #expect(storage.headerModel(forSection: 1) == nil)
        #expect(storage.footerModel(forSection: 1) as? String == "New")
        #expect(storage.supplementaryKinds(inSection: 1) == [SupplementaryKind.footer])
        #expect(strings(storage, 0) == ["a"])
        #expect(strings(storage, 2) == ["c"])
        #expect(recorder.take() == [StorageUpdate(insertedSections: [1], deletedSections: [1])])
    }

    @Test(arguments: [(1, Set([1])), (3, Set([1, 2, 3]))])
    func setSectionPastTheEndCreatesTheSectionsBeforeIt(index: Int, inserted: Set<Int>) throws {
        let (storage, recorder) = makeStorage([["a"]])
        try storage.setSection(SectionModel(items: ["x"]), forSection: index)
        #expect(storage.numberOfSections == index + 1)
        #expect(strings(storage, index) == ["x"])
        #expect(storage.items(inSection: index - 1)?.isEmpty == (index > 1))
        #expect(recorder.take() == [StorageUpdate(insertedSections: inserted)])
    }

    @Test func setSectionAtANegativeIndexThrowsAndChangesNothing() {
        let (storage, recorder) = makeStorage([["a"]])
        #expect(throws: MemoryStorageError.sectionOutOfRange(-1, numberOfSections: 1)) {
            try storage.setSection(SectionModel(items: ["x"]), forSection: -1)
        }
        #expect(Snapshot(storage) == Snapshot(MemoryStorage(sections: [SectionModel(items: ["a"])])))
        #expect(recorder.updates.isEmpty)
    }
}

@Suite struct MemoryStorageInsertingTests {
    @Test(arguments: [
        (at(0, 0), ["x", "a", "b"]),
        (at(0, 1), ["a", "x", "b"]),
        (at(0, 2), ["a", "b", "x"]),
    ])
    func insertItemPutsTheItemAtThePosition(position: ItemPosition, expected: [String]) throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.insertItem("x", to: position)
        #expect(strings(storage, 0) == expected)
        #expect(recorder.take() == [StorageUpdate(insertedItems: [position])])
    }

    @Test func insertItemIntoAMissingSectionCreatesIt() throws {
        let (storage, recorder) = makeStorage([["a"]])
        try storage.insertItem("x", to: at(2, 0))
        #expect(strings(storage, 2) == ["x"])
        #expect(recorder.take() == [StorageUpdate(insertedSections: [1, 2])])
    }

    @Test(arguments: [
        (at(0, 3), 2),
        (at(0, -1), 2),
        (at(2, 1), 0),
        (at(-1, 0), 0),
    ])
    func insertItemOutOfRangeThrowsTheExactError(position: ItemPosition, itemsInSection: Int) {
        let (storage, recorder) = makeStorage([["a", "b"]])
        #expect(throws: MemoryStorageError.insertionOutOfRange(position, itemsInSection: itemsInSection, numberOfSections: 1)) {
            try storage.insertItem("x", to: position)
        }
        #expect(Snapshot(storage) == Snapshot(MemoryStorage(sections: [SectionModel(items: ["a", "b"])])))
        #expect(recorder.updates.isEmpty)
    }

    @Test func insertItemsUsesPositionsAfterTheCallWhateverTheirOrder() throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.insertItems(["y", "x"], at: [at(0, 2), at(0, 1)])
        #expect(strings(storage, 0) == ["a", "x", "y", "b"])
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(0, 1), at(0, 2)])])
    }

    @Test func insertItemsChecksEveryPositionBeforeChangingAnything() {
        let (storage, recorder) = makeStorage([["a", "b"]])
        #expect(throws: MemoryStorageError.batchInsertionOutOfRange(
            at(0, 4), itemsInSection: 2, inserting: 2, numberOfSections: 1
        )) {
            try storage.insertItems(["x", "y"], at: [at(0, 0), at(0, 4)])
        }
        #expect(throws: MemoryStorageError.itemCountMismatch(items: 1, positions: 2)) {
            try storage.insertItems(["x"], at: [at(0, 0), at(0, 1)])
        }
        #expect(throws: MemoryStorageError.duplicatePosition(at(0, 1))) {
            try storage.insertItems(["x", "y"], at: [at(0, 1), at(0, 1)])
        }
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(recorder.updates.isEmpty)
    }

    @Test func insertItemsIntoAMissingSectionNamesTheBatchNotAnEmptySection() {
        let (storage, recorder) = makeStorage([])
        let expected = MemoryStorageError.batchInsertionOutOfRange(
            at(0, 2), itemsInSection: 0, inserting: 2, numberOfSections: 0
        )
        #expect(throws: expected) {
            try storage.insertItems(["x", "y"], at: [at(0, 0), at(0, 2)])
        }
        #expect(expected.description.contains("creates it holding the 2 items it inserts there"))
        #expect(storage.numberOfSections == 0)
        #expect(recorder.updates.isEmpty)
    }

    @Test func insertItemsIntoSeveralSectionsChecksEachAgainstItsOwnCount() throws {
        let (storage, recorder) = makeStorage([["a"], ["b", "c"]])
        try storage.insertItems(["x", "y", "z"], at: [at(1, 3), at(0, 1), at(1, 0)])
        #expect(strings(storage, 0) == ["a", "y"])
        #expect(strings(storage, 1) == ["z", "b", "c", "x"])
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(0, 1), at(1, 0), at(1, 3)])])
    }

    @Test(arguments: [
        (at(0, 0), ["x", "y", "a", "b"]),
        (at(0, 1), ["a", "x", "y", "b"]),
        (at(0, 2), ["a", "b", "x", "y"]),
    ])
    func insertItemsAtOnePositionKeepsTheirOrder(position: ItemPosition, expected: [String]) throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.insertItems(["x", "y"], at: position)
        #expect(strings(storage, 0) == expected)
        let next = ItemPosition(item: position.item + 1, section: 0)
        #expect(recorder.take() == [StorageUpdate(insertedItems: [position, next])])
    }

    @Test func insertItemsAtOnePositionOfAMissingSectionCreatesIt() throws {
        let (storage, recorder) = makeStorage([["a"]])
        try storage.insertItems(["x", "y"], at: at(2, 0))
        #expect(strings(storage, 1) == [])
        #expect(strings(storage, 2) == ["x", "y"])
        #expect(recorder.take() == [StorageUpdate(insertedSections: [1, 2])])
    }

    @Test func insertingNoItemsAtAValidPositionChangesNothingAndSendsAnEmptyUpdate() throws {
        let (storage, recorder) = makeStorage([["a"]])
        try storage.insertItems([], at: at(3, 0))
        #expect(storage.numberOfSections == 1)
        #expect(recorder.take() == [StorageUpdate()])
    }

    @Test(arguments: [
        (at(0, 3), 2),
        (at(0, -1), 2),
        (at(1, 1), 0),
        (at(-1, 0), 0),
    ])
    func insertItemsAtABadPositionThrowsEvenForNoItems(position: ItemPosition, itemsInSection: Int) {
        let (storage, recorder) = makeStorage([["a", "b"]])
        let expected = MemoryStorageError.insertionOutOfRange(position, itemsInSection: itemsInSection, numberOfSections: 1)
        #expect(throws: expected) {
            try storage.insertItems(["x", "y"], at: position)
        }
        #expect(throws: expected) {
            try storage.insertItems([], at: position)
        }
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(storage.numberOfSections == 1)
        #expect(recorder.updates.isEmpty)
    }

    @Test func insertSectionPlacesAWholeSection() throws {
        let (storage, recorder) = makeStorage([["a"], ["b"]])
        var section = SectionModel(items: ["x"])
        section.headerModel = "X"
        try storage.insertSection(section, at: 1)
        #expect(strings(storage, 1) == ["x"])
        #expect(strings(storage, 2) == ["b"])
        #expect(storage.headerModel(forSection: 1) as? String == "X")
        #expect(recorder.take() == [StorageUpdate(insertedSections: [1])])
    }

    @Test(arguments: [-1, 3])
    func insertSectionOutOfRangeThrowsTheExactError(index: Int) {
        let (storage, recorder) = makeStorage([["a"], ["b"]])
        #expect(throws: MemoryStorageError.sectionInsertionOutOfRange(index, numberOfSections: 2)) {
            try storage.insertSection(SectionModel(), at: index)
        }
        #expect(storage.numberOfSections == 2)
        #expect(recorder.updates.isEmpty)
    }
}

@Suite struct MemoryStorageRemovingTests {
    @Test func removeItemRemovesAndSendsTheOldPosition() throws {
        let (storage, recorder) = makeStorage([["a", "b", "c"]])
        try storage.removeItem(at: at(0, 1))
        #expect(strings(storage, 0) == ["a", "c"])
        #expect(recorder.take() == [StorageUpdate(deletedItems: [at(0, 1)])])
    }

    @Test(arguments: [
        (at(0, 3), 3, 2),
        (at(0, -1), 3, 2),
        (at(1, 0), 0, 2),
        (at(2, 0), 0, 2),
        (at(-1, 0), 0, 2),
    ])
    func removeItemOutOfRangeThrowsTheExactError(position: ItemPosition, itemsInSection: Int, sections: Int) {
        let (storage, recorder) = makeStorage([["a", "b", "c"], []])
        #expect(throws: MemoryStorageError.itemOutOfRange(position, itemsInSection: itemsInSection, numberOfSections: sections)) {
            try storage.removeItem(at: position)
        }
        #expect(storage.totalNumberOfItems == 3)
        #expect(recorder.updates.isEmpty)
    }

    @Test func removingAdjacentItemsRemovesTheRightOnes() throws {
        let (storage, recorder) = makeStorage([["a", "b", "c", "d"]])
        try storage.removeItems(at: [at(0, 1), at(0, 2)])
        #expect(strings(storage, 0) == ["a", "d"])
        #expect(recorder.take() == [StorageUpdate(deletedItems: [at(0, 1), at(0, 2)])])
    }

    @Test func removeItemsWorksAcrossSectionsInAnyOrder() throws {
        let (storage, _) = makeStorage([["a", "b"], ["c", "d", "e"]])
        try storage.removeItems(at: [at(1, 0), at(0, 1), at(1, 2)])
        #expect(strings(storage, 0) == ["a"])
        #expect(strings(storage, 1) == ["d"])
    }

    @Test func removeItemsIsAllOrNothing() {
        let (storage, recorder) = makeStorage([["a", "b", "c"]])
        #expect(throws: MemoryStorageError.itemOutOfRange(at(0, 7), itemsInSection: 3, numberOfSections: 1)) {
            try storage.removeItems(at: [at(0, 0), at(0, 7)])
        }
        #expect(throws: MemoryStorageError.duplicatePosition(at(0, 1))) {
            try storage.removeItems(at: [at(0, 1), at(0, 1)])
        }
        #expect(strings(storage, 0) == ["a", "b", "c"])
        #expect(recorder.updates.isEmpty)
    }

    @Test func removeItemByValueRemovesTheFirstEqualItem() throws {
        let (storage, recorder) = makeStorage([["a", "b", "a"]])
        try storage.removeItem("a")
        #expect(strings(storage, 0) == ["b", "a"])
        #expect(recorder.take() == [StorageUpdate(deletedItems: [at(0, 0)])])
        #expect(throws: MemoryStorageError.itemNotFound("zebra")) {
            try storage.removeItem("zebra")
        }
        #expect(recorder.updates.isEmpty)
    }

    @Test func removeItemsByValueRemovesOneStoredItemPerValue() throws {
        let (storage, recorder) = makeStorage([["a", "b", "a"], ["c", "a"]])
        try storage.removeItems(["c", "a", "a"])
        #expect(strings(storage, 0) == ["b"])
        #expect(strings(storage, 1) == ["a"])
        #expect(recorder.take() == [StorageUpdate(deletedItems: [at(0, 0), at(0, 2), at(1, 0)])])
    }

    @Test func removeItemsByValueTakesMixedTypesAsAnyHashable() throws {
        let (storage, recorder) = makeStorage([])
        storage.addItems(["1", 1, 2.5, "x"])
        _ = recorder.take()
        try storage.removeItems([AnyHashable(1), AnyHashable("x")])
        #expect(strings(storage, 0) == ["1", "2.5"])
        #expect(recorder.take() == [StorageUpdate(deletedItems: [at(0, 1), at(0, 3)])])
    }

    @Test(arguments: [
        (["a", "zebra"], "zebra"),
        (["b", "b"], "b"),
        (["1"], "1"),
    ])
    func removeItemsByValueIsAllOrNothing(values: [String], missing: String) {
        let sections = [SectionModel(items: ["a", "b"]), SectionModel(items: [1])]
        let storage = MemoryStorage(sections: sections)
        let recorder = UpdateRecorder(storage)
        #expect(throws: MemoryStorageError.itemNotFound(missing)) {
            try storage.removeItems(values)
        }
        #expect(Snapshot(storage) == Snapshot(MemoryStorage(sections: sections)))
        #expect(recorder.updates.isEmpty)
    }

    @Test func removingNoValuesSendsAnEmptyUpdate() throws {
        let (storage, recorder) = makeStorage([["a"]])
        try storage.removeItems([String]())
        #expect(strings(storage, 0) == ["a"])
        #expect(recorder.take() == [StorageUpdate()])
    }

    @Test func removeItemsFromSectionEmptiesOnlyThatSection() throws {
        let (storage, recorder) = makeStorage([["a"], ["b", "c"]])
        try storage.removeItems(fromSection: 1)
        #expect(strings(storage, 1) == [])
        #expect(strings(storage, 0) == ["a"])
        #expect(recorder.take() == [StorageUpdate(deletedItems: [at(1, 0), at(1, 1)])])
        #expect(throws: MemoryStorageError.sectionOutOfRange(2, numberOfSections: 2)) {
            try storage.removeItems(fromSection: 2)
        }
        #expect(recorder.updates.isEmpty)
    }

    @Test func removeAllItemsKeepsSectionsAndTheirModels() throws {
        let (storage, recorder) = makeStorage([["a"], ["b", "c"]])
        try storage.setSupplementaryModel("H", ofKind: SupplementaryKind.header, forSection: 1)
        _ = recorder.take()
        storage.removeAllItems()
        #expect(storage.numberOfSections == 2)
        #expect(storage.totalNumberOfItems == 0)
        #expect(storage.headerModel(forSection: 1) as? String == "H")
        #expect(recorder.take() == [.fullReload])
    }

    @Test func deleteSectionsAcceptsAnIndexSetAndUsesOldIndexes() throws {
        let (storage, recorder) = makeStorage([["a"], ["b"], ["c"], ["d"]])
        storage.deleteSections(IndexSet([1, 2]))
        #expect(storage.numberOfSections == 2)
        #expect(strings(storage, 1) == ["d"])
        #expect(recorder.take() == [StorageUpdate(deletedSections: [1, 2])])
    }

    @Test func deleteSectionsSkipsMissingIndexesAndCountsRepeatsOnce() {
        let (storage, recorder) = makeStorage([["a"], ["b"], ["c"]])
        storage.deleteSections([7, -1])
        #expect(storage.numberOfSections == 3)
        // Nothing to delete: one empty update, like every call that changes nothing.
        #expect(recorder.take() == [StorageUpdate()])
        storage.deleteSections([2, 5, 2])
        #expect(storage.numberOfSections == 2)
        #expect(strings(storage, 1) == ["b"])
        #expect(recorder.take() == [StorageUpdate(deletedSections: [2])])
    }
}

@Suite struct MemoryStorageReplacingTests {
    @Test func replaceItemSwapsTheValueAndSendsAnUpdatedPosition() throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.replaceItem(at: at(0, 1), with: "x")
        #expect(strings(storage, 0) == ["a", "x"])
        #expect(recorder.take() == [StorageUpdate(updatedItems: [at(0, 1)])])
        #expect(throws: MemoryStorageError.itemOutOfRange(at(0, 2), itemsInSection: 2, numberOfSections: 1)) {
            try storage.replaceItem(at: at(0, 2), with: "y")
        }
        #expect(recorder.updates.isEmpty)
    }

    @Test func replaceItemByValueReplacesTheFirstEqualItem() throws {
        let (storage, recorder) = makeStorage([["a"], ["b"]])
        try storage.replaceItem("b", with: "x")
        #expect(strings(storage, 1) == ["x"])
        #expect(recorder.take() == [StorageUpdate(updatedItems: [at(1, 0)])])
        #expect(throws: MemoryStorageError.itemNotFound("b")) {
            try storage.replaceItem("b", with: "y")
        }
    }

    @Test func reloadItemSendsTheUpdatedPositionWithoutChangingIt() throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.reloadItem(at: at(0, 0))
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(recorder.take() == [StorageUpdate(updatedItems: [at(0, 0)])])
        #expect(throws: MemoryStorageError.itemOutOfRange(at(3, 0), itemsInSection: 0, numberOfSections: 1)) {
            try storage.reloadItem(at: at(3, 0))
        }
        #expect(recorder.updates.isEmpty)
    }
    @Test func reloadItemByValueSendsThePositionOfTheFirstEqualItem() throws {
        let (storage, recorder) = makeStorage([["a"], ["b", "b"]])
        try storage.reloadItem("b")
        #expect(strings(storage, 1) == ["b", "b"])
        #expect(recorder.take() == [StorageUpdate(updatedItems: [at(1, 0)])])
    }

    @Test func reloadItemByValueThatIsNotStoredThrowsAndSendsNothing() {
        let (storage, recorder) = makeStorage([["a", "1"]])
        #expect(throws: MemoryStorageError.itemNotFound("1")) {
            try storage.reloadItem(1)
        }
        #expect(throws: MemoryStorageError.itemNotFound("zebra")) {
            try storage.reloadItem("zebra")
        }
        #expect(strings(storage, 0) == ["a", "1"])
        #expect(recorder.updates.isEmpty)
    }
}

@Suite struct MemoryStorageMovingTests {
    @Test(arguments: [
        (at(0, 0), at(0, 2), ["b", "c", "a", "d"]),
        (at(0, 3), at(0, 0), ["d", "a", "b", "c"]),
        (at(0, 1), at(0, 3), ["a", "c", "d", "b"]),
    ])
    func moveItemInsideASectionSendsOneMove(from: ItemPosition, to: ItemPosition, expected: [String]) throws {
        let (storage, recorder) = makeStorage([["a", "b", "c", "d"]])
        try storage.moveItem(from: from, to: to)
        #expect(strings(storage, 0) == expected)
        #expect(recorder.take() == [StorageUpdate(movedItems: [ItemMove(from: from, to: to)])])
    }

    @Test func moveItemToAnotherSectionMayAppend() throws {
        let (storage, recorder) = makeStorage([["a", "b"], ["c"]])
        try storage.moveItem(from: at(0, 0), to: at(1, 1))
        #expect(strings(storage, 0) == ["b"])
        #expect(strings(storage, 1) == ["c", "a"])
        #expect(recorder.take() == [StorageUpdate(movedItems: [ItemMove(from: at(0, 0), to: at(1, 1))])])
    }

    @Test func moveItemIntoAMissingSectionCreatesItAndSaysSo() throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.moveItem(from: at(0, 1), to: at(2, 0))
        #expect(storage.numberOfSections == 3)
        #expect(strings(storage, 0) == ["a"])
        #expect(strings(storage, 1) == [])
        #expect(strings(storage, 2) == ["b"])
        let update = try #require(recorder.take().first)
        #expect(update == StorageUpdate(insertedSections: [1, 2], deletedItems: [at(0, 1)]))
    }

    @Test func moveItemToItsOwnPositionSendsAnEmptyUpdate() throws {
        let (storage, recorder) = makeStorage([["a", "b"]])
        try storage.moveItem(from: at(0, 1), to: at(0, 1))
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(recorder.take().map(\.isEmpty) == [true])
    }

    @Test(arguments: [
        (at(0, 5), at(0, 0), MemoryStorageError.itemOutOfRange(at(0, 5), itemsInSection: 3, numberOfSections: 2)),
        (at(4, 0), at(0, 0), MemoryStorageError.itemOutOfRange(at(4, 0), itemsInSection: 0, numberOfSections: 2)),
        (at(0, 0), at(0, 3), MemoryStorageError.insertionOutOfRange(at(0, 3), itemsInSection: 2, numberOfSections: 2)),
        (at(0, 0), at(1, 2), MemoryStorageError.insertionOutOfRange(at(1, 2), itemsInSection: 1, numberOfSections: 2)),
        (at(0, 0), at(3, 1), MemoryStorageError.insertionOutOfRange(at(3, 1), itemsInSection: 0, numberOfSections: 2)),
        (at(0, 0), at(-1, 0), MemoryStorageError.insertionOutOfRange(at(-1, 0), itemsInSection: 0, numberOfSections: 2)),
    ])
    func moveItemWithABadPositionThrowsTheExactError(from: ItemPosition, to: ItemPosition, error: MemoryStorageError) {
        let (storage, recorder) = makeStorage([["a", "b", "c"], ["d"]])
        #expect(throws: error) { try storage.moveItem(from: from, to: to) }
        #expect(throws: error) { try storage.moveItemWithoutAnimation(from: from, to: to) }
        #expect(strings(storage, 0) == ["a", "b", "c"])
        #expect(storage.numberOfSections == 2)
        #expect(recorder.updates.isEmpty)
    }

    @Test func moveItemWithoutAnimationMovesButSendsNothing() throws {
        let (storage, recorder) = makeStorage([["a", "b", "c"]])
        try storage.moveItemWithoutAnimation(from: at(0, 0), to: at(0, 2))
        try storage.moveItemWithoutAnimation(from: at(0, 0), to: at(1, 0))
        #expect(strings(storage, 0) == ["c", "a"])
        #expect(strings(storage, 1) == ["b"])
        #expect(recorder.updates.isEmpty)
    }

    @Test func moveSectionCarriesItemsAndModels() throws {
        let (storage, recorder) = makeStorage([["a"], ["b"], ["c"]])
        try storage.setSupplementaryModel("A", ofKind: SupplementaryKind.header, forSection: 0)
        _ = recorder.take()
        try storage.moveSection(0, to: 2)
        #expect(strings(storage, 0) == ["b"])
        #expect(strings(storage, 2) == ["a"])
        #expect(storage.headerModel(forSection: 2) as? String == "A")
        #expect(recorder.take() == [StorageUpdate(movedSections: [SectionMove(from: 0, to: 2)])])
    }

    @Test(arguments: [(3, 0), (0, 3), (-1, 0)])
    func moveSectionOutOfRangeThrowsTheExactError(from: Int, to: Int) {
        let (storage, recorder) = makeStorage([["a"], ["b"], ["c"]])
        let bad = (0..<3).contains(from) ? to : from
        #expect(throws: MemoryStorageError.sectionOutOfRange(bad, numberOfSections: 3)) {
            try storage.moveSection(from, to: to)
        }
        #expect(strings(storage, 0) == ["a"])
        #expect(recorder.updates.isEmpty)
    }
}

@Suite struct MemoryStorageSupplementaryTests {
    @Test func sectionHeaderModelsGoOnePerSectionAndCreateSections() {
        let (storage, recorder) = makeStorage([["a"]])
        storage.setSectionHeaderModels(["H0", nil, "H2"])
        #expect(storage.numberOfSections == 3)
        #expect(storage.headerModel(forSection: 0) as? String == "H0")
        #expect(storage.headerModel(forSection: 1) == nil)
        #expect(storage.headerModel(forSection: 2) as? String == "H2")
        #expect(recorder.take() == [StorageUpdate(insertedSections: [1, 2], updatedSections: [0])])
    }

    @Test func settingFewerModelsThanSectionsClearsTheRest() {
        let (storage, recorder) = makeStorage([[], [], []])
        storage.setSectionFooterModels(["F0", "F1", "F2"])
        storage.setSectionFooterModels(["G0"])
        #expect(storage.footerModel(forSection: 0) as? String == "G0")
        #expect(storage.footerModel(forSection: 1) == nil)
        #expect(storage.footerModel(forSection: 2) == nil)
        #expect(storage.supplementaryKinds(inSection: 2).isEmpty)
        #expect(recorder.take() == [
            StorageUpdate(updatedSections: [0, 1, 2]),
            StorageUpdate(updatedSections: [0, 1, 2]),
        ])
    }

    @Test func customKindsAreStoredAndListedInTheOrderFirstSet() throws {
        let (storage, recorder) = makeStorage([["a"]])
        storage.setSupplementaryModels(["badge"], ofKind: "badge")
        try storage.setSupplementaryModel("F", ofKind: SupplementaryKind.footer, forSection: 0)
        try storage.setSupplementaryModel("H", ofKind: SupplementaryKind.header, forSection: 0)
        try storage.setSupplementaryModel("H2", ofKind: SupplementaryKind.header, forSection: 0)
        #expect(storage.supplementaryKinds(inSection: 0) == ["badge", "footer", "header"])
        try storage.setSupplementaryModel(nil, ofKind: "badge", forSection: 0)
        try storage.setSupplementaryModel("again", ofKind: "badge", forSection: 0)
        #expect(storage.supplementaryKinds(inSection: 0) == ["footer", "header", "badge"])
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: 0) as? String == "H2")
        #expect(recorder.take().count == 6)
    }

    @Test func setSupplementaryModelOnAMissingSectionCreatesIt() throws {
        let (storage, recorder) = makeStorage([])
        try storage.setSupplementaryModel("H", ofKind: SupplementaryKind.header, forSection: 1)
        #expect(storage.headerModel(forSection: 1) as? String == "H")
        #expect(recorder.take() == [StorageUpdate(insertedSections: [0, 1])])
        #expect(throws: MemoryStorageError.sectionOutOfRange(-1, numberOfSections: 2)) {
            try storage.setSupplementaryModel("H", ofKind: SupplementaryKind.header, forSection: -1)
        }
    }
}

@Suite struct MemoryStorageObservingTests {
    @Test func cancellingTheTokenStopsUpdates() throws {
        let storage = MemoryStorage()
        var received = 0
        let token = storage.observe { _ in received += 1 }
        storage.addItem("a")
        token.cancel()
        storage.addItem("b")
        #expect(received == 1)
        #expect(token.isCancelled)
    }

    @Test func droppingTheTokenStopsUpdates() throws {
        let storage = MemoryStorage()
        var received = 0
        var token: ObservationToken? = storage.observe { _ in received += 1 }
        storage.addItem("a")
        #expect(token != nil)
        token = nil
        storage.addItem("b")
        #expect(received == 1)
    }

    @Test func observersAreCalledInSubscriptionOrder() throws {
        let storage = MemoryStorage()
        var calls: [String] = []
        let first = storage.observe { _ in calls.append("first") }
        let second = storage.observe { _ in calls.append("second") }
        storage.addItem("a")
        #expect(calls == ["first", "second"])
        withExtendedLifetime((first, second)) {}
    }
}

@Suite struct MemoryStorageBatchTests {
    @Test func threeMutationsInABatchSendOneUpdateWithThreeChanges() throws {
        let (storage, recorder) = makeStorage([["a", "b", "c"]])
        try storage.performUpdates {
            storage.addItem("d")
            try storage.replaceItem(at: at(0, 0), with: "A")
            try storage.removeItem(at: at(0, 1))
        }
        #expect(strings(storage, 0) == ["A", "c", "d"])
        let updates = recorder.take()
        #expect(updates == [StorageUpdate(
            insertedItems: [at(0, 2)],
            deletedItems: [at(0, 1)],
            updatedItems: [at(0, 0)]
        )])
        #expect(updates.first?.changeCount == 3)
    }

    @Test func nestedBatchesMergeIntoTheOutermost() throws {
        let (storage, recorder) = makeStorage([["a"]])
        storage.performUpdates {
            storage.performUpdates {
                storage.setSectionHeaderModels(["H"])
            }
            #expect(recorder.updates.isEmpty)
            try? storage.moveSection(0, to: 0)
        }
        #expect(recorder.take() == [StorageUpdate(updatedSections: [0])])
    }

    @Test func aBatchThatThrowsStillReportsWhatItChanged() throws {
        let (storage, recorder) = makeStorage([["a"]])
        #expect(throws: MemoryStorageError.itemOutOfRange(at(0, 9), itemsInSection: 2, numberOfSections: 1)) {
            try storage.performUpdates {
                storage.addItem("b")
                try storage.removeItem(at: at(0, 9))
            }
        }
        #expect(strings(storage, 0) == ["a", "b"])
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(0, 1)])])
    }

    @Test func aBatchReportsSectionAndItemMovesPrecisely() throws {
        let (storage, recorder) = makeStorage([["a", "b"], ["c"], ["d"]])
        try storage.performUpdates {
            try storage.moveSection(2, to: 0)
            try storage.moveItem(from: at(1, 0), to: at(1, 1))
            try storage.replaceItem(at: at(2, 0), with: "C")
        }
        #expect(strings(storage, 1) == ["b", "a"])
        // Of a and b, the longest run kept in order is one item: b moves, a stays.
        #expect(recorder.take() == [StorageUpdate(
            movedSections: [SectionMove(from: 2, to: 0)],
            updatedItems: [at(2, 0)],
            movedItems: [ItemMove(from: at(0, 1), to: at(1, 0))]
        )])
    }

    @Test func moveItemWithoutAnimationInsideABatchIsPartOfTheNetUpdate() throws {
        let (storage, recorder) = makeStorage([["a", "b", "c"]])
        try storage.performUpdates {
            try storage.moveItemWithoutAnimation(from: at(0, 0), to: at(0, 2))
        }
        #expect(recorder.take() == [StorageUpdate(movedItems: [ItemMove(from: at(0, 0), to: at(0, 2))])])
    }
}
