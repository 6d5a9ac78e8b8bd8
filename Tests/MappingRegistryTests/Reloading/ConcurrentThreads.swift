import Foundation
import MappingRegistryAtomics

/// Runs closures on dedicated threads (not a shared pool, so they truly run
/// at once) and waits, with a bound, for all of them.
final class ConcurrentThreads: @unchecked Sendable {
    // @unchecked: `stopped` is only touched through atomics after `init`.
    private let group = DispatchGroup()
    /// Set to 1 by ``stop()``; the closures poll it. An atomic rather than
    /// a lock, so the polling adds no synchronization between the threads
    /// under test that could hide a race from ThreadSanitizer.
    private let stopped = UnsafeMutablePointer<UInt>.allocate(capacity: 1)

    init() {
        stopped.initialize(to: 0)
    }

    deinit {
        stopped.deallocate()
    }

    /// Whether ``stop()`` has been called.
    var isStopped: Bool { mapping_registry_atomic_load_acquire(stopped) != 0 }

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
        mapping_registry_atomic_store_release(stopped, 1)
    }

    /// Waits for every closure to return; `false` after `timeout` seconds.
    func join(timeout: TimeInterval = 120) -> Bool {
        group.wait(timeout: .now() + timeout) == .success
    }
}

/// A value many threads add to.
final class Tally: @unchecked Sendable {
    // @unchecked: `storage` is only touched through atomics after `init`.
    private let storage = UnsafeMutablePointer<UInt>.allocate(capacity: 1)

    init() {
        storage.initialize(to: 0)
    }

    deinit {
        storage.deallocate()
    }

    var value: Int { Int(bitPattern: mapping_registry_atomic_load_acquire(storage)) }
    func add(_ amount: Int = 1) { _ = mapping_registry_atomic_fetch_add_relaxed(storage, UInt(bitPattern: amount)) }
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
