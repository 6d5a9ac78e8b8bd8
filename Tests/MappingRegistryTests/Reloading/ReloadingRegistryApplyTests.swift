import Foundation
@testable import MappingRegistry
import RegistryFixtures
import Testing

/// Bytes from anywhere: `apply` accepts or rejects them, writes what it
/// accepts to the cache, and never loses the last good registry.
@Suite struct ReloadingRegistryApplyTests {
    /// A bundled default (generation 1) and a cache file beside it.
    struct App {
        let file: MappingsFile
        let cache: URL
        let mappings: ReloadingRegistry

        init(cache withCache: Bool = true, policy: DiagnosticPolicy = DiagnosticPolicy()) throws {
            file = try MappingsFile()
            try file.write(MappingsFile.generation(1))
            cache = file.directory.appendingPathComponent("cache.json")
            mappings = try ReloadingRegistry(bundled: file.url, cache: withCache ? cache : nil, plugins: fixtureCatalog(), policy: policy)
        }

        /// The configuration the cache holds; `nil` when there is no cache file.
        func cached() throws -> ConfigurationCache.Entry? {
            try ConfigurationCache(url: cache).read()
        }

        /// A second start of the app, as after a relaunch.
        func restart() throws -> ReloadingRegistry {
            try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        }
    }

    static func bytes(_ g: Int) -> Data {
        Data(MappingsFile.generation(g).utf8)
    }

    @Test func acceptedBytesServeFreshAndAreCachedForTheNextStart() throws {
        let app = try App()
        #expect(app.mappings.origin == .bundled)

        let outcome = app.mappings.apply(Self.bytes(2), source: "https://example.com/mappings.json")

        let registry = try #require(outcome.registry)
        #expect(outcome.isAccepted)
        #expect(registry === app.mappings.current)
        #expect(app.mappings.origin == .fresh)
        #expect(try MappingsFile.generation(of: registry).get() == 2)
        #expect(registry.mappings.first?.location.file == "https://example.com/mappings.json")
        #expect(outcome.diagnostics == registry.warnings)
        #expect(outcome.cacheWriteFailure == nil)
        #expect(try app.cached() == ConfigurationCache.Entry(payload: Self.bytes(2), source: "https://example.com/mappings.json"))

        let next = try app.restart()
        #expect(next.origin == .cached)
        #expect(try MappingsFile.generation(of: next.current).get() == 2)
        #expect(next.current.mappings.first?.location.file == "https://example.com/mappings.json")
    }

    @Test(arguments: [
        (MappingsFile.broken, ["unknown-view", "unknown-model"]),
        (String(MappingsFile.generation(2).prefix(40)), ["invalid-json"]),
        ("", ["invalid-json"]),
        (#"{"version": 2, "mappings": []}"#, ["unsupported-version"]),
    ] as [(String, [Diagnostic.Code])])
    func rejectedBytesChangeNothing(_ text: String, _ codes: [Diagnostic.Code]) throws {
        let app = try App()
        #expect(app.mappings.apply(Self.bytes(2), source: "first").isAccepted)
        let before = app.mappings.snapshot

        let outcome = app.mappings.apply(Data(text.utf8), source: "push #7")

        guard case .rejected(let error) = outcome else {
            Issue.record("accepted: \(outcome)")
            return
        }
        #expect(error.errorCodes == codes)
        #expect(error.errors.allSatisfy { $0.location?.file == "push #7" })
        #expect(outcome.registry == nil && !outcome.isAccepted && outcome.cacheWriteFailure == nil)
        #expect(outcome.diagnostics == error.diagnostics)
        #expect(app.mappings.snapshot === before)
        #expect(app.mappings.current === before.registry)
        #expect(app.mappings.origin == .fresh)
        #expect(try app.cached()?.payload == Self.bytes(2))
    }

    @Test func aRejectionBeforeAnyAcceptanceWritesNoCache() throws {
        let app = try App()
        #expect(!app.mappings.apply(Data(MappingsFile.broken.utf8), source: "server").isAccepted)
        #expect(try app.cached() == nil)
        #expect(app.mappings.origin == .bundled)
        #expect(try app.restart().origin == .bundled)
    }

    @Test func aWarningIsInTheAcceptedOutcome() throws {
        let app = try App()
        // Generation 0 maps no Footnote: the catalog's Footnote view is unused.
        let outcome = app.mappings.apply(Self.bytes(0), source: "server")
        #expect(outcome.isAccepted)
        #expect(outcome.diagnostics.contains { $0.code == .unusedView && $0.message.contains("Footnote") })
    }

    @Test func withoutACacheApplyStillServes() throws {
        let app = try App(cache: false)
        #expect(app.mappings.cache == nil)
        let outcome = app.mappings.apply(Self.bytes(3), source: "server")
        #expect(outcome.isAccepted && outcome.cacheWriteFailure == nil)
        #expect(app.mappings.origin == .fresh)
        #expect(try app.cached() == nil)
    }

    // MARK: - The cache write

    struct SimulatedCrash: Error {}

    @Test func aCrashBetweenWriteAndRenameLeavesThePreviousCache() throws {
        let app = try App()
        #expect(app.mappings.apply(Self.bytes(2), source: "server").cacheWriteFailure == nil)

        app.mappings.injectCacheFault { step in
            if step == .beforeRename { throw SimulatedCrash() }
        }
        let outcome = app.mappings.apply(Self.bytes(3), source: "server")

        // Accepted and serving, though not cached ...
        #expect(outcome.isAccepted)
        #expect(try MappingsFile.generation(of: app.mappings.current).get() == 3)
        let failure = try #require(outcome.cacheWriteFailure)
        #expect(failure.code == .unusableCache && failure.severity == .warning)
        #expect(failure.message.hasPrefix("cannot write the cache '\(app.cache.path)': stopped before renaming"))
        #expect(outcome.diagnostics.last == failure)
        // ... the new bytes are in a stray temporary file beside it ...
        let siblings = try FileManager.default.contentsOfDirectory(atPath: app.file.directory.path)
        #expect(siblings.contains { $0.hasPrefix(".cache.json.") && $0.hasSuffix(".tmp") })
        // ... and the previous cache is whole and serves the next start.
        #expect(try app.cached()?.payload == Self.bytes(2))
        let next = try app.restart()
        #expect(next.origin == .cached)
        #expect(next.startupDiagnostics.isEmpty)
        #expect(try MappingsFile.generation(of: next.current).get() == 2)

        // Once writes work again, the same bytes are written (the cache is not known to hold them).
        app.mappings.injectCacheFault(nil)
        #expect(app.mappings.apply(Self.bytes(3), source: "server").cacheWriteFailure == nil)
        #expect(try app.cached()?.payload == Self.bytes(3))
    }

    @Test func aCacheInAMissingDirectoryIsAWarningNotARejection() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("no-such-directory/cache.json")
        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        let outcome = mappings.apply(Self.bytes(2), source: "server")
        #expect(outcome.isAccepted)
        #expect(mappings.origin == .fresh)
        let failure = try #require(outcome.cacheWriteFailure)
        #expect(failure.message.contains("cannot create '\(file.directory.path)/no-such-directory/.cache.json."))
        #expect(failure.message.hasSuffix("Check that the directory exists and is writable"))
    }

    @Test func theSameBytesAreNotWrittenAgain() throws {
        let app = try App()
        app.mappings.apply(Self.bytes(2), source: "server")
        // Any further write would fail, so a second apply of the same bytes shows whether it wrote.
        app.mappings.injectCacheFault { _ in throw SimulatedCrash() }
        let again = app.mappings.apply(Self.bytes(2), source: "server")
        #expect(again.isAccepted && again.cacheWriteFailure == nil)
        let other = app.mappings.apply(Self.bytes(3), source: "server")
        #expect(other.cacheWriteFailure != nil)
    }

    @Test func aCacheServedAtStartIsNotRewrittenByTheSameBytes() throws {
        let app = try App()
        app.mappings.apply(Self.bytes(2), source: "server")
        let next = try app.restart()
        next.injectCacheFault { _ in throw SimulatedCrash() }
        #expect(next.apply(Self.bytes(2), source: "server").cacheWriteFailure == nil)
    }

    // MARK: - Origins, reloads and a watch

    @Test func originFollowsEverySwap() throws {
        let app = try App()
        var origins = [app.mappings.origin]
        app.mappings.apply(Self.bytes(2), source: "server")
        origins.append(app.mappings.origin)
        app.mappings.apply(Data(MappingsFile.broken.utf8), source: "server")
        origins.append(app.mappings.origin)
        try app.mappings.reload()   // the bundled file, on request
        origins.append(app.mappings.origin)
        app.mappings.apply(Self.bytes(3), source: "server")
        origins.append(app.mappings.origin)
        #expect(origins == [.bundled, .fresh, .fresh, .bundled, .fresh])
        // Reloading the bundled default does not put it in the cache.
        #expect(try app.cached()?.payload == Self.bytes(3))
    }

    @Test func aWatchReplacesAnAppliedConfigurationOnlyWhenTheFileChanges() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), cache: cache)
        #expect(mappings.origin == .fresh)

        mappings.apply(Self.bytes(2), source: "server")
        // The file is as it was: a look finds nothing new, the applied registry stays.
        #expect(mappings.reloadIfChanged().isUnchanged)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 2)

        try file.writeRenamingOver(MappingsFile.generation(5))
        #expect(mappings.reloadIfChanged().isChanged)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 5)
        #expect(mappings.origin == .fresh)
        // A file version that loads is the newest good configuration: cached too.
        #expect(try ConfigurationCache(url: cache).read()?.payload == Self.bytes(5))
    }

    @Test func aFailedCacheWriteAfterAFileReloadIsKeptForTheAsking() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), cache: cache)
        mappings.injectCacheFault { _ in throw SimulatedCrash() }
        try file.write(MappingsFile.generation(2))
        try mappings.reload()
        #expect(mappings.cacheWriteFailure?.code == .unusableCache)
        mappings.injectCacheFault(nil)
        try file.write(MappingsFile.generation(3))
        try mappings.reload()
        #expect(mappings.cacheWriteFailure == nil)
        #expect(try ConfigurationCache(url: cache).read()?.payload == Self.bytes(3))
    }

    // MARK: - Concurrency, quick

    @Test func twoReadersSeeWholeVersionsInOrderWhileApplyRuns() throws {
        let app = try App()
        let threads = ConcurrentThreads()
        let findings = Findings()
        for reader in 0..<2 {
            threads.start("reader \(reader)") {
                var last = 0
                while !threads.isStopped {
                    let snapshot = app.mappings.snapshot
                    switch MappingsFile.generation(of: snapshot.registry) {
                    case .success(let g):
                        // Generation 1 is the bundled default; every other one was applied.
                        if (g == 1) != (snapshot.origin == .bundled) { findings.record("generation \(g) with origin \(snapshot.origin)") }
                        if g < last { findings.record("reader \(reader) went back from \(last) to \(g)") }
                        last = g
                    case .failure(let error):
                        findings.record("\(error)")
                    }
                }
            }
        }
        let broken = Data(MappingsFile.broken.utf8)
        for g in 2..<52 {
            #expect(app.mappings.apply(Self.bytes(g), source: "server").isAccepted)
            #expect(!app.mappings.apply(broken, source: "server").isAccepted)
        }
        threads.stop()
        #expect(threads.join())
        #expect(findings.all.prefix(5) == [])
        #expect(try MappingsFile.generation(of: app.mappings.current).get() == 51)
        #expect(try app.cached()?.payload == Self.bytes(51))
    }
}
