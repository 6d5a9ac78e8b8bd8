import Foundation
import MappingRegistry

// Workload (reloading): what reading `ReloadingRegistry.current` costs, on
// one thread and on two threads at once, against reading a `let` of a
// shared object, out of line as `current` is (a call, a retain and a
// release: the least any read of a shared reference costs), measured in
// the same run.

/// A registry behind a plain `let`: the baseline.
final class PlainHolder: Sendable {
    let registry: MappingRegistry
    init(_ registry: MappingRegistry) { self.registry = registry }
}

/// The baseline's read: out of line, and of one of 64 holders in turn, so
/// that the optimizer cannot hoist it out of the loop.
@inline(never)
func plainRead(_ holders: [PlainHolder], _ index: Int) -> MappingRegistry { holders[index & 63].registry }

/// `count` reads of `current`.
@inline(never)
func measuredCurrentLoop(_ reloading: ReloadingRegistry, count: Int) -> Int {
    var total = 0
    for _ in 0..<count { total &+= reloading.current.mappings.count }
    return total
}

/// `count` reads of the baseline's `let`.
@inline(never)
func measuredPlainReadLoop(_ holders: [PlainHolder], count: Int) -> Int {
    var total = 0
    for index in 0..<count { total &+= plainRead(holders, index).mappings.count }
    return total
}

/// Prints ns per read of each, on one thread and per thread on two; with
/// `instructions`, runs each loop twice over 100 000 reads instead, for
/// callgrind (measuredCurrentLoop, measuredPlainReadLoop).
func runReloadingBenchmark(instructions: Bool) {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("reloading-benchmark-\(getpid())")
    defer { try? FileManager.default.removeItem(at: directory) }
    let url = directory.appendingPathComponent("mappings.json")
    var plugins = PluginCatalog()
    plugins.register(view: "Plain", for: Any.self) { _, _ in "" }
    plugins.register(model: Int.self)
    do {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        try Data(#"{"version": 1, "mappings": [{"view": "Plain", "model": "Int"}]}"#.utf8).write(to: url)
        let reloading = try ReloadingRegistry(contentsOf: url, plugins: plugins)
        let holders = (0..<64).map { _ in PlainHolder(reloading.current) }
        if instructions {
            for _ in 0..<2 { sink &+= measuredCurrentLoop(reloading, count: 100_000) &+ measuredPlainReadLoop(holders, count: 100_000) }
            print("read (checksum \(sink))")
            return
        }
        let count = 1_000_000
        let current = scaling(itemsPerThread: count, repeats: 1) { range in measuredCurrentLoop(reloading, count: range.count) }
        let plain = scaling(itemsPerThread: count, repeats: 1) { range in measuredPlainReadLoop(holders, count: range.count) }
        print("| reads | `current` | `let` read | ratio |")
        print("| --- | ---: | ---: | ---: |")
        print("| one thread | \(format(current.one)) ns | \(format(plain.one)) ns | \(format(current.one / plain.one, 2))× |")
        print("| two threads, per read per thread | \(format(current.two)) ns | \(format(plain.two)) ns | \(format(current.two / plain.two, 2))× |")
    } catch {
        print("reloading: \(error)")
    }
}
