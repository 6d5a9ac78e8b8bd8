import Foundation
@testable import MappingRegistry
import RegistryFixtures
import Testing

/// Which source serves at start, for every state the cache can be in, and
/// what start-up says about the sources it passed over.
@Suite struct ReloadingRegistryStartTests {
    /// A state of the cache file: generation 2, accepted from `server.json`, or something wrong.
    enum CacheState: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case valid, missing, truncated, empty, otherVersion, torn, notACache, invalidMappings, directory

        var testDescription: String { rawValue }

        /// Computed, not a stored global, which LeakSanitizer would report.
        static var good: Data { ConfigurationCache.encode(Data(MappingsFile.generation(2).utf8), source: "server.json") }

        /// Writes the state at `url`.
        func write(at url: URL) throws {
            switch self {
            case .valid: try Self.good.write(to: url)
            case .missing: break
            case .truncated: try Self.good.prefix(Self.good.count - 10).write(to: url)
            case .empty: try Data().write(to: url)
            case .otherVersion:
                let text = String(decoding: Self.good, as: UTF8.self).replacingOccurrences(of: #""version":1}"#, with: #""version":2}"#)
                try Data(text.utf8).write(to: url)
            case .torn:
                // The same length, one byte of the payload changed: only the checksum tells.
                var bytes = Self.good
                let index = try #require(bytes.lastIndex(of: UInt8(ascii: "2")))
                bytes[index] = UInt8(ascii: "7")
                try bytes.write(to: url)
            case .notACache: try Data(MappingsFile.generation(2).utf8).write(to: url)
            case .invalidMappings:
                try ConfigurationCache.encode(Data(MappingsFile.broken.utf8), source: "server.json").write(to: url)
            case .directory: try FileManager.default.createDirectory(at: url, withIntermediateDirectories: false)
            }
        }

        /// What the `unusable-cache` warning says is wrong; `nil` when the cache serves or is absent.
        var explanation: String? {
            switch self {
            case .valid, .missing: nil
            case .truncated: "it is truncated: \(Self.good.count - 10 - Self.headerLength) of the \(Self.good.count - Self.headerLength) bytes its header announces"
            case .empty: "it is empty (0 bytes), as a write cut short leaves it"
            case .otherVersion: "it was written in cache format 2 by another version of MappingRegistry; this version reads format 1"
            case .torn: "its bytes do not match its checksum (torn or corrupted)"
            case .notACache: "it does not start with a MappingRegistry cache header"
            case .invalidMappings:
                "its mappings from 'server.json' do not load with this app: 2 errors (the first: unknown view 'NumberRo'; did you mean 'NumberRow'? at server.json:4:15)"
            case .directory: "it cannot be read: it is a directory"
            }
        }

        static var headerLength: Int {
            (good.firstIndex(of: UInt8(ascii: "\n")) ?? 0) + 1
        }
    }

    // MARK: - A server-driven app: the cache, else the bundled default

    @Test(arguments: CacheState.allCases)
    func theCacheServesWhenItLoadsElseTheBundledDefault(_ state: CacheState) throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        try state.write(at: cache)

        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())

        if let explanation = state.explanation {
            #expect(mappings.origin == .bundled)
            #expect(try MappingsFile.generation(of: mappings.current).get() == 1)
            let diagnostic = try #require(mappings.startupDiagnostics.only)
            #expect(diagnostic.code == .unusableCache)
            #expect(diagnostic.severity == .warning)
            #expect(diagnostic.message == "cannot use the cached configuration '\(cache.path)': \(explanation); serving the bundled default 'mappings.json'")
            #expect(diagnostic.location == SourceLocation(file: cache.path, line: 1, column: 1, pointer: ""))
        } else {
            #expect(mappings.origin == (state == .valid ? .cached : .bundled))
            #expect(try MappingsFile.generation(of: mappings.current).get() == (state == .valid ? 2 : 1))
            #expect(mappings.startupDiagnostics.isEmpty)
        }
        // Start-up never writes the cache: what it found stays for inspection.
        if state != .missing && state != .directory {
            let scratch = file.directory.appendingPathComponent("as-written")
            try state.write(at: scratch)
            #expect(try Self.contents(of: cache) == Self.contents(of: scratch))
        }
    }

    /// A file's bytes, through a `FileHandle`: `Data(contentsOf:)` on Linux
    /// leaks a 4 KiB buffer for an empty file, which LeakSanitizer reports.
    static func contents(of url: URL) throws -> Data {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        return try handle.readToEnd() ?? Data()
    }

    @Test func aCachedRegistryIsLocatedInTheSourceItWasAcceptedFrom() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        try CacheState.valid.write(at: cache)
        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        #expect(mappings.current.mappings.map(\.location.file).allSatisfy { $0 == "server.json" })
        #expect(mappings.snapshot.origin == .cached)
        #expect(mappings.snapshot.registry === mappings.current)
    }

    @Test func aCacheThatDoesNotLoadNotesEveryErrorAtItsPlace() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        try CacheState.invalidMappings.write(at: cache)
        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        let diagnostic = try #require(mappings.startupDiagnostics.only)
        #expect(diagnostic.notes.map(\.description) == [
            "server.json:4:15: note: unknown view 'NumberRo'; did you mean 'NumberRow'? [unknown-view]",
            "server.json:5:37: note: unknown model 'Strin'; did you mean 'String'? [unknown-model]",
        ])
    }

    @Test func aCacheThatLoadsOnlyWithTheFixedSourcesOrThePolicyIsCheckedWithThem() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        try CacheState.invalidMappings.write(at: cache)
        var lenient = DiagnosticPolicy()
        try lenient.ignore(.unknownView)
        try lenient.ignore(.unknownModel)
        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog(), policy: lenient)
        #expect(mappings.origin == .cached)
        #expect(mappings.startupDiagnostics.isEmpty)
    }

    @Test func theBundledDefaultIsCheckedEvenWhenTheCacheServes() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.broken)
        let cache = file.directory.appendingPathComponent("cache.json")
        try CacheState.valid.write(at: cache)
        let error = try #require(throws: ConfigurationError.self) {
            try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog())
        }
        #expect(error.errorCodes == ["unknown-view", "unknown-model"])
        #expect(error.errors.allSatisfy { $0.location?.file == "mappings.json" })
    }

    @Test func anIgnoredUnusableCacheCodeSaysNothing() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.generation(1))
        let cache = file.directory.appendingPathComponent("cache.json")
        try CacheState.truncated.write(at: cache)
        var quiet = DiagnosticPolicy()
        try quiet.ignore(.unusableCache)
        let mappings = try ReloadingRegistry(bundled: file.url, cache: cache, plugins: fixtureCatalog(), policy: quiet)
        #expect(mappings.origin == .bundled)
        #expect(mappings.startupDiagnostics.isEmpty)
    }

    // MARK: - A file with a cache: the file, else the cache

    /// The primary file's state at start.
    enum PrimaryState: String, CaseIterable, CustomTestStringConvertible, Sendable {
        case valid, missing, broken
        var testDescription: String { rawValue }
    }

    @Test(arguments: PrimaryState.allCases, CacheState.allCases)
    func theFileServesWhenItLoadsElseTheCache(_ primary: PrimaryState, _ state: CacheState) throws {
        let file = try MappingsFile()
        switch primary {
        case .valid: try file.write(MappingsFile.generation(3))
        case .missing: break
        case .broken: try file.write(MappingsFile.broken)
        }
        let cache = file.directory.appendingPathComponent("cache.json")
        try state.write(at: cache)
        let primaryCodes: [Diagnostic.Code] = primary == .missing ? ["unreadable-file"] : ["unknown-view", "unknown-model"]

        let start = Result { () throws(ConfigurationError) in
            try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), cache: cache)
        }
        switch (primary, state) {
        case (.valid, .directory):
            // The file serves; the cache cannot be written over a directory, and start-up says so.
            let mappings = try start.get()
            #expect(mappings.origin == .fresh)
            #expect(mappings.startupDiagnostics.map(\.code) == [.unusableCache])
            #expect(mappings.startupDiagnostics.first?.message.hasPrefix("cannot write the cache '\(cache.path)': cannot rename") == true)
        case (.valid, _):
            let mappings = try start.get()
            #expect(mappings.origin == .fresh)
            #expect(try MappingsFile.generation(of: mappings.current).get() == 3)
            #expect(mappings.startupDiagnostics.isEmpty)
            // The file is the newest good configuration: the cache now holds it.
            let entry = try ConfigurationCache(url: cache).read()
            #expect(entry == ConfigurationCache.Entry(payload: Data(MappingsFile.generation(3).utf8), source: "mappings.json"))
        case (_, .valid):
            let mappings = try start.get()
            #expect(mappings.origin == .cached)
            #expect(try MappingsFile.generation(of: mappings.current).get() == 2)
            #expect(mappings.startupDiagnostics.filter { $0.severity == .error }.map(\.code) == primaryCodes)
        case (_, .missing):
            let error = try #require(throws: ConfigurationError.self) { try start.get() }
            #expect(error.errorCodes == primaryCodes)
            #expect(!error.diagnostics.contains { $0.code == .unusableCache })
        default:
            let error = try #require(throws: ConfigurationError.self) { try start.get() }
            #expect(error.errorCodes == primaryCodes)
            let warning = try #require(error.diagnostics.last)
            #expect(warning.code == .unusableCache)
            #expect(warning.message.hasSuffix("; there is nothing else to serve: 'mappings.json' does not load either"))
        }
    }

    @Test func aFileServedFromTheCacheIsLoadedOnceItIsFixed() throws {
        let file = try MappingsFile()
        try file.write(MappingsFile.broken)
        let cache = file.directory.appendingPathComponent("cache.json")
        try CacheState.valid.write(at: cache)
        let mappings = try ReloadingRegistry(contentsOf: file.url, plugins: fixtureCatalog(), cache: cache)
        #expect(mappings.origin == .cached)
        // The watch compares with the broken version the start read: unchanged, nothing to do.
        #expect(mappings.reloadIfChanged().isUnchanged)
        try file.writeRenamingOver(MappingsFile.generation(4))
        #expect(mappings.reloadIfChanged().isChanged)
        #expect(mappings.origin == .fresh)
        #expect(try MappingsFile.generation(of: mappings.current).get() == 4)
        #expect(try ConfigurationCache(url: cache).read()?.payload == Data(MappingsFile.generation(4).utf8))
        #expect(mappings.cacheWriteFailure == nil)
    }
}

extension Collection {
    /// The only element; `nil` when there are none or several.
    var only: Element? {
        count == 1 ? first : nil
    }
}

extension ReloadingRegistry.Check {
    var isUnchanged: Bool {
        if case .unchanged = self { true } else { false }
    }

    var isChanged: Bool {
        if case .changed(.success, _) = self { true } else { false }
    }
}
