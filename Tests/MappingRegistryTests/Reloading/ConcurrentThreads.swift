import Foundation
import Synchronization

/// Runs closures on dedicated threads (not a shared pool, so they truly run
/// at once) and waits, with a bound, for all of them.
final class ConcurrentThreads: Sendable {
    private let group = DispatchGroup()
    /// Set by ``stop()``; the closures poll it.
    private let stopped = Atomic<Bool>(false)

    /// Whether ``stop()`` has been called.
    var isStopped: Bool { stopped.load(ordering: .acquiring) }

    /// Starts `body` on a new thread.
    func start(_ name: String, _ body: @escaping @Sendable () -> Void) {
        group.enter()
        let thread = Thread { [group] in
            body()
            group.leave()
        }
        thread.name = name
        thread.start()
    }

    /// Asks the closures to stop.
    func stop() {
        stopped.store(true, ordering: .releasing)
    }

    /// Waits for every closure to return; `false` after `timeout` seconds.
    func join(timeout: TimeInterval = 120) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }
}

/// A value many threads add to.
final class Tally: Sendable {
    private let storage = Atomic<Int>(0)
    var value: Int { storage.load(ordering: .acquiring) }
    func add(_ amount: Int = 1) { storage.wrappingAdd(amount, ordering: .relaxed) }
}

/// Problems found by any thread, reported by the test afterwards.
final class Findings: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [String] = []

    func record(_ finding: String) {
        lock.withLock { items.append(finding) }
    }

    var all: [String] { lock.withLock { items } }
}
