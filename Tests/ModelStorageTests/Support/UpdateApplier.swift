import ModelStorage

/// Applies a ``StorageUpdate`` to a copy of the old contents, step by step
/// as documented on `StorageUpdate`, reading inserted and updated values
/// from the new contents. Refuses (throws) any update that breaks the
/// documented rules instead of guessing.
enum UpdateApplier {
    struct Refusal: Error, CustomStringConvertible {
        let description: String
    }

    static func apply(_ update: StorageUpdate, to old: Snapshot, reading new: Snapshot) throws -> Snapshot {
        func refuse(_ message: String) -> Refusal { Refusal(description: message) }
        if update.needsFullReload {
            guard update == .fullReload else { throw refuse("full reload together with other changes") }
            return new
        }
        let oldCount = old.sections.count
        let newCount = new.sections.count
        for section in update.deletedSections where !(0..<oldCount).contains(section) {
            throw refuse("deleted section \(section) not in old contents")
        }
        for section in update.insertedSections where !(0..<newCount).contains(section) {
            throw refuse("inserted section \(section) not in new contents")
        }
        var moveDestinationBySource: [Int: Int] = [:]
        for move in update.movedSections {
            guard (0..<oldCount).contains(move.from), !update.deletedSections.contains(move.from) else {
                throw refuse("bad moved section source \(move)")
            }
            guard (0..<newCount).contains(move.to), !update.insertedSections.contains(move.to) else {
                throw refuse("bad moved section destination \(move)")
            }
            guard moveDestinationBySource.updateValue(move.to, forKey: move.from) == nil else {
                throw refuse("section \(move.from) moved twice")
            }
        }

        // 1. Remove deleted items and move sources from kept old sections.
        var working = old.sections
        var removals: [Int: [Int]] = [:]
        for position in update.deletedItems {
            removals[position.section, default: []].append(position.item)
        }
        var movedValues: [ItemMove: String] = [:]
        for move in update.movedItems {
            removals[move.from.section, default: []].append(move.from.item)
            guard working.indices.contains(move.from.section),
                  working[move.from.section].items.indices.contains(move.from.item) else {
                throw refuse("move source out of range \(move)")
            }
            movedValues[move] = working[move.from.section].items[move.from.item]
        }
        for (section, items) in removals {
            guard working.indices.contains(section), !update.deletedSections.contains(section) else {
                throw refuse("item removal in missing or deleted section \(section)")
            }
            guard Set(items).count == items.count else { throw refuse("item removed twice in section \(section)") }
            for item in items.sorted(by: >) {
                guard working[section].items.indices.contains(item) else {
                    throw refuse("removed item \(item) out of range in section \(section)")
                }
                working[section].items.remove(at: item)
            }
        }

        // 2. + 3. Drop deleted sections, place inserted and moved ones, fill the rest in order.
        var result = [Snapshot.Section?](repeating: nil, count: newCount)
        for section in update.insertedSections {
            result[section] = new.sections[section]
        }
        var rest: [Snapshot.Section] = []
        for (index, section) in working.enumerated() where !update.deletedSections.contains(index) {
            if let destination = moveDestinationBySource[index] {
                guard result[destination] == nil else { throw refuse("two sections land at \(destination)") }
                result[destination] = section
            } else {
                rest.append(section)
            }
        }
        var restIterator = rest.makeIterator()
        for index in result.indices where result[index] == nil {
            guard let next = restIterator.next() else { throw refuse("not enough sections to fill index \(index)") }
            result[index] = next
        }
        guard restIterator.next() == nil else { throw refuse("more kept sections than new slots") }
        var sections = result.compactMap { $0 }

        // 4. Insert inserted items and move destinations in ascending order.
        var insertions: [(position: ItemPosition, value: String)] = []
        for position in update.insertedItems {
            guard new.sections.indices.contains(position.section),
                  new.sections[position.section].items.indices.contains(position.item) else {
                throw refuse("inserted item \(position) not in new contents")
            }
            insertions.append((position, new.sections[position.section].items[position.item]))
        }
        for move in update.movedItems {
            insertions.append((move.to, movedValues[move] ?? "<lost>"))
        }
        insertions.sort { $0.position < $1.position }
        for (index, insertion) in insertions.enumerated() {
            let position = insertion.position
            if index > 0, insertions[index - 1].position == position {
                throw refuse("two items land at \(position)")
            }
            guard sections.indices.contains(position.section), !update.insertedSections.contains(position.section) else {
                throw refuse("item insertion in missing or inserted section at \(position)")
            }
            guard (0...sections[position.section].items.count).contains(position.item) else {
                throw refuse("item insertion out of range at \(position)")
            }
            sections[position.section].items.insert(insertion.value, at: position.item)
        }

        // 5. Re-read updated items and updated sections' supplementary models.
        for position in update.updatedItems {
            guard !update.insertedSections.contains(position.section),
                  sections.indices.contains(position.section),
                  sections[position.section].items.indices.contains(position.item),
                  new.sections[position.section].items.indices.contains(position.item) else {
                throw refuse("updated item \(position) out of range or in inserted section")
            }
            sections[position.section].items[position.item] = new.sections[position.section].items[position.item]
        }
        for section in update.updatedSections {
            guard sections.indices.contains(section) else { throw refuse("updated section \(section) out of range") }
            sections[section].kinds = new.sections[section].kinds
            sections[section].supplementaries = new.sections[section].supplementaries
        }
        return Snapshot(sections: sections)
    }
}
