import Foundation
import MappingRegistry
import ModelStorage

/// A registry started from the sample's mappings as its bundled default,
/// to which every input is applied; and a directory for cache files.
nonisolated(unsafe) private var server: ReloadingRegistry?
/// The same, with a cache, to which only accepted inputs are applied.
nonisolated(unsafe) private var cachingServer: ReloadingRegistry?
nonisolated(unsafe) private var directory: URL?

/// libFuzzer calls this once before the first input.
@_cdecl("LLVMFuzzerInitialize")
public func initialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("apply-fuzzer-\(getpid())")
    do {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        try Data(BundledFiles.mappings.utf8).write(to: scratch.appendingPathComponent("mappings.json"))
        // Without a cache: a cache write flushes to the disk, which would make
        // every input cost milliseconds. The cache's writer gets the accepted
        // inputs (cachingServer), and its reader every input.
        server = try ReloadingRegistry(bundled: scratch.appendingPathComponent("mappings.json"), cache: nil, plugins: FuzzSupport.plugins)
        cachingServer = try ReloadingRegistry(
            bundled: scratch.appendingPathComponent("mappings.json"), cache: scratch.appendingPathComponent("written.json"), plugins: FuzzSupport.plugins
        )
    } catch {
        FuzzSupport.stop("the sample's mappings do not start a registry: \(error)")
    }
    directory = scratch
    atexit {
        server = nil
        cachingServer = nil
        if let directory { try? FileManager.default.removeItem(at: directory) }
    }
    return 0
}

/// One input, two ways:
///
/// 1. Applied to a running registry as a downloaded configuration. An
///    accepted one must be `current` with the origin `.fresh`; a rejected
///    one must leave the very same snapshot in place and say why (at least
///    one error). An accepted one is also applied with a cache, and a
///    registry started from that cache must serve it (`.cached`) with the
///    same mappings.
/// 2. Written as a cache file, from which a registry starts with the
///    sample's mappings as its bundled default. It must serve the cache
///    (`.cached`, no start-up diagnostic) or the bundled default (`.bundled`,
///    and one `unusable-cache` warning saying why).
///
/// A violated invariant aborts, so libFuzzer keeps the input.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzApply(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    let data = bytes.map { Data(bytes: $0, count: count) } ?? Data()
    guard let server, let directory else { return 0 }

    let before = server.snapshot
    let outcome = server.apply(data, source: "push")
    switch outcome {
    case .accepted(let registry, let diagnostics):
        let after = server.snapshot
        if after.registry !== registry || after.origin != .fresh { violated("an accepted configuration is not current with origin fresh") }
        if diagnostics.contains(where: { $0.severity == .error }) { violated("an accepted configuration has an error") }
        if outcome.cacheWriteFailure != nil { violated("a cache write failed without a cache") }
        if let cachingServer {
            let cached = cachingServer.apply(data, source: "push")
            if !cached.isAccepted || cached.cacheWriteFailure != nil { violated("an accepted configuration was not cached: \(cached.diagnostics)") }
            do {
                let restarted = try ReloadingRegistry(
                    bundled: directory.appendingPathComponent("mappings.json"), cache: directory.appendingPathComponent("written.json"), plugins: FuzzSupport.plugins
                )
                if restarted.origin != .cached || restarted.current.mappings.count != registry.mappings.count {
                    violated("a written cache does not serve what was accepted: \(restarted.origin), \(restarted.startupDiagnostics)")
                }
            } catch {
                violated("the bundled default stopped loading: \(error)")
            }
        }
    case .rejected(let error):
        if server.snapshot !== before { violated("a rejected configuration changed the snapshot") }
        if error.errors.isEmpty { violated("a rejection gives no error") }
        var formatter = DiagnosticFormatter()
        formatter.addSource(data, named: "push")
        _ = formatter.format(error.diagnostics)
    }

    let cache = directory.appendingPathComponent("cache.json")
    do {
        try data.write(to: cache)
        let started = try ReloadingRegistry(bundled: directory.appendingPathComponent("mappings.json"), cache: cache, plugins: FuzzSupport.plugins)
        switch started.origin {
        case .cached:
            if !started.startupDiagnostics.isEmpty { violated("a cache served with start-up diagnostics") }
        case .bundled:
            if started.startupDiagnostics.map(\.code) != [.unusableCache] { violated("the bundled default served without one unusable-cache warning") }
        case .fresh:
            violated("a registry started with origin fresh")
        }
    } catch {
        violated("the bundled default stopped loading: \(error)")
    }
    return 0
}

/// Says which invariant failed and aborts, so libFuzzer keeps the input.
private func violated(_ invariant: String) -> Never {
    FileHandle.standardError.write(Data("apply fuzzer: \(invariant)\n".utf8))
    abort()
}
