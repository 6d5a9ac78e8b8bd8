import Foundation
@testable import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// A server pushes five hundred configurations while another thread pushes
/// broken and truncated ones, a watch polls the bundled file, and four
/// readers resolve through `current` and read `snapshot`.
///
/// A stress test: it runs only with `MAPPING_REGISTRY_STRESS=1`, as CI runs
/// it (in a step of its own and under ThreadSanitizer). The quick version
/// in the default run is
/// `ReloadingRegistryApplyTests.twoReadersSeeWholeVersionsInOrderWhileApplyRuns`.
@Suite(.enabled(if: StressTesting.isEnabled, "stress: set MAPPING_REGISTRY_STRESS=1"))
struct ReloadingRegistryApplyStressTests {
    @Test func fiveHundredAppliesWhileRejectionsAWatchAndFourReadersRun() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        let deliveries = Deliveries()
        let watch = mappings.watch(intervalSeconds: 0.002, debounceSeconds: 0.001) { deliveries.append($0) }
        defer { watch.cancel() }

        let threads = ConcurrentThreads()
        let findings = Findings()
        let reads = Tally()
        for reader in 0..<4 {
            threads.start("reader \(reader)") {
                var last = 0
                var count = 0
                while !threads.isStopped {
                    // Every snapshot is one whole generation with its own origin, never an older one.
                    let snapshot = mappings.snapshot
                    switch MappingsFile.generation(of: snapshot.registry) {
                    case .success(let g):
                        let expected: ReloadingRegistry.Origin = g == 1 ? .bundled : .fresh
                        if snapshot.origin != expected { findings.record("reader \(reader): generation \(g) with origin \(snapshot.origin)") }
                        if g < last { findings.record("reader \(reader) went back from generation \(last) to \(g)") }
                        last = g
                    case .failure(let error):
                        findings.record("reader \(reader): \(error)")
                    }
                    // `current` alone is a whole generation too.
                    if case .failure(let error) = MappingsFile.generation(of: mappings.current) {
                        findings.record("reader \(reader), current: \(error)")
                    }
                    count += 1
                }
                reads.add(count)
            }
        }
        let rejected = Tally()
        threads.start("rejecter") {
            let broken = Data(MappingsFile.broken.utf8)
            var round = 0
            while !threads.isStopped {
                let bytes = round % 2 == 0 ? broken : Data(MappingsFile.generation(round).utf8.prefix(50))
                if mappings.apply(bytes, source: "rejecter").isAccepted {
                    findings.record("rejecter: round \(round) was accepted")
                }
                rejected.add()
                round += 1
            }
        }

        let start = ContinuousClock.now
        var cacheFailures = 0
        for g in 2...501 {
            let outcome = mappings.apply(Data(MappingsFile.generation(g).utf8), source: "server")
            #expect(outcome.isAccepted, "generation \(g): \(outcome.diagnostics)")
            if outcome.cacheWriteFailure != nil { cacheFailures += 1 }
        }
        let applying = ContinuousClock.now - start

        threads.stop()
        #expect(threads.join())
        #expect(findings.all.prefix(10) == [])
        #expect(cacheFailures == 0)
        #expect(reads.value > 0 && rejected.value > 0)
        // The bundled file never changed: the watch never replaced an applied configuration.
        #expect(deliveries.all.isEmpty)
        #expect(mappings.origin == .fresh)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 501)
        // The last accepted configuration is the one the next start serves.
        let next = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        #expect(next.origin == .cached)
        #expect(next.startupDiagnostics.isEmpty)
        #expect(try MappingsFile.generation(of: next.current).get() == 501)
        let strays = try FileManager.default.contentsOfDirectory(atPath: file.directory.path).filter { $0.hasSuffix(".tmp") }
        #expect(strays == [])
        print("""
            apply stress: 500 accepted applies (each cached: temporary file, fsync, rename) in \(applying); \
            \(rejected.value) rejected by another thread meanwhile; \
            4 readers: \(reads.value) snapshots, \(findings.all.count) not a whole generation, with another origin or going back
            """)
    }
}
