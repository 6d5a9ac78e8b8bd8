/// A hash-based ``Differ``: matches items by id in linear time and reports
/// the fewest moves that reorder the survivors.
///
/// Items whose id is only in `old` are deleted, items whose id is only in
/// `new` are inserted; among the others, those on a longest run that kept
/// its relative order stay and the rest are moves. Items that kept their
/// id but changed value are updated. Runs in O(n log n) whatever the number
/// of changes. When `old` holds the same id twice, or `new` repeats an id
/// of `old`, matching by id is ambiguous and the differ hands the work to ``CollectionDifferenceDiffer``.
public struct IdentityDiffer: Differ, Sendable {
    /// Creates the differ.
    public init() {}

    /// Describes how `old` became `new`.
    ///
    /// - Parameters:
    ///   - old: The items before the change.
    ///   - new: The items after the change.
    /// - Returns: The change, with all positions in section `0`.
    public func update<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> StorageUpdate {
        var oldIndexByID: [Item.ID: Int] = [:]
        oldIndexByID.reserveCapacity(old.count)
        for (index, item) in old.enumerated() {
            guard oldIndexByID.updateValue(index, forKey: item.id) == nil else {
                return CollectionDifferenceDiffer().update(from: old, to: new)
            }
        }
        var update = StorageUpdate()
        var keptInNew = [Bool](repeating: false, count: old.count)
        var survivorsOld: [Int] = []
        var survivorsNew: [Int] = []
        for (newIndex, item) in new.enumerated() {
            guard let oldIndex = oldIndexByID[item.id] else {
                update.insertedItems.insert(Self.position(newIndex))
                continue
            }
            if keptInNew[oldIndex] {
                return CollectionDifferenceDiffer().update(from: old, to: new)
            }
            keptInNew[oldIndex] = true
            survivorsOld.append(oldIndex)
            survivorsNew.append(newIndex)
            if old[oldIndex] != item {
                update.updatedItems.insert(Self.position(newIndex))
            }
        }
        for (oldIndex, kept) in keptInNew.enumerated() where !kept {
            update.deletedItems.insert(Self.position(oldIndex))
        }
        let stays = LongestIncreasingSubsequence.members(of: survivorsOld)
        for (offset, stay) in stays.enumerated() where !stay {
            update.movedItems.insert(ItemMove(
                from: Self.position(survivorsOld[offset]),
                to: Self.position(survivorsNew[offset])
            ))
        }
        return update
    }

    private static func position(_ item: Int) -> ItemPosition {
        ItemPosition(item: item, section: 0)
    }
}
