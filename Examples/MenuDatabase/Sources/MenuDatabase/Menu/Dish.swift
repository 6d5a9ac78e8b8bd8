import GRDB

/// A dish as the list shows it: one item of its course's section.
///
/// Read from table `dish`; the `courseId` and `position` columns place the
/// dish in the query and are not part of the value, so a dish that changes
/// place is reported as moved, and only a changed name, price or vegan
/// flag as updated.
public struct Dish: Identifiable, Hashable, Sendable, FetchableRecord {
    /// The primary key.
    public var id: Int64
    /// The name shown on the menu.
    public var name: String
    /// The price in cents, so sums stay exact.
    public var priceCents: Int
    /// Whether the dish has no animal products.
    public var isVegan: Bool

    /// Creates a dish.
    ///
    /// - Parameters:
    ///   - id: The primary key.
    ///   - name: The name shown on the menu.
    ///   - priceCents: The price in cents.
    ///   - isVegan: Whether the dish has no animal products.
    public init(id: Int64, name: String, priceCents: Int, isVegan: Bool = false) {
        self.id = id
        self.name = name
        self.priceCents = priceCents
        self.isVegan = isVegan
    }

    /// Reads the columns `id`, `name`, `priceCents` and `isVegan`, in that order.
    ///
    /// - Parameter row: A row of `SELECT id, name, priceCents, isVegan FROM dish`.
    /// - Throws: GRDB's `RowDecodingError` when a value has the wrong type.
    public init(row: Row) throws {
        id = try row.decode(atIndex: 0)
        name = try row.decode(atIndex: 1)
        priceCents = try row.decode(atIndex: 2)
        isVegan = try row.decode(atIndex: 3)
    }
}
