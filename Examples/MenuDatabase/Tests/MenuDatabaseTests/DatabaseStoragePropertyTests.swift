import GRDB
import MappingRegistry
import MenuDatabase
import ModelStorage
import Testing

/// Random sequences of SQL transactions against a menu database. After
/// every transaction: the storage holds the query's result; it sent one
/// update when the transaction changed rows (none otherwise); replaying
/// that update on the previous contents gives the new result; and an
/// incremental render from it equals a full render.
@Suite struct DatabaseStoragePropertyTests {
    static let sequenceCount = 200
    static let stepsPerSequence = 15

    /// How a change reaches the storage.
    enum Path: String, CustomTestStringConvertible, CaseIterable {
        /// Written through the storage's own connection: its observation
        /// sends the update before the write returns.
        case observation
        /// Written through another connection to the same file: the
        /// storage learns of it from `refresh()`.
        case refresh

        var testDescription: String { rawValue }
    }

    /// What one sequence saw, for the coverage test.
    struct Tally {
        var updates = 0
        var reused = 0
        var crossSectionMoves = 0
        var sectionMoves = 0
        var deletedSections = 0
        var emptyUpdates = 0
    }

    @Test(arguments: Path.allCases)
    func everyUpdateReplaysToTheNewResultAndRendersLikeAFullRender(path: Path) throws {
        let renderer = TextRenderer(registry: try MenuCatalog.registry())
        var failures = 0
        var total = Tally()
        for seed in 0..<UInt64(Self.sequenceCount) where failures < 5 {
            if let tally = try runSequence(seed: seed, path: path, renderer: renderer) {
                total.updates += tally.updates
                total.reused += tally.reused
                total.crossSectionMoves += tally.crossSectionMoves
                total.sectionMoves += tally.sectionMoves
                total.deletedSections += tally.deletedSections
                total.emptyUpdates += tally.emptyUpdates
            } else {
                failures += 1
            }
        }
        // The generator must keep producing the interesting cases.
        #expect(total.updates > Self.sequenceCount * Self.stepsPerSequence / 2)
        #expect(total.reused > 0)
        #expect(total.crossSectionMoves > 0)
        #expect(total.sectionMoves > 0)
        #expect(total.deletedSections > 0)
        #expect(total.emptyUpdates > 0)
    }

    /// Runs one sequence; returns what it saw, or `nil` after recording a failure.
    private func runSequence(seed: UInt64, path: Path, renderer: TextRenderer) throws -> Tally? {
        var generator = MenuEditGenerator(seed: seed)
        let file = path == .refresh ? try TemporaryDatabaseFile() : nil
        let differ: any Differ & Sendable = seed.isMultiple(of: 2) ? IdentityDiffer() : CollectionDifferenceDiffer()
        let menu = try MenuFixture(
            database: try file?.connect(),
            dishes: generator.random.number(in: 0...12),
            courses: generator.random.number(in: 1...4),
            differ: differ
        )
        let writer = try file?.connect() ?? menu.database
        var previous = renderer.render(menu.storage)
        var tally = Tally()
        for step in 0..<Self.stepsPerSequence {
            let before = menu.storage.sections
            let ids = try writer.read { db in
                (try Int64.fetchAll(db, sql: "SELECT id FROM course"), try Int64.fetchAll(db, sql: "SELECT id FROM dish"))
            }
            let edit = generator.edit(courses: ids.0, dishes: ids.1)
            let changedRows = try apply(edit, to: writer)
            var updates = menu.log.take()
            if path == .refresh {
                let returned = try menu.storage.refresh()
                updates = menu.log.take()
                guard updates == [returned] else {
                    return fail("refresh returned \(returned) but sent \(updates)", seed, step, edit)
                }
            }
            let after = try menu.queryResult()
            guard menu.storage.sections == after else { return fail("the storage differs from the query", seed, step, edit) }
            let expectedCount = path == .refresh || changedRows ? 1 : 0
            guard updates.count == expectedCount else {
                return fail("expected \(expectedCount) update(s), got \(updates.count)", seed, step, edit)
            }
            guard let update = updates.first else {
                guard before == after else { return fail("the result changed without an update", seed, step, edit) }
                continue
            }
            do {
                let replayed = try UpdateReplay.apply(update, to: before, reading: after)
                guard replayed == after else { return fail("replaying \(update) gives another result", seed, step, edit) }
            } catch {
                return fail("\(error) in \(update)", seed, step, edit)
            }
            let incremental = renderer.render(menu.storage, update: update, previous: previous)
            let full = renderer.render(menu.storage)
            guard incremental.text == full.text, incremental.diagnostics == full.diagnostics else {
                return fail("incremental render differs:\n\(incremental.text)\nfull:\n\(full.text)", seed, step, edit)
            }
            previous = incremental
            tally.updates += 1
            tally.reused += incremental.reusedCount
            tally.sectionMoves += update.movedSections.count
            tally.deletedSections += update.deletedSections.count
            tally.crossSectionMoves += update.movedItems.filter { $0.from.section != $0.to.section }.count
            tally.emptyUpdates += update.isEmpty ? 1 : 0
        }
        return tally
    }

    /// Runs the edit as one transaction; returns whether it committed a
    /// change to any row. A statement that fails (a dish moved to a course
    /// that does not exist breaks the foreign key) rolls the whole
    /// transaction back, like an edit that rolls back on purpose.
    private func apply(_ edit: MenuEditGenerator.Edit, to writer: DatabaseQueue) throws -> Bool {
        var changed = false
        do {
            try writer.inTransaction { db in
                let start = db.totalChangesCount
                for statement in edit.statements {
                    try db.execute(sql: statement)
                }
                changed = !edit.rollsBack && db.totalChangesCount > start
                return edit.rollsBack ? .rollback : .commit
            }
        } catch let error as DatabaseError where error.resultCode == .SQLITE_CONSTRAINT {
            changed = false
        }
        return changed
    }

    private func fail(_ message: String, _ seed: UInt64, _ step: Int, _ edit: MenuEditGenerator.Edit) -> Tally? {
        Issue.record("seed \(seed) step \(step): \(message)\nedit: \(edit)")
        return nil
    }
}
