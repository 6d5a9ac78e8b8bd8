import Dispatch
import Foundation
import MappingRegistry
import ModelStorage

// Resolution benchmarks: a matrix of workloads and sizes, each with
// baselines measured in the same run, allocations per item, then a frame of
// the sample menu, rendering, loading and two threads. Build in release mode:
//   swift run -c release --package-path Benchmarks ResolutionBenchmarks
// Modes for profilers: --instructions W N (the measured resolve loop and its
// baselines' loops, see Benchmarks/instructions.sh), --time W N (median ns per resolve of one
// workload), --frame (the frame alone), --profile-frame resolve|render N
// (N frames of one kind, for callgrind), --profile-load.

let arguments = CommandLine.arguments
let itemCount = 1_000_000
let runs = 7
let sizes = [10, 50, 200, 1_000]

func load(_ workload: Workload) -> MappingRegistry? {
    do {
        return try MappingRegistry(configuration: workload.configuration, plugins: workload.plugins)
    } catch {
        print("cannot load the benchmark configuration:\n\(error)")
        return nil
    }
}

/// The loop a profiler measures: `count` resolves, nothing else.
@inline(never)
func measuredResolveLoop(_ registry: MappingRegistry, _ items: [Any], _ positions: [ItemPosition], count: Int) -> Int {
    var total = 0
    for index in 0..<count {
        if case .resolved(let mapping) = registry.resolve(items[index], at: positions[index]) { total &+= mapping.index }
    }
    return total
}

/// Resolves every item once, so every type's plan exists before measuring.
@inline(never)
func warmUp(_ registry: MappingRegistry, _ items: [Any], _ positions: [ItemPosition]) -> Int {
    var total = 0
    for index in items.indices {
        if case .resolved(let mapping) = registry.resolve(items[index], at: positions[index]) { total &+= mapping.index }
    }
    return total
}

/// Runs a baseline over every item once, outside any measured function.
@inline(never)
func warmUpBaseline(_ baseline: (Any, ItemPosition) -> Int, _ items: [Any], _ positions: [ItemPosition]) -> Int {
    var total = 0
    for index in items.indices { total &+= baseline(items[index], positions[index]) }
    return total
}

/// 10 models x 1 000 section conditions = 10 000 mappings, no two overlapping.
func makeLargeConfiguration() -> Data {
    var entries: [String] = []
    for section in 0..<1_000 {
        for name in modelNames {
            entries.append(#"{"view": "V\#(name)", "model": "\#(name)", "condition": {"section": \#(section)}}"#)
        }
    }
    return Data(#"{"version": 1, "mappings": [\#(entries.joined(separator: ",\n"))]}"#.utf8)
}

// MARK: - Profiler modes

/// The workload a mode's arguments name (`b 50`: workload (b) at 50 mappings), loaded and warmed up.
func namedWorkload(after flag: Int) -> (workload: Workload, registry: MappingRegistry) {
    let kinds: [String: WorkloadKind] = [
        "a": .unconditional, "b": .sections, "b3": .nested, "c": .predicates, "d": .hierarchy, "e": .optionals, "f": .distinctTypes,
        "g": .predicateMix, "h": .feedMix,
    ]
    guard arguments.indices.contains(flag + 1), let kind = kinds[arguments[flag + 1]] else {
        print("\(arguments[flag]) takes a, b, b3, c, d, e, f, g or h, then optionally a number of mappings")
        exit(2)
    }
    let size = arguments.indices.contains(flag + 2) ? Int(arguments[flag + 2]) ?? 1_000 : 1_000
    let workload = makeWorkload(kind, mappings: size, itemCount: 100_000)
    guard let registry = load(workload) else { exit(1) }
    sink &+= warmUp(registry, workload.items, workload.positions)
    return (workload, registry)
}

// `--time W N`: the median ns per resolve of one workload over 51 loops of
// 100 000, and of its baselines (the dictionary, and lookup+test where the
// row has one) in the same process, for quick comparisons of two builds.
if let flag = arguments.firstIndex(of: "--time") {
    let (workload, registry) = namedWorkload(after: flag)
    let items = workload.items, positions = workload.positions
    let ns = nsPerItem(count: items.count, runs: 51) { count in
        sink &+= measuredResolveLoop(registry, items, positions, count: count)
    }
    let dictionary = nsPerItem(count: items.count, runs: 51) { count in
        sink &+= measuredBaselineLoop(workload.dictionary, items, positions, count: count)
    }
    let lookupAndTest = workload.lookupAndTest.map { floor in
        nsPerItem(count: items.count, runs: 51) { count in sink &+= measuredLookupAndTestLoop(floor, items, positions, count: count) }
    }
    print("\(format(ns)) ns per resolve, dict \(format(dictionary)) (\(format(ns / dictionary, 2))x)"
        + (lookupAndTest.map { ", lookup+test \(format($0)) (\(format(ns / $0, 2))x)" } ?? "")
        + " (medians of 51; checksum \(sink))")
    exit(0)
}

/// The loop of a row's baseline a profiler measures: `count` calls of the
/// same closure the matrix times (the dictionary lookup, or lookup+test).
@inline(never)
func measuredBaselineLoop(_ baseline: (Any, ItemPosition) -> Int, _ items: [Any], _ positions: [ItemPosition], count: Int) -> Int {
    var total = 0
    for index in 0..<count { total &+= baseline(items[index], positions[index]) }
    return total
}

/// The same, under its own name for the lookup+test baseline, so callgrind
/// counts the two apart. (It sums with `^`: with the same body, the compiler
/// would merge the two functions into one.)
@inline(never)
func measuredLookupAndTestLoop(_ baseline: (Any, ItemPosition) -> Int, _ items: [Any], _ positions: [ItemPosition], count: Int) -> Int {
    var total = 0
    for index in 0..<count { total ^= baseline(items[index], positions[index]) }
    return total
}

// `--instructions W N`: the resolve loop twice, then the row's dictionary
// loop twice, then (for c, g, h) its lookup+test loop twice; each loop of
// 100 000 items, after a warm-up of each. `instructions.sh` has callgrind
// dump the counts after each loop, so the ratio comes from one process.
if let flag = arguments.firstIndex(of: "--instructions") {
    let (workload, registry) = namedWorkload(after: flag)
    let items = workload.items, positions = workload.positions
    // Warmed up outside the measured function: every type and section met once.
    sink &+= measuredResolveLoop(registry, items, positions, count: items.count)
    sink &+= measuredResolveLoop(registry, items, positions, count: items.count)
    sink &+= warmUpBaseline(workload.dictionary, items, positions)
    sink &+= measuredBaselineLoop(workload.dictionary, items, positions, count: items.count)
    sink &+= measuredBaselineLoop(workload.dictionary, items, positions, count: items.count)
    if let lookupAndTest = workload.lookupAndTest {
        sink &+= warmUpBaseline(lookupAndTest, items, positions)
        sink &+= measuredLookupAndTestLoop(lookupAndTest, items, positions, count: items.count)
        sink &+= measuredLookupAndTestLoop(lookupAndTest, items, positions, count: items.count)
    }
    print("resolved \(items.count) twice, and each baseline (checksum \(sink))")
    exit(0)
}

/// The render a profiler measures.
@inline(never)
func measuredRender(_ registry: MappingRegistry, _ storage: MemoryStorage) -> Int {
    var stream = DiscardingStream()
    return TextRenderer(registry: registry).render(storage, into: &stream).renderedCount &+ stream.bytes
}


// `--frame`: the sample menu's 60 visible rows, resolved and rendered.
if let flag = arguments.firstIndex(of: "--profile-frame") {
    let render = arguments.indices.contains(flag + 1) && arguments[flag + 1] == "render"
    let frames = arguments.indices.contains(flag + 2) ? Int(arguments[flag + 2]) ?? 100 : 100
    runFrameProfile(render: render, frames: frames)
    exit(0)
}

if arguments.contains("--frame") {
    runFrameBenchmark()
    exit(0)
}

// `--instructions-render`: one render of 100 000 items, after a warm-up.
// `--events`: what sending an event costs over resolving and calling the handler.
if arguments.contains("--events") {
    runEventBenchmark()
    exit(0)
}

// `--reloading`: what reading `ReloadingRegistry.current` costs, on one and
// two threads; `--instructions-reloading` is the callgrind mode
// (measuredCurrentLoop, measuredPlainReadLoop).
if arguments.contains("--reloading") || arguments.contains("--instructions-reloading") {
    runReloadingBenchmark(instructions: arguments.contains("--instructions-reloading"))
    exit(0)
}

// `--instructions-events`: one send loop and one resolve-and-call loop of
// 100 000 items each, for callgrind (measuredSendLoop, measuredResolveAndCallLoop).
if arguments.contains("--instructions-events") {
    guard let registry = eventRegistry() else { exit(1) }
    let items = (0..<100_000).map { M0(id: $0) }
    sink &+= measuredSendLoop(registry, items, count: items.count) &+ measuredResolveAndCallLoop(registry, items, count: items.count)
    sink &+= measuredSendLoop(registry, items, count: items.count) &+ measuredResolveAndCallLoop(registry, items, count: items.count)
    print("sent (checksum \(sink))")
    exit(0)
}

if arguments.contains("--instructions-render") {
    guard let registry = renderRegistry() else { exit(1) }
    let storage = MemoryStorage()
    storage.setItemsForAllSections((0..<100).map { section in (0..<1_000).map { makeItem(($0 + section) % 10, $0) } })
    var stream = DiscardingStream()
    sink &+= TextRenderer(registry: registry).render(storage, into: &stream).renderedCount
    sink &+= measuredRender(registry, storage)
    print("rendered (checksum \(sink))")
    exit(0)
}

if arguments.contains("--probe-allocations") {
    let workload = makeWorkload(.unconditional, mappings: 10, itemCount: 10)
    guard let registry = load(workload) else { exit(1) }
    for kind in 0..<10 {
        for wrapping in 0..<3 {
            let item = makeItem(kind, 7)
            let value: Any = wrapping == 0 ? item : wrapping == 1 ? Optional(item) as Any : Optional(Optional(item)) as Any
            let items = Array(repeating: value, count: 1_000)
            let positions = Array(repeating: ItemPosition(item: 0, section: 0), count: 1_000)
            sink &+= warmUp(registry, items, positions)
            let allocations = allocationsPerItem(count: 1_000) { n in sink &+= measuredResolveLoop(registry, items, positions, count: n) }
            print("type \(modelNames[kind]) wrapped \(wrapping)x: \(allocations ?? -1) allocations per resolve")
        }
    }
    exit(0)
}

if arguments.contains("--profile-load") {
    let json = makeLargeConfiguration()
    let plugins = makeWorkload(.unconditional, mappings: 10, itemCount: 1).plugins
    for _ in 0..<3 { sink &+= ((try? MappingRegistry(configuration: json, plugins: plugins))?.mappings.count) ?? -1 }
    print("checksum \(sink)")
    exit(0)
}

// MARK: - The matrix

let onlyThreads = arguments.contains("--two-threads")

print("Resolution, ns per item: medians of \(runs) runs over \(itemCount) items; every column measured in the same run.")
print("dict: a bare dictionary lookup by type (and section). switch: a hand-written switch. scan: every mapping tested")
print("with `is` casts, as the libraries this replaces do; scan+Mirror adds a Mirror per mapping. allocs: heap")
print("allocations per resolve after warm-up. lookup+test, for (c), (g), (h): the dictionary lookup, then the item's")
print("own predicate written inline; for (e), then whether its Optional holds a value (a cast to the type inside).")
print("Flat: the 1 000-mapping figure over the 10-mapping figure.\n")
let widths = [34, 9, 8, 8, 8, 10, 12, 10, 11, 7]
print(row(["workload, mappings", "resolve", "dict", "switch", "scan", "scan+Mirror", "resolve/dict", "switch/res", "lookup+test", "allocs"], widths: widths))
var flatness: [(String, Double)] = []
/// Each workload's resolve time over its target's baseline, the worst over every size.
var targets: [(String, Double, Double)] = []
for kind in WorkloadKind.allCases where !onlyThreads {
    var first: Double?
    var last = 0.0
    // The mixes have 20 mappings of their own: 20 replaces 10.
    for size in kind == .predicateMix || kind == .feedMix ? [20] + sizes.dropFirst() : sizes {
        let workload = makeWorkload(kind, mappings: size, itemCount: itemCount)
        guard let registry = load(workload) else { exit(1) }
        let items = workload.items, positions = workload.positions
        // Warm up: every type met once, the process settled.
        sink &+= measuredResolveLoop(registry, items, positions, count: items.count)
        let resolve = nsPerItem(count: itemCount, runs: runs) { n in sink &+= measuredResolveLoop(registry, items, positions, count: n) }
        let allocations = allocationsPerItem(count: 100_000) { n in sink &+= measuredResolveLoop(registry, items, positions, count: n) }
        // The baselines time the loops `instructions.sh` counts.
        let dictionary = nsPerItem(count: itemCount, runs: runs) { n in
            sink &+= measuredBaselineLoop(workload.dictionary, items, positions, count: n)
        }
        let handSwitch = workload.handSwitch.map { handSwitch in
            nsPerItem(count: itemCount, runs: runs) { n in
                for index in 0..<n { sink &+= handSwitch(items[index], positions[index]) }
            }
        }
        let lookupAndTest = workload.lookupAndTest.map { floor in
            nsPerItem(count: itemCount, runs: runs) { n in sink &+= measuredLookupAndTestLoop(floor, items, positions, count: n) }
        }
        let scan = LinearScan(entries: workload.scanEntries, reflects: false)
        let scanned = nsPerItem(count: min(itemCount, max(2_000, 20_000_000 / size)), runs: 3) { n in
            for index in 0..<n { sink &+= scan.resolve(items[index], at: positions[index]) }
        }
        let mirrorScan = LinearScan(entries: workload.scanEntries, reflects: true)
        let mirrored = nsPerItem(count: min(itemCount, max(500, 2_000_000 / size)), runs: 3) { n in
            for index in 0..<n { sink &+= mirrorScan.resolve(items[index], at: positions[index]) }
        }
        first = first ?? resolve
        last = resolve
        // The targets (issue 34): the worst ratio over every size.
        let target: (String, Double, Double)? = switch kind {
        case .predicates: ("(c) resolve / lookup+test", resolve / (lookupAndTest ?? resolve), 2.5)
        case .predicateMix, .feedMix: ("\(kind.rawValue.prefix(3)) resolve / lookup+test", resolve / (lookupAndTest ?? resolve), 3)
        case .optionals: ("(e) resolve / lookup+test", resolve / (lookupAndTest ?? resolve), 2.5)
        case .nested: nil
        default: ("\(kind.rawValue.prefix(3)) resolve / dict", resolve / dictionary, 1.5)
        }
        if let target {
            if let existing = targets.firstIndex(where: { $0.0 == target.0 }) {
                targets[existing].1 = max(targets[existing].1, target.1)
            } else {
                targets.append(target)
            }
        }
        print(row([
            "\(kind.rawValue), \(size)", format(resolve), format(dictionary), handSwitch.map { format($0) } ?? "-",
            format(scanned, 0), format(mirrored, 0), format(resolve / dictionary, 2) + "x",
            handSwitch.map { format($0 / resolve, 2) + "x" } ?? "-", lookupAndTest.map { format($0) } ?? "-",
            allocations.map { format($0, 2) } ?? "n/a",
        ], widths: widths))
    }
    flatness.append((kind.rawValue, last / (first ?? last)))
}
print("\nFlat (1 000 mappings / 10 mappings): " + flatness.map { "\($0.0.prefix(4)) \(format($0.1, 2))x" }.joined(separator: ", "))
if !targets.isEmpty {
    print("Targets, the worst size of each: " + targets.map { "\($0.0) \(format($0.1, 2))x (target ≤ \(format($0.2, 1))x\($0.1 <= $0.2 ? "" : ", missed"))" }.joined(separator: "; "))
}

// MARK: - Rendering

if onlyThreads { runTwoThreads(); exit(0) }

runFrameBenchmark()

/// Discards text, counting bytes so the work is not optimised away.
struct DiscardingStream: TextOutputStream {
    var bytes = 0
    mutating func write(_ string: String) { bytes &+= string.utf8.count }
}

func residentBytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return 0 }
    for line in status.split(separator: "\n") where line.hasPrefix("VmRSS:") {
        return (line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0) * 1024
    }
    return 0
}

/// Samples the resident set size on a background thread until stopped.
final class PeakSampler: @unchecked Sendable {
    // @unchecked: the three variables are only touched under `lock`, which
    // the sampling thread takes once per sample (every 2 ms), off the
    // measured threads.
    private let lock = NSLock()
    private var running = true
    private var peak = 0
    private var finished = false

    init() {
        Thread.detachNewThread { [self] in
            while lock.withLock({ running }) {
                let now = residentBytes()
                lock.withLock { peak = max(peak, now) }
                usleep(2_000)
            }
            lock.withLock { finished = true }
        }
    }

    /// Stops sampling and returns the highest value seen.
    func stop() -> Int {
        lock.withLock { running = false }
        while !lock.withLock({ finished }) { usleep(1_000) }
        return max(lock.withLock { peak }, residentBytes())
    }
}

/// The render workload: one ModelTransfer view for every item, 50 mappings.
func renderRegistry() -> MappingRegistry? {
    let plugins = makeWorkload(.unconditional, mappings: 10, itemCount: 1).plugins
    let entries = [#"{"view": "IdRow", "model": "Identified"}"#]
        + (0..<49).map { #"{"view": "FV\#($0)", "model": "Filler", "priority": \#(-1 - $0)}"# }
    return try? MappingRegistry(
        configuration: Data(#"{"version": 1, "mappings": [\#(entries.joined(separator: ","))]}"#.utf8),
        plugins: plugins
    )
}

do {
    guard let registry = renderRegistry() else { exit(1) }
    let storage = MemoryStorage()
    storage.setItemsForAllSections((0..<1_000).map { section in (0..<1_000).map { makeItem(($0 + section) % 10, $0) } })
    let before = residentBytes()
    let sampler = PeakSampler()
    var samples: [Double] = []
    var result: RenderResult?
    for _ in 0..<5 {
        var stream = DiscardingStream()
        let start = ContinuousClock.now
        result = TextRenderer(registry: registry).render(storage, into: &stream)
        samples.append(seconds(ContinuousClock.now - start))
        sink &+= stream.bytes
    }
    let peak = sampler.stop()
    samples.sort()
    var stream = DiscardingStream()
    let allocations = allocationsPerItem(count: 1_000_000) { _ in sink &+= TextRenderer(registry: registry).render(storage, into: &stream).renderedCount }
    print("\nRender 1 000 000 items (10 types, 50 mappings, 1 000 sections of 1 000) to a discarded stream")
    print("  median \(format(samples[2], 3)) s of 5; rendered \(result?.renderedCount ?? 0), views created \(result?.viewsCreated ?? 0)")
    print("  heap allocations per rendered item: \(allocations.map { format($0, 4) } ?? "n/a") (the whole render, divided by 1 000 000)")
    print("  peak memory beyond the storage: \(format(Double(peak - before) / 1_048_576)) MB")
}

// MARK: - Loading

do {
    let json = makeLargeConfiguration()
    let plugins = makeWorkload(.unconditional, mappings: 10, itemCount: 1).plugins
    var samples: [Double] = []
    var loaded = 0
    for _ in 0..<5 {
        let start = ContinuousClock.now
        loaded = ((try? MappingRegistry(configuration: json, plugins: plugins))?.mappings.count) ?? -1
        samples.append(seconds(ContinuousClock.now - start))
    }
    samples.sort()
    print("\nLoad a 10 000-mapping configuration (\(json.count / 1024) KiB) with every check")
    print("  median \(format(samples[2] * 1000)) ms of 5; mappings loaded: \(loaded)")
}

runTwoThreads()

print("\n(checksum \(sink))")
