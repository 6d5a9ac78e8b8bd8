/// The description of one change of a storage, delivered to its observers.
///
/// A storage sends exactly one update for every successful mutating call,
/// and exactly one for a whole `performUpdates` batch. A call that throws
/// changes nothing and sends nothing. An update can be empty (see
/// ``isEmpty``) when a call succeeded without changing anything, for
/// example adding an empty list of items. The one call that sends nothing
/// is `MemoryStorage.moveItemWithoutAnimation(from:to:)`.
///
/// ## Semantics: one batch, old and new indexes
///
/// An update follows the rules of a UIKit batch update
/// (`performBatchUpdates`), with one documented difference for
/// ``updatedItems`` and ``updatedSections``:
///
/// - ``deletedSections`` and ``deletedItems`` are indexes in the storage
///   **before** the update.
/// - ``insertedSections`` and ``insertedItems`` are indexes in the storage
///   **after** the update.
/// - ``movedSections`` and ``movedItems`` go from an index before the
///   update to an index after it. An item that only shifted because
///   something before it was inserted or deleted is not a move.
/// - ``updatedItems`` and ``updatedSections`` are indexes **after** the
///   update: re-read those items (and, for sections, the supplementary
///   models) once the rest of the update is applied. An item may be both
///   moved and updated; its ``ItemMove/to`` position is then in
///   ``updatedItems``. (UIKit's `reloadItems` takes old indexes and refuses
///   to reload a moved item, so a UIKit renderer reconfigures updated
///   items after the batch.)
/// - Item changes never point into a deleted or an inserted section: the
///   contents of an inserted section are read whole from the storage, and
///   the contents of a deleted section go with it. An item that went from
///   a kept section into an inserted one is therefore a deletion, and an
///   item that left a deleted section for a kept one is an insertion.
/// - When ``needsFullReload`` is `true`, every other field is empty and the
///   consumer reloads everything.
///
/// Applying an update to a copy of the old contents therefore takes these
/// steps, and reproduces the new contents exactly:
///
/// 1. In every kept section, remove the deleted items and the sources of
///    moved items (by their old index), keeping the moved values aside.
/// 2. Remove the deleted sections.
/// 3. Build the new list of sections: inserted sections (read from the
///    storage) and moved sections go to their new index, the remaining
///    kept sections fill the free indexes in their old order.
/// 4. In ascending order of new position, insert inserted items (read from
///    the storage) and the moved values at their destinations.
/// 5. Re-read updated items and the supplementary models of updated
///    sections.
public struct StorageUpdate: Equatable, Sendable {
    /// Sections inserted, as indexes after the update.
    public var insertedSections: Set<Int>
    /// Sections deleted with their items, as indexes before the update.
    public var deletedSections: Set<Int>
    /// Sections whose supplementary models changed, as indexes after the update.
    public var updatedSections: Set<Int>
    /// Sections that changed place, from an old index to a new one.
    public var movedSections: Set<SectionMove>
    /// Items inserted, as positions after the update.
    public var insertedItems: Set<ItemPosition>
    /// Items deleted, as positions before the update.
    public var deletedItems: Set<ItemPosition>
    /// Items whose value changed, as positions after the update.
    public var updatedItems: Set<ItemPosition>
    /// Items that changed place, from an old position to a new one.
    public var movedItems: Set<ItemMove>
    /// Whether the consumer must drop what it knows and reload everything.
    ///
    /// When `true`, all other fields are empty.
    public var needsFullReload: Bool

    /// Creates an update; every field defaults to "nothing changed".
    ///
    /// Custom ``Differ`` implementations use this initializer to describe
    /// the changes they found.
    ///
    /// - Parameters:
    ///   - insertedSections: Sections inserted, as indexes after the update.
    ///   - deletedSections: Sections deleted, as indexes before the update.
    ///   - updatedSections: Sections whose supplementary models changed, as indexes after the update.
    ///   - movedSections: Sections that changed place.
    ///   - insertedItems: Items inserted, as positions after the update.
    ///   - deletedItems: Items deleted, as positions before the update.
    ///   - updatedItems: Items whose value changed, as positions after the update.
    ///   - movedItems: Items that changed place.
    ///   - needsFullReload: Whether everything must be reloaded.
    public init(
        insertedSections: Set<Int> = [],
        deletedSections: Set<Int> = [],
        updatedSections: Set<Int> = [],
        movedSections: Set<SectionMove> = [],
        insertedItems: Set<ItemPosition> = [],
        deletedItems: Set<ItemPosition> = [],
        updatedItems: Set<ItemPosition> = [],
        movedItems: Set<ItemMove> = [],
        needsFullReload: Bool = false
    ) {
        self.insertedSections = insertedSections
        self.deletedSections = deletedSections
        self.updatedSections = updatedSections
        self.movedSections = movedSections
        self.insertedItems = insertedItems
        self.deletedItems = deletedItems
        self.updatedItems = updatedItems
        self.movedItems = movedItems
        self.needsFullReload = needsFullReload
    }

    /// An update that asks the consumer to reload everything.
    public static let fullReload = StorageUpdate(needsFullReload: true)

    /// Whether the update describes no change at all.
    public var isEmpty: Bool {
        !needsFullReload
            && insertedSections.isEmpty && deletedSections.isEmpty
            && updatedSections.isEmpty && movedSections.isEmpty
            && insertedItems.isEmpty && deletedItems.isEmpty
            && updatedItems.isEmpty && movedItems.isEmpty
    }

    /// The number of individual changes the update lists: every inserted,
    /// deleted, updated or moved section or item counts as one.
    ///
    /// A full reload counts as one change.
    public var changeCount: Int {
        (needsFullReload ? 1 : 0)
            + insertedSections.count + deletedSections.count
            + updatedSections.count + movedSections.count
            + insertedItems.count + deletedItems.count
            + updatedItems.count + movedItems.count
    }
}
