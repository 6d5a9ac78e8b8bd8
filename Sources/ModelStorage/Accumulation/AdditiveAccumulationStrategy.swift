/// The default ``AccumulationStrategy``: the old items followed by all the
/// new items, even when ids repeat.
///
/// Old `[1: a, 2: b]` plus new `[2: x]` gives `[1: a, 2: b, 2: x]`.
public struct AdditiveAccumulationStrategy: AccumulationStrategy {
    /// Creates the strategy.
    public init() {}

    /// Returns `oldItems + newItems`.
    ///
    /// - Parameters:
    ///   - oldItems: The items the storage holds.
    ///   - newItems: The items being added.
    /// - Returns: The old items followed by the new ones.
    public func accumulate<T: Identifiable>(oldItems: [T], newItems: [T]) -> [T] {
        oldItems + newItems
    }
}
