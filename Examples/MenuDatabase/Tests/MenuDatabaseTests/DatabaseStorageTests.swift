import GRDB
import MenuDatabase
import ModelStorage
import Testing

private func at(_ section: Int, _ item: Int) -> ItemPosition {
    ItemPosition(item: item, section: section)
}

/// The seeded menu with 6 dishes in 2 courses reads:
/// Starters: Roast Leek (1), Smoked Squash (3), Pickled Beetroot (5)
/// Soups:    Grilled Trout (2), Braised Lamb (4), Charred Mackerel (6)
@Suite struct DatabaseStorageReadingTests {
    @Test func theStorageHoldsTheQueryResultWithCoursesAsHeaders() throws {
        let menu = try MenuFixture()
        #expect(menu.names == [
            ["Roast Leek", "Smoked Squash", "Pickled Beetroot"],
            ["Grilled Trout", "Braised Lamb", "Charred Mackerel"],
        ])
        let storage: any Storage = menu.storage
        #expect(storage.numberOfSections == 2)
        #expect(storage.numberOfItems(inSection: 1) == 3)
        #expect(storage.numberOfItems(inSection: 2) == 0)
        #expect((storage.item(at: at(1, 0)) as? Dish)?.id == 2)
        #expect(storage.item(at: at(1, 3)) == nil)
        #expect(storage.item(at: at(-1, 0)) == nil)
        #expect((storage.supplementaryModel(ofKind: SupplementaryKind.header, inSection: 0) as? Course)?.name == "Starters")
        #expect(storage.supplementaryModel(ofKind: SupplementaryKind.footer, inSection: 0) == nil)
        #expect(storage.supplementaryKinds(inSection: 1) == [SupplementaryKind.header])
        #expect(storage.supplementaryKinds(inSection: 2).isEmpty)
        #expect(try menu.storage.sections == menu.queryResult())
    }

    @Test func aCourseWithoutDishesIsAnEmptySection() throws {
        let menu = try MenuFixture(dishes: 1, courses: 3)
        #expect(menu.names == [["Roast Leek"], [], []])
        #expect(menu.storage.header(ofSection: 2)?.name == "Mains")
        #expect(menu.storage.header(ofSection: 3) == nil)
    }
}

@Suite struct DatabaseStorageUpdateTests {
    /// One transaction and the one update it must send.
    static let cases: [(name: String, sql: String, update: StorageUpdate)] = [
        ("update", "UPDATE dish SET priceCents = 999 WHERE id = 3", StorageUpdate(updatedItems: [at(0, 1)])),
        // Equal positions go by id: Bisque (7) follows Braised Lamb (4, position 1).
        ("insert", "INSERT INTO dish (id, courseId, name, priceCents, position) VALUES (7, 2, 'Bisque', 700, 1)",
         StorageUpdate(insertedItems: [at(1, 2)])),
        ("delete", "DELETE FROM dish WHERE id = 4", StorageUpdate(deletedItems: [at(1, 1)])),
        ("reorder", "UPDATE dish SET position = 9 WHERE id = 1",
         StorageUpdate(movedItems: [ItemMove(from: at(0, 0), to: at(0, 2))])),
        ("change course", "UPDATE dish SET courseId = 2, position = -1 WHERE id = 5",
         StorageUpdate(movedItems: [ItemMove(from: at(0, 2), to: at(1, 0))])),
        ("change course and price", "UPDATE dish SET courseId = 1, priceCents = 1 WHERE id = 6",
         StorageUpdate(updatedItems: [at(0, 3)], movedItems: [ItemMove(from: at(1, 2), to: at(0, 3))])),
        ("rename course", "UPDATE course SET name = 'Broths' WHERE id = 2", StorageUpdate(updatedSections: [1])),
        ("reorder courses", "UPDATE course SET position = -1 WHERE id = 2",
         StorageUpdate(movedSections: [SectionMove(from: 1, to: 0)])),
        ("insert course", "INSERT INTO course (id, name, position) VALUES (9, 'Mains', -1)",
         StorageUpdate(insertedSections: [0])),
        ("delete course and its dishes", "DELETE FROM course WHERE id = 1", StorageUpdate(deletedSections: [0])),
        ("several statements", "DELETE FROM dish WHERE id = 1; UPDATE dish SET name = 'Lamb' WHERE id = 4",
         StorageUpdate(deletedItems: [at(0, 0)], updatedItems: [at(1, 1)])),
        ("rewrite without change", "UPDATE dish SET name = name", StorageUpdate()),
    ]

    @Test(arguments: cases)
    func aTransactionSendsExactlyOneUpdate(name: String, sql: String, update: StorageUpdate) throws {
        let menu = try MenuFixture()
        let before = menu.storage.sections
        try menu.execute(sql)
        let updates = menu.log.take()
        #expect(updates == [update], "\(name)")
        let after = try menu.queryResult()
        #expect(menu.storage.sections == after)
        #expect(try UpdateReplay.apply(update, to: before, reading: after) == after)
    }

    @Test func aRolledBackTransactionSendsNothing() throws {
        let menu = try MenuFixture()
        try menu.database.inTransaction { db in
            try db.execute(sql: "DELETE FROM dish")
            return .rollback
        }
        #expect(menu.log.take().isEmpty)
        #expect(menu.storage.sections.flatMap(\.items).count == 6)
    }

    @Test func aTableTheQueryDoesNotReadSendsNothing() throws {
        let menu = try MenuFixture()
        try menu.execute("CREATE TABLE note (text TEXT); INSERT INTO note VALUES ('closed on Mondays')")
        #expect(menu.log.take().isEmpty)
    }

    @Test func theUpdateArrivesBeforeTheWriteReturnsAndObserversCanReadTheStorage() throws {
        let menu = try MenuFixture()
        let seen = UpdateLog()
        let names = TextLog()
        let token = menu.storage.observe { [storage = menu.storage] update in
            seen.handler(update)
            names.record(storage.row(at: at(0, 0))?.name)
        }
        try menu.execute("UPDATE dish SET name = 'Leek Tart' WHERE id = 1")
        #expect(seen.take() == [StorageUpdate(updatedItems: [at(0, 0)])])
        #expect(names.all == ["Leek Tart"])
        token.cancel()
    }

    @Test func aCancelledTokenGetsNoMoreUpdates() throws {
        let menu = try MenuFixture()
        menu.token.cancel()
        try menu.execute("DELETE FROM dish WHERE id = 1")
        #expect(menu.log.take().isEmpty)
        #expect(menu.names[0] == ["Smoked Squash", "Pickled Beetroot"])
    }
}

@Suite struct DatabaseStorageRefreshTests {
    @Test func refreshPicksUpAnotherConnectionsChangeAndSendsTheSameUpdate() throws {
        let file = try TemporaryDatabaseFile()
        let menu = try MenuFixture(database: file.connect())
        let other = try file.connect()
        try other.write { db in try db.execute(sql: "UPDATE dish SET priceCents = 1 WHERE id = 2") }
        #expect(menu.log.take().isEmpty)
        let update = try menu.storage.refresh()
        #expect(update == StorageUpdate(updatedItems: [at(1, 0)]))
        #expect(menu.log.take() == [update])
        #expect(menu.storage.row(at: at(1, 0))?.priceCents == 1)
        #expect(try menu.storage.refresh() == StorageUpdate())
    }

    @Test func afterStopObservingOnlyRefreshChangesTheContents() throws {
        let menu = try MenuFixture()
        menu.storage.stopObserving()
        try menu.execute("DELETE FROM dish WHERE id = 1")
        #expect(menu.log.take().isEmpty)
        #expect(menu.names[0].count == 3)
        #expect(try menu.storage.refresh() == StorageUpdate(deletedItems: [at(0, 0)]))
        #expect(menu.names[0].count == 2)
    }

    @Test func aQueryThatFailsAfterACommitKeepsTheContentsAndReportsTheError() throws {
        let menu = try MenuFixture()
        let before = menu.storage.sections
        try menu.execute("ALTER TABLE dish RENAME COLUMN priceCents TO price")
        try menu.execute("UPDATE dish SET price = 5 WHERE id = 1")
        #expect(menu.log.take().isEmpty)
        #expect(menu.storage.sections == before)
        let error = try #require(menu.storage.observationError)
        #expect(error.contains("priceCents"))
        #expect(throws: DatabaseError.self) { try menu.storage.refresh() }
        #expect(menu.log.take().isEmpty)
        // The next good result carries every change since the last one.
        try menu.execute("ALTER TABLE dish RENAME COLUMN price TO priceCents; DELETE FROM dish WHERE id = 6")
        #expect(menu.log.take() == [StorageUpdate(deletedItems: [at(1, 2)], updatedItems: [at(0, 0)])])
        #expect(menu.storage.observationError == nil)
    }
}

@Suite struct DatabaseStorageDifferTests {
    /// A differ that answers with positions the lists do not have.
    struct OutOfRangeDiffer: Differ, Sendable {
        func update<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> StorageUpdate {
            StorageUpdate(deletedItems: [ItemPosition(item: old.count + 5, section: 0)])
        }
    }

    /// A differ that always asks for a full reload.
    struct ReloadDiffer: Differ, Sendable {
        func update<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> StorageUpdate {
            .fullReload
        }
    }

    @Test(arguments: [OutOfRangeDiffer() as any Differ & Sendable, ReloadDiffer()])
    func aDifferThatDoesNotFitGivesAFullReloadNotAWrongUpdate(differ: any Differ & Sendable) throws {
        let menu = try MenuFixture(differ: differ)
        try menu.execute("UPDATE dish SET priceCents = 5 WHERE id = 1")
        #expect(menu.log.take() == [.fullReload])
        #expect(try menu.storage.sections == menu.queryResult())
    }

    @Test func collectionDifferenceDifferGivesTheSameMoves() throws {
        let menu = try MenuFixture(differ: CollectionDifferenceDiffer())
        try menu.execute("UPDATE dish SET position = 9 WHERE id = 1")
        #expect(menu.log.take() == [StorageUpdate(movedItems: [ItemMove(from: at(0, 0), to: at(0, 2))])])
    }
}
