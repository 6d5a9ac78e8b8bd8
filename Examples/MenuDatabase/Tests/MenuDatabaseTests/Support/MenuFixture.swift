import Foundation
import GRDB
import MappingRegistry
import MenuDatabase
import ModelStorage

/// A menu database with a storage following it and a log of the updates
/// the storage sends.
struct MenuFixture {
    let database: DatabaseQueue
    let storage: MenuQuery.Storage
    let log = UpdateLog()
    let token: ObservationToken

    /// A fresh database, seeded and followed.
    ///
    /// - Parameters:
    ///   - database: Where the menu lives; an in-memory database by default.
    ///   - dishes: How many dishes ``MenuSeeder`` deals to the courses.
    ///   - courses: How many courses.
    ///   - differ: The storage's differ.
    init(
        database: DatabaseQueue? = nil,
        dishes: Int = 6,
        courses: Int = 2,
        differ: any Differ & Sendable = IdentityDiffer()
    ) throws {
        let queue = try database ?? DatabaseQueue()
        try MenuSchema.create(in: queue)
        try MenuSeeder.seed(queue, dishes: dishes, courses: courses)
        self.database = queue
        storage = try MenuQuery.storage(in: queue, differ: differ)
        token = storage.observe(log.handler)
    }

    /// Runs SQL in one transaction.
    func execute(_ sql: String, _ arguments: StatementArguments = []) throws {
        try database.write { db in try db.execute(sql: sql, arguments: arguments) }
    }

    /// The query's result read straight from the database.
    func queryResult() throws -> [QuerySection<Course, Dish>] {
        try database.read { db in try MenuQuery.sections(db) }
    }

    /// The dish names of each section, for short expectations.
    var names: [[String]] {
        storage.sections.map { $0.items.map(\.name) }
    }
}
