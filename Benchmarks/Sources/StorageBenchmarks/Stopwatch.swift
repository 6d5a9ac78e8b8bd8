/// Times a piece of work several times and keeps the median.
struct Stopwatch {
    let runs: Int
    private let clock = ContinuousClock()

    /// Runs `prepare` (untimed) then `work` (timed) `runs` times.
    ///
    /// - Returns: The median and the fastest duration, in milliseconds.
    func measure<Input>(prepare: () -> Input, work: (Input) -> Int) -> (median: Double, fastest: Double, checksum: Int) {
        var samples: [Double] = []
        var checksum = 0
        for _ in 0..<runs {
            let input = prepare()
            var result = 0
            let elapsed = clock.measure { result = work(input) }
            checksum &+= result
            samples.append(Self.milliseconds(elapsed))
        }
        samples.sort()
        let median = samples.count % 2 == 1
            ? samples[samples.count / 2]
            : (samples[samples.count / 2 - 1] + samples[samples.count / 2]) / 2
        return (median, samples.first ?? 0, checksum)
    }

    private static func milliseconds(_ duration: Duration) -> Double {
        let parts = duration.components
        return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
    }
}
