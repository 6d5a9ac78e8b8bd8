import Foundation
@testable import MappingRegistry
import RegistryFixtures
import Testing

/// The file watch: every way an editor changes a file is delivered once
/// settled, as a registry or as the diagnostics, and a bad version never
/// replaces the current registry.
@Suite struct ReloadingRegistryWatchTests {
    /// A registry on generation 1, with a fast watch recording what it
    /// delivers; timed in seconds, the watch every supported system has.
    private func watched() throws -> (MappingsFile, ReloadingRegistry, Deliveries, FileWatch) {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        let deliveries = Deliveries()
        let watch = mappings.watch(intervalSeconds: 0.01, debounceSeconds: 0.005) { outcome in
            deliveries.append(outcome)
        }
        return (file, mappings, deliveries, watch)
    }

    @Test func everyKindOfEditIsDeliveredInOrder() throws {
        let (file, mappings, deliveries, watch) = try watched()
        defer { watch.cancel() }

        // Each step waits for its delivery, so every state is seen.
        let steps: [(String, () throws -> Void, String)] = [
            ("in place", { try file.write(MappingsFile.generation(2)) }, "g2"),
            ("renamed over", { try file.writeRenamingOver(MappingsFile.generation(3)) }, "g3"),
            ("broken", { try file.write(MappingsFile.broken) }, "unknown-view,unknown-model"),
            ("truncated", { try file.writeTruncated(MappingsFile.generation(4)) }, "invalid-json"),
            ("deleted", { try file.delete() }, "unreadable-file"),
            ("created again", { try file.write(MappingsFile.generation(5)) }, "g5"),
            ("emptied", { try file.write("") }, "invalid-json"),
            ("fixed", { try file.write(MappingsFile.generation(6)) }, "g6"),
        ]
        var expected: [String] = []
        for (name, edit, outcome) in steps {
            try edit()
            expected.append(outcome)
            let seen = deliveries.wait { $0.count >= expected.count }
            #expect(seen, "no delivery after the \(name) edit")
            #expect(deliveries.all.map(\.summary) == expected, "after the \(name) edit")
            if !seen { return }
        }
        #expect(try MappingsFile.generation(of: mappings.current).get() == 6)
    }

    @Test func aBadEditKeepsTheLastGoodRegistryCurrent() throws {
        let (file, mappings, deliveries, watch) = try watched()
        defer { watch.cancel() }
        let good = mappings.current
        try file.write(MappingsFile.broken)
        #expect(deliveries.wait { $0.count == 1 })
        #expect(deliveries.all.map(\.summary) == ["unknown-view,unknown-model"])
        #expect(mappings.current === good)
    }

    @Test func aRewriteOfTheSameSizeInTheSameClockTickIsSeen() throws {
        // Generations 11 and 12 have the same length; written back to back,
        // size and (coarse) modification time can be equal.
        #expect(MappingsFile.generation(11).utf8.count == MappingsFile.generation(15).utf8.count)
        let (file, mappings, deliveries, watch) = try watched()
        defer { watch.cancel() }
        try file.write(MappingsFile.generation(11))
        try file.write(MappingsFile.generation(15))
        #expect(deliveries.waitForGeneration(15))
        #expect(try MappingsFile.generation(of: mappings.current).get() == 15)
    }

    @Test func touchingTheFileWithoutNewContentsDeliversNothing() throws {
        let (file, _, deliveries, watch) = try watched()
        defer { watch.cancel() }
        try file.write(MappingsFile.generation(1))       // same bytes, new modification time
        try file.writeRenamingOver(MappingsFile.generation(1))
        try file.write(MappingsFile.generation(2))
        #expect(deliveries.waitForGeneration(2))
        #expect(deliveries.all.map(\.summary) == ["g2"])
    }

    /// Also the one test of the watch timed with `Duration`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aChangeMadeBeforeTheWatchStartsIsDelivered() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        try file.write(MappingsFile.generation(2))
        let deliveries = Deliveries()
        let watch = mappings.watch(interval: .milliseconds(10), debounce: .milliseconds(5)) { deliveries.append($0) }
        defer { watch.cancel() }
        #expect(deliveries.waitForGeneration(2))
        #expect(deliveries.all.map(\.summary) == ["g2"])
    }

    @Test func noDeliveryStartsAfterCancel() throws {
        let (file, mappings, deliveries, watch) = try watched()
        try file.write(MappingsFile.generation(2))
        #expect(deliveries.waitForGeneration(2))
        watch.cancel()
        #expect(watch.isCancelled)
        try file.write(MappingsFile.generation(3))
        // Give a running watch ample time to see the edit (it polls every 10 ms); none may come.
        Thread.sleep(forTimeInterval: 0.5)
        #expect(deliveries.all.map(\.summary) == ["g2"])
        #expect(try MappingsFile.generation(of: mappings.current).get() == 2)
    }

    @Test func cancellingFromInsideTheHandlerDoesNotDeadlock() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        let deliveries = Deliveries()
        let box = WatchBox()
        box.watch = mappings.watch(intervalSeconds: 0.01, debounceSeconds: 0.005) { outcome in
            box.watch?.cancel()
            deliveries.append(outcome)
        }
        try file.write(MappingsFile.generation(2))
        #expect(deliveries.wait { $0.count == 1 })
        #expect(box.watch?.isCancelled == true)
    }

    private final class WatchBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: FileWatch?
        var watch: FileWatch? {
            get { lock.withLock { stored } }
            set { lock.withLock { stored = newValue } }
        }
    }
}
