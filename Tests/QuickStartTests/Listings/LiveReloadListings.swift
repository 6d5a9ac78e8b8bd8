import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The listings of "Live reload": a reloading registry, its watch, and a
/// render through the current registry; a server-driven start with a
/// cache, and a downloaded configuration applied.
@Suite struct LiveReloadListings {
    /// Where the listing sends a failed reload's diagnostics.
    final class Reports: @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        func add(_ text: String) { lock.withLock { texts.append(text) } }
        var all: [String] { lock.withLock { texts } }
    }

    func follow(url: URL, plugins: PluginCatalog, storage: MemoryStorage, reports: Reports) throws -> (FileWatch, RenderResult) {
        @Sendable func report(_ text: String) { reports.add(text) }
        // doc-listing: live-reload
        let mappings = try ReloadingRegistry(contentsOf: url, plugins: plugins)
        let watch = mappings.watch { outcome in
            if case .failure(let error) = outcome {
                report(DiagnosticFormatter().format(error.diagnostics))   // the last good registry stays current
            }
        }
        // On any thread, once per render:
        let result = TextRenderer(registry: mappings.current).render(storage)
        // doc-listing-end: live-reload
        return (watch, result)
    }

    @Test func theListingRendersThroughTheLoadedFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("mappings.json")
        try Data(#"{"version": 1, "mappings": [{"view": "DishRow", "model": "Dish"}]}"#.utf8).write(to: url)
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Soup", price: 6.5)], forSection: 0)
        let reports = Reports()
        let (watch, result) = try follow(url: url, plugins: menuPlugins(), storage: storage, reports: reports)
        watch.cancel()
        #expect(result.text == "Soup 6.5\n")
        #expect(reports.all.isEmpty)
    }

    func serve(bundled: URL, cache: URL, downloaded: Data, plugins: PluginCatalog, storage: MemoryStorage, reports: Reports) throws -> (ReloadingRegistry, RenderResult) {
        @Sendable func report(_ text: String) { reports.add(text) }
        // doc-listing: live-reload-server
        let mappings = try ReloadingRegistry(bundled: bundled, cache: cache, plugins: plugins)
        // .cached when the last accepted download loads with this app, else .bundled
        for diagnostic in mappings.startupDiagnostics {
            report(diagnostic.description)   // a torn or outdated cache, passed over
        }

        // When a download or a push arrives, on any thread:
        switch mappings.apply(downloaded, source: "https://example.com/mappings.json") {
        case .accepted(_, let diagnostics):
            // Now current (origin .fresh) and in the cache for the next start.
            for diagnostic in diagnostics { report(diagnostic.description) }
        case .rejected(let error):
            report(DiagnosticFormatter().format(error.diagnostics))   // the previous registry keeps serving
        }

        // Once per render, the registry and where it came from, as one:
        let snapshot = mappings.snapshot
        let result = TextRenderer(registry: snapshot.registry).render(storage)
        // doc-listing-end: live-reload-server
        return (mappings, result)
    }

    @Test func theServerListingAppliesADownloadAndTheNextStartServesItFromTheCache() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("live-reload-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let bundled = directory.appendingPathComponent("mappings.json")
        let cache = directory.appendingPathComponent("mappings.cache")
        try Data(#"{"version": 1, "mappings": [{"view": "DishRow", "model": "Dish"}]}"#.utf8).write(to: bundled)
        let downloaded = Data(#"{"version": 1, "mappings": [{"view": "PriceRow", "model": "Dish"}]}"#.utf8)
        let storage = MemoryStorage()
        storage.setItems([Dish(name: "Soup", price: 6.5)], forSection: 0)
        let plugins = menuPlugins()

        let reports = Reports()
        let (first, result) = try serve(bundled: bundled, cache: cache, downloaded: downloaded, plugins: plugins, storage: storage, reports: reports)
        #expect(first.origin == .fresh)
        #expect(first.current.mappings.map(\.view) == ["PriceRow"])
        #expect(result.diagnostics.isEmpty && result.text == "Soup 6.5\n")
        #expect(reports.all.allSatisfy { $0.contains("[unused-") })

        // The next start serves the download from the cache; a broken one is rejected and reported.
        let again = Reports()
        let (second, _) = try serve(bundled: bundled, cache: cache, downloaded: Data("{".utf8), plugins: plugins, storage: storage, reports: again)
        #expect(second.origin == .cached)
        #expect(second.current.mappings.map(\.view) == ["PriceRow"])
        #expect(again.all.count == 1 && again.all.first?.contains("[invalid-json]") == true)
    }
}
