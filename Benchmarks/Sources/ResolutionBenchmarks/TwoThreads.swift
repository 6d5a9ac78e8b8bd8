import Dispatch
import Foundation
import MappingRegistry
import ModelStorage

// Two threads at once through one registry, against one thread: resolving,
// rendering, and the baselines that show what the machine and the Swift
// runtime allow for the same access pattern.

/// One thread's and two threads' ns per item (each thread over items of its
/// own), and the throughput of two over one.
struct Scaling {
    let one: Double
    let two: Double
    /// Items per second on two threads over items per second on one.
    var throughput: Double { 2 * one / two }
}

/// Measures `body` over `itemsPerThread` items, `repeats` times: on one
/// thread (over thread 0's items), then on two threads at once (thread
/// `t` over items `t * itemsPerThread ..< (t + 1) * itemsPerThread`). The
/// two-thread figure is the slower thread's; both are medians of `runs`.
func scaling(itemsPerThread: Int, repeats: Int, _ body: @escaping @Sendable (Range<Int>) -> Int) -> Scaling {
    let first = 0..<itemsPerThread
    let one = nsPerItem(count: itemsPerThread * repeats, runs: runs) { _ in
        for _ in 0..<repeats { sink &+= body(first) }
    }
    var perThread: [Double] = []
    for _ in 0..<runs {
        let times = Times()
        DispatchQueue.concurrentPerform(iterations: 2) { thread in
            let range = (thread * itemsPerThread)..<((thread + 1) * itemsPerThread)
            var checksum = 0
            let start = ContinuousClock.now
            for _ in 0..<repeats { checksum &+= body(range) }
            let elapsed = seconds(ContinuousClock.now - start) * 1e9 / Double(itemsPerThread * repeats)
            times.append(elapsed, checksum: checksum)
        }
        perThread.append(times.slowest)
        sink &+= times.checksum
    }
    perThread.sort()
    return Scaling(one: one, two: perThread[perThread.count / 2])
}

/// Each thread's time of one two-thread run; the threads append once, after
/// their measured loop.
final class Times: @unchecked Sendable {
    // @unchecked: `values` and `checksum` are only touched under `lock`.
    private let lock = NSLock()
    private var values: [Double] = []
    private var sum = 0

    func append(_ value: Double, checksum: Int) {
        lock.withLock {
            values.append(value)
            sum &+= checksum
        }
    }

    var slowest: Double { lock.withLock { values.max() ?? 0 } }
    var checksum: Int { lock.withLock { sum } }
}

/// The shared, read-only input of the two-thread runs.
final class SharedInput: @unchecked Sendable {
    // @unchecked: every property is a `let`, read by both threads, written by none.
    let registry: MappingRegistry
    let items: [Any]
    let positions: [ItemPosition]
    let dictionary: (Any, ItemPosition) -> Int

    init(_ workload: Workload, registry: MappingRegistry) {
        self.registry = registry
        items = workload.items
        positions = workload.positions
        dictionary = workload.dictionary
    }
}

/// The storages of the render runs, one per thread; read-only once filled.
final class SharedStorages: @unchecked Sendable {
    // @unchecked: the storages are filled before the threads start and only read after.
    let storages: [MemoryStorage]

    init(sections: Int) {
        storages = (0..<2).map { _ in
            let storage = MemoryStorage()
            storage.setItemsForAllSections((0..<sections).map { section in (0..<1_000).map { makeItem(($0 + section) % 10, $0) } })
            return storage
        }
    }
}

/// A row of the two-thread table; with `control`, whether the row meets
/// the target: a throughput of 1.6x, or 0.9x the control's.
func printScaling(_ name: String, _ scaling: Scaling, control: Scaling? = nil) {
    let verdict = control.map { scaling.throughput >= 1.6 || scaling.throughput >= 0.9 * $0.throughput ? "met" : "missed" } ?? ""
    print(row([name, format(scaling.one), format(scaling.two), format(scaling.throughput, 2) + "x", verdict], widths: [58, 8, 8, 10, 7]))
}

/// Resolving and rendering on two threads at once, against one thread,
/// with the baselines of the same loops.
func runTwoThreads() {
    print("\nTwo threads at once through one registry: ns per item on one thread, on each of two (the slower),")
    print("and the throughput of two over one (2 x one / two; target ≥ 1.6x, or ≥ 0.9x the dictionary lookup's). Medians of \(runs).")
    print("Cache-resident: each thread's 8 192 items, 64 times over. Streaming: each thread's 500 000 items once.")
    print(row(["loop", "one", "two", "throughput", "target"], widths: [58, 8, 8, 10, 7]))
    for (label, itemsPerThread, repeats) in [("cache-resident", 8_192, 64), ("streaming", 500_000, 1)] {
        var control: Scaling?
        for kind in [WorkloadKind.sections, .predicates, .optionals, .feedMix] {
            let workload = makeWorkload(kind, mappings: 50, itemCount: 2 * itemsPerThread)
            guard let registry = load(workload) else { exit(1) }
            let input = SharedInput(workload, registry: registry)
            sink &+= warmUp(registry, workload.items, workload.positions)
            if kind == .sections {
                // The control first: the bare lookup, whose scaling is what the machine allows.
                let dictionary = scaling(itemsPerThread: itemsPerThread, repeats: repeats) { range in
                    var total = 0
                    for index in range { total &+= input.dictionary(input.items[index], input.positions[index]) }
                    return total
                }
                printScaling("baseline: the dictionary lookup, \(label)", dictionary)
                control = dictionary
            }
            let resolve = scaling(itemsPerThread: itemsPerThread, repeats: repeats) { range in
                var total = 0
                for index in range {
                    if case .resolved(let mapping) = input.registry.resolve(input.items[index], at: input.positions[index]) { total &+= mapping.index }
                }
                return total
            }
            printScaling("resolve \(kind.rawValue.prefix(3)), 50 mappings, \(label)", resolve, control: control)
        }
    }

    let storages = SharedStorages(sections: 500)
    guard let identified = renderRegistry(),
          let plain = load(makeWorkload(.unconditional, mappings: 50, itemCount: 1)) else { exit(1) }
    for (name, registry) in [("render, handler views of `Any`", plain), ("render, a view of `any Identified`", identified)] {
        let render = scaling(itemsPerThread: 500_000, repeats: 1) { range in
            var stream = DiscardingStream()
            return TextRenderer(registry: registry).render(storages.storages[range.lowerBound == 0 ? 0 : 1], into: &stream).renderedCount
        }
        printScaling("\(name) (500 000 items each)", render)
    }
    // What the `any Identified` view costs the Swift runtime: the cast to a
    // protocol existential looks up the conformance in the runtime's shared
    // cache, whose readers update a shared count.
    let items = (0..<1_000_000).map { makeItem($0 % 10, $0) }
    nonisolated(unsafe) let sharedItems = items
    let cast = scaling(itemsPerThread: 500_000, repeats: 1) { range in
        var total = 0
        for index in range { if let model = sharedItems[index] as? any Identified { total &+= model.id } }
        return total
    }
    printScaling("  baseline: `as? any Identified` alone (500 000 items each)", cast)
}
