/// An ``AccumulationStrategy`` that refreshes old items in place: an old
/// item whose id appears among the new items takes the new value and keeps
/// its place; new items with unseen ids are appended in their order.
///
/// Old `[1: a, 2: b, 3: c]` plus new `[2: x, 4: d]` gives
/// `[1: a, 2: x, 3: c, 4: d]`. When an id appears several times among the
/// new items, the last one wins.
public struct UpdateOldValuesAccumulationStrategy: AccumulationStrategy {
    /// Creates the strategy.
    public init() {}

    /// Replaces old values by id and appends the rest.
    ///
    /// - Parameters:
    ///   - oldItems: The items the storage holds.
    ///   - newItems: The items being added.
    /// - Returns: The merged items.
    public func accumulate<T: Identifiable>(oldItems: [T], newItems: [T]) -> [T] {
        var newByID: [T.ID: T] = [:]
        for item in newItems {
            newByID[item.id] = item
        }
        var result = oldItems.map { newByID[$0.id] ?? $0 }
        let oldIDs = Set(oldItems.map(\.id))
        var appended = Set<T.ID>()
        for item in newItems where !oldIDs.contains(item.id) && appended.insert(item.id).inserted {
            result.append(newByID[item.id] ?? item)
        }
        return result
    }
}
