import GRDB

/// The tables of the menu database: `course` and `dish`.
///
/// ```sql
/// CREATE TABLE course (id INTEGER PRIMARY KEY, name TEXT NOT NULL, position INTEGER NOT NULL);
/// CREATE TABLE dish (
///   id INTEGER PRIMARY KEY,
///   courseId INTEGER NOT NULL REFERENCES course(id) ON DELETE CASCADE,
///   name TEXT NOT NULL, priceCents INTEGER NOT NULL, isVegan BOOLEAN NOT NULL DEFAULT 0,
///   position INTEGER NOT NULL);
/// ```
public enum MenuSchema {
    /// The tables ``MenuQuery`` reads, for ``DatabaseStorage`` to track.
    public static let tables: [any DatabaseRegionConvertible] = [Table("course"), Table("dish")]

    /// Creates the tables and indexes when they do not exist yet.
    ///
    /// - Parameter writer: The database.
    /// - Throws: GRDB's `DatabaseError`.
    public static func create(in writer: any DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("menu v1") { db in
            try db.create(table: "course") { table in
                table.primaryKey("id", .integer)
                table.column("name", .text).notNull()
                table.column("position", .integer).notNull()
            }
            try db.create(table: "dish") { table in
                table.primaryKey("id", .integer)
                table.belongsTo("course", onDelete: .cascade).notNull()
                table.column("name", .text).notNull()
                table.column("priceCents", .integer).notNull()
                table.column("isVegan", .boolean).notNull().defaults(to: false)
                table.column("position", .integer).notNull()
            }
            try db.create(index: "dish_on_course_position", on: "dish", columns: ["courseId", "position"])
        }
        try migrator.migrate(writer)
    }
}
