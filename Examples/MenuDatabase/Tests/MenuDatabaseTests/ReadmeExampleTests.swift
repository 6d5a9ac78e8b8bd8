import GRDB
import MappingRegistry
import MenuDatabase
import ModelStorage
import Synchronization
import Testing

/// The example of README's "The storage", on an in-memory database, with
/// what it prints collected instead.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeExamplePrintsTheUpdatedPositionAndTheEntriesReused() throws {
        let database = try DatabaseQueue()
        try MenuSchema.create(in: database)
        try MenuSeeder.seed(database, dishes: 12, courses: 4)

        let storage = try DatabaseStorage(in: database, tracking: [Table("course"), Table("dish")]) { db in
            try MenuQuery.sections(db)
        }
        let renderer = TextRenderer(registry: try MenuCatalog.registry())
        let latest = Mutex(renderer.render(storage))
        let printed = TextLog()
        let token = storage.observe { update in
            latest.withLock { result in
                result = renderer.render(storage, update: update, previous: result)
                printed.record("\(update.updatedItems) reused \(result.reusedCount)")
            }
        }
        try database.write { db in
            try db.execute(sql: "UPDATE dish SET priceCents = 950 WHERE id = 7")
        }
        #expect(printed.all == ["[section 2, item 1] reused 15"])
        #expect(latest.withLock { $0.text } == renderer.render(storage).text)
        token.cancel()
    }
}
