import GRDB

/// One edit of a menu database, as SQL run in one transaction: what the
/// `menu-database` command applies after the first render.
public struct MenuChange: Sendable, CustomStringConvertible {
    /// The kinds of edit the command offers, by the name it takes.
    public static let names = ["price", "add", "remove", "move", "rename"]

    /// The SQL, run as one transaction.
    public let sql: String
    /// The values bound to the `?` placeholders of ``sql``.
    public let arguments: StatementArguments
    /// A one-line summary for people.
    public let description: String

    /// An edit picked by name, aimed at one dish.
    ///
    /// - `price`: the dish costs 1.50 more (one updated item).
    /// - `add`: a new dish after the last one of the dish's course (one inserted item).
    /// - `remove`: the dish is deleted (one deleted item).
    /// - `move`: the dish goes first in its course (one moved item).
    /// - `rename`: the dish's course gets a new name (one updated section).
    ///
    /// - Parameters:
    ///   - name: One of ``names``.
    ///   - dishID: The dish the edit is about.
    /// - Returns: The edit, or `nil` for an unknown name.
    public static func named(_ name: String, dishID: Int64) -> MenuChange? {
        switch name {
        case "price":
            return MenuChange(
                sql: "UPDATE dish SET priceCents = priceCents + 150 WHERE id = ?",
                arguments: [dishID],
                description: "dish \(dishID) costs 1.50 more"
            )
        case "add":
            return MenuChange(
                sql: """
                    INSERT INTO dish (courseId, name, priceCents, isVegan, position)
                    SELECT courseId, 'Chef''s Special', 1850, 0,
                           (SELECT MAX(position) + 1 FROM dish AS other WHERE other.courseId = dish.courseId)
                    FROM dish WHERE id = ?
                    """,
                arguments: [dishID],
                description: "a new dish ends the course of dish \(dishID)"
            )
        case "remove":
            return MenuChange(sql: "DELETE FROM dish WHERE id = ?", arguments: [dishID], description: "dish \(dishID) is removed")
        case "move":
            return MenuChange(
                sql: """
                    UPDATE dish SET position =
                        (SELECT MIN(position) - 1 FROM dish AS other WHERE other.courseId = dish.courseId)
                    WHERE id = ?
                    """,
                arguments: [dishID],
                description: "dish \(dishID) goes first in its course"
            )
        case "rename":
            return MenuChange(
                sql: "UPDATE course SET name = name || ' & More' WHERE id = (SELECT courseId FROM dish WHERE id = ?)",
                arguments: [dishID],
                description: "the course of dish \(dishID) is renamed"
            )
        default:
            return nil
        }
    }

    /// Runs the edit in one transaction.
    ///
    /// - Parameter writer: The menu database.
    /// - Throws: GRDB's `DatabaseError`.
    public func apply(in writer: any DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(sql: sql, arguments: arguments)
        }
    }
}
