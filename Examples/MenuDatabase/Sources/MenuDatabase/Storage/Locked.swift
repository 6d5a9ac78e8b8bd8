import Foundation

/// A value behind a lock, for the storage, the command and the tests.
///
/// The Synchronization module's `Mutex` does the same, but needs macOS 15 /
/// iOS 18, and ThreadSanitizer on Linux does not model it; `NSLock` (a
/// pthread mutex) it does.
package final class Locked<Value> {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the value, holding the lock.
    package func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

// @unchecked: `value` is only touched under `lock`, and only a `Sendable`
// value may be shared this way.
extension Locked: @unchecked Sendable where Value: Sendable {}
