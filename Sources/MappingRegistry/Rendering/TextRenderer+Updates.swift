import ModelStorage

extension TextRenderer {
    /// Renders a storage after a change, reusing every entry of the previous
    /// result that the change did not touch.
    ///
    /// An entry is reused when the same item (or the same section's
    /// supplementary models) is at the same position as before and was not
    /// updated. Everything else is resolved and rendered again: inserted,
    /// updated and moved items, and items whose position shifted (views and
    /// predicates may depend on the position). So changing one item of a
    /// long list renders one item, not the list.
    ///
    /// ```swift
    /// var result = renderer.render(storage)
    /// let token = storage.observe { update in
    ///     result = renderer.render(storage, update: update, previous: result)
    /// }
    /// ```
    ///
    /// It falls back to a full render when the update asks for a full
    /// reload, when `previous` came from ``render(_:into:context:)`` (which keeps no
    /// entries), or when the update's counts do not fit the previous result.
    ///
    /// `previous` must be the render of the storage just before this very
    /// update. A change that sent no update in between (such as
    /// `MemoryStorage.moveItemWithoutAnimation(from:to:)`) or a skipped
    /// update leaves `previous` stale, and stale entries would be reused:
    /// render in full with ``render(_:context:)`` after such a change.
    ///
    /// Pass the same `context` as the render that made `previous`: the
    /// entries rendered again resolve with it, and reused entries were
    /// resolved with the one given then.
    ///
    /// - Parameters:
    ///   - storage: The storage, after the change.
    ///   - update: The change, as the storage reported it.
    ///   - previous: The result of rendering the storage just before the change.
    ///   - context: The app's state that context-reading predicates are given. Default: none.
    /// - Returns: The new text, diagnostics and counts;
    ///   ``RenderResult/reusedCount`` says how many entries were reused.
    public func render(_ storage: some Storage, update: StorageUpdate, previous: RenderResult, context: (any Sendable)? = nil) -> RenderResult {
        guard !update.needsFullReload,
              let old = previous.sections,
              let plan = UpdatePlan(update, oldSections: old, storage: storage) else {
            return render(storage, context: context)
        }
        if context == nil { return render(storage, update: update, previous: old, plan: plan, NoContext()) }
        return render(storage, update: update, previous: old, plan: plan, context)
    }

    private func render(
        _ storage: some Storage, update: StorageUpdate, previous old: [RenderedSection], plan: UpdatePlan, _ source: some ContextSource
    ) -> RenderResult {
        var session = RenderSession(registry: registry, output: "", records: true, source: source)
        for section in 0..<storage.numberOfSections {
            let oldSection = plan.oldIndex(ofSection: section)
            // Reuse only what stayed at the same index: the section index is part of every position.
            guard let oldSection, oldSection == section else {
                session.renderSection(section, of: storage, previousSupplementaries: nil) { _ in nil }
                continue
            }
            let before = old[oldSection]
            let supplementaries = update.updatedSections.contains(section) ? nil : before
            let sources = plan.itemSources[section]
            session.renderSection(section, of: storage, previousSupplementaries: supplementaries) { item in
                guard sources.indices.contains(item), sources[item] == item, before.items.indices.contains(item),
                      !update.updatedItems.contains(ItemPosition(item: item, section: section)) else { return nil }
                return before.items[item]
            }
        }
        return session.result(text: session.output)
    }
}

/// Where each section and item of the new contents was before an update,
/// following ``StorageUpdate``'s documented batch semantics.
struct UpdatePlan {
    /// For each new section, its old index, or `nil` when inserted.
    let sectionSources: [Int?]
    /// For each new section, for each item, its old item index when it was
    /// in the same old section and is neither inserted nor moved; otherwise -1.
    let itemSources: [[Int]]

    /// Fails when the update does not fit the old and new contents.
    init?(_ update: StorageUpdate, oldSections: [RenderedSection], storage: some Storage) {
        let newCount = storage.numberOfSections
        let oldCount = oldSections.count
        guard update.deletedSections.allSatisfy({ (0..<oldCount).contains($0) }),
              update.insertedSections.allSatisfy({ (0..<newCount).contains($0) }),
              update.movedSections.allSatisfy({ (0..<oldCount).contains($0.from) && (0..<newCount).contains($0.to) })
        else { return nil }

        // Sections: inserted and moved ones go to their new index; the other
        // kept sections fill the free indexes in their old order.
        var sections = [Int?](repeating: nil, count: newCount)
        var taken = Set(update.insertedSections)
        for move in update.movedSections {
            sections[move.to] = move.from
            taken.insert(move.to)
        }
        let movedFrom = Set(update.movedSections.map(\.from))
        var remaining = (0..<oldCount).filter { !update.deletedSections.contains($0) && !movedFrom.contains($0) }[...]
        for index in 0..<newCount where !taken.contains(index) {
            guard let next = remaining.popFirst() else { return nil }
            sections[index] = next
        }
        guard remaining.isEmpty else { return nil }
        sectionSources = sections

        // Items of each kept section: inserted items and move destinations
        // are new; the other slots take the old items that were neither
        // deleted nor moved away, in order.
        var deletedBySection: [Int: Set<Int>] = [:]
        for position in update.deletedItems { deletedBySection[position.section, default: []].insert(position.item) }
        var movedAwayBySection: [Int: Set<Int>] = [:]
        var arrivingBySection: [Int: Set<Int>] = [:]
        for move in update.movedItems {
            movedAwayBySection[move.from.section, default: []].insert(move.from.item)
            arrivingBySection[move.to.section, default: []].insert(move.to.item)
        }
        var insertedBySection: [Int: Set<Int>] = [:]
        for position in update.insertedItems { insertedBySection[position.section, default: []].insert(position.item) }

        var items: [[Int]] = []
        items.reserveCapacity(newCount)
        for (section, source) in sections.enumerated() {
            let count = storage.numberOfItems(inSection: section)
            guard let source else {
                items.append([Int](repeating: -1, count: count))
                continue
            }
            let gone = (deletedBySection[source] ?? []).union(movedAwayBySection[source] ?? [])
            var kept = (0..<oldSections[source].items.count).lazy.filter { !gone.contains($0) }.makeIterator()
            let fresh = (insertedBySection[section] ?? []).union(arrivingBySection[section] ?? [])
            var row = [Int](repeating: -1, count: count)
            for index in 0..<count where !fresh.contains(index) {
                guard let old = kept.next() else { return nil }
                row[index] = old
            }
            guard kept.next() == nil else { return nil }
            items.append(row)
        }
        itemSources = items
    }

    func oldIndex(ofSection section: Int) -> Int? {
        sectionSources.indices.contains(section) ? sectionSources[section] : nil
    }
}
