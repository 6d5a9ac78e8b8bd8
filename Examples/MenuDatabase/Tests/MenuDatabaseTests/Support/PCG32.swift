/// A seeded random number generator (PCG-XSH-RR, 32-bit output), so each
/// random sequence of a test can be replayed from the seed it reports.
struct PCG32: RandomNumberGenerator {
    private var state: UInt64
    private let increment: UInt64

    init(seed: UInt64) {
        increment = (seed << 1) | 1
        state = 0
        _ = next32()
        state &+= seed
        _ = next32()
    }

    mutating func next() -> UInt64 {
        UInt64(next32()) << 32 | UInt64(next32())
    }

    /// A whole number in `range`.
    mutating func number(in range: ClosedRange<Int>) -> Int {
        Int.random(in: range, using: &self)
    }

    /// One element of a non-empty list, `nil` for an empty one.
    mutating func pick<Element>(_ elements: [Element]) -> Element? {
        elements.isEmpty ? nil : elements[number(in: 0...(elements.count - 1))]
    }

    /// `true` once in `count` times on average.
    mutating func oneIn(_ count: Int) -> Bool {
        number(in: 1...max(1, count)) == 1
    }

    private mutating func next32() -> UInt32 {
        let old = state
        state = old &* 6_364_136_223_846_793_005 &+ increment
        let shifted = UInt32(truncatingIfNeeded: ((old >> 18) ^ old) >> 27)
        let rotation = UInt32(truncatingIfNeeded: old >> 59)
        return shifted.rotateRight(by: rotation)
    }
}

private extension UInt32 {
    func rotateRight(by count: UInt32) -> UInt32 {
        let amount = count & 31
        return amount == 0 ? self : (self >> amount) | (self << (32 - amount))
    }
}
