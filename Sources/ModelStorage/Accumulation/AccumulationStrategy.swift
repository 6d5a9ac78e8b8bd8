/// Decides how ``SingleSectionStorage/addItems(_:strategy:)`` merges newly
/// loaded items into the items already shown, for example when a "load
/// more" page repeats items of the previous page.
///
/// The storage then diffs the old items against the result, so the update
/// it sends lists exactly what the strategy changed.
public protocol AccumulationStrategy {
    /// Merges new items into old ones.
    ///
    /// - Parameters:
    ///   - oldItems: The items the storage holds.
    ///   - newItems: The items being added.
    /// - Returns: The items the storage will hold.
    func accumulate<T: Identifiable>(oldItems: [T], newItems: [T]) -> [T]
}
