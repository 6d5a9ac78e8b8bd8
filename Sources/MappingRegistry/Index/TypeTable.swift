import Synchronization

/// An open-addressing hash table from a type's metadata address to a
/// cache entry word, that readers probe without locks while one writer at a
/// time adds entries.
///
/// Each slot is two atomic words, key and value. The writer stores the
/// value, then publishes the key with release ordering; a reader loads the
/// key with acquire ordering, so a key it sees always comes with its value.
/// Keys are never removed or changed, so a probe that meets an empty key
/// has found a miss. The writer never fills a table past half: it moves to
/// a table twice the size instead (see ``ResolutionCache``).
final class TypeTable: @unchecked Sendable {
    // @unchecked: `words` is only touched through atomics, and `count` only
    // by the cache's writer, under its lock.

    /// The number of slots, a power of two.
    let capacity: Int
    /// `capacity * 2` words: key, value, key, value, …
    private let words: UnsafeMutablePointer<Atomic<UInt>>
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
        for index in 0..<(capacity * 2) { (words + index).initialize(to: Atomic(0)) }
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
            let stored = words[2 * index].load(ordering: .acquiring)
            if stored == key { return words[2 * index + 1].load(ordering: .relaxed) }
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
        while words[2 * index].load(ordering: .relaxed) != 0 {
            index = (index + 1) & mask
        }
        words[2 * index + 1].store(value, ordering: .relaxed)
        words[2 * index].store(key, ordering: .releasing)
        count += 1
    }

    /// A table twice the size holding every entry of this one. Writer only.
    func grown() -> TypeTable {
        let larger = TypeTable(minimumCapacity: capacity * 2)
        for index in 0..<capacity {
            let key = words[2 * index].load(ordering: .relaxed)
            if key != 0 { larger.insert(key, value: words[2 * index + 1].load(ordering: .relaxed)) }
        }
        return larger
    }
}
