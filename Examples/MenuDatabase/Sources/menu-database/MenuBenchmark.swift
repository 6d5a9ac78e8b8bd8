import Foundation
import GRDB
import MappingRegistry
import MenuDatabase
import ModelStorage

/// Times one edit of a large menu database from the write to the
/// incremental re-render, and prints a table of medians.
///
/// Each run raises the price of a different dish: one row updated in one
/// transaction. Measured per run: from the start of the write to the
/// update reaching an observer (commit, re-query, diff), then the
/// incremental render from that update. Baselines measured in the same
/// process: a commit that no storage follows, the query alone, the
/// storage's differ over every whole section (what the storage saves by
/// diffing only the changed middle of each section), and a full render.
struct MenuBenchmark {
    let options: Options

    func run() throws {
        let dishes = options.dishes ?? 10_000
        let path = options.database ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("menu-database-bench.sqlite").path
        let database = try DatabaseQueue(path: path)
        try MenuSchema.create(in: database)
        try MenuSeeder.seed(database, dishes: dishes, courses: options.courses)

        let storage = try MenuQuery.storage(in: database)
        let renderer = TextRenderer(registry: try MenuCatalog.registry())
        var previous = renderer.render(storage)
        let delivered = Locked<(update: StorageUpdate, at: ContinuousClock.Instant)?>(nil)
        let token = storage.observe { update in
            let now = ContinuousClock.now
            delivered.withLock { $0 = (update, now) }
        }
        defer { token.cancel() }

        var toUpdate: [Duration] = []
        var toRender: [Duration] = []
        var reused: [Int] = []
        var entries = 0
        let warmUp = 2
        for run in 0..<(options.runs + warmUp) {
            let dishID = Int64(1 + (run * 997) % max(1, dishes))
            guard let change = MenuChange.named("price", dishID: dishID) else { continue }
            delivered.withLock { $0 = nil }
            let start = ContinuousClock.now
            try change.apply(in: database)
            guard let (update, arrival) = delivered.withLock({ $0 }) else {
                throw CommandFailure("the edit of dish \(dishID) sent no update")
            }
            let result = renderer.render(storage, update: update, previous: previous)
            let end = ContinuousClock.now
            previous = result
            guard run >= warmUp else { continue }
            toUpdate.append(arrival - start)
            toRender.append(end - arrival)
            reused.append(result.reusedCount)
            entries = MenuCatalog.entryCount(of: storage)
        }

        var commitTimes: [Duration] = []
        var queryTimes: [Duration] = []
        var fullRenderTimes: [Duration] = []
        try database.write { db in
            try db.execute(sql: "CREATE TABLE IF NOT EXISTS benchmarkNote (id INTEGER PRIMARY KEY, runs INTEGER)")
            try db.execute(sql: "INSERT OR REPLACE INTO benchmarkNote (id, runs) VALUES (1, 0)")
        }
        var diffTimes: [Duration] = []
        let current = storage.sections
        var edited = current
        if let section = edited.indices.first(where: { !edited[$0].items.isEmpty }) {
            edited[section].items[0].priceCents += 1
        }
        for _ in 0..<max(3, options.runs / 3) {
            let diffStart = ContinuousClock.now
            for (old, new) in zip(current, edited) {
                _ = storage.differ.update(from: old.items, to: new.items)
            }
            diffTimes.append(ContinuousClock.now - diffStart)
            let commitStart = ContinuousClock.now
            try database.write { db in try db.execute(sql: "UPDATE benchmarkNote SET runs = runs + 1") }
            commitTimes.append(ContinuousClock.now - commitStart)
            let queryStart = ContinuousClock.now
            _ = try database.read { db in try MenuQuery.sections(db) }
            queryTimes.append(ContinuousClock.now - queryStart)
            let renderStart = ContinuousClock.now
            _ = renderer.render(storage)
            fullRenderTimes.append(ContinuousClock.now - renderStart)
        }

        print("\(dishes) dishes in \(options.courses) courses (\(entries) entries with headers) in \(path);")
        print("one dish's price updated per run, \(options.runs) runs after \(warmUp) warm-up runs")
        print("")
        let rows = [
            ("edit -> update delivered (commit, query, diff)", toUpdate),
            ("incremental render from the update", toRender),
            ("edit -> re-rendered text", zip(toUpdate, toRender).map { $0 + $1 }),
            ("baseline: a commit no storage follows", commitTimes),
            ("baseline: the query alone", queryTimes),
            ("baseline: the differ on whole sections, untrimmed", diffTimes),
            ("baseline: a full render", fullRenderTimes),
        ]
        let width = rows.map(\.0.count).max() ?? 0
        let columns = ["median", "min", "max"].map { String(repeating: " ", count: 11 - $0.count) + $0 }
        print("step".padding(toLength: width, withPad: " ", startingAt: 0) + "  " + columns.joined(separator: " "))
        for (name, times) in rows {
            let sorted = times.sorted()
            print(name.padding(toLength: width, withPad: " ", startingAt: 0)
                + "  " + Self.milliseconds(Self.median(sorted))
                + " " + Self.milliseconds(sorted.first ?? .zero)
                + " " + Self.milliseconds(sorted.last ?? .zero))
        }
        let sortedReused = reused.sorted()
        print("")
        print("entries reused by the incremental render: median \(sortedReused.isEmpty ? 0 : sortedReused[sortedReused.count / 2]) of \(entries)")
    }

    static func median(_ sorted: [Duration]) -> Duration {
        guard !sorted.isEmpty else { return .zero }
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }

    /// `12.34 ms`, right-aligned in 8 characters plus the unit.
    static func milliseconds(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        let value = Double(seconds) * 1_000 + Double(attoseconds) / 1e15
        let text = String(format: "%.2f", value)
        return String(repeating: " ", count: max(0, 8 - text.count)) + text + " ms"
    }
}
