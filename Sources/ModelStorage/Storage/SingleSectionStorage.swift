/// A storage of one section of identifiable items that works out the
/// changes itself: hand it the new list and it tells its observers what
/// was inserted, deleted, moved and updated.
///
/// ```swift
/// let storage = SingleSectionStorage(items: posts)
/// let token = storage.observe { update in render(update) }
/// storage.setItems(refreshedPosts)              // one precise update
/// storage.addItems(nextPage, strategy: UpdateOldValuesAccumulationStrategy())
/// ```
///
/// Items are matched by their `id` (the standard library's `Identifiable`):
/// an item whose id stayed but whose value changed is reported as updated,
/// a reordered item as a move. The ``differ`` decides how the changes are
/// found; see ``Differ`` to plug in another algorithm.
///
/// The storage always has exactly one section, index `0`, even when it
/// holds no items. Like ``MemoryStorage`` it sends exactly one
/// ``StorageUpdate`` per mutating call and one per ``performUpdates(_:)``
/// batch, and it is not `Sendable`: use it from one isolation domain.
public final class SingleSectionStorage<Item: Identifiable & Equatable>: Storage {
    /// The items, in display order.
    public private(set) var items: [Item]

    /// The algorithm that computes updates in ``setItems(_:)``.
    ///
    /// ``CollectionDifferenceDiffer`` by default; switch to
    /// ``IdentityDiffer`` for large lists that can be reordered wholesale.
    public var differ: any Differ

    private var supplementaries = SupplementaryModels()
    private let notifier = UpdateNotifier()
    private var batchOldItems: [Item]?
    private var batchSupplementariesChanged = false

    /// Creates a storage.
    ///
    /// - Parameters:
    ///   - items: The initial items.
    ///   - differ: The algorithm that computes updates; ``CollectionDifferenceDiffer`` by default.
    public init(items: [Item] = [], differ: any Differ = CollectionDifferenceDiffer()) {
        self.items = items
        self.differ = differ
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

    /// Runs several mutations and sends one update for all of them: the
    /// difference between the items before and after `body`, plus section
    /// `0` as updated if a supplementary model changed.
    ///
    /// Nested calls merge into the outermost batch. If `body` throws, the
    /// changes made before the error stay, their update is still sent, and
    /// the error is rethrown.
    ///
    /// - Parameter body: The mutations.
    /// - Returns: What `body` returns.
    /// - Throws: What `body` throws.
    public func performUpdates<Result>(_ body: () throws -> Result) rethrows -> Result {
        defer {
            if !notifier.isBatching {
                batchOldItems = nil
                batchSupplementariesChanged = false
            }
        }
        return try notifier.batch(
            begin: {
                batchOldItems = items
                batchSupplementariesChanged = false
            },
            end: {
                var update = differ.update(from: batchOldItems ?? items, to: items)
                if batchSupplementariesChanged {
                    update.updatedSections.insert(0)
                }
                return update
            },
            body: body
        )
    }

    // MARK: - Changing items

    /// Replaces all items and sends the difference found by ``differ``.
    ///
    /// - Parameter newItems: The new items, in display order.
    public func setItems(_ newItems: [Item]) {
        let oldItems = items
        items = newItems
        notifier.send(self.differ.update(from: oldItems, to: newItems))
    }

    /// Adds items, merged into the current ones by a strategy, and sends the
    /// difference found by ``differ``.
    ///
    /// - Parameters:
    ///   - newItems: The items to add.
    ///   - strategy: How old and new items merge; appending by default
    ///     (``AdditiveAccumulationStrategy``).
    public func addItems(_ newItems: [Item], strategy: any AccumulationStrategy = AdditiveAccumulationStrategy()) {
        setItems(strategy.accumulate(oldItems: items, newItems: newItems))
    }

    // MARK: - Supplementary models

    /// Sets or removes the section's model of a kind; sends section `0` as updated.
    ///
    /// - Parameters:
    ///   - model: The model, or `nil` to remove it.
    ///   - kind: The kind, such as ``SupplementaryKind/header`` or any custom string.
    public func setSupplementaryModel(_ model: Any?, ofKind kind: String) {
        supplementaries.setModel(model, ofKind: kind)
        if notifier.isBatching {
            batchSupplementariesChanged = true
        }
        notifier.send(StorageUpdate(updatedSections: [0]))
    }

    /// Sets or removes the section header model; sends section `0` as updated.
    ///
    /// - Parameter model: The model, or `nil` to remove it.
    public func setSectionHeaderModel(_ model: Any?) {
        setSupplementaryModel(model, ofKind: SupplementaryKind.header)
    }

    /// Sets or removes the section footer model; sends section `0` as updated.
    ///
    /// - Parameter model: The model, or `nil` to remove it.
    public func setSectionFooterModel(_ model: Any?) {
        setSupplementaryModel(model, ofKind: SupplementaryKind.footer)
    }

    /// The section header model, or `nil`.
    public var headerModel: Any? {
        supplementaries.model(ofKind: SupplementaryKind.header)
    }

    /// The section footer model, or `nil`.
    public var footerModel: Any? {
        supplementaries.model(ofKind: SupplementaryKind.footer)
    }

    // MARK: - Storage

    /// Always `1`.
    public var numberOfSections: Int { 1 }

    /// The item count for section `0`, `0` for any other section.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The item count.
    public func numberOfItems(inSection section: Int) -> Int {
        section == 0 ? items.count : 0
    }

    /// The item at a position in section `0`, or `nil` when out of range.
    ///
    /// - Parameter position: The position to read.
    /// - Returns: The item.
    public func item(at position: ItemPosition) -> Any? {
        guard position.section == 0, items.indices.contains(position.item) else { return nil }
        return items[position.item]
    }

    /// The model of a kind for section `0`, `nil` for any other section.
    ///
    /// - Parameters:
    ///   - kind: The kind, such as ``SupplementaryKind/header``.
    ///   - section: A zero-based section index.
    /// - Returns: The model, or `nil`.
    public func supplementaryModel(ofKind kind: String, inSection section: Int) -> Any? {
        section == 0 ? supplementaries.model(ofKind: kind) : nil
    }

    /// The kinds holding a model in section `0`, in the order they were first set.
    ///
    /// - Parameter section: A zero-based section index.
    /// - Returns: The kinds, `[]` for any section but `0`.
    public func supplementaryKinds(inSection section: Int) -> [String] {
        section == 0 ? supplementaries.kinds : []
    }
}
