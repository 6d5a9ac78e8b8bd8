import Foundation
@testable import MappingRegistry
import RegistryFixtures
import Testing

/// The file watch: every way an editor changes a file is delivered once
/// settled, as a registry or as the diagnostics, and a bad version never
/// replaces the current registry.
///
/// The watches here are polled by the test (manual pacing), each look at a
/// time the test chooses, so every step is decided before the next one
/// starts: no thread, no sleep, no timing. Two tests at the end run the
/// polling thread itself and wait, with a deadline, only for its delivery.
@Suite struct ReloadingRegistryWatchTests {
    /// A watch polled by hand, at a time that moves only when the test says.
    final class PolledWatch {
        let watch: FileWatch
        let deliveries: Deliveries
        var now = Date(timeIntervalSince1970: 1_000_000)

        init(watch: FileWatch, deliveries: Deliveries) {
            self.watch = watch
            self.deliveries = deliveries
        }

        /// Looks at the file; when a version that does not load holds the
        /// look back, looks again one grace period later, as the watch's
        /// thread would, so that version is delivered. Returns the
        /// summaries of what this step delivered.
        @discardableResult
        func poll() -> [String] {
            let before = deliveries.all.count
            for _ in 0..<3 {
                let settled = watch.poll(at: now)
                now += ContentChangeFilter.failureGrace
                if settled { break }
            }
            return deliveries.all.dropFirst(before).map(\.summary)
        }
    }

    /// A registry on generation 1 and a manual watch of its file, already
    /// started (its first look found nothing new).
    private func watched() throws -> (MappingsFile, ReloadingRegistry, PolledWatch) {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        let deliveries = Deliveries()
        let polled = PolledWatch(watch: mappings.watch(pacing: .manual) { deliveries.append($0) }, deliveries: deliveries)
        #expect(polled.poll() == [])
        return (file, mappings, polled)
    }

    @Test func everyKindOfEditIsDeliveredInOrder() throws {
        let (file, mappings, polled) = try watched()
        defer { polled.watch.cancel() }
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
        for (name, edit, outcome) in steps {
            try edit()
            #expect(polled.poll() == [outcome], "after the \(name) edit")
        }
        #expect(polled.deliveries.all.map(\.summary) == steps.map(\.2))
        #expect(try MappingsFile.generation(of: mappings.current).get() == 6)
    }

    @Test func aVersionThatFailsIsHeldBackForTheGracePeriodThenDeliveredOnce() throws {
        let (file, mappings, polled) = try watched()
        defer { polled.watch.cancel() }
        let good = mappings.current
        try file.write(MappingsFile.broken)
        // Caught halfway through a write, it may still become good: nothing yet.
        #expect(polled.watch.poll(at: polled.now) == false)
        #expect(polled.watch.poll(at: polled.now + ContentChangeFilter.failureGrace / 2) == false)
        #expect(polled.deliveries.all.isEmpty)
        // Unchanged for the grace period: reported, once.
        #expect(polled.watch.poll(at: polled.now + ContentChangeFilter.failureGrace) == true)
        #expect(polled.watch.poll(at: polled.now + 10) == true)
        #expect(polled.deliveries.all.map(\.summary) == ["unknown-view,unknown-model"])
        #expect(mappings.current === good)
    }

    @Test func aVersionThatLoadsIsDeliveredAtTheFirstLook() throws {
        let (file, _, polled) = try watched()
        defer { polled.watch.cancel() }
        try file.writeRenamingOver(MappingsFile.generation(2))
        #expect(polled.watch.poll(at: polled.now) == true)
        #expect(polled.deliveries.all.map(\.summary) == ["g2"])
    }

    @Test func aRewriteOfTheSameSizeInTheSameClockTickIsSeen() throws {
        // Generations 11 and 15 have the same length; written back to back,
        // size and (coarse) modification time can be equal, and only the
        // racy-timestamp rule makes the watch read the file again.
        #expect(MappingsFile.generation(11).utf8.count == MappingsFile.generation(15).utf8.count)
        let (file, mappings, polled) = try watched()
        defer { polled.watch.cancel() }
        try file.write(MappingsFile.generation(11))
        #expect(polled.poll() == ["g11"])
        try file.write(MappingsFile.generation(15))
        #expect(polled.poll() == ["g15"])
        #expect(try MappingsFile.generation(of: mappings.current).get() == 15)
    }

    @Test func touchingTheFileWithoutNewContentsDeliversNothing() throws {
        let (file, _, polled) = try watched()
        defer { polled.watch.cancel() }
        try file.write(MappingsFile.generation(1))       // same bytes, new modification time
        #expect(polled.poll() == [])
        try file.writeRenamingOver(MappingsFile.generation(1))
        #expect(polled.poll() == [])
        try file.write(MappingsFile.generation(2))
        #expect(polled.poll() == ["g2"])
    }

    /// Also the one test of the watch timed with `Duration`.
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aChangeMadeBeforeTheWatchStartsIsDelivered() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        try file.write(MappingsFile.generation(2))
        let deliveries = Deliveries()
        let polled = PolledWatch(watch: mappings.watch(pacing: .manual) { deliveries.append($0) }, deliveries: deliveries)
        defer { polled.watch.cancel() }
        #expect(polled.poll() == ["g2"])
    }

    @Test func noDeliveryStartsAfterCancel() throws {
        let (file, mappings, polled) = try watched()
        try file.write(MappingsFile.generation(2))
        #expect(polled.poll() == ["g2"])
        polled.watch.cancel()
        #expect(polled.watch.isCancelled)
        try file.write(MappingsFile.generation(3))
        #expect(polled.poll() == [])
        #expect(try MappingsFile.generation(of: mappings.current).get() == 2)
    }

    // MARK: - The polling thread

    @Test func thePollingThreadDeliversAChangeAndCancelEndsItAndReleasesTheHandler() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        let deliveries = Deliveries()
        let probe = ReleaseProbe()
        let watch = Self.pollingWatch(of: mappings, into: deliveries, holding: probe)
        try file.write(MappingsFile.generation(2))
        // Waits for the thread's delivery; the deadline only catches a watch that never delivers.
        #expect(deliveries.waitForGeneration(2))
        #expect(watch.isRunning)
        watch.cancel()
        // cancel() returned: the thread has ended, so no call can start, and the handler is gone.
        #expect(!watch.isRunning)
        #expect(probe.isReleased)
        #expect(deliveries.all.map(\.summary) == ["g2"])
    }

    @Test func cancellingFromInsideTheHandlerDoesNotDeadlock() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
        // Changed before the watch starts: the thread's first look delivers it.
        try file.write(MappingsFile.generation(2))
        let deliveries = Deliveries()
        let box = WatchBox()
        let assigned = DispatchSemaphore(value: 0)
        box.watch = mappings.watch(intervalSeconds: 0.01, debounceSeconds: 0.005) { outcome in
            // The thread's first look can come before `box.watch` is set: wait for it (bounded).
            _ = assigned.wait(timeout: .now() + 30)
            box.watch?.cancel()
            deliveries.append(outcome)
        }
        assigned.signal()
        #expect(deliveries.wait { $0.count == 1 })
        #expect(box.watch?.isCancelled == true)
    }

    /// A fast polling watch whose handler holds an object that `probe` sees go.
    private static func pollingWatch(of mappings: ReloadingRegistry, into deliveries: Deliveries, holding probe: ReleaseProbe) -> FileWatch {
        let held = HeldByHandler()
        probe.watch(held)
        return mappings.watch(intervalSeconds: 0.01, debounceSeconds: 0.005) { outcome in
            held.touch()
            deliveries.append(outcome)
        }
    }

    private final class HeldByHandler: Sendable {
        func touch() {}
    }

    /// Sees whether an object is still alive, without keeping it alive.
    private final class ReleaseProbe: @unchecked Sendable {
        private let lock = NSLock()
        private weak var object: HeldByHandler?
        func watch(_ object: HeldByHandler) { lock.withLock { self.object = object } }
        var isReleased: Bool { lock.withLock { object == nil } }
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
