import ModelStorage

/// Extends a ``Differ``, which compares two flat lists, to two sectioned
/// query results.
///
/// The headers are diffed as one list: that gives the inserted, deleted,
/// moved and updated sections. The items of every section that stays are
/// then diffed against the same section's old items. Finally an item that
/// left one kept section for another (deleted from the first, inserted
/// into the second, with the same id) is reported as one move, plus an
/// update when its value changed. Items of inserted and deleted sections
/// are not listed, as ``StorageUpdate`` requires. Items equal at the start
/// and at the end of a section are left out of its diff: an edit of one row
/// in a long section costs a scan, not a diff of the whole section.
///
/// A differ whose answer does not fit the two results (indexes out of
/// range, counts that do not add up) or asks for a full reload gives a
/// full reload, never a wrong update.
struct SectionedDiffer: Sendable {
    /// The algorithm that compares headers, then each section's items.
    let differ: any Differ & Sendable

    /// The change from `old` to `new`, in ``StorageUpdate``'s semantics.
    func update<Header, Item>(
        from old: [QuerySection<Header, Item>],
        to new: [QuerySection<Header, Item>]
    ) -> StorageUpdate {
        let headers = differ.update(from: old.map(\.header), to: new.map(\.header))
        var result = StorageUpdate(
            insertedSections: Set(headers.insertedItems.map(\.item)),
            deletedSections: Set(headers.deletedItems.map(\.item)),
            updatedSections: Set(headers.updatedItems.map(\.item)),
            movedSections: Set(headers.movedItems.map { SectionMove(from: $0.from.item, to: $0.to.item) })
        )
        guard !headers.needsFullReload,
              let kept = Self.keptSections(of: result, oldCount: old.count, newCount: new.count) else {
            return .fullReload
        }
        for (oldSection, newSection) in kept {
            // Items equal at both ends stay where they are: only the middle
            // goes to the differ, so a one-row edit diffs one row.
            let (oldItems, newItems, offset) = Self.changedWindow(old[oldSection].items, new[newSection].items)
            guard !oldItems.isEmpty || !newItems.isEmpty else { continue }
            let items = differ.update(from: oldItems, to: newItems)
            guard !items.needsFullReload, Self.fits(items, oldCount: oldItems.count, newCount: newItems.count) else {
                return .fullReload
            }
            result.deletedItems.formUnion(items.deletedItems.map { Self.move($0, to: oldSection, by: offset) })
            result.insertedItems.formUnion(items.insertedItems.map { Self.move($0, to: newSection, by: offset) })
            result.updatedItems.formUnion(items.updatedItems.map { Self.move($0, to: newSection, by: offset) })
            result.movedItems.formUnion(items.movedItems.map {
                ItemMove(from: Self.move($0.from, to: oldSection, by: offset), to: Self.move($0.to, to: newSection, by: offset))
            })
        }
        Self.pairMovesAcrossSections(in: &result, old: old, new: new)
        return result
    }

    /// Where each kept section was and is, following the section rules of
    /// ``StorageUpdate``: inserted and moved sections take their new
    /// indexes, the other kept sections fill the rest in their old order.
    ///
    /// - Returns: `(old, new)` index pairs, or `nil` when the section
    ///   changes do not fit the two counts.
    static func keptSections(of update: StorageUpdate, oldCount: Int, newCount: Int) -> [(old: Int, new: Int)]? {
        let oldRange = 0..<oldCount
        let newRange = 0..<newCount
        guard update.deletedSections.allSatisfy(oldRange.contains),
              update.insertedSections.allSatisfy(newRange.contains),
              oldCount - update.deletedSections.count + update.insertedSections.count == newCount else { return nil }
        var sources = [Int?](repeating: nil, count: newCount)
        for move in update.movedSections {
            guard oldRange.contains(move.from), newRange.contains(move.to),
                  !update.deletedSections.contains(move.from), !update.insertedSections.contains(move.to),
                  sources[move.to] == nil else { return nil }
            sources[move.to] = move.from
        }
        let movedAway = Set(update.movedSections.map(\.from))
        var remaining = oldRange.lazy
            .filter { !update.deletedSections.contains($0) && !movedAway.contains($0) }
            .makeIterator()
        for index in newRange where sources[index] == nil && !update.insertedSections.contains(index) {
            guard let source = remaining.next() else { return nil }
            sources[index] = source
        }
        guard remaining.next() == nil else { return nil }
        return sources.enumerated().compactMap { new, old in old.map { (old: $0, new: new) } }
    }

    /// Whether a one-section update stays inside lists of these lengths.
    private static func fits(_ update: StorageUpdate, oldCount: Int, newCount: Int) -> Bool {
        let before = 0..<oldCount
        let after = 0..<newCount
        return update.deletedItems.allSatisfy { before.contains($0.item) }
            && update.insertedItems.allSatisfy { after.contains($0.item) }
            && update.updatedItems.allSatisfy { after.contains($0.item) }
            && update.movedItems.allSatisfy { before.contains($0.from.item) && after.contains($0.to.item) }
    }

    /// A one-section position placed in `section`, `offset` items further down.
    private static func move(_ position: ItemPosition, to section: Int, by offset: Int) -> ItemPosition {
        ItemPosition(item: position.item + offset, section: section)
    }

    /// The parts of two lists between their longest common prefix and
    /// suffix of equal items, and where those parts start.
    ///
    /// Equal items at the same distance from either end keep their id,
    /// value and order, so leaving them out of the diff still describes
    /// the change exactly.
    static func changedWindow<Item: Equatable>(_ old: [Item], _ new: [Item]) -> (old: [Item], new: [Item], offset: Int) {
        let shorter = min(old.count, new.count)
        var prefix = 0
        while prefix < shorter, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < shorter - prefix, old[old.count - 1 - suffix] == new[new.count - 1 - suffix] { suffix += 1 }
        return (Array(old[prefix..<(old.count - suffix)]), Array(new[prefix..<(new.count - suffix)]), prefix)
    }

    /// Replaces a deletion and an insertion of the same id, in two kept
    /// sections, by a move. Only ids deleted once and inserted once pair.
    private static func pairMovesAcrossSections<Header, Item>(
        in update: inout StorageUpdate,
        old: [QuerySection<Header, Item>],
        new: [QuerySection<Header, Item>]
    ) {
        guard !update.deletedItems.isEmpty, !update.insertedItems.isEmpty else { return }
        var deletedByID: [Item.ID: ItemPosition] = [:]
        var repeatedIDs = Set<Item.ID>()
        for position in update.deletedItems {
            let id = old[position.section].items[position.item].id
            if deletedByID.updateValue(position, forKey: id) != nil { repeatedIDs.insert(id) }
        }
        var insertedByID: [Item.ID: ItemPosition] = [:]
        for position in update.insertedItems {
            let id = new[position.section].items[position.item].id
            if insertedByID.updateValue(position, forKey: id) != nil { repeatedIDs.insert(id) }
        }
        for (id, from) in deletedByID where !repeatedIDs.contains(id) {
            // Inside one section the differ has already paired what it could.
            guard let to = insertedByID[id], to.section != from.section else { continue }
            update.deletedItems.remove(from)
            update.insertedItems.remove(to)
            update.movedItems.insert(ItemMove(from: from, to: to))
            if old[from.section].items[from.item] != new[to.section].items[to.item] {
                update.updatedItems.insert(to)
            }
        }
    }
}
