/// Why a ``MemoryStorage`` refused a change.
///
/// Every case names the position, section or item at fault and carries the
/// counts needed to explain the refusal; ``description`` turns that into a
/// full sentence. A call that throws leaves the storage unchanged and
/// sends no update.
public enum MemoryStorageError: Error, Equatable, CustomStringConvertible {
    /// There is no item at the position.
    ///
    /// `itemsInSection` is the item count of the position's section (`0`
    /// when the section does not exist), `numberOfSections` the section
    /// count of the storage.
    case itemOutOfRange(ItemPosition, itemsInSection: Int, numberOfSections: Int)
    /// An item cannot be inserted at the position.
    ///
    /// `itemsInSection` is how many items the section held when the
    /// insertion was tried (`0` for a section that would be created).
    case insertionOutOfRange(ItemPosition, itemsInSection: Int, numberOfSections: Int)
    /// A call that inserts several items into one section at their own
    /// positions names a position past the end of that section as it will
    /// be after the call.
    ///
    /// `itemsInSection` is how many items the section holds before the
    /// call (`0` for a section the call would create) and `inserting` how
    /// many items the call puts into it, so every item index must lie
    /// below `itemsInSection + inserting`.
    case batchInsertionOutOfRange(ItemPosition, itemsInSection: Int, inserting: Int, numberOfSections: Int)
    /// There is no section at the index.
    case sectionOutOfRange(Int, numberOfSections: Int)
    /// A section cannot be inserted at the index.
    case sectionInsertionOutOfRange(Int, numberOfSections: Int)
    /// No stored item is equal to the item; the value is its description.
    case itemNotFound(String)
    /// A list of items and a list of positions that must match differ in length.
    case itemCountMismatch(items: Int, positions: Int)
    /// The same position was given twice in one call.
    case duplicatePosition(ItemPosition)
    /// The same section index was given twice in one call.
    case duplicateSection(Int)

    /// A full sentence explaining the refusal.
    public var description: String {
        switch self {
        case let .itemOutOfRange(position, items, sections):
            if position.section < 0 || position.section >= sections {
                return "no item at \(position): there is no section \(position.section), "
                    + "the storage has \(Self.count(sections, "section"))."
            }
            return "no item at \(position): section \(position.section) has \(Self.count(items, "item"))."
        case let .insertionOutOfRange(position, items, sections):
            if position.section < 0 {
                return "cannot insert at \(position): section indexes start at 0."
            }
            if position.section >= sections {
                return "cannot insert at \(position): section \(position.section) does not exist yet "
                    + "(the storage has \(Self.count(sections, "section"))), so it would be created empty "
                    + "and the item index must be 0."
            }
            return "cannot insert at \(position): section \(position.section) has \(Self.count(items, "item")), "
                + "so the item index must be between 0 and \(items)."
        case let .batchInsertionOutOfRange(position, items, inserting, sections):
            if position.section < 0 {
                return "cannot insert at \(position): section indexes start at 0."
            }
            let total = items + inserting
            if position.section >= sections {
                return "cannot insert at \(position): section \(position.section) does not exist yet "
                    + "(the storage has \(Self.count(sections, "section"))), so this call creates it holding "
                    + "the \(Self.count(inserting, "item")) it inserts there, and their item indexes must be "
                    + "between 0 and \(total - 1)."
            }
            return "cannot insert at \(position): section \(position.section) has \(Self.count(items, "item")) "
                + "and this call inserts \(inserting) more, so their item indexes must be between 0 and \(total - 1)."
        case let .sectionOutOfRange(section, sections):
            return "there is no section \(section): the storage has \(Self.count(sections, "section"))."
        case let .sectionInsertionOutOfRange(section, sections):
            return "cannot insert a section at index \(section): the storage has \(Self.count(sections, "section")), "
                + "so the index must be between 0 and \(sections)."
        case let .itemNotFound(item):
            return "the item \(item) is not in the storage."
        case let .itemCountMismatch(items, positions):
            return "got \(Self.count(items, "item")) but \(Self.count(positions, "position")): "
                + "each item needs exactly one position."
        case let .duplicatePosition(position):
            return "\(position) was given more than once in the same call."
        case let .duplicateSection(section):
            return "section \(section) was given more than once in the same call."
        }
    }

    private static func count(_ value: Int, _ noun: String) -> String {
        value == 1 ? "1 \(noun)" : "\(value) \(noun)s"
    }
}
