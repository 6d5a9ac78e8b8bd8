import Foundation

/// A strong reference that writers replace and readers load, both under a
/// lock held only for copying one reference.
///
/// ## Reading
///
/// A reader takes the lock, copies the reference (a retain), and lets go:
/// it never waits for a load or a check to finish, since a writer builds
/// its object before it takes the lock. A reader waits only while another
/// thread is inside its own few instructions under the lock, which is
/// what "never blocks on a reload" means here.
///
/// ## Replacing
///
/// A writer takes the lock, swaps in the new reference and lets go; the
/// replaced object is released after the lock is free, by whoever holds it
/// last: reference counting frees it once the last reader that loaded it is
/// done. No reader can see an object before it is complete (it is built
/// before the swap) or after it is freed (a reader holds its own reference).
///
/// The lock is an `NSLock`, which ThreadSanitizer models, so the race
/// checks see every ordering this type relies on; nothing here needs an
/// atomic or a pointer of its own. `Benchmarks/README.md` (section
/// "send") compares its reads with the lock-free reference it replaced.
final class SwappableReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: `object` is only read and written under `lock`.
    private let lock = NSLock()
    private var object: Object

    /// Creates the reference, holding `object` strongly.
    init(_ object: Object) {
        self.object = object
    }

    /// The current object, retained for the caller.
    func load() -> Object {
        lock.lock()
        defer { lock.unlock() }
        return object
    }

    /// A value read from the current object, such as one of its properties.
    ///
    /// `project` runs under the lock, so it must be short: it borrows the
    /// object, and only what it returns is retained.
    func load<Value>(_ project: (Object) -> Value) -> Value {
        lock.lock()
        defer { lock.unlock() }
        return project(object)
    }

    /// Makes `object` the current one; readers that start after this call
    /// returns load it. The replaced object is released after the lock is
    /// let go, so its deinitialization never holds up a reader.
    func store(_ object: Object) {
        lock.lock()
        let replaced = self.object
        self.object = object
        lock.unlock()
        withExtendedLifetime(replaced) {}
    }
}
