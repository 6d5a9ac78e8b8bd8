import GRDB
import ModelStorage

/// The query behind the menu: one section per course, ordered by the
/// course's `position`, listing its dishes by their `position` (ties by id).
///
/// A course without dishes is an empty section under its header.
public enum MenuQuery {
    /// The storage of a menu database, following ``sections(_:)``.
    public typealias Storage = DatabaseStorage<Course, Dish>

    /// Reads the whole menu.
    ///
    /// - Parameter db: A database connection.
    /// - Returns: The sections, in order.
    /// - Throws: GRDB's `DatabaseError` or `RowDecodingError`.
    public static func sections(_ db: Database) throws -> [QuerySection<Course, Dish>] {
        let courses = try Course.fetchAll(db, sql: "SELECT id, name FROM course ORDER BY position, id")
        var dishesByCourse: [Int64: [Dish]] = [:]
        let rows = try Row.fetchCursor(db, sql: """
            SELECT id, name, priceCents, isVegan, courseId FROM dish ORDER BY courseId, position, id
            """)
        while let row = try rows.next() {
            let courseId: Int64 = try row.decode(atIndex: 4)
            dishesByCourse[courseId, default: []].append(try Dish(row: row))
        }
        return courses.map { QuerySection(header: $0, items: dishesByCourse[$0.id] ?? []) }
    }

    /// A storage that follows the menu in a database.
    ///
    /// - Parameters:
    ///   - writer: The database, with ``MenuSchema`` created.
    ///   - differ: Compares results; ``IdentityDiffer`` by default.
    /// - Returns: The storage, filled with the current menu.
    /// - Throws: GRDB's errors when the menu cannot be read.
    public static func storage(in writer: any DatabaseWriter, differ: any Differ & Sendable = IdentityDiffer()) throws -> Storage {
        try Storage(in: writer, tracking: MenuSchema.tables, differ: differ, query: sections)
    }
}
