import Foundation
import MappingRegistry

/// Watches one input file of `render --watch` on a thread of its own and
/// posts each new version, loaded, to ``WatchEvents``.
///
/// The mappings are loaded into a ``ReloadingRegistry`` the first time they
/// load, and reloaded through it after that. The data is loaded as a
/// `DataDocument`. Either way a version that fails to load is posted only
/// once it has stayed the same for a moment (it may be half written), and a
/// touch that leaves the bytes as they were posts nothing.
final class InputWatch: Sendable {
    private let watcher: FileWatcher

    /// How often a watch of `render --watch` looks at its file, and how
    /// long the file must then stay the same.
    static let polling = FileWatcher.Pacing.polling(interval: 0.1, debounce: 0.05)

    /// Watches the mappings file at `path`; diagnostics name it `path`.
    static func mappings(
        path: String, plugins: PluginCatalog, including sources: [MappingSource] = [], events: WatchEvents, pacing: FileWatcher.Pacing = polling
    ) -> InputWatch {
        let url = URL(fileURLWithPath: path)
        let state = State()
        return InputWatch(url: url, pacing: pacing) { now in
            state.lock.lock()
            defer { state.lock.unlock() }
            if let reloading = state.reloading {
                switch reloading.reloadIfChanged(now: now) {
                case .unchanged:
                    return true
                case .unsettled:
                    return false
                case .changed(let outcome, let contents):
                    events.post(.mappings(outcome, contents: contents))
                    return true
                }
            }
            return state.check(url, now: now) { data throws(ConfigurationError) in
                try ReloadingRegistry(url: url, contents: data, plugins: plugins, source: path, including: sources)
            } post: { outcome, contents in
                if case .success(let reloading) = outcome { state.reloading = reloading }
                events.post(.mappings(outcome.map(\.current), contents: contents))
            }
        }
    }

    /// Watches the data file at `path`; diagnostics name it `path`.
    static func data(path: String, plugins: PluginCatalog, events: WatchEvents, pacing: FileWatcher.Pacing = polling) -> InputWatch {
        let url = URL(fileURLWithPath: path)
        let state = State()
        return InputWatch(url: url, pacing: pacing) { now in
            state.lock.lock()
            defer { state.lock.unlock() }
            // Each version is loaded afresh and handed over whole; the watch keeps no document.
            return state.check(url, now: now) { data throws(ConfigurationError) in
                WatchEvents.DocumentTransfer(document: try DataDocument(data: data, plugins: plugins, source: path))
            } post: { outcome, contents in
                events.post(.data(outcome, contents: contents))
            }
        }
    }

    private init(url: URL, pacing: FileWatcher.Pacing, check: @escaping @Sendable (_ now: Date) -> Bool) {
        watcher = FileWatcher(url: url, pacing: pacing, onChange: check)
    }

    /// Stops watching.
    func cancel() {
        watcher.cancel()
    }

    /// One look at the file, for a watch with manual pacing; see
    /// `FileWatcher.poll(at:)`. Returns whether the file looked settled.
    @discardableResult
    func poll(at now: Date) -> Bool {
        watcher.poll(at: now)
    }

    /// What a watch keeps between checks, used on its thread under ``lock``.
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        /// The mappings, once they have loaded.
        var reloading: ReloadingRegistry?
        var filter = ContentChangeFilter()

        /// Reads the file and, when it is a new version, loads it and posts
        /// the outcome. Returns whether the file looked settled.
        func check<Loaded>(
            _ url: URL,
            now: Date,
            load: (Data) throws(ConfigurationError) -> Loaded,
            post: (Result<Loaded, ConfigurationError>, Data?) -> Void
        ) -> Bool {
            guard let read = FileWatcher.readSettled(url) else { return false }
            let verdict = filter.examine(read, now: now)
            guard verdict == .new || verdict == .settledFailure else { return verdict == .unchanged }
            let outcome = read.flatMap { data in Result { () throws(ConfigurationError) in try load(data) } }
            if case .failure = outcome, verdict == .new {
                filter.hold(read, since: now)
                return false
            }
            filter.accept(read)
            post(outcome, try? read.get())
            return true
        }
    }
}
