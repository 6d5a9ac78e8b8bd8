import Foundation
import MallocCounter

/// Median nanoseconds per item over `runs` runs of `body(count)`.
func nsPerItem(count: Int, runs: Int, _ body: (Int) -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body(count)
        samples.append(seconds(ContinuousClock.now - start) * 1e9)
    }
    samples.sort()
    return samples[samples.count / 2] / Double(count)
}

/// A duration in seconds.
func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

/// Heap allocations per item made by `body(count)`, or `nil` where
/// allocations cannot be counted.
func allocationsPerItem(count: Int, _ body: (Int) -> Void) -> Double? {
    guard malloc_counter_is_active() != 0 else { return nil }
    let before = malloc_counter_allocations()
    body(count)
    return Double(malloc_counter_allocations() - before) / Double(count)
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

/// A table row: the first column left-aligned, the rest right-aligned.
func row(_ cells: [String], widths: [Int]) -> String {
    cells.enumerated().map { index, cell in
        let width = index < widths.count ? widths[index] : 10
        let padding = String(repeating: " ", count: max(0, width - cell.count))
        return index == 0 ? cell + padding : padding + cell
    }.joined(separator: " ")
}

/// Keeps results observable so the optimizer cannot drop the measured work.
nonisolated(unsafe) var sink = 0
