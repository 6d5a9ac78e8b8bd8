/// The shape of a ``MemoryStorage`` as identity tokens: one token per
/// section and one per item, stable while the section or item lives.
///
/// A batch records the layout when it opens and compares it with the
/// layout when it closes; ``update(from:updatedItems:updatedSections:)``
/// turns that comparison into one ``StorageUpdate``.
struct TokenLayout {
    /// One token per section, in order.
    var sections: [UInt64] = []
    /// One token per item, per section.
    var items: [[UInt64]] = []

    /// The net change from an older layout of the same storage to this one.
    ///
    /// - Parameters:
    ///   - old: The layout when the batch opened.
    ///   - updatedItems: Tokens of items whose value was replaced or reloaded.
    ///   - updatedSections: Tokens of sections whose supplementary models changed.
    /// - Returns: The update in the semantics documented on ``StorageUpdate``.
    func update(
        from old: TokenLayout,
        updatedItems updatedItemTokens: Set<UInt64>,
        updatedSections updatedSectionTokens: Set<UInt64>
    ) -> StorageUpdate {
        var result = StorageUpdate()
        var oldSectionIndex: [UInt64: Int] = [:]
        oldSectionIndex.reserveCapacity(old.sections.count)
        for (index, token) in old.sections.enumerated() {
            oldSectionIndex[token] = index
        }
        var newSectionIndex: [UInt64: Int] = [:]
        newSectionIndex.reserveCapacity(sections.count)
        for (index, token) in sections.enumerated() {
            newSectionIndex[token] = index
        }

        // Sections.
        var keptOld: [Int] = []
        var keptNew: [Int] = []
        for (newIndex, token) in sections.enumerated() {
            if let oldIndex = oldSectionIndex[token] {
                keptOld.append(oldIndex)
                keptNew.append(newIndex)
            } else {
                result.insertedSections.insert(newIndex)
            }
        }
        for (oldIndex, token) in old.sections.enumerated() where newSectionIndex[token] == nil {
            result.deletedSections.insert(oldIndex)
        }
        let sectionStays = LongestIncreasingSubsequence.members(of: keptOld)
        for (offset, stays) in sectionStays.enumerated() where !stays {
            result.movedSections.insert(SectionMove(from: keptOld[offset], to: keptNew[offset]))
        }
        for token in updatedSectionTokens {
            if oldSectionIndex[token] != nil, let newIndex = newSectionIndex[token] {
                result.updatedSections.insert(newIndex)
            }
        }

        // Items of kept sections.
        var oldPosition: [UInt64: ItemPosition] = [:]
        var newTokens = Set<UInt64>()
        for oldSection in keptOld {
            for (item, token) in old.items[oldSection].enumerated() {
                oldPosition[token] = ItemPosition(item: item, section: oldSection)
            }
        }
        for (offset, newSection) in keptNew.enumerated() {
            let oldSection = keptOld[offset]
            var stayingOld: [Int] = []
            var stayingNew: [Int] = []
            for (item, token) in items[newSection].enumerated() {
                newTokens.insert(token)
                let position = ItemPosition(item: item, section: newSection)
                guard let from = oldPosition[token] else {
                    result.insertedItems.insert(position)
                    continue
                }
                if from.section == oldSection {
                    stayingOld.append(from.item)
                    stayingNew.append(item)
                } else {
                    result.movedItems.insert(ItemMove(from: from, to: position))
                }
                if updatedItemTokens.contains(token) {
                    result.updatedItems.insert(position)
                }
            }
            let itemStays = LongestIncreasingSubsequence.members(of: stayingOld)
            for (index, stays) in itemStays.enumerated() where !stays {
                result.movedItems.insert(ItemMove(
                    from: ItemPosition(item: stayingOld[index], section: oldSection),
                    to: ItemPosition(item: stayingNew[index], section: newSection)
                ))
            }
        }
        for (token, position) in oldPosition where !newTokens.contains(token) {
            result.deletedItems.insert(position)
        }
        return result
    }
}
