import Foundation
internal import MappingRegistryAtomics

/// Resolution plans by dynamic type and kind, worked out the first time a
/// type is met, and read without locks for any number of types.
///
/// Each kind slot has its own ``TypeTable``, keyed by the type's metadata
/// address. A reader loads the slot's current table with one atomic load
/// and probes it with atomic loads: no lock, no hashing with SipHash, no
/// reference counting, so readers on several threads do not contend.
///
/// A miss takes the writer lock, builds the plan once, and stores it. When
/// a table would pass half full, the writer copies it into one twice the
/// size and publishes that; the old table stays alive (a reader may still
/// be probing it) until the cache itself goes, so all the tables together
/// take at most twice the memory of the last. Plans are kept alive the same
/// way, so an entry can hold a plan's address without a reference count.
///
/// The writer lock is an `NSLock` (a pthread mutex), which ThreadSanitizer
/// understands.
final class ResolutionCache: @unchecked Sendable {
    // @unchecked: `current` is only touched through the C atomics of
    // `MappingRegistryAtomics`; `tables`, `referenced` and `retired` only
    // under `lock`.

    /// One entry: an encoded word that says how a type resolves for a kind.
    struct Entry {
        /// `(index << 2) | 1`: every value of the type resolves to mapping
        /// `index`. An address with low bits `2`: the type is an `Optional`,
        /// and this is its ``OptionalUnwrapper``. An address with low bits
        /// `0`: the type's ``ResolutionPlan``. (A Swift object starts with
        /// a pointer-sized header, so its address is at least pointer
        /// aligned and its two low bits are free.)
        let word: UInt

        static func winner(_ index: Int) -> Entry {
            Entry(word: UInt(index) << 2 | 1)
        }

        /// The mapping every value resolves to, if the entry says so.
        @inline(__always)
        var winner: Int? { word & 3 == 1 ? Int(word >> 2) : nil }

        @inline(__always)
        var isOptional: Bool { word & 3 == 2 }

        /// Runs `body` with the entry's plan, without retaining it. Only for
        /// entries that are neither a winner nor an `Optional`.
        ///
        /// Sound: the word is the address of a plan the cache keeps in
        /// `referenced` (retained there before the entry was published)
        /// until the cache itself goes, and the registry that resolves
        /// keeps the cache alive for the call.
        @inline(__always)
        func withPlan<Result>(_ body: (ResolutionPlan) -> Result) -> Result {
            Unmanaged<ResolutionPlan>.fromOpaque(UnsafeRawPointer(bitPattern: word).unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef(body)
        }

        /// Runs `body` with the entry's unwrapper, without retaining it.
        /// Only for `Optional` entries. Sound as ``withPlan(_:)`` is: the
        /// unwrapper is kept in `referenced` as long as the cache.
        @inline(__always)
        func withUnwrapper<Result>(_ body: (OptionalUnwrapper) -> Result) -> Result {
            Unmanaged<OptionalUnwrapper>.fromOpaque(UnsafeRawPointer(bitPattern: word & ~3).unsafelyUnwrapped)
                ._withUnsafeGuaranteedRef(body)
        }
    }

    /// The current table of each kind slot, as an object address: stored
    /// with release after the table is filled, loaded with acquire.
    private let current: UnsafeMutablePointer<UInt>
    private let slotCount: Int
    private let lock = NSLock()
    /// The current table of each kind slot, owned here.
    private var tables: [TypeTable]
    /// Every table ever replaced, kept alive for readers still probing it.
    private var retired: [TypeTable] = []
    /// Every plan and unwrapper an entry points at.
    private var referenced: [AnyObject] = []

    /// A cache for `slotCount` kinds.
    init(slotCount: Int) {
        self.slotCount = slotCount
        tables = (0..<slotCount).map { _ in TypeTable(minimumCapacity: 8) }
        current = .allocate(capacity: max(slotCount, 1))
        for slot in 0..<slotCount {
            (current + slot).initialize(to: UInt(bitPattern: Unmanaged.passUnretained(tables[slot]).toOpaque()))
        }
    }

    deinit {
        current.deinitialize(count: slotCount)
        current.deallocate()
    }

    /// The table key of a dynamic type.
    @inline(__always)
    static func key(_ type: any Any.Type) -> UInt {
        UInt(bitPattern: ObjectIdentifier(type))
    }

    /// The entry for a type and kind slot, or `nil` before the type was
    /// first seen: one atomic load of the table, then a probe.
    ///
    /// Sound: the table's address, loaded with acquire, is that of a table
    /// the cache owns (`tables`, or `retired` once replaced) until it goes,
    /// so it is alive, and filled, when the reader sees it.
    @inline(__always)
    func lookUp(_ type: UInt, slot: Int) -> Entry? {
        let address = mapping_registry_atomic_load_acquire(current + slot)
        let word = Unmanaged<TypeTable>.fromOpaque(UnsafeRawPointer(bitPattern: address).unsafelyUnwrapped)
            ._withUnsafeGuaranteedRef { $0.lookUp(type) }
        return word == 0 ? nil : Entry(word: word)
    }

    /// The entry for a type that was not in the table: an unwrapper for an
    /// `Optional`, otherwise the plan `build` makes; under the writer lock,
    /// at most once per type and slot.
    func entry(_ type: UInt, slot: Int, dynamicType: any Any.Type, build: () -> ResolutionPlan) -> Entry {
        lock.lock()
        defer { lock.unlock() }
        var table = tables[slot]
        let existing = table.lookUp(type)
        if existing != 0 { return Entry(word: existing) }
        let entry: Entry
        if let unwrapper = OptionalUnwrapper(dynamicType) {
            referenced.append(unwrapper)
            entry = Entry(word: UInt(bitPattern: Unmanaged.passUnretained(unwrapper).toOpaque()) | 2)
        } else {
            let plan = build()
            if let winner = plan.alwaysResolvesTo {
                entry = .winner(winner)
            } else {
                referenced.append(plan)
                entry = Entry(word: UInt(bitPattern: Unmanaged.passUnretained(plan).toOpaque()))
            }
        }
        if !table.hasRoom {
            retired.append(table)
            table = table.grown()
            tables[slot] = table
            mapping_registry_atomic_store_release(current + slot, UInt(bitPattern: Unmanaged.passUnretained(table).toOpaque()))
        }
        table.insert(type, value: entry.word)
        return entry
    }

    /// How many types each slot's table holds; for tests.
    var entryCounts: [Int] {
        lock.withLock { tables.map(\.count) }
    }
}
