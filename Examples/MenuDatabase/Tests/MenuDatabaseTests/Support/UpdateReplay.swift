import MenuDatabase
import ModelStorage

/// Replays a ``StorageUpdate`` on the sections a consumer held before it,
/// in the five steps `StorageUpdate` documents, taking inserted and
/// updated values from the new result. Whatever breaks the documented
/// rules is refused with a reason, never patched up.
enum UpdateReplay {
    struct Refused: Error, CustomStringConvertible {
        let description: String
    }

    static func apply<Header, Item>(
        _ update: StorageUpdate,
        to old: [QuerySection<Header, Item>],
        reading new: [QuerySection<Header, Item>]
    ) throws(Refused) -> [QuerySection<Header, Item>] {
        if update.needsFullReload {
            guard update == .fullReload else { throw Refused(description: "a full reload listed other changes") }
            return new
        }
        let sectionsAfterRemovals = try removeItems(update, from: old)
        var sections = try arrangeSections(update, keptSections: sectionsAfterRemovals.sections, new: new)
        try insertItems(update, into: &sections, movedValues: sectionsAfterRemovals.movedValues, new: new)
        for position in update.updatedItems {
            guard !update.insertedSections.contains(position.section),
                  sections.indices.contains(position.section),
                  sections[position.section].items.indices.contains(position.item),
                  new[position.section].items.indices.contains(position.item) else {
                throw Refused(description: "updated item \(position) is not in a kept section's range")
            }
            sections[position.section].items[position.item] = new[position.section].items[position.item]
        }
        for section in update.updatedSections {
            guard sections.indices.contains(section) else { throw Refused(description: "updated section \(section) is out of range") }
            sections[section].header = new[section].header
        }
        return sections
    }

    /// Step 1: deleted items and move sources leave the kept old sections.
    private static func removeItems<Header, Item>(
        _ update: StorageUpdate,
        from old: [QuerySection<Header, Item>]
    ) throws(Refused) -> (sections: [QuerySection<Header, Item>?], movedValues: [ItemMove: Item]) {
        var sections: [QuerySection<Header, Item>?] = old
        var leaving: [ItemPosition] = Array(update.deletedItems)
        var movedValues: [ItemMove: Item] = [:]
        for move in update.movedItems {
            guard old.indices.contains(move.from.section), old[move.from.section].items.indices.contains(move.from.item) else {
                throw Refused(description: "move source \(move.from) is not in the old contents")
            }
            movedValues[move] = old[move.from.section].items[move.from.item]
            leaving.append(move.from)
        }
        guard Set(leaving).count == leaving.count else { throw Refused(description: "an old item leaves twice") }
        for position in leaving.sorted(by: >) {
            guard !update.deletedSections.contains(position.section),
                  sections.indices.contains(position.section),
                  let section = sections[position.section],
                  section.items.indices.contains(position.item) else {
                throw Refused(description: "item \(position) leaves a missing or deleted section")
            }
            sections[position.section]?.items.remove(at: position.item)
        }
        for section in update.deletedSections {
            guard sections.indices.contains(section) else { throw Refused(description: "deleted section \(section) never existed") }
            sections[section] = nil
        }
        return (sections, movedValues)
    }

    /// Steps 2 and 3: inserted and moved sections take their new index,
    /// the other kept sections fill the gaps in their old order.
    private static func arrangeSections<Header, Item>(
        _ update: StorageUpdate,
        keptSections: [QuerySection<Header, Item>?],
        new: [QuerySection<Header, Item>]
    ) throws(Refused) -> [QuerySection<Header, Item>] {
        var slots = [QuerySection<Header, Item>?](repeating: nil, count: new.count)
        for index in update.insertedSections {
            guard new.indices.contains(index) else { throw Refused(description: "inserted section \(index) is not in the new contents") }
            slots[index] = QuerySection(header: new[index].header, items: new[index].items)
        }
        var movedAway = Set<Int>()
        for move in update.movedSections {
            guard keptSections.indices.contains(move.from), let section = keptSections[move.from],
                  slots.indices.contains(move.to), slots[move.to] == nil,
                  movedAway.insert(move.from).inserted else {
                throw Refused(description: "section move \(move) does not fit")
            }
            slots[move.to] = section
        }
        var staying = keptSections.indices.lazy
            .filter { !movedAway.contains($0) }
            .compactMap { keptSections[$0] }
            .makeIterator()
        for index in slots.indices where slots[index] == nil {
            guard let next = staying.next() else { throw Refused(description: "no old section left for index \(index)") }
            slots[index] = next
        }
        guard staying.next() == nil else { throw Refused(description: "old sections are left over") }
        return slots.compactMap { $0 }
    }

    /// Step 4: inserted items and move destinations, in ascending order.
    private static func insertItems<Header, Item>(
        _ update: StorageUpdate,
        into sections: inout [QuerySection<Header, Item>],
        movedValues: [ItemMove: Item],
        new: [QuerySection<Header, Item>]
    ) throws(Refused) {
        var arrivals: [(position: ItemPosition, value: Item)] = []
        for position in update.insertedItems {
            guard new.indices.contains(position.section), new[position.section].items.indices.contains(position.item) else {
                throw Refused(description: "inserted item \(position) is not in the new contents")
            }
            arrivals.append((position, new[position.section].items[position.item]))
        }
        for (move, value) in movedValues {
            arrivals.append((move.to, value))
        }
        arrivals.sort { $0.position < $1.position }
        var previous: ItemPosition?
        for arrival in arrivals {
            let position = arrival.position
            guard position != previous else { throw Refused(description: "two items arrive at \(position)") }
            previous = position
            guard sections.indices.contains(position.section), !update.insertedSections.contains(position.section),
                  (0...sections[position.section].items.count).contains(position.item) else {
                throw Refused(description: "item arrives out of range or in an inserted section at \(position)")
            }
            sections[position.section].items.insert(arrival.value, at: position.item)
        }
    }
}
