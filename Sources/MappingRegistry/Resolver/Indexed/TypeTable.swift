internal import MappingRegistryAtomics

/// An open-addressing hash table from a type's metadata address to a
/// cache entry word, that readers probe without locks while one writer at a
/// time adds entries.
///
/// Each slot is two words, key and value, read and written only through
/// the C atomics of `MappingRegistryAtomics`. The writer stores the value
/// (relaxed), then publishes the key with release ordering; a reader loads
/// the key with acquire ordering, then the value (relaxed), so a key it
/// sees always comes with its value.
/// Keys are never removed or changed, so a probe that meets an empty key
/// has found a miss. The writer never fills a table past half: it moves to
/// a table twice the size instead (see ``ResolutionCache``).
final class TypeTable: @unchecked Sendable {
    // @unchecked: `words` is only touched through atomics once the table is
    // published, and `count` only by the cache's writer, under its lock.

    /// The number of slots, a power of two.
    let capacity: Int
    /// `capacity * 2` words: key, value, key, value, …
    private let words: UnsafeMutablePointer<UInt>
    private let shift: Int
    /// The number of keys stored; the writer's alone.
    private(set) var count = 0

    /// A table with at least `minimumCapacity` slots, all empty.
    init(minimumCapacity: Int) {
        var capacity = 8
        while capacity < minimumCapacity { capacity *= 2 }
        self.capacity = capacity
        shift = UInt.bitWidth - capacity.trailingZeroBitCount
        words = .allocate(capacity: capacity * 2)
        // Plain stores: no other thread can reach the table until the cache
        // publishes it with a release store.
        words.initialize(repeating: 0, count: capacity * 2)
    }

    deinit {
        words.deinitialize(count: capacity * 2)
        words.deallocate()
    }

    @inline(__always)
    private func start(_ key: UInt) -> Int {
        Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> UInt(shift))
    }

    /// The value stored for `key`, or 0 when there is none (yet).
    @inline(__always)
    func lookUp(_ key: UInt) -> UInt {
        let mask = capacity - 1
        var index = start(key)
        while true {
            let stored = mapping_registry_atomic_load_acquire(words + 2 * index)
            if stored == key { return mapping_registry_atomic_load_relaxed(words + 2 * index + 1) }
            if stored == 0 { return 0 }
            index = (index + 1) & mask
        }
    }

    /// Whether another key fits without passing half full.
    var hasRoom: Bool { (count + 1) * 2 <= capacity }

    /// Stores a key that is not in the table yet. Writer only, with room.
    func insert(_ key: UInt, value: UInt) {
        let mask = capacity - 1
        var index = start(key)
        while mapping_registry_atomic_load_relaxed(words + 2 * index) != 0 {
            index = (index + 1) & mask
        }
        mapping_registry_atomic_store_relaxed(words + 2 * index + 1, value)
        mapping_registry_atomic_store_release(words + 2 * index, key)
        count += 1
    }

    /// A table twice the size holding every entry of this one. Writer only.
    func grown() -> TypeTable {
        let larger = TypeTable(minimumCapacity: capacity * 2)
        for index in 0..<capacity {
            let key = mapping_registry_atomic_load_relaxed(words + 2 * index)
            if key != 0 { larger.insert(key, value: mapping_registry_atomic_load_relaxed(words + 2 * index + 1)) }
        }
        return larger
    }
}
