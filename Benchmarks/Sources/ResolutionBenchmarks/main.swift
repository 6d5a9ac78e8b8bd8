import Foundation
import MappingRegistry
import ModelStorage
import Synchronization

// Resolution benchmarks: ns per item for MappingRegistry.resolve and three
// baselines measured in the same run, then rendering, loading and two threads.
// Build in release mode; the numbers are medians of several runs.

let itemCount = 1_000_000
let runs = 7
let items: [Any] = (0..<itemCount).map { makeItem($0 % 10, $0) }
let positions: [ItemPosition] = (0..<itemCount).map { ItemPosition(item: $0 % 1_000, section: $0 / 1_000) }
nonisolated(unsafe) var sink = 0

/// Median nanoseconds per item over `runs` runs of `body(count)`.
func nsPerItem(count: Int, runs: Int = runs, _ body: (Int) -> Void) -> Double {
    var samples: [Double] = []
    for _ in 0..<runs {
        let start = ContinuousClock.now
        body(count)
        let elapsed = ContinuousClock.now - start
        samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
    }
    samples.sort()
    return samples[samples.count / 2] / Double(count)
}

func format(_ value: Double, _ digits: Int = 1) -> String {
    String(format: "%.\(digits)f", value)
}

func pad(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

func load(_ json: String, fillers: Int) -> MappingRegistry? {
    do {
        return try MappingRegistry(configuration: Data(json.utf8), plugins: makeCatalog(fillers: fillers))
    } catch {
        print("cannot load the benchmark configuration:\n\(error)")
        return nil
    }
}

// `--profile-resolve`: only resolve, in a loop, for a profiler to watch.
if CommandLine.arguments.contains("--profile-resolve") {
    guard let registry = load(makeConfiguration(mappings: 50), fillers: 50) else { exit(1) }
    for _ in 0..<20 {
        for index in 0..<itemCount {
            if case .resolved(let mapping) = registry.resolve(items[index], at: positions[index]) { sink &+= mapping.priority }
        }
    }
    print("checksum \(sink)")
    exit(0)
}

// `--profile-render`: only rendering, in a loop, for a profiler to watch.
if CommandLine.arguments.contains("--profile-render") {
    guard let registry = load(makeConfiguration(mappings: 50), fillers: 50) else { exit(1) }
    let storage = MemoryStorage()
    storage.setItemsForAllSections((0..<1_000).map { section in (0..<1_000).map { makeItem(($0 + section) % 10, $0) } })
    for _ in 0..<5 {
        var stream = DiscardingStream()
        _ = TextRenderer(registry: registry).render(storage, into: &stream)
        sink &+= stream.bytes
    }
    print("checksum \(sink)")
    exit(0)
}

/// 10 models x 1 000 section conditions = 10 000 mappings, no two overlapping.
func makeLargeConfiguration() -> Data {
    var entries: [String] = []
    let views = ["PriceRow", "V1", "V2", "V3", "V4", "V5", "V6", "V7", "V8", "V9"]
    let models = ["Priced", "M1", "M2", "M3", "M4", "M5", "M6", "M7", "M8", "M9"]
    for section in 0..<1_000 {
        for index in 0..<10 {
            entries.append(#"{"view": "\#(views[index])", "model": "\#(models[index])", "condition": {"section": \#(section)}, "priority": \#(index == 1 ? 1 : 0)}"#)
        }
    }
    return Data(#"{"version": 1, "mappings": [\#(entries.joined(separator: ",\n"))]}"#.utf8)
}

// `--profile-load`: only loading the large configuration, for a profiler to watch.
if CommandLine.arguments.contains("--profile-load") {
    let json = makeLargeConfiguration()
    let plugins = makeCatalog(fillers: 0)
    for _ in 0..<3 { sink &+= ((try? MappingRegistry(configuration: json, plugins: plugins))?.mappings.count) ?? -1 }
    print("checksum \(sink)")
    exit(0)
}

// MARK: - Resolve vs baselines

let table: [ObjectIdentifier: Int] = Dictionary(uniqueKeysWithValues: (0..<10).map {
    (ObjectIdentifier(type(of: makeItem($0, 0))), $0)
})

// Warm up: touch every item once and let the process settle before timing.
for index in 0..<itemCount { sink &+= table[ObjectIdentifier(type(of: items[index]))] ?? -1 }

print("Resolution, ns per item (median of \(runs) runs; \(itemCount) items of 10 types)")
let header = ["mappings", "resolve", "dict", "switch", "scan", "scan+Mirror", "resolve/dict", "switch/resolve", "scan/resolve", "Mirror/resolve"]
print(header.map { pad($0, 14) }.joined())
for count in [10, 50, 200, 1_000] {
    guard let registry = load(makeConfiguration(mappings: count), fillers: count) else { exit(1) }
    let resolve = nsPerItem(count: itemCount) { n in
        for index in 0..<n {
            if case .resolved(let mapping) = registry.resolve(items[index], at: positions[index]) { sink &+= mapping.priority }
        }
    }
    let dictionary = nsPerItem(count: itemCount) { n in
        for index in 0..<n { sink &+= table[ObjectIdentifier(type(of: items[index]))] ?? -1 }
    }
    let switched = nsPerItem(count: itemCount) { n in
        for index in 0..<n { sink &+= switchBaseline(items[index]) }
    }
    let scan = LinearScan(entries: makeScanEntries(mappings: count), reflects: false)
    let scanned = nsPerItem(count: min(itemCount, max(1_000, 20_000_000 / count)), runs: 3) { n in
        for index in 0..<n { sink &+= scan.resolve(items[index], at: positions[index]) }
    }
    let mirrorScan = LinearScan(entries: makeScanEntries(mappings: count), reflects: true)
    let mirrored = nsPerItem(count: min(itemCount, max(200, 2_000_000 / count)), runs: 3) { n in
        for index in 0..<n { sink &+= mirrorScan.resolve(items[index], at: positions[index]) }
    }
    let row = [
        "\(count)", format(resolve), format(dictionary), format(switched), format(scanned), format(mirrored),
        format(resolve / dictionary, 2) + "x", format(switched / resolve, 2) + "x",
        format(scanned / resolve, 0) + "x", format(mirrored / resolve, 0) + "x",
    ]
    print(row.map { pad($0, 14) }.joined())
}

// MARK: - Predicates

do {
    guard let plain = load(makeConfiguration(mappings: 50), fillers: 50),
          let withPredicates = load(makeConfiguration(mappings: 50, predicates: true), fillers: 50) else { exit(1) }
    let without = nsPerItem(count: itemCount) { n in
        for index in 0..<n { if case .resolved(let m) = plain.resolve(items[index], at: positions[index]) { sink &+= m.priority } }
    }
    let with = nsPerItem(count: itemCount) { n in
        for index in 0..<n { if case .resolved(let m) = withPredicates.resolve(items[index], at: positions[index]) { sink &+= m.priority } }
    }
    print("\nNamed predicates (50 mappings; one type in ten decided by two predicates)")
    print("  without predicates: \(format(without)) ns/item; with: \(format(with)) ns/item")
}

// MARK: - Rendering

/// Discards text, counting bytes so the work is not optimised away.
struct DiscardingStream: TextOutputStream {
    var bytes = 0
    mutating func write(_ string: String) { bytes &+= string.utf8.count }
}

func residentBytes(_ field: String) -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix(field) {
        let digits = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
        return digits * 1024
    }
    return 0
}

do {
    guard let registry = load(makeConfiguration(mappings: 50), fillers: 50) else { exit(1) }
    let storage = MemoryStorage()
    storage.setItemsForAllSections((0..<1_000).map { section in
        (0..<1_000).map { makeItem(($0 + section) % 10, $0) }
    })
    let before = residentBytes("VmRSS:")
    let sampler = PeakSampler()
    var seconds: [Double] = []
    var result: RenderResult?
    for _ in 0..<5 {
        var stream = DiscardingStream()
        let start = ContinuousClock.now
        result = TextRenderer(registry: registry).render(storage, into: &stream)
        let elapsed = ContinuousClock.now - start
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
        sink &+= stream.bytes
    }
    let peak = sampler.stop()
    seconds.sort()
    print("\nRender 1 000 000 items (10 types, 50 mappings, 1 000 sections of 1 000) to a discarded sink")
    print("  median \(format(seconds[2], 3)) s of 5; rendered \(result?.renderedCount ?? 0), views created \(result?.viewsCreated ?? 0)")
    print("  peak memory beyond the storage: \(format(Double(peak - before) / 1_048_576)) MB (highest VmRSS sampled every 2 ms while rendering, minus VmRSS before)")
}

/// Samples the resident set size on a background thread until stopped.
final class PeakSampler: Sendable {
    private let running = Atomic(true)
    private let peak = Atomic(0)
    private let finished = Atomic(false)

    init() {
        Thread.detachNewThread { [self] in
            while running.load(ordering: .relaxed) {
                let now = residentBytes("VmRSS:")
                if now > peak.load(ordering: .relaxed) { peak.store(now, ordering: .relaxed) }
                usleep(2_000)
            }
            finished.store(true, ordering: .releasing)
        }
    }

    /// Stops sampling and returns the highest value seen.
    func stop() -> Int {
        running.store(false, ordering: .relaxed)
        while !finished.load(ordering: .acquiring) { usleep(1_000) }
        return max(peak.load(ordering: .relaxed), residentBytes("VmRSS:"))
    }
}

// MARK: - Loading

do {
    let json = makeLargeConfiguration()
    let plugins = makeCatalog(fillers: 0)
    var seconds: [Double] = []
    var loaded = 0
    for _ in 0..<5 {
        let start = ContinuousClock.now
        loaded = ((try? MappingRegistry(configuration: json, plugins: plugins))?.mappings.count) ?? -1
        let elapsed = ContinuousClock.now - start
        seconds.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }
    seconds.sort()
    print("\nLoad a 10 000-mapping configuration (\(json.count / 1024) KiB) with full validation")
    print("  median \(format(seconds[2] * 1000)) ms of 5; mappings loaded: \(loaded)")
}

// MARK: - Two threads

/// The shared, read-only input of the two-thread run, plus one result slot
/// per thread (each thread writes only its own slot).
final class TwoThreadRun: @unchecked Sendable {
    let registry: MappingRegistry
    let items: [Any]
    let positions: [ItemPosition]
    var nanosecondsPerItem: [Double] = [0, 0]
    var checksums: [Int] = [0, 0]

    init(registry: MappingRegistry, items: [Any], positions: [ItemPosition]) {
        self.registry = registry
        self.items = items
        self.positions = positions
    }

    func resolve(_ range: Range<Int>) -> Int {
        var local = 0
        for index in range {
            if case .resolved(let mapping) = registry.resolve(items[index], at: positions[index]) { local &+= mapping.priority }
        }
        return local
    }
}

do {
    guard let registry = load(makeConfiguration(mappings: 50), fillers: 50) else { exit(1) }
    let run = TwoThreadRun(registry: registry, items: items, positions: positions)
    let one = nsPerItem(count: itemCount) { n in sink &+= run.resolve(0..<n) }
    let half = itemCount / 2
    var perThread: [Double] = []
    for _ in 0..<runs {
        run.nanosecondsPerItem.withUnsafeMutableBufferPointer { times in
            run.checksums.withUnsafeMutableBufferPointer { checksums in
                nonisolated(unsafe) let times = times
                nonisolated(unsafe) let checksums = checksums
                DispatchQueue.concurrentPerform(iterations: 2) { thread in
                    let start = ContinuousClock.now
                    checksums[thread] = run.resolve((thread * half)..<((thread + 1) * half))
                    let elapsed = ContinuousClock.now - start
                    times[thread] = (Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9) / Double(half)
                }
            }
        }
        perThread.append(max(run.nanosecondsPerItem[0], run.nanosecondsPerItem[1]))
        sink &+= run.checksums[0] &+ run.checksums[1]
    }
    perThread.sort()
    let two = perThread[perThread.count / 2]
    print("\nTwo threads (50 mappings), ns per item per thread (slower thread, median of \(runs))")
    print("  one thread: \(format(one)); two threads at once: \(format(two)) (ratio \(format(two / one, 2))x)")
}

print("\n(checksum \(sink))")
