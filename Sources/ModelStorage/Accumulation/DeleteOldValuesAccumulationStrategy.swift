/// An ``AccumulationStrategy`` that moves repeated items to the end: old
/// items whose id appears among the new items are removed, then all new
/// items are appended in their order.
///
/// Old `[1: a, 2: b, 3: c]` plus new `[2: x, 4: d]` gives
/// `[1: a, 3: c, 2: x, 4: d]`.
public struct DeleteOldValuesAccumulationStrategy: AccumulationStrategy {
    /// Creates the strategy.
    public init() {}

    /// Drops old items repeated among the new ones and appends the new ones.
    ///
    /// - Parameters:
    ///   - oldItems: The items the storage holds.
    ///   - newItems: The items being added.
    /// - Returns: The merged items.
    public func accumulate<T: Identifiable>(oldItems: [T], newItems: [T]) -> [T] {
        let newIDs = Set(newItems.map(\.id))
        return oldItems.filter { !newIDs.contains($0.id) } + newItems
    }
}
