/// Finds a longest strictly increasing subsequence, the elements that can
/// stay in place when a sequence is reordered.
///
/// Used by the differs: of the items that survive an update, those on a
/// longest increasing run of old indexes keep their relative order and
/// are not reported as moves; all others are. Runs in O(n log n).
enum LongestIncreasingSubsequence {
    /// Marks the members of one longest strictly increasing subsequence.
    ///
    /// - Parameter values: The values, typically old indexes in new order.
    /// - Returns: One flag per value, `true` for members of the subsequence.
    static func members(of values: [Int]) -> [Bool] {
        // tails[k]: index in `values` of the smallest tail of an increasing
        // run of length k + 1 found so far.
        var tails: [Int] = []
        var previous = [Int](repeating: -1, count: values.count)
        tails.reserveCapacity(min(values.count, 1024))
        for (index, value) in values.enumerated() {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if values[tails[middle]] < value {
                    low = middle + 1
                } else {
                    high = middle
                }
            }
            if low > 0 {
                previous[index] = tails[low - 1]
            }
            if low == tails.count {
                tails.append(index)
            } else {
                tails[low] = index
            }
        }
        var isMember = [Bool](repeating: false, count: values.count)
        var cursor = tails.last ?? -1
        while cursor >= 0 {
            isMember[cursor] = true
            cursor = previous[cursor]
        }
        return isMember
    }
}
