import ModelStorage
import Testing

private func at(_ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: 0)
}

private func entries(_ pairs: KeyValuePairs<Int, String>) -> [Entry] {
    pairs.map { Entry($0.key, $0.value) }
}

/// A differ that reloads everything: deletes all old items, inserts all new.
private struct DeleteEverythingDiffer: Differ {
    func update<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> StorageUpdate {
        StorageUpdate(
            insertedItems: Set(new.indices.map { ItemPosition(item: $0, section: 0) }),
            deletedItems: Set(old.indices.map { ItemPosition(item: $0, section: 0) })
        )
    }
}

@Suite struct SingleSectionStorageTests {
    @Test func itHasExactlyOneSectionEvenWhenEmpty() {
        let storage: any Storage = SingleSectionStorage<Entry>()
        #expect(storage.numberOfSections == 1)
        #expect(storage.numberOfItems(inSection: 0) == 0)
        #expect(storage.numberOfItems(inSection: 1) == 0)
        #expect(storage.item(at: at(0)) == nil)
    }

    @Test func itemsAreReadableThroughTheStorageProtocol() {
        let storage = SingleSectionStorage(items: entries([1: "a", 2: "b"]))
        #expect(storage.numberOfItems(inSection: 0) == 2)
        #expect(storage.item(at: at(1)) as? Entry == Entry(2, "b"))
        #expect(storage.item(at: at(2)) == nil)
        #expect(storage.item(at: ItemPosition(item: 0, section: 1)) == nil)
    }

    @Test func setItemsSendsOnePreciseUpdate() {
        let storage = SingleSectionStorage(items: entries([1: "a", 2: "b", 3: "c"]))
        let recorder = UpdateRecorder(storage)
        storage.setItems(entries([1: "a", 3: "C", 4: "d"]))
        #expect(storage.items == entries([1: "a", 3: "C", 4: "d"]))
        #expect(recorder.take() == [StorageUpdate(
            insertedItems: [at(2)],
            deletedItems: [at(1)],
            updatedItems: [at(1)]
        )])
    }

    @Test func aReorderIsReportedAsMovesNotDeletionsAndInsertions() {
        let storage = SingleSectionStorage(items: entries([1: "a", 2: "b", 3: "c", 4: "d"]))
        let recorder = UpdateRecorder(storage)
        storage.setItems(entries([4: "d", 1: "a", 2: "b", 3: "c"]))
        let update = recorder.take()
        #expect(update == [StorageUpdate(movedItems: [ItemMove(from: at(3), to: at(0))])])
    }

    @Test func aCustomDifferIsUsed() {
        let storage = SingleSectionStorage(items: entries([1: "a", 2: "b"]), differ: DeleteEverythingDiffer())
        let recorder = UpdateRecorder(storage)
        storage.setItems(entries([2: "b", 1: "a"]))
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(0), at(1)], deletedItems: [at(0), at(1)])])
        storage.differ = IdentityDiffer()
        storage.setItems(entries([1: "a", 2: "b"]))
        #expect(recorder.take().first?.movedItems.count == 1)
    }

    @Test func addItemsAppendsByDefault() {
        let storage = SingleSectionStorage(items: entries([1: "a"]))
        let recorder = UpdateRecorder(storage)
        storage.addItems(entries([2: "b", 3: "c"]))
        #expect(storage.items == entries([1: "a", 2: "b", 3: "c"]))
        #expect(recorder.take() == [StorageUpdate(insertedItems: [at(1), at(2)])])
    }

    /// The three shipped strategies, with the exact outcome of old
    /// `[1: a, 2: b, 3: c]` plus new `[2: x, 4: d]`.
    enum StrategyCase: String, CaseIterable, Sendable {
        case additive, updateOldValues, deleteOldValues

        var strategy: any AccumulationStrategy {
            switch self {
            case .additive: AdditiveAccumulationStrategy()
            case .updateOldValues: UpdateOldValuesAccumulationStrategy()
            case .deleteOldValues: DeleteOldValuesAccumulationStrategy()
            }
        }

        var expectedItems: [Entry] {
            switch self {
            case .additive: entries([1: "a", 2: "b", 3: "c", 2: "x", 4: "d"])
            case .updateOldValues: entries([1: "a", 2: "x", 3: "c", 4: "d"])
            case .deleteOldValues: entries([1: "a", 3: "c", 2: "x", 4: "d"])
            }
        }

        var expectedUpdate: StorageUpdate {
            switch self {
            case .additive:
                StorageUpdate(insertedItems: [at(3), at(4)])
            case .updateOldValues:
                StorageUpdate(insertedItems: [at(3)], updatedItems: [at(1)])
            case .deleteOldValues:
                StorageUpdate(insertedItems: [at(3)], updatedItems: [at(2)], movedItems: [ItemMove(from: at(1), to: at(2))])
            }
        }
    }

    @Test(arguments: StrategyCase.allCases)
    func addItemsWithAStrategyGivesTheExactItemsAndUpdate(_ strategyCase: StrategyCase) throws {
        let storage = SingleSectionStorage(items: entries([1: "a", 2: "b", 3: "c"]))
        let recorder = UpdateRecorder(storage)
        let before = Snapshot(storage)
        storage.addItems(entries([2: "x", 4: "d"]), strategy: strategyCase.strategy)
        #expect(storage.items == strategyCase.expectedItems)
        let updates = recorder.take()
        #expect(updates == [strategyCase.expectedUpdate])
        let update = try #require(updates.first)
        #expect(try UpdateApplier.apply(update, to: before, reading: Snapshot(storage)) == Snapshot(storage))
    }

    @Test func supplementaryModelsLiveInSectionZeroInTheOrderFirstSet() {
        let storage = SingleSectionStorage<Entry>()
        let recorder = UpdateRecorder(storage)
        storage.setSectionFooterModel("F")
        storage.setSectionHeaderModel("H")
        storage.setSupplementaryModel("B", ofKind: "badge")
        #expect(storage.headerModel as? String == "H")
        #expect(storage.footerModel as? String == "F")
        #expect(storage.supplementaryModel(ofKind: "badge", inSection: 0) as? String == "B")
        #expect(storage.supplementaryModel(ofKind: "badge", inSection: 1) == nil)
        #expect(storage.supplementaryKinds(inSection: 0) == ["footer", "header", "badge"])
        #expect(storage.supplementaryKinds(inSection: 1).isEmpty)
        storage.setSectionHeaderModel(nil)
        #expect(storage.headerModel == nil)
        #expect(recorder.take() == Array(repeating: StorageUpdate(updatedSections: [0]), count: 4))
    }

    @Test func aBatchSendsOneUpdateForTheNetChange() {
        let storage = SingleSectionStorage(items: entries([1: "a", 2: "b"]))
        let recorder = UpdateRecorder(storage)
        storage.performUpdates {
            storage.setItems(entries([1: "a", 2: "b", 3: "c"]))
            storage.performUpdates {
                storage.setItems(entries([2: "B", 3: "c"]))
            }
            storage.setSectionHeaderModel("H")
        }
        #expect(recorder.take() == [StorageUpdate(
            updatedSections: [0],
            insertedItems: [at(1)],
            deletedItems: [at(0)],
            updatedItems: [at(0)]
        )])
    }

    @Test func aCancelledObserverReceivesNothing() {
        let storage = SingleSectionStorage<Entry>()
        var received = 0
        let token = storage.observe { _ in received += 1 }
        storage.setItems(entries([1: "a"]))
        token.cancel()
        storage.setItems(entries([2: "a"]))
        #expect(received == 1)
    }
}
