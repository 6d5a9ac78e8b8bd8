/// The place of one item in a sectioned storage: a section index and an item
/// index inside that section, both zero-based.
///
/// Positions order by section first, then by item, so sorting a list of
/// positions walks a storage top to bottom.
///
/// ```swift
/// let position = ItemPosition(item: 3, section: 1)
/// print(position)
/// ```
/// ```text
/// section 1, item 3
/// ```
public struct ItemPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The zero-based index of the section.
    public var section: Int
    /// The zero-based index of the item inside its section.
    public var item: Int

    /// Creates a position.
    ///
    /// - Parameters:
    ///   - item: The zero-based index of the item inside its section.
    ///   - section: The zero-based index of the section.
    public init(item: Int, section: Int) {
        self.item = item
        self.section = section
    }

    /// Orders positions by section, then by item.
    public static func < (lhs: ItemPosition, rhs: ItemPosition) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// A human-readable form, `section S, item I`.
    public var description: String {
        "section \(section), item \(item)"
    }
}
