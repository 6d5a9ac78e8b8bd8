@testable import ModelStorage
import TestSupport
import Testing

@Suite struct LongestIncreasingSubsequenceTests {
    @Test(arguments: [
        ([], []),
        ([5], [true]),
        ([0, 1, 2], [true, true, true]),
        ([2, 1, 0], [false, false, true]),
        ([3, 0, 1, 2], [false, true, true, true]),
        ([1, 0, 3, 2, 4], [false, true, false, true, true]),
        ([1, 1, 1], [false, false, true]),
    ])
    func membersFormALongestStrictlyIncreasingRun(values: [Int], expected: [Bool]) {
        #expect(LongestIncreasingSubsequence.members(of: values) == expected)
    }

    @Test func membersAreAlwaysIncreasingAndAsLongAsABruteForceAnswer() {
        var rng = SplitMix64(seed: 42)
        for _ in 0..<300 {
            let values = (0..<rng.int(in: 0...9)).map { _ in rng.int(in: 0...6) }
            let flags = LongestIncreasingSubsequence.members(of: values)
            let chosen = zip(values, flags).filter(\.1).map(\.0)
            #expect(zip(chosen, chosen.dropFirst()).allSatisfy { $0 < $1 }, "\(values)")
            var best = 0
            for mask in 0..<(1 << values.count) {
                let subset = values.indices.filter { mask & (1 << $0) != 0 }.map { values[$0] }
                if zip(subset, subset.dropFirst()).allSatisfy({ $0 < $1 }) { best = max(best, subset.count) }
            }
            #expect(chosen.count == best, "\(values)")
        }
    }
}
