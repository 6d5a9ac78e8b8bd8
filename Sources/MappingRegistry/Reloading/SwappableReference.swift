import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A strong reference that writers replace and readers load without locks
/// and without ever waiting, which frees a replaced object only once no
/// reader can still be about to retain it.
///
/// ## Reading
///
/// A reader increments ``readers``, loads the pointer, retains the object,
/// and decrements ``readers``: two atomic additions, one atomic load and a
/// retain. It never takes a lock, never loops and never waits for a writer.
///
/// ## Reclaiming replaced objects
///
/// The danger of a plain atomic pointer swap is a reader that has loaded
/// the old pointer but not yet retained it when the writer releases the
/// old object. Here the writer does not release a replaced object at once:
/// it keeps it in ``Retired`` and releases it only after it has seen
/// ``readers`` at zero *after* the swap. Every operation is sequentially
/// consistent, so a reader that loaded the old pointer did so before the
/// swap, had incremented the count before that, and, the count having been
/// seen at zero later, has also retained the object and decremented the
/// count. A reader that increments after that moment loads the new pointer.
///
/// The writer looks for such a moment right after the swap, for a bounded
/// number of tries (a reader is inside the window for a few nanoseconds);
/// when readers keep the count busy, the replaced objects wait for the next
/// ``store(_:)`` or ``reclaim()``. Memory held that way is bounded by the
/// replacements made while readers were mid-load, normally none.
///
/// Keeping every generation alive forever would be simpler and just as
/// safe, but a process that reloads its configuration for weeks would
/// keep every version it ever loaded.
///
/// Writers are serialized by a lock (`NSLock`, which ThreadSanitizer
/// models); readers never touch it.
final class SwappableReference<Object: AnyObject & Sendable>: Sendable {
    private let pointer: Atomic<Unmanaged<Object>>
    /// Readers between their increment and their decrement.
    private let readers = Atomic<Int>(0)
    private let retired = Retired()

    /// Replaced objects not released yet, guarded by ``lock``.
    private final class Retired: @unchecked Sendable {
        let lock = NSLock()
        var objects: [Unmanaged<Object>] = []
    }

    /// Creates the reference, holding `object` strongly.
    init(_ object: Object) {
        pointer = Atomic(Unmanaged.passRetained(object))
    }

    deinit {
        // No reader can be running: it would hold a reference to `self`.
        pointer.load(ordering: .sequentiallyConsistent).release()
        for object in retired.objects { object.release() }
    }

    /// The current object, retained for the caller. Never blocks.
    func load() -> Object {
        readers.wrappingAdd(1, ordering: .sequentiallyConsistent)
        let unmanaged = pointer.load(ordering: .sequentiallyConsistent)
        // Retain explicitly, before leaving the counted window.
        _ = unmanaged.retain()
        readers.wrappingSubtract(1, ordering: .sequentiallyConsistent)
        return unmanaged.takeRetainedValue()
    }

    /// Makes `object` the current one; readers that start after this call
    /// returns load it.
    func store(_ object: Object) {
        retired.lock.lock()
        defer { retired.lock.unlock() }
        let old = pointer.exchange(Unmanaged.passRetained(object), ordering: .sequentiallyConsistent)
        retired.objects.append(old)
        reclaimLocked()
    }

    /// Releases replaced objects if no reader is mid-load right now.
    func reclaim() {
        retired.lock.lock()
        defer { retired.lock.unlock() }
        reclaimLocked()
    }

    /// The number of replaced objects still waiting to be released; for tests.
    var retiredCount: Int {
        retired.lock.lock()
        defer { retired.lock.unlock() }
        return retired.objects.count
    }

    /// Tries, a bounded number of times, to see no reader mid-load, and
    /// then releases every retired object. Called with the lock held.
    private func reclaimLocked() {
        guard !retired.objects.isEmpty else { return }
        for attempt in 0..<1_000 {
            if readers.load(ordering: .sequentiallyConsistent) == 0 {
                let objects = retired.objects
                retired.objects.removeAll()
                for object in objects { object.release() }
                return
            }
            if attempt >= 16 { sched_yield() }
        }
    }
}
