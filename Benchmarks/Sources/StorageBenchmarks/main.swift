import ModelStorage

// Storage benchmarks: medians over `runs` runs, release build only.
//   swift run -c release --package-path Benchmarks StorageBenchmarks

let runs = 7
let stopwatch = Stopwatch(runs: runs)
var rows: [(name: String, median: Double, fastest: Double, ratio: String)] = []
var checksum = 0

@MainActor func record(_ name: String, _ result: (median: Double, fastest: Double, checksum: Int), baseline: Double? = nil) {
    let ratio = baseline.map { $0 > 0 ? String(result.median / $0, decimals: 2) + "x" : "-" } ?? "baseline"
    rows.append((name, result.median, result.fastest, ratio))
    checksum &+= result.checksum
}

extension String {
    /// A non-negative number with a fixed number of decimals, without Foundation.
    init(_ value: Double, decimals: Int) {
        var scale = 1
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int(value * Double(scale) + 0.5)
        let fraction = String(scaled % scale)
        self = "\(scaled / scale)." + String(repeating: "0", count: decimals - fraction.count) + fraction
    }
}

func padded(_ text: String, _ width: Int, left: Bool = false) -> String {
    let padding = String(repeating: " ", count: max(0, width - text.count))
    return left ? text + padding : padding + text
}

/// The differs every `setItems` row is measured with.
let differs: [(name: String, differ: any Differ)] = [
    ("CollectionDifferenceDiffer", CollectionDifferenceDiffer()),
    ("IdentityDiffer", IdentityDiffer()),
]

/// Times `setItems(new)` on a fresh storage holding `old`; the checksum is
/// the number of changes the emitted update reports.
func measureSetItems(from old: [Row], to new: [Row], differ: any Differ) -> (median: Double, fastest: Double, checksum: Int) {
    stopwatch.measure(prepare: { SingleSectionStorage(items: old, differ: differ) }) { storage in
        var changes = 0
        let token = storage.observe { changes = $0.changeCount }
        storage.setItems(new)
        token.cancel()
        return changes
    }
}

// MARK: - SingleSectionStorage.setItems, 1% changes

for count in [1_000, 10_000, 100_000] {
    let workload = Workload(count: count)
    let baseline = stopwatch.measure(prepare: { workload }) { workload in
        workload.new.map(\.id).difference(from: workload.old.map(\.id)).inferringMoves().count
    }
    record("CollectionDifference alone, ids, \(count)", baseline)
    for (name, differ) in differs {
        let result = measureSetItems(from: workload.old, to: workload.new, differ: differ)
        record("setItems, \(name), \(count)", result, baseline: baseline.median)
    }
}

// MARK: - SingleSectionStorage.setItems, heavy reorder (worst case for CollectionDifference)

for count in [2_000, 10_000] {
    let old = (0..<count).map { Row(id: $0, value: $0) }
    let new = Array(old.reversed())
    let baseline = stopwatch.measure(prepare: { () }) { _ in
        new.map(\.id).difference(from: old.map(\.id)).inferringMoves().count
    }
    record("CollectionDifference alone, ids, \(count) reversed", baseline)
    for (name, differ) in differs {
        let result = measureSetItems(from: old, to: new, differ: differ)
        record("setItems, \(name), \(count) reversed", result, baseline: baseline.median)
    }
}

// MARK: - MemoryStorage fill, 1 000 000 items

let fillCount = 1_000_000
let fillItems: [Any] = (0..<fillCount).map { $0 }
let appendBaseline = stopwatch.measure(prepare: { () }) { _ in
    var array: [Any] = []
    for item in fillItems { array.append(item) }
    return array.count
}
record("[Any].append loop, \(fillCount)", appendBaseline)
let viaSetItems = stopwatch.measure(prepare: { MemoryStorage() }) { storage in
    storage.setItems(fillItems, forSection: 0)
    return storage.totalNumberOfItems
}
record("MemoryStorage.setItems, \(fillCount)", viaSetItems, baseline: appendBaseline.median)
let viaAddItem = stopwatch.measure(prepare: { MemoryStorage() }) { storage in
    for item in fillItems { storage.addItem(item) }
    return storage.totalNumberOfItems
}
record("MemoryStorage.addItem loop, \(fillCount)", viaAddItem, baseline: appendBaseline.median)
let viaObservedAddItem = stopwatch.measure(prepare: { MemoryStorage() }) { storage in
    var updates = 0
    let token = storage.observe { _ in updates += 1 }
    for item in fillItems { storage.addItem(item) }
    token.cancel()
    return updates
}
record("MemoryStorage.addItem loop, observed, \(fillCount)", viaObservedAddItem, baseline: appendBaseline.median)
let viaBatchedAddItem = stopwatch.measure(prepare: { MemoryStorage() }) { storage in
    var changes = 0
    let token = storage.observe { changes = $0.changeCount }
    storage.performUpdates {
        for item in fillItems { storage.addItem(item) }
    }
    token.cancel()
    return changes
}
record("MemoryStorage.addItem loop in performUpdates, observed, \(fillCount)", viaBatchedAddItem, baseline: appendBaseline.median)

// MARK: - Table

let nameWidth = rows.map(\.name.count).max() ?? 10
print("StorageBenchmarks: median and fastest of \(runs) runs, milliseconds; ratio = median / baseline above it")
print(padded("case", nameWidth, left: true) + " | " + padded("median", 10) + " | " + padded("fastest", 10) + " | ratio")
print(String(repeating: "-", count: nameWidth + 38))
for row in rows {
    print(padded(row.name, nameWidth, left: true) + " | "
        + padded(String(row.median, decimals: 3), 10) + " | "
        + padded(String(row.fastest, decimals: 3), 10) + " | " + row.ratio)
}
print("(checksum \(checksum))")
