import Foundation
internal import MappingRegistryAtomics
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
/// A reader increments the reader count, loads the pointer, retains the
/// object, and decrements the count: two atomic additions, one atomic load
/// and a retain. It never takes a lock, never loops and never waits for a writer.
///
/// ## Reclaiming replaced objects
///
/// The danger of a plain atomic pointer swap is a reader that has loaded
/// the old pointer but not yet retained it when the writer releases the
/// old object. Here the writer does not release a replaced object at once:
/// it keeps it in ``Retired`` and releases it only after it has seen the
/// reader count at zero *after* the swap. Every operation on the pointer
/// and the count is sequentially consistent (the C atomics of
/// `MappingRegistryAtomics`), so a reader that loaded the old pointer did
/// so before the swap, had incremented the count before that, and, the
/// count having been seen at zero later, has also retained the object and
/// decremented the count. A reader that increments after that moment loads the new pointer.
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
final class SwappableReference<Object: AnyObject & Sendable>: @unchecked Sendable {
    // @unchecked: `words` is only touched through atomics after `init`;
    // `retired.objects` only under `retired.lock`.

    /// Two words at a stable address: ``pointerWord``, then ``readersWord``.
    private let words: UnsafeMutablePointer<UInt>
    /// The current object, an `Unmanaged` address holding one retain.
    private var pointerWord: UnsafeMutablePointer<UInt> { words }
    /// Readers between their increment and their decrement.
    private var readersWord: UnsafeMutablePointer<UInt> { words + 1 }
    private let retired = Retired()

    /// Replaced objects not released yet, guarded by ``lock``.
    private final class Retired: @unchecked Sendable {
        let lock = NSLock()
        var objects: [Unmanaged<Object>] = []
    }

    /// Creates the reference, holding `object` strongly.
    init(_ object: Object) {
        words = .allocate(capacity: 2)
        // Plain stores: no other thread can reach `self` before `init` returns.
        words.initialize(to: Self.word(Unmanaged.passRetained(object)))
        (words + 1).initialize(to: 0)
    }

    deinit {
        // No reader can be running: it would hold a reference to `self`.
        Self.object(mapping_registry_atomic_load_seq_cst(pointerWord)).release()
        for object in retired.objects { object.release() }
        words.deinitialize(count: 2)
        words.deallocate()
    }

    /// The current object, retained for the caller. Never blocks.
    func load() -> Object {
        _ = mapping_registry_atomic_fetch_add_seq_cst(readersWord, 1)
        let unmanaged = Self.object(mapping_registry_atomic_load_seq_cst(pointerWord))
        // Retain explicitly, before leaving the counted window.
        _ = unmanaged.retain()
        _ = mapping_registry_atomic_fetch_sub_seq_cst(readersWord, 1)
        return unmanaged.takeRetainedValue()
    }

    /// A value read from the current object, such as one of its
    /// properties, without retaining the object itself. Never blocks.
    ///
    /// `project` runs inside the counted window, where no writer can free
    /// the object, so it borrows the object (no retain or release of it);
    /// what it returns is retained as any returned value is. For an object
    /// read only for one of its references, this saves the retain and the
    /// release that ``load()`` would add.
    func load<Value>(_ project: (Object) -> Value) -> Value {
        _ = mapping_registry_atomic_fetch_add_seq_cst(readersWord, 1)
        let unmanaged = Self.object(mapping_registry_atomic_load_seq_cst(pointerWord))
        let value = unmanaged._withUnsafeGuaranteedRef { project($0) }
        _ = mapping_registry_atomic_fetch_sub_seq_cst(readersWord, 1)
        return value
    }

    /// Makes `object` the current one; readers that start after this call
    /// returns load it.
    func store(_ object: Object) {
        retired.lock.lock()
        defer { retired.lock.unlock() }
        let old = mapping_registry_atomic_exchange_seq_cst(pointerWord, Self.word(Unmanaged.passRetained(object)))
        retired.objects.append(Self.object(old))
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
            if mapping_registry_atomic_load_seq_cst(readersWord) == 0 {
                let objects = retired.objects
                retired.objects.removeAll()
                for object in objects { object.release() }
                return
            }
            if attempt >= 16 { sched_yield() }
        }
    }

    /// An object reference as the word the atomics store.
    private static func word(_ object: Unmanaged<Object>) -> UInt {
        UInt(bitPattern: object.toOpaque())
    }

    /// The object reference a word holds; only for words made by ``word(_:)``.
    private static func object(_ word: UInt) -> Unmanaged<Object> {
        Unmanaged.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
    }
}
