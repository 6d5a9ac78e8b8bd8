import Foundation
@testable import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// A writer rewrites the mappings file a thousand times, every way an
/// editor or a deploy can, while four readers resolve through `current` and
/// a watch reloads whenever it sees a change.
///
/// A soak test: it runs only with `MAPPING_REGISTRY_STRESS=1`, as CI runs
/// it (in a step of its own and under ThreadSanitizer).
@Suite(.enabled(if: StressTesting.isEnabled, "soak: set MAPPING_REGISTRY_STRESS=1"))
struct ReloadingRegistrySoakTests {
    @available(macOS 13, iOS 16, tvOS 16, watchOS 9, *)
    @Test func aThousandRewritesWhileFourReadersResolve() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(0))
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog())
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
                    // Every answer must come from one whole, checked generation, never an older one.
                    switch MappingsFile.generation(of: mappings.current) {
                    case .success(let g):
                        if g < last { findings.record("reader \(reader) went back from generation \(last) to \(g)") }
                        last = g
                    case .failure(let error):
                        findings.record("reader \(reader): \(error)")
                    }
                    count += 1
                }
                reads.add(count)
            }
        }

        let start = ContinuousClock.now
        var loaded = 0
        var kept = 0
        var lastValid = 0
        for write in 0..<1_000 {
            let g = write + 1
            let valid: Bool
            switch write % 4 {
            case 0:
                try file.write(MappingsFile.generation(g))
                valid = true
            case 1:
                try file.writeRenamingOver(MappingsFile.generation(g))
                valid = true
            case 2:
                try file.write(MappingsFile.broken)
                valid = false
            default:
                try file.writeTruncated(MappingsFile.generation(g))
                valid = false
            }
            switch Result(catching: { () throws(ConfigurationError) in try mappings.reload() }) {
            case .success(let registry):
                loaded += 1
                lastValid = g
                #expect(valid, "write \(write): a broken file loaded")
                #expect(try MappingsFile.generation(of: registry).get() == g)
            case .failure(let error):
                kept += 1
                #expect(!valid, "write \(write): a valid file failed: \(error.errorCodes)")
            }
            // Nothing loads a newer valid file behind this writer's back.
            #expect(try MappingsFile.generation(of: mappings.current).get() == lastValid, "after write \(write)")
        }
        let writing = ContinuousClock.now - start

        // The last two writes were broken and truncated: the last valid file stays current.
        #expect(lastValid == 998)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 998)

        // Without reload(), the watch alone reports a broken file and keeps generation 998 ...
        try file.write(MappingsFile.broken)
        #expect(deliveries.wait { outcomes in outcomes.last?.summary == "unknown-view,unknown-model" })
        #expect(try MappingsFile.generation(of: mappings.current).get() == 998)
        // ... and picks up the next valid file.
        try file.writeRenamingOver(MappingsFile.generation(2_000))
        #expect(deliveries.waitForGeneration(2_000))
        #expect(try MappingsFile.generation(of: mappings.current).get() == 2_000)

        threads.stop()
        #expect(threads.join())
        #expect(findings.all.prefix(10) == [])
        #expect(loaded == 500)
        #expect(kept == 500)
        #expect(reads.value > 0)
        let watched = deliveries.all
        let watchLoads = watched.count { if case .success = $0 { true } else { false } }
        print("""
            soak: 1000 writes in \(writing) (250 in place, 250 renamed over, 250 broken, 250 truncated); \
            reload(): \(loaded) loaded, \(kept) kept the previous registry; \
            watch: \(watchLoads) loads, \(watched.count - watchLoads) failures delivered; \
            4 readers: \(reads.value) reads, \(findings.all.count) not a whole generation or going back; \
            last valid generation current: \(try MappingsFile.generation(of: mappings.current).get())
            """)
    }
}
