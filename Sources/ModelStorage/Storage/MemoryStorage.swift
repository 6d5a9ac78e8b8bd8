/// A storage that keeps sections of items of any type in memory and tells
/// its observers about every change.
///
/// ```swift
/// let storage = MemoryStorage()
/// let token = storage.observe { update in render(update) }
/// storage.addItems(["Soup", "Salad"])
/// try storage.moveItem(from: ItemPosition(item: 0, section: 0),
///                      to: ItemPosition(item: 1, section: 0))
/// ```
///
/// ## Updates
///
/// Every mutating call that returns sends exactly one ``StorageUpdate`` to
/// the observers, described in the semantics of ``StorageUpdate`` (deletions
/// at old indexes, insertions at new indexes). A call that changes nothing
/// still sends one, empty update: adding an empty list, moving an item onto
/// itself, a negative section index given to ``setItems(_:forSection:)``,
/// ``addItem(_:toSection:)`` or ``addItems(_:toSection:)``, or
/// ``deleteSections(_:)`` with no existing section. A call that throws
/// changes nothing and sends nothing. Calls that replace whole sections or
/// the whole contents (``setItems(_:forSection:)``,
/// ``setItemsForAllSections(_:)`` and ``removeAllItems()``) send
/// ``StorageUpdate/needsFullReload``; all other calls send precise changes.
/// The one exception is ``moveItemWithoutAnimation(from:to:)``, which sends
/// nothing by design (outside a batch).
///
/// Wrap several calls in ``performUpdates(_:)`` to send one update for all
/// of them: the batch sends the net, precise difference between the storage
/// before and after the batch, computed from the identity of items and
/// sections (never a full reload).
///
/// ## Errors
///
/// Every call that takes a position or index checks it first and throws a
/// ``MemoryStorageError`` naming what is wrong; calls that take several
/// positions check all of them before changing anything. Calls that add
/// items to a section index create the missing sections up to that index.
///
/// ## Isolation
///
/// The storage is not `Sendable`: create, change and observe it from one
/// isolation domain (typically the main actor). Observers are called
/// synchronously, inside the mutating call, in subscription order.
public final class MemoryStorage: Storage {
    /// The sections, in order.
    public private(set) var sections: [SectionModel] = []

    private var layout = TokenLayout()
    private var nextToken: UInt64 = 0
    private let notifier = UpdateNotifier()
    private var batchBaseline: TokenLayout?
    private var batchUpdatedItems = Set<UInt64>()
    private var batchUpdatedSections = Set<UInt64>()

    /// Creates a storage.
    ///
    /// - Parameter sections: The initial sections, empty by default.
    public init(sections: [SectionModel] = []) {
        for section in sections {
            appendSectionUnchecked(section)
        }
    }

    // MARK: - Observing

    /// Subscribes a closure to every update of the storage.
    ///
    /// - Parameter handler: Called synchronously with each update.
    /// - Returns: A token; the closure stays subscribed while the token lives
    ///   and until ``ObservationToken/cancel()`` is called.
    public func observe(_ handler: @escaping (StorageUpdate) -> Void) -> ObservationToken {
        notifier.observe(handler)
    }

    /// Runs several mutations and sends one update for all of them.
    ///
    /// The update is the net difference between the storage before and
    /// after `body`, with precise positions (see ``StorageUpdate``). Nested
    /// calls merge into the outermost batch. If `body` throws, the changes
    /// made before the error stay, the update describing them is still sent,
    /// and the error is rethrown.
    ///
    /// Inside a batch, ``moveItemWithoutAnimation(from:to:)`` moves are part
    /// of the net difference like any other change.
    ///
    /// - Parameter body: The mutations.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func performUpdates<Result>(_ body: () throws -> Result) rethrows -> Result {
        defer {
            if !notifier.isBatching {
                batchBaseline = nil
                batchUpdatedItems = []
                batchUpdatedSections = []
            }
        }
        return try notifier.batch(
            begin: {
                batchBaseline = layout
                batchUpdatedItems = []
                batchUpdatedSections = []
            },
            end: {
                guard let baseline = batchBaseline else { return StorageUpdate() }
                return layout.update(
                    from: baseline,
                    updatedItems: batchUpdatedItems,
                    updatedSections: batchUpdatedSections
                )
            },
            body: body
        )
    }

    // MARK: - Storage

    /// The number of sections.
    public var numberOfSections: Int { sections.count }

    /// The number of items in a section, or `0` when the section does not exist.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The item count.
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    /// The item at a position, or `nil` when the position is out of range.
    ///
    /// - Parameter position: The position to read.
    /// - Returns: The stored item.
    public func item(at position: ItemPosition) -> Any? {
        guard isValid(position) else { return nil }
        return sections[position.section].items[position.item]
    }

    /// The supplementary model of a kind for a section, or `nil`.
    ///
    /// - Parameters:
    ///   - kind: The kind, such as ``SupplementaryKind/header``.
    ///   - section: A zero-based section index.
    /// - Returns: The model, or `nil`.
    public func supplementaryModel(ofKind kind: String, inSection section: Int) -> Any? {
        self.section(at: section)?.supplementaryModel(ofKind: kind)
    }

    /// The kinds holding a model in a section, in the order they were first set.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The kinds, or `[]` when the section does not exist.
    public func supplementaryKinds(inSection section: Int) -> [String] {
        self.section(at: section)?.supplementaryKinds ?? []
    }

    // MARK: - Reading

    /// The section at an index, or `nil` when it does not exist.
    ///
    /// - Parameter index: A zero-based section index.
    /// - Returns: A copy of the section.
    public func section(at index: Int) -> SectionModel? {
        sections.indices.contains(index) ? sections[index] : nil
    }

    /// The items of a section, or `nil` when the section does not exist.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The items, in order.
    public func items(inSection section: Int) -> [Any]? {
        self.section(at: section)?.items
    }

    /// The position of the first item equal to a value, scanning sections
    /// and items in order; `nil` when no stored item of type `T` is equal.
    ///
    /// - Parameter item: The value to look for.
    /// - Returns: The position, or `nil`.
    public func position<T: Equatable>(of item: T) -> ItemPosition? {
        position(of: item, skipping: [])
    }

    /// The number of items in all sections together.
    public var totalNumberOfItems: Int {
        sections.reduce(0) { $0 + $1.items.count }
    }

    /// The header model of a section, or `nil`.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The model of kind ``SupplementaryKind/header``.
    public func headerModel(forSection section: Int) -> Any? {
        supplementaryModel(ofKind: SupplementaryKind.header, inSection: section)
    }

    /// The footer model of a section, or `nil`.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The model of kind ``SupplementaryKind/footer``.
    public func footerModel(forSection section: Int) -> Any? {
        supplementaryModel(ofKind: SupplementaryKind.footer, inSection: section)
    }

    // MARK: - Setting whole sections

    /// Replaces the items of one section, creating it and any missing
    /// section before it.
    ///
    /// The section keeps its supplementary models. Sends
    /// ``StorageUpdate/needsFullReload``.
    ///
    /// A negative section index names no section: nothing changes, and one
    /// empty update is sent.
    ///
    /// - Parameters:
    ///   - items: The new items of the section.
    ///   - section: A zero-based section index, `0` by default.
    public func setItems(_ items: [Any], forSection section: Int = 0) {
        guard section >= 0 else {
            notifier.send(StorageUpdate())
            return
        }
        _ = ensureSections(upTo: section)
        replaceAllItemsUnchecked(items, inSection: section)
        notifier.send(.fullReload)
    }

    /// Replaces the items of every section: the storage ends with exactly
    /// `items.count` sections, section `i` holding `items[i]`.
    ///
    /// Sections that already existed keep their supplementary models;
    /// sections past the end of `items` are removed. Sends
    /// ``StorageUpdate/needsFullReload``.
    ///
    /// - Parameter items: One list of items per section.
    public func setItemsForAllSections(_ items: [[Any]]) {
        while sections.count > items.count {
            removeSectionUnchecked(at: sections.count - 1)
        }
        _ = ensureSections(upTo: items.count - 1)
        for (index, sectionItems) in items.enumerated() {
            replaceAllItemsUnchecked(sectionItems, inSection: index)
        }
        notifier.send(.fullReload)
    }

    /// Replaces the section at an index with another one, items and
    /// supplementary models alike, creating any missing section before it.
    ///
    /// The index may name a section that does not exist yet: the missing
    /// sections up to it are created empty and `section` goes last. Sends
    /// the created sections as inserted; an existing section that was
    /// replaced is sent as deleted and inserted at the same index (what
    /// UIKit's `reloadSections` does), so its old items never count as
    /// moved or updated.
    ///
    /// - Parameters:
    ///   - section: The new section.
    ///   - index: A zero-based section index.
    /// - Throws: ``MemoryStorageError/sectionOutOfRange(_:numberOfSections:)`` for a negative index.
    public func setSection(_ section: SectionModel, forSection index: Int) throws(MemoryStorageError) {
        guard index >= 0 else { throw .sectionOutOfRange(index, numberOfSections: sections.count) }
        let start = sections.count
        if index < start {
            removeSectionUnchecked(at: index)
        } else {
            _ = ensureSections(upTo: index - 1)
        }
        insertSectionUnchecked(section, at: index)
        notifier.send(index < start
            ? StorageUpdate(insertedSections: [index], deletedSections: [index])
            : StorageUpdate(insertedSections: Set(start...index)))
    }

    // MARK: - Adding and inserting

    /// Appends an item to a section, creating the section and any missing
    /// section before it.
    ///
    /// Sends the inserted position, or the inserted sections when the
    /// section was created.
    ///
    /// A negative section index names no section: nothing changes, and one
    /// empty update is sent.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - section: A zero-based section index, `0` by default.
    public func addItem(_ item: Any, toSection section: Int = 0) {
        addItems([item], toSection: section)
    }

    /// Appends items to a section, creating the section and any missing
    /// section before it.
    ///
    /// Sends the inserted positions, or the inserted sections when the
    /// section was created.
    ///
    /// A negative section index names no section: nothing changes, and one
    /// empty update is sent.
    ///
    /// - Parameters:
    ///   - items: The items, in order.
    ///   - section: A zero-based section index, `0` by default.
    public func addItems(_ items: [Any], toSection section: Int = 0) {
        guard section >= 0 else {
            notifier.send(StorageUpdate())
            return
        }
        let created = ensureSections(upTo: section)
        let start = sections[section].items.count
        sections[section].items.append(contentsOf: items)
        layout.items[section].append(contentsOf: makeTokens(items.count))
        notifier.send(created.isEmpty
            ? StorageUpdate(insertedItems: Set((start..<(start + items.count)).map {
                ItemPosition(item: $0, section: section)
            }))
            : StorageUpdate(insertedSections: Set(created)))
    }

    /// Inserts an item at a position, shifting the following items down.
    ///
    /// The item index may equal the item count of the section (appending).
    /// A position in a section that does not exist yet creates that section
    /// and any missing one before it, and then its item index must be `0`.
    ///
    /// - Parameters:
    ///   - item: The item.
    ///   - position: Where the item will be after the insertion.
    /// - Throws: ``MemoryStorageError/insertionOutOfRange(_:itemsInSection:numberOfSections:)``.
    public func insertItem(_ item: Any, to position: ItemPosition) throws(MemoryStorageError) {
        try insertItems([item], at: [position])
    }

    /// Inserts several items, each at its own position.
    ///
    /// Positions are where the items will be after the whole call, so
    /// inserting `[x, y]` at items 1 and 2 of `[a, b]` gives `[a, x, y, b]`.
    /// All positions are checked before anything changes. Sections that do
    /// not exist are created as for ``insertItem(_:to:)``.
    ///
    /// - Parameters:
    ///   - items: The items.
    ///   - positions: One position per item.
    /// - Throws: ``MemoryStorageError/itemCountMismatch(items:positions:)``,
    ///   ``MemoryStorageError/duplicatePosition(_:)``,
    ///   ``MemoryStorageError/insertionOutOfRange(_:itemsInSection:numberOfSections:)``
    ///   for a section that receives one item, or
    ///   ``MemoryStorageError/batchInsertionOutOfRange(_:itemsInSection:inserting:numberOfSections:)``
    ///   for a section that receives several.
    public func insertItems(_ items: [Any], at positions: [ItemPosition]) throws(MemoryStorageError) {
        guard items.count == positions.count else {
            throw .itemCountMismatch(items: items.count, positions: positions.count)
        }
        let order = positions.indices.sorted { positions[$0] < positions[$1] }
        var insertedPerSection: [Int: Int] = [:]
        var previous: ItemPosition?
        for index in order {
            let position = positions[index]
            if position == previous { throw .duplicatePosition(position) }
            previous = position
            insertedPerSection[position.section, default: 0] += 1
        }
        // Distinct positions fit exactly when each lies below the section's
        // item count after the call.
        for index in order {
            let position = positions[index]
            try checkInsertion(at: position, inserting: insertedPerSection[position.section] ?? 1)
        }
        let highestSection = positions.map(\.section).max() ?? -1
        let created = ensureSections(upTo: highestSection)
        for index in order {
            insertItemUnchecked(items[index], at: positions[index])
        }
        notifier.send(StorageUpdate(
            insertedSections: Set(created),
            insertedItems: Set(positions.filter { !created.contains($0.section) })
        ))
    }

    /// Inserts several items one after the other, the first at a position.
    ///
    /// Inserting `[x, y]` at item 1 of `[a, b]` gives `[a, x, y, b]`. The
    /// position follows the rules of ``insertItem(_:to:)``: its item index
    /// may equal the item count of the section, and a section that does not
    /// exist yet is created with any missing one before it (the item index
    /// must then be `0`). The position is checked even when `items` is
    /// empty; an empty list then changes nothing and sends an empty update.
    ///
    /// Sends the inserted positions, or the inserted sections when the
    /// section was created.
    ///
    /// - Parameters:
    ///   - items: The items, in order.
    ///   - position: Where the first item will be after the insertion.
    /// - Throws: ``MemoryStorageError/insertionOutOfRange(_:itemsInSection:numberOfSections:)``.
    public func insertItems(_ items: [Any], at position: ItemPosition) throws(MemoryStorageError) {
        try checkInsertion(at: position, inserting: 1)
        let positions = items.indices.map { ItemPosition(item: position.item + $0, section: position.section) }
        try insertItems(items, at: positions)
    }

    /// Inserts a whole section, with its items and supplementary models.
    ///
    /// - Parameters:
    ///   - section: The section.
    ///   - index: Where the section will be; may equal ``numberOfSections``.
    /// - Throws: ``MemoryStorageError/sectionInsertionOutOfRange(_:numberOfSections:)``.
    public func insertSection(_ section: SectionModel, at index: Int) throws(MemoryStorageError) {
        guard index >= 0, index <= sections.count else {
            throw .sectionInsertionOutOfRange(index, numberOfSections: sections.count)
        }
        insertSectionUnchecked(section, at: index)
        notifier.send(StorageUpdate(insertedSections: [index]))
    }

    // MARK: - Removing

    /// Removes the item at a position.
    ///
    /// - Parameter position: The position of the item.
    /// - Throws: ``MemoryStorageError/itemOutOfRange(_:itemsInSection:numberOfSections:)``.
    public func removeItem(at position: ItemPosition) throws(MemoryStorageError) {
        try removeItems(at: [position])
    }

    /// Removes the first item equal to a value (see ``position(of:)``).
    ///
    /// - Parameter item: The value to remove.
    /// - Throws: ``MemoryStorageError/itemNotFound(_:)``.
    public func removeItem<T: Equatable>(_ item: T) throws(MemoryStorageError) {
        guard let position = position(of: item) else { throw .itemNotFound(String(describing: item)) }
        try removeItems(at: [position])
    }

    /// Removes several items by value, all or none.
    ///
    /// Each value removes one stored item of the same type that is equal
    /// to it: the first one in storage order (sections, then items) that no
    /// earlier value of the list has claimed. So `["a", "a"]` removes the
    /// first two `"a"`s, and fails when the storage holds only one. Values
    /// of a type that differs from the stored item's never match (`1` does
    /// not match `1.0`); to remove items of several types in one call, pass
    /// `AnyHashable` values.
    ///
    /// Every value is looked up before anything changes: when one has no
    /// match left, nothing is removed and no update is sent. Sends the
    /// removed positions (before the call) as deleted.
    ///
    /// - Parameter items: The values to remove.
    /// - Throws: ``MemoryStorageError/itemNotFound(_:)`` naming the first
    ///   value without a match.
    public func removeItems<T: Equatable>(_ items: [T]) throws(MemoryStorageError) {
        var claimed = Set<ItemPosition>()
        for item in items {
            guard let position = position(of: item, skipping: claimed) else {
                throw .itemNotFound(String(describing: item))
            }
            claimed.insert(position)
        }
        try removeItems(at: Array(claimed))
    }

    /// Removes the items at several positions at once.
    ///
    /// Positions are indexes before the call: removing items 1 and 2 of
    /// `[a, b, c, d]` leaves `[a, d]`. All positions are checked first; if
    /// one is invalid or repeated, nothing changes.
    ///
    /// - Parameter positions: The positions of the items.
    /// - Throws: ``MemoryStorageError/itemOutOfRange(_:itemsInSection:numberOfSections:)``
    ///   or ``MemoryStorageError/duplicatePosition(_:)``.
    public func removeItems(at positions: [ItemPosition]) throws(MemoryStorageError) {
        let descending = positions.sorted(by: >)
        var previous: ItemPosition?
        for position in descending {
            if position == previous { throw .duplicatePosition(position) }
            previous = position
            try checkExisting(position)
        }
        for position in descending {
            removeItemUnchecked(at: position)
        }
        notifier.send(StorageUpdate(deletedItems: Set(positions)))
    }

    /// Removes every item of one section; the section itself stays.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Throws: ``MemoryStorageError/sectionOutOfRange(_:numberOfSections:)``.
    public func removeItems(fromSection section: Int) throws(MemoryStorageError) {
        try checkSection(section)
        let count = sections[section].items.count
        replaceAllItemsUnchecked([], inSection: section)
        notifier.send(StorageUpdate(deletedItems: Set((0..<count).map { ItemPosition(item: $0, section: section) })))
    }

    /// Removes every item of every section; sections and their
    /// supplementary models stay.
    ///
    /// Sends ``StorageUpdate/needsFullReload``.
    public func removeAllItems() {
        for section in sections.indices {
            replaceAllItemsUnchecked([], inSection: section)
        }
        notifier.send(.fullReload)
    }

    /// Deletes sections with their items.
    ///
    /// Accepts any sequence of indexes: an array, a range or Foundation's
    /// `IndexSet`. Indexes are section indexes before the call; a repeated
    /// index counts once. Indexes of sections that do not exist are
    /// skipped: there is nothing to delete there. The update lists the
    /// sections actually deleted; when none existed, it is empty.
    ///
    /// - Parameter indexes: The sections to delete.
    public func deleteSections(_ indexes: some Sequence<Int>) {
        let existing = Set(indexes.filter { sections.indices.contains($0) })
        guard !existing.isEmpty else {
            notifier.send(StorageUpdate())
            return
        }
        for index in existing.sorted(by: >) {
            removeSectionUnchecked(at: index)
        }
        notifier.send(StorageUpdate(deletedSections: existing))
    }

    // MARK: - Replacing and reloading

    /// Replaces the item at a position with another value.
    ///
    /// Sends the position as updated.
    ///
    /// - Parameters:
    ///   - position: The position of the item.
    ///   - item: The new value.
    /// - Throws: ``MemoryStorageError/itemOutOfRange(_:itemsInSection:numberOfSections:)``.
    public func replaceItem(at position: ItemPosition, with item: Any) throws(MemoryStorageError) {
        try checkExisting(position)
        sections[position.section].items[position.item] = item
        markUpdated(position)
        notifier.send(StorageUpdate(updatedItems: [position]))
    }

    /// Replaces the first item equal to a value (see ``position(of:)``).
    ///
    /// - Parameters:
    ///   - item: The value to replace.
    ///   - replacement: The new value.
    /// - Throws: ``MemoryStorageError/itemNotFound(_:)``.
    public func replaceItem<T: Equatable>(_ item: T, with replacement: Any) throws(MemoryStorageError) {
        guard let position = position(of: item) else { throw .itemNotFound(String(describing: item)) }
        try replaceItem(at: position, with: replacement)
    }

    /// Asks observers to re-read the item at a position, without changing it.
    ///
    /// Use it after mutating a reference-type item in place.
    ///
    /// - Parameter position: The position of the item.
    /// - Throws: ``MemoryStorageError/itemOutOfRange(_:itemsInSection:numberOfSections:)``.
    public func reloadItem(at position: ItemPosition) throws(MemoryStorageError) {
        try checkExisting(position)
        markUpdated(position)
        notifier.send(StorageUpdate(updatedItems: [position]))
    }

    /// Asks observers to re-read the first item equal to a value (see
    /// ``position(of:)``), without changing it.
    ///
    /// Sends the item's position as updated.
    ///
    /// - Parameter item: The value to look for.
    /// - Throws: ``MemoryStorageError/itemNotFound(_:)``.
    public func reloadItem<T: Equatable>(_ item: T) throws(MemoryStorageError) {
        guard let position = position(of: item) else { throw .itemNotFound(String(describing: item)) }
        try reloadItem(at: position)
    }

    // MARK: - Moving

    /// Moves an item to another position and sends the move.
    ///
    /// `destination` is the position after the move. In the same section
    /// its item index may go up to the item count minus one; in another
    /// existing section up to that section's item count. A destination in a
    /// section that does not exist yet creates it and any missing section
    /// before it (its item index must then be `0`); the update lists those
    /// as inserted sections and the source as a deleted item.
    ///
    /// - Parameters:
    ///   - source: The current position of the item.
    ///   - destination: The position of the item after the move.
    /// - Throws: ``MemoryStorageError/itemOutOfRange(_:itemsInSection:numberOfSections:)``
    ///   for the source, ``MemoryStorageError/insertionOutOfRange(_:itemsInSection:numberOfSections:)``
    ///   for the destination.
    public func moveItem(from source: ItemPosition, to destination: ItemPosition) throws(MemoryStorageError) {
        let created = try moveItemUnchecked(from: source, to: destination)
        if source == destination {
            notifier.send(StorageUpdate())
        } else if created.isEmpty {
            notifier.send(StorageUpdate(movedItems: [ItemMove(from: source, to: destination)]))
        } else {
            notifier.send(StorageUpdate(insertedSections: Set(created), deletedItems: [source]))
        }
    }

    /// Moves an item exactly like ``moveItem(from:to:)`` but sends no update.
    ///
    /// Use it when the view already shows the move, for example after the
    /// user dragged a row. Inside ``performUpdates(_:)`` the move is part of
    /// the batch's net update.
    ///
    /// Anything that follows the storage through its updates, such as an
    /// incremental render, does not learn of this move: bring it up to date
    /// in full afterwards.
    ///
    /// - Parameters:
    ///   - source: The current position of the item.
    ///   - destination: The position of the item after the move.
    /// - Throws: The same errors as ``moveItem(from:to:)``.
    public func moveItemWithoutAnimation(from source: ItemPosition, to destination: ItemPosition) throws(MemoryStorageError) {
        _ = try moveItemUnchecked(from: source, to: destination)
    }

    /// Moves a section, with its items and supplementary models.
    ///
    /// - Parameters:
    ///   - source: The current index of the section.
    ///   - destination: The index of the section after the move.
    /// - Throws: ``MemoryStorageError/sectionOutOfRange(_:numberOfSections:)`` for either index.
    public func moveSection(_ source: Int, to destination: Int) throws(MemoryStorageError) {
        try checkSection(source)
        try checkSection(destination)
        let section = sections.remove(at: source)
        sections.insert(section, at: destination)
        let token = layout.sections.remove(at: source)
        layout.sections.insert(token, at: destination)
        let itemTokens = layout.items.remove(at: source)
        layout.items.insert(itemTokens, at: destination)
        notifier.send(source == destination
            ? StorageUpdate()
            : StorageUpdate(movedSections: [SectionMove(from: source, to: destination)]))
    }

    // MARK: - Supplementary models

    /// Sets one header model per section: section `i` gets `models[i]`.
    ///
    /// Same rules as ``setSupplementaryModels(_:ofKind:)`` with kind
    /// ``SupplementaryKind/header``.
    ///
    /// - Parameter models: One model per section; `nil` means no header.
    public func setSectionHeaderModels(_ models: [Any?]) {
        setSupplementaryModels(models, ofKind: SupplementaryKind.header)
    }

    /// Sets one footer model per section: section `i` gets `models[i]`.
    ///
    /// Same rules as ``setSupplementaryModels(_:ofKind:)`` with kind
    /// ``SupplementaryKind/footer``.
    ///
    /// - Parameter models: One model per section; `nil` means no footer.
    public func setSectionFooterModels(_ models: [Any?]) {
        setSupplementaryModels(models, ofKind: SupplementaryKind.footer)
    }

    /// Sets one model of a kind per section: section `i` gets `models[i]`.
    ///
    /// Missing sections are created. The call replaces the kind everywhere:
    /// a `nil` entry, and every section past the end of `models`, ends with
    /// no model of that kind. Sends the created sections as inserted and the
    /// existing sections whose model of that kind was set or removed as
    /// updated.
    ///
    /// - Parameters:
    ///   - models: One model per section; `nil` means no model.
    ///   - kind: The kind, such as ``SupplementaryKind/header`` or any custom string.
    public func setSupplementaryModels(_ models: [Any?], ofKind kind: String) {
        let created = ensureSections(upTo: models.count - 1)
        var updated = Set<Int>()
        for index in sections.indices {
            let model: Any? = index < models.count ? models[index] : nil
            if model == nil, sections[index].supplementaryModel(ofKind: kind) == nil { continue }
            setSupplementaryUnchecked(model, ofKind: kind, inSection: index)
            if !created.contains(index) { updated.insert(index) }
        }
        notifier.send(StorageUpdate(insertedSections: Set(created), updatedSections: updated))
    }

    /// Sets or removes the model of a kind for one section, creating the
    /// section and any missing section before it.
    ///
    /// Sends the section as updated, or the created sections as inserted.
    ///
    /// - Parameters:
    ///   - model: The model, or `nil` to remove it.
    ///   - kind: The kind, such as ``SupplementaryKind/header`` or any custom string.
    ///   - section: A zero-based section index.
    /// - Throws: ``MemoryStorageError/sectionOutOfRange(_:numberOfSections:)`` for a negative index.
    public func setSupplementaryModel(_ model: Any?, ofKind kind: String, forSection section: Int) throws(MemoryStorageError) {
        guard section >= 0 else { throw .sectionOutOfRange(section, numberOfSections: sections.count) }
        let created = ensureSections(upTo: section)
        setSupplementaryUnchecked(model, ofKind: kind, inSection: section)
        notifier.send(created.isEmpty
            ? StorageUpdate(updatedSections: [section])
            : StorageUpdate(insertedSections: Set(created)))
    }

    // MARK: - Finding values

    /// The first position holding an item equal to `item`, in storage
    /// order, leaving out the positions in `skipped`.
    private func position<T: Equatable>(of item: T, skipping skipped: Set<ItemPosition>) -> ItemPosition? {
        for (sectionIndex, section) in sections.enumerated() {
            for (itemIndex, stored) in section.items.enumerated() {
                guard let candidate = stored as? T, candidate == item else { continue }
                let position = ItemPosition(item: itemIndex, section: sectionIndex)
                if !skipped.contains(position) { return position }
            }
        }
        return nil
    }

    // MARK: - Checks

    private func isValid(_ position: ItemPosition) -> Bool {
        sections.indices.contains(position.section)
            && sections[position.section].items.indices.contains(position.item)
    }

    private func checkExisting(_ position: ItemPosition) throws(MemoryStorageError) {
        guard isValid(position) else {
            throw .itemOutOfRange(
                position,
                itemsInSection: numberOfItems(inSection: position.section),
                numberOfSections: sections.count
            )
        }
    }

    private func checkSection(_ index: Int) throws(MemoryStorageError) {
        guard sections.indices.contains(index) else {
            throw .sectionOutOfRange(index, numberOfSections: sections.count)
        }
    }

    /// Checks that an item index fits a section that receives `inserting`
    /// items in one call: below the section's item count after the call.
    private func checkInsertion(at position: ItemPosition, inserting: Int) throws(MemoryStorageError) {
        let count = numberOfItems(inSection: position.section)
        guard position.section >= 0, position.item >= 0, position.item < count + inserting else {
            if inserting == 1 {
                throw .insertionOutOfRange(position, itemsInSection: count, numberOfSections: sections.count)
            }
            throw .batchInsertionOutOfRange(
                position,
                itemsInSection: count,
                inserting: inserting,
                numberOfSections: sections.count
            )
        }
    }

    // MARK: - Primitives (keep `sections` and `layout` in step)

    private func makeToken() -> UInt64 {
        defer { nextToken += 1 }
        return nextToken
    }

    private func makeTokens(_ count: Int) -> [UInt64] {
        let start = nextToken
        nextToken += UInt64(count)
        return Array(start..<nextToken)
    }

    private func appendSectionUnchecked(_ section: SectionModel) {
        insertSectionUnchecked(section, at: sections.count)
    }

    private func insertSectionUnchecked(_ section: SectionModel, at index: Int) {
        sections.insert(section, at: index)
        layout.sections.insert(makeToken(), at: index)
        layout.items.insert(makeTokens(section.items.count), at: index)
    }

    private func removeSectionUnchecked(at index: Int) {
        sections.remove(at: index)
        layout.sections.remove(at: index)
        layout.items.remove(at: index)
    }

    /// Creates empty sections until `index` exists.
    ///
    /// - Returns: The indexes of the created sections.
    private func ensureSections(upTo index: Int) -> Range<Int> {
        let start = sections.count
        while sections.count <= index {
            appendSectionUnchecked(SectionModel())
        }
        return start..<max(start, sections.count)
    }

    private func replaceAllItemsUnchecked(_ items: [Any], inSection section: Int) {
        sections[section].items = items
        layout.items[section] = makeTokens(items.count)
    }

    private func insertItemUnchecked(_ item: Any, at position: ItemPosition) {
        sections[position.section].items.insert(item, at: position.item)
        layout.items[position.section].insert(makeToken(), at: position.item)
    }

    private func removeItemUnchecked(at position: ItemPosition) {
        sections[position.section].items.remove(at: position.item)
        layout.items[position.section].remove(at: position.item)
    }

    private func markUpdated(_ position: ItemPosition) {
        if notifier.isBatching {
            batchUpdatedItems.insert(layout.items[position.section][position.item])
        }
    }

    private func setSupplementaryUnchecked(_ model: Any?, ofKind kind: String, inSection section: Int) {
        sections[section].setSupplementaryModel(model, ofKind: kind)
        if notifier.isBatching {
            batchUpdatedSections.insert(layout.sections[section])
        }
    }

    /// Checks and performs a move, keeping the item's identity.
    ///
    /// - Returns: The sections created for the destination.
    private func moveItemUnchecked(from source: ItemPosition, to destination: ItemPosition) throws(MemoryStorageError) -> Range<Int> {
        try checkExisting(source)
        let sameSection = source.section == destination.section
        let available = numberOfItems(inSection: destination.section) - (sameSection ? 1 : 0)
        guard destination.section >= 0, destination.item >= 0, destination.item <= available else {
            throw .insertionOutOfRange(destination, itemsInSection: available, numberOfSections: sections.count)
        }
        let created = ensureSections(upTo: destination.section)
        let item = sections[source.section].items.remove(at: source.item)
        let token = layout.items[source.section].remove(at: source.item)
        sections[destination.section].items.insert(item, at: destination.item)
        layout.items[destination.section].insert(token, at: destination.item)
        return created
    }
}
