import ModelStorage

/// A row of a benchmark list: `id` is the identity, `value` the content.
struct Row: Identifiable, Equatable {
    let id: Int
    var value: Int
}

/// A small seeded generator (SplitMix64) so every run diffs the same lists.
struct Generator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// An old list of `count` rows and a new one with 1% changes, split evenly
/// between value updates, moves, insertions and deletions.
struct Workload {
    let old: [Row]
    let new: [Row]

    init(count: Int, seed: UInt64 = 7) {
        var rng = Generator(seed: seed)
        let old = (0..<count).map { Row(id: $0, value: $0) }
        var new = old
        let quarter = max(1, count / 400)
        for _ in 0..<quarter {
            let index = Int.random(in: 0..<new.count, using: &rng)
            new[index].value += 1
        }
        for _ in 0..<quarter {
            let row = new.remove(at: Int.random(in: 0..<new.count, using: &rng))
            new.insert(row, at: Int.random(in: 0...new.count, using: &rng))
        }
        for _ in 0..<quarter {
            new.remove(at: Int.random(in: 0..<new.count, using: &rng))
        }
        for offset in 0..<quarter {
            new.insert(Row(id: count + offset, value: -1), at: Int.random(in: 0...new.count, using: &rng))
        }
        self.old = old
        self.new = new
    }
}
