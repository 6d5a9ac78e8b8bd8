import Foundation
internal import MappingRegistryAtomics

/// The ``Mapping`` values that resolving returns, one copy of each mapping
/// per thread slot, so that threads resolving through one registry share no
/// memory they write.
///
/// A ``Mapping`` holds a reference, and handing one out retains it. Were
/// every thread handed the same object, each resolve would write that
/// object's reference count, and two cores resolving at once would pass its
/// cache line back and forth on every item. So each thread gets a slot from
/// its ordinal (`mapping_registry_thread_ordinal()`, modulo ``slotCount``),
/// and each slot its own copy of a mapping, made the first time that slot
/// resolves to it. Slot 0 (the first thread that resolves anything in the
/// process, as in a single-threaded app) uses the registry's own mappings
/// and makes no copy.
///
/// A copy is a second ``CompiledMapping`` with the same fields: equal to the
/// original by `==`, and hashing the same. More threads than slots share
/// slots, which is still correct, only not contention-free.
///
/// Readers take no lock: a slot's table of copies is published with a
/// release store and read with acquire, as is each copy's entry in it. A
/// missing copy is made under the lock, at most once per slot and mapping,
/// and kept alive (in `copies`) as long as the registry, so a reader can use
/// a table's word without retaining anything but the copy it returns.
final class MappingReplicas: @unchecked Sendable {
    // @unchecked: `tables` and the tables it points at are only touched
    // through the C atomics of `MappingRegistryAtomics`; `copies` and
    // `ownedTables` only under `lock`.

    /// The number of thread slots: enough for the threads of a server's
    /// pool or an app's queues to resolve without sharing a slot.
    static let slotCount = 16

    /// The registry's own mappings: slot 0's.
    let canonical: [Mapping]
    /// For each slot, the address of its table (one word per mapping: the
    /// address of that slot's copy, or 0), or 0 before the slot is used.
    private let tables: UnsafeMutablePointer<UInt>
    private let lock = NSLock()
    /// Every copy made, kept alive for the tables' words.
    private var copies: [CompiledMapping] = []
    /// Every table allocated, freed with the replicas.
    private var ownedTables: [UnsafeMutablePointer<UInt>] = []

    /// Replicas of a registry's mappings, none made yet.
    init(_ mappings: [Mapping]) {
        canonical = mappings
        tables = .allocate(capacity: Self.slotCount)
        tables.initialize(repeating: 0, count: Self.slotCount)
    }

    deinit {
        for table in ownedTables {
            table.deinitialize(count: canonical.count)
            table.deallocate()
        }
        tables.deinitialize(count: Self.slotCount)
        tables.deallocate()
    }

    /// Mapping `index`, as the calling thread's slot holds it.
    @inline(__always)
    func mapping(at index: Int) -> Mapping {
        let slot = Int(mapping_registry_thread_ordinal() % UInt(Self.slotCount))
        if slot == 0 { return canonical[index] }
        let table = mapping_registry_atomic_load_acquire(tables + slot)
        if table != 0 {
            let word = mapping_registry_atomic_load_acquire(
                UnsafeMutablePointer<UInt>(bitPattern: table).unsafelyUnwrapped + index
            )
            if word != 0 { return Self.mapping(word) }
        }
        return copy(of: index, slot: slot)
    }

    /// The mapping whose copy is at the address `word`.
    ///
    /// Sound: `word` was stored (with release, read with acquire) only
    /// after the copy was appended to `copies`, which keeps it alive as
    /// long as these replicas; the `Mapping` made here retains it.
    @inline(__always)
    private static func mapping(_ word: UInt) -> Mapping {
        Mapping(Unmanaged<CompiledMapping>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped).takeUnretainedValue())
    }

    /// Makes (under the lock, once) slot `slot`'s copy of mapping `index`,
    /// and its table if the slot has none yet.
    @inline(never)
    private func copy(of index: Int, slot: Int) -> Mapping {
        lock.lock()
        defer { lock.unlock() }
        var table = mapping_registry_atomic_load_relaxed(tables + slot)
        if table == 0 {
            let words = UnsafeMutablePointer<UInt>.allocate(capacity: canonical.count)
            // Plain stores: no reader sees the table before the release store below.
            words.initialize(repeating: 0, count: canonical.count)
            ownedTables.append(words)
            table = UInt(bitPattern: words)
            mapping_registry_atomic_store_release(tables + slot, table)
        }
        let entry = UnsafeMutablePointer<UInt>(bitPattern: table).unsafelyUnwrapped + index
        let existing = mapping_registry_atomic_load_relaxed(entry)
        if existing != 0 { return Self.mapping(existing) }
        let copy = canonical[index].compiled.copy()
        copies.append(copy)
        // Release: the copy's fields are visible to a reader whose acquire load sees its address.
        mapping_registry_atomic_store_release(entry, UInt(bitPattern: Unmanaged.passUnretained(copy).toOpaque()))
        return Mapping(copy)
    }
}
