/// An algorithm that describes how one list of identifiable items became
/// another, used by ``SingleSectionStorage/setItems(_:)``.
///
/// The storage ships with ``CollectionDifferenceDiffer`` (the default,
/// built on the standard library's `CollectionDifference`) and
/// ``IdentityDiffer`` (hash-based, faster for large lists). To use another
/// algorithm, write a small adapter that runs it and translates its result
/// into a ``StorageUpdate``, then hand it to the storage:
///
/// ```swift
/// struct ReloadEverythingDiffer: Differ {
///     func update<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> StorageUpdate {
///         StorageUpdate(
///             deletedItems: Set(old.indices.map { ItemPosition(item: $0, section: 0) }),
///             insertedItems: Set(new.indices.map { ItemPosition(item: $0, section: 0) })
///         )
///     }
/// }
/// let storage = SingleSectionStorage(items: posts, differ: ReloadEverythingDiffer())
/// ```
///
/// The update must follow the semantics documented on ``StorageUpdate``,
/// with every position in section `0`: deletions and move sources at
/// indexes in `old`, insertions, move destinations and updates at indexes
/// in `new`. Items whose `id` is kept but whose value
/// changed belong in ``StorageUpdate/updatedItems``.
public protocol Differ {
    /// Describes how `old` became `new`.
    ///
    /// - Parameters:
    ///   - old: The items before the change.
    ///   - new: The items after the change.
    /// - Returns: The change, with all positions in section `0`.
    func update<Item: Identifiable & Equatable>(from old: [Item], to new: [Item]) -> StorageUpdate
}
