import GRDB

/// A course of the menu as the list shows it: heads one section.
///
/// Read from table `course`; the `position` column orders courses in the
/// query and is not part of the value, so renumbering positions reports
/// moves, not updates.
public struct Course: Identifiable, Hashable, Sendable, FetchableRecord {
    /// The primary key.
    public var id: Int64
    /// The title shown above the course's dishes.
    public var name: String

    /// Creates a course.
    ///
    /// - Parameters:
    ///   - id: The primary key.
    ///   - name: The title shown above the course's dishes.
    public init(id: Int64, name: String) {
        self.id = id
        self.name = name
    }

    /// Reads the columns `id` and `name`, in that order.
    ///
    /// - Parameter row: A row of `SELECT id, name FROM course`.
    /// - Throws: GRDB's `RowDecodingError` when a value has the wrong type.
    public init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        name = try row.decode(atIndex: 1)
    }
}
