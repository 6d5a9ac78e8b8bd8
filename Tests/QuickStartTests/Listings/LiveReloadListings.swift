import Foundation
import MappingRegistry
import ModelStorage
import Testing

/// The listing of "Live reload": a reloading registry, its watch, and a
/// render through the current registry.
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
}
