import Foundation

/// A ``MappingRegistry`` loaded from a file that can be loaded again while
/// other threads resolve through it, and that never loses the last good
/// version.
///
/// ``current`` is the registry of the last successful load. Reading it
/// never waits for a reload, however often the file is reloaded (a reload
/// builds its registry first and holds a lock only to swap one reference
/// in); a registry is immutable, and a reader gets a whole one, old or new, never
/// a half-loaded one. A reader that holds on to a registry keeps it alive
/// after a reload replaces it.
///
/// ``reload()`` reads, parses and checks the file, then swaps the new
/// registry in; when the file cannot be read or has errors, it throws and
/// ``current`` stays as it was. ``watch(interval:debounce:_:)`` does the
/// same whenever the file changes and hands each outcome to a closure.
///
/// ```swift
/// let mappings = try ReloadingRegistry(contentsOf: url, plugins: plugins)
/// let watch = mappings.watch { outcome in
///     if case .failure(let error) = outcome {
///         log(DiagnosticFormatter().format(error.diagnostics))   // the last good registry stays
///     }
/// }
/// // On any thread, for each render:
/// let result = TextRenderer(registry: mappings.current).render(storage)
/// ```
///
/// Read ``current`` once per render and resolve through that registry, so
/// a whole render uses one version of the mappings.
///
/// ## Configurations from a server
///
/// ``apply(_:source:)`` takes a configuration's bytes from anywhere (a
/// download, a push) and, when they load, makes them current, like a reload.
/// With a `cache:`, every configuration accepted that way is also written to
/// the cache file, atomically, and the next start serves the cache when the
/// primary source is missing or does not load:
///
/// ```swift
/// let mappings = try ReloadingRegistry(bundled: defaultURL, cache: cacheURL, plugins: plugins)
/// // mappings.origin is .cached when the last download loads with this app, else .bundled
/// let outcome = mappings.apply(downloaded, source: "https://example.com/mappings.json")
/// // accepted: now current, origin .fresh, and in the cache for the next start
/// ```
///
/// ``origin`` says where the registry being served came from;
/// ``snapshot`` gives it together with the registry, as one.
/// ``startupDiagnostics`` says why a source was passed over at start.
///
/// A watch and `apply` coexist: a watch loads the file only when the file's
/// contents change, so it never replaces an applied configuration with the
/// same file it loaded before; ``reload()`` loads the file whenever called.
public final class ReloadingRegistry: Sendable {
    /// The mappings file.
    public let url: URL
    /// The plugins every load checks the file against.
    public let plugins: PluginCatalog
    /// The file name diagnostics use.
    public let source: String
    /// Which codes every load treats as errors, warnings or ignores.
    public let policy: DiagnosticPolicy
    /// The sources every load checks the file together with (the app's
    /// Swift mappings), before it.
    public let fixedSources: [MappingSource]
    /// The file every accepted configuration is written to, and which the
    /// start serves when the primary source is missing or does not load;
    /// `nil` for none.
    public let cache: URL?
    /// Why start-up passed over a source: the diagnostics of a primary file
    /// that was missing or did not load (when the cache served instead), an
    /// `unusable-cache` warning for a cache that was torn, truncated, empty,
    /// of another version or did not load (when the bundled default served
    /// instead), or for a cache that could not be written. Empty when the
    /// first source tried served and nothing failed.
    ///
    /// The library prints nothing; log these where your app logs.
    public let startupDiagnostics: [Diagnostic]

    /// The origin of a load of ``url``.
    private let fileOrigin: Origin
    private let slot: SwappableReference<Snapshot>
    private let loader: Loader

    /// Loads serialize on ``lock``, which also guards what was last read
    /// and what the cache holds.
    private final class Loader: @unchecked Sendable {
        let lock = NSLock()
        /// Tells a change from a touch and holds back half-written versions.
        var filter: ContentChangeFilter
        /// The bytes and source name known to be in the cache, to skip
        /// writing them again; `nil` when unknown.
        var cached: ConfigurationCache.Entry?
        /// The failure of the last cache write; `nil` after a success.
        var cacheWriteFailure: Diagnostic?
        /// Where tests make a cache write fail.
        var cacheFault: (@Sendable (ConfigurationCache.WriteStep) throws -> Void)?

        init(lastRead: Result<Data, ConfigurationError>, cached: ConfigurationCache.Entry?) {
            filter = ContentChangeFilter(lastRead: lastRead)
            self.cached = cached
        }
    }

    /// What a watch's check of the file found.
    package enum Check: Sendable {
        /// The contents are the same as at the last load.
        case unchanged
        /// The file changed while it was read, or holds a version that does
        /// not load and may still be being written: look again.
        case unsettled
        /// The file changed and was loaded (or failed to load) for good.
        case changed(Result<MappingRegistry, ConfigurationError>, contents: Data?)
    }

    /// Loads a mappings file and checks it against the plugins, together
    /// with fixed sources, such as the app's Swift mappings, kept through
    /// every reload: a reloaded file is checked with them (overlaps,
    /// duplicates and reuse identifiers across both), and a reload that
    /// collides with them fails, leaving ``current`` as it was.
    ///
    /// ```swift
    /// let mappings = try ReloadingRegistry(contentsOf: url, plugins: plugins, including: [.declarations(FeedMappings.all)])
    /// ```
    ///
    /// With a `cache:`, the file is the primary source and the cache its
    /// stand-in: each version of the file that loads (now, on
    /// ``reload()``, from a watch) and each configuration ``apply(_:source:)``
    /// accepts is written to the cache, and when the file is missing or does
    /// not load at start, the cache serves (``origin`` ``Origin/cached``, the
    /// file's diagnostics in ``startupDiagnostics``). Use it for a file that
    /// something outside the app replaces, such as a download directory.
    ///
    /// - Parameters:
    ///   - url: The mappings file.
    ///   - plugins: The models, views, predicates and decorators the file may name.
    ///   - source: The file name diagnostics use; by default the URL's last
    ///     path component, as ``MappingRegistry/init(contentsOf:plugins:policy:)`` does.
    ///   - fixedSources: Sources checked with the file at every load, before it. Default: none.
    ///   - cache: The cache file, or `nil` (the default) for none.
    ///   - policy: Which codes this load and every reload treat as errors,
    ///     warnings or ignores. Default: every code as documented.
    /// - Throws: ``ConfigurationError``: `unreadable-file` when the file
    ///   cannot be read or is too large, or every error in its contents;
    ///   with a cache, only when the cache cannot serve either (then with an
    ///   `unusable-cache` warning saying why, unless there is no cache file).
    public convenience init(
        contentsOf url: URL,
        plugins: PluginCatalog,
        source: String? = nil,
        including fixedSources: [MappingSource] = [],
        cache: URL? = nil,
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(ConfigurationError) {
        try self.init(primary: url, plugins: plugins, source: source ?? url.lastPathComponent, cache: cache, policy: policy, including: fixedSources)
    }

    /// Starts an app whose mappings come from a server: serves the last
    /// configuration the app accepted (the cache) when it loads with this
    /// app, else the default shipped in the app bundle.
    ///
    /// ```swift
    /// let mappings = try ReloadingRegistry(bundled: defaultURL, cache: cacheURL, plugins: plugins)
    /// ```
    ///
    /// The order at start:
    /// 1. The bundled default is read and checked, always, so a broken
    ///    default fails every launch (it is the app's bug) rather than only
    ///    the launches without a usable cache.
    /// 2. The cache, when there is one and it loads, serves:
    ///    ``origin`` is ``Origin/cached``.
    /// 3. Otherwise the bundled default serves: ``origin`` is
    ///    ``Origin/bundled``. A cache file that is torn, truncated, empty,
    ///    of another version or whose mappings do not load with this app's
    ///    plugins gives an `unusable-cache` warning in
    ///    ``startupDiagnostics``; a missing cache (the first launch) gives none.
    ///
    /// Then ``apply(_:source:)`` each configuration the server sends; each
    /// one accepted is written to the cache for the next start. ``reload()``
    /// and a watch read the bundled file (they never write it to the cache).
    ///
    /// - Parameters:
    ///   - bundled: The default configuration shipped with the app; also ``url``.
    ///   - cache: The cache file, such as a file in the app's caches
    ///     directory, or `nil` to start from the bundled default every time.
    ///     Its directory must exist.
    ///   - plugins: What the mappings may name.
    ///   - fixedSources: Sources checked with every configuration, before it
    ///     (the app's Swift mappings). Default: none.
    ///   - policy: Which codes are errors, warnings or ignored, for every
    ///     load. Default: every code as documented.
    /// - Throws: ``ConfigurationError`` when the bundled default cannot be
    ///   read or does not load, whatever the cache holds.
    public convenience init(
        bundled: URL,
        cache: URL?,
        plugins: PluginCatalog,
        including fixedSources: [MappingSource] = [],
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(ConfigurationError) {
        let source = bundled.lastPathComponent
        let data = try FileReader.read(bundled, limit: FileReader.configurationLimit)
        let registry = try Self.load(data, plugins: plugins, source: source, policy: policy, including: fixedSources)
        var start = Start(registry: registry, origin: .bundled, lastRead: .success(data))
        if let cache {
            let fallback = "serving the bundled default '\(source)'"
            switch Self.loadCache(ConfigurationCache(url: cache), plugins: plugins, policy: policy, including: fixedSources, fallback: fallback) {
            case .none:
                break
            case .served(let cachedRegistry, let entry):
                start.registry = cachedRegistry
                start.origin = .cached
                start.cached = entry
            case .unusable(let diagnostic):
                start.diagnostics += policy.apply(to: [diagnostic])
            }
        }
        self.init(url: bundled, plugins: plugins, source: source, policy: policy, fixedSources: fixedSources, cache: cache, fileOrigin: .bundled, start: start)
    }

    /// The start of the `contentsOf:` initializer: the file, else the cache.
    private convenience init(
        primary url: URL,
        plugins: PluginCatalog,
        source: String,
        cache: URL?,
        policy: DiagnosticPolicy,
        including fixedSources: [MappingSource]
    ) throws(ConfigurationError) {
        let read = Result { () throws(ConfigurationError) in try FileReader.read(url, limit: FileReader.configurationLimit) }
        var start: Start
        switch Self.parse(read, plugins: plugins, source: source, policy: policy, including: fixedSources) {
        case .success(let registry):
            start = Start(registry: registry, origin: .fresh, lastRead: read)
            if let cache, case .success(let data) = read {
                // The file is the newest good configuration: keep it for a start without it.
                let entry = ConfigurationCache.Entry(payload: data, source: source)
                switch Self.writeCache(ConfigurationCache(url: cache), entry, unless: (try? ConfigurationCache(url: cache).read()) ?? nil) {
                case .success(let written): start.cached = written
                case .failure(let diagnostic): start.diagnostics += policy.apply(to: [diagnostic])
                }
            }
        case .failure(let error):
            guard let cache else { throw error }
            let fallback = "there is nothing else to serve: '\(source)' does not load either"
            switch Self.loadCache(ConfigurationCache(url: cache), plugins: plugins, policy: policy, including: fixedSources, fallback: fallback) {
            case .none:
                throw error
            case .unusable(let diagnostic):
                throw ConfigurationError(diagnostics: error.diagnostics + policy.apply(to: [diagnostic]))
            case .served(let registry, let entry):
                start = Start(registry: registry, origin: .cached, lastRead: read, diagnostics: error.diagnostics)
                start.cached = entry
            }
        }
        self.init(url: url, plugins: plugins, source: source, policy: policy, fixedSources: fixedSources, cache: cache, fileOrigin: .fresh, start: start)
    }

    /// Loads a registry from bytes already read from `url`, which later
    /// reloads read again.
    package convenience init(
        url: URL,
        contents: Data,
        plugins: PluginCatalog,
        source: String,
        policy: DiagnosticPolicy = DiagnosticPolicy(),
        including fixedSources: [MappingSource] = []
    ) throws(ConfigurationError) {
        let registry = try Self.load(contents, plugins: plugins, source: source, policy: policy, including: fixedSources)
        self.init(
            url: url, plugins: plugins, source: source, policy: policy, fixedSources: fixedSources, cache: nil,
            fileOrigin: .fresh, start: Start(registry: registry, origin: .fresh, lastRead: .success(contents))
        )
    }

    /// What start-up decided: the registry to serve first, and why.
    private struct Start {
        var registry: MappingRegistry
        var origin: Origin
        /// The primary file's read, as a watch compares the next one with.
        var lastRead: Result<Data, ConfigurationError>
        var diagnostics: [Diagnostic] = []
        /// What the cache is known to hold.
        var cached: ConfigurationCache.Entry?
    }

    private init(
        url: URL,
        plugins: PluginCatalog,
        source: String,
        policy: DiagnosticPolicy,
        fixedSources: [MappingSource],
        cache: URL?,
        fileOrigin: Origin,
        start: Start
    ) {
        self.url = url
        self.plugins = plugins
        self.source = source
        self.policy = policy
        self.fixedSources = fixedSources
        self.cache = cache
        self.fileOrigin = fileOrigin
        startupDiagnostics = start.diagnostics
        slot = SwappableReference(Snapshot(start.registry, origin: start.origin))
        loader = Loader(lastRead: start.lastRead, cached: start.cached)
    }

    /// The registry being served: the last configuration that loaded.
    ///
    /// Reading it never waits for a reload or an ``apply(_:source:)`` that
    /// is running (the lock it takes is held only to copy or swap one
    /// reference), and always gives a fully loaded and checked registry.
    public var current: MappingRegistry {
        slot.load { $0.registry }
    }

    /// Where ``current`` came from: the bundled default, the cache, or a
    /// live source (``apply(_:source:)`` or the `contentsOf:` file).
    ///
    /// Never waits for a reload, like ``current``. To get the registry and its origin as
    /// one, read ``snapshot``.
    public var origin: Origin {
        slot.load { $0.origin }
    }

    /// The registry being served together with its origin, swapped as one:
    /// never a registry with another version's origin. Never waits for a reload, like ``current``.
    public var snapshot: Snapshot {
        slot.load()
    }

    /// Why the last cache write failed, as an `unusable-cache` warning;
    /// `nil` when it succeeded, or before any.
    ///
    /// For writes that no outcome reports: after ``reload()`` or a watch
    /// loads the `contentsOf:` file. ``apply(_:source:)`` reports its own in
    /// its ``ReloadOutcome``, and the start in ``startupDiagnostics``. Waits
    /// for a running reload or apply.
    public var cacheWriteFailure: Diagnostic? {
        loader.lock.lock()
        defer { loader.lock.unlock() }
        return loader.cacheWriteFailure
    }

    /// Loads a configuration's bytes and, when they load, makes them
    /// ``current`` (origin ``Origin/fresh``) and writes them to the
    /// ``cache``.
    ///
    /// ```swift
    /// let outcome = mappings.apply(downloaded, source: "https://example.com/mappings.json")
    /// if case .rejected(let error) = outcome {
    ///     report(error.diagnostics)   // the previous registry keeps serving
    /// }
    /// ```
    ///
    /// The bytes are checked as a reload checks the file: with the
    /// ``plugins``, the ``fixedSources`` and the ``policy``. Bytes that do not
    /// load are rejected with every diagnostic; ``current``, ``origin`` and
    /// the cache stay as they were. An accepted configuration is written to
    /// the cache atomically (a new file renamed over the old), so a crash
    /// mid-write leaves the previous cache; a cache that cannot be written
    /// does not undo the acceptance, it adds an `unusable-cache` warning to
    /// the outcome. Bytes equal to what the cache holds are not written again.
    ///
    /// Applies run one at a time, together with reloads and a watch's
    /// loads, so of two racing configurations the one applied last serves.
    /// Readers of ``current`` never wait for it. A watch does not undo an apply: it
    /// loads the file again only when the file's contents change.
    ///
    /// - Parameters:
    ///   - data: The configuration's bytes (`mappings.json`), as downloaded.
    ///   - source: The name diagnostics and mapping locations use for them,
    ///     such as the URL they came from; kept in the cache with them.
    /// - Returns: ``ReloadOutcome/accepted(_:diagnostics:)`` with the new
    ///   registry, or ``ReloadOutcome/rejected(_:)`` with every diagnostic.
    @discardableResult
    public func apply(_ data: Data, source: String) -> ReloadOutcome {
        loader.lock.lock()
        defer { loader.lock.unlock() }
        let registry: MappingRegistry
        do {
            registry = try Self.load(data, plugins: plugins, source: source, policy: policy, including: fixedSources)
        } catch {
            return .rejected(error)
        }
        slot.store(Snapshot(registry, origin: .fresh))
        var diagnostics = registry.warnings
        if let failure = cacheLocked(ConfigurationCache.Entry(payload: data, source: source)) {
            diagnostics.append(failure)
        }
        return .accepted(registry, diagnostics: diagnostics)
    }

    /// Makes every later cache write stop at `fault`'s first throw, as a
    /// crash there would; for tests.
    func injectCacheFault(_ fault: (@Sendable (ConfigurationCache.WriteStep) throws -> Void)?) {
        loader.lock.lock()
        defer { loader.lock.unlock() }
        loader.cacheFault = fault
    }

    /// Reads and checks the file again and, when it loads, makes it
    /// ``current``.
    ///
    /// Readers of ``current`` never wait for the reload: they get the previous
    /// registry until the swap and the new one after it. Reloads (from
    /// several threads, or from a watch) run one at a time, each reading
    /// the file inside its turn, so of the versions that load, the one
    /// read last is current.
    ///
    /// The new registry's ``origin`` is ``Origin/fresh`` for the file of a
    /// `contentsOf:` initializer, which is also written to the ``cache``
    /// (a failed write is in ``cacheWriteFailure``), and ``Origin/bundled``
    /// for the bundled default, which never is. It replaces a configuration
    /// ``apply(_:source:)`` accepted.
    ///
    /// - Returns: The new registry, now ``current``.
    /// - Throws: ``ConfigurationError`` with every diagnostic when the file
    ///   cannot be read or has errors; ``current`` is then unchanged.
    @discardableResult
    public func reload() throws(ConfigurationError) -> MappingRegistry {
        loader.lock.lock()
        defer { loader.lock.unlock() }
        return try load(read()).get()
    }

    /// Reloads when the file's contents differ from the last load (or it
    /// could not be read then and can now, or the other way round).
    ///
    /// A version that loads is swapped in at once. A version that does not
    /// load is reported only once it has stayed the same for
    /// ``ContentChangeFilter/failureGrace``: until then the check answers
    /// ``Check/unsettled``, so a file caught halfway through being written
    /// is never reported.
    package func reloadIfChanged(now: Date = Date()) -> Check {
        loader.lock.lock()
        defer { loader.lock.unlock() }
        guard let read = FileWatcher.readSettled(url) else { return .unsettled }
        switch loader.filter.examine(read, now: now) {
        case .unchanged:
            return .unchanged
        case .waiting:
            return .unsettled
        case .settledFailure:
            return .changed(load(read), contents: try? read.get())
        case .new:
            let outcome = Self.parse(read, plugins: plugins, source: source, policy: policy, including: fixedSources)
            if case .failure = outcome {
                loader.filter.hold(read, since: now)
                return .unsettled
            }
            return .changed(install(read, outcome), contents: try? read.get())
        }
    }

    // MARK: - Loading (with the lock held)

    private func read() -> Result<Data, ConfigurationError> {
        Result { () throws(ConfigurationError) in try FileReader.read(url, limit: FileReader.configurationLimit) }
    }

    private func load(_ read: Result<Data, ConfigurationError>) -> Result<MappingRegistry, ConfigurationError> {
        install(read, Self.parse(read, plugins: plugins, source: source, policy: policy, including: fixedSources))
    }

    /// Records the read and, when it loaded, makes the registry current.
    private func install(
        _ read: Result<Data, ConfigurationError>,
        _ outcome: Result<MappingRegistry, ConfigurationError>
    ) -> Result<MappingRegistry, ConfigurationError> {
        loader.filter.accept(read)
        if case .success(let registry) = outcome {
            slot.store(Snapshot(registry, origin: fileOrigin))
            // The bundled default is always at hand; the cache keeps what is not.
            if fileOrigin == .fresh, case .success(let data) = read {
                loader.cacheWriteFailure = cacheLocked(ConfigurationCache.Entry(payload: data, source: source))
            }
        }
        return outcome
    }

    /// Writes an accepted configuration to the cache unless it holds it
    /// already; the `unusable-cache` warning of a failed write.
    private func cacheLocked(_ entry: ConfigurationCache.Entry) -> Diagnostic? {
        guard let cache else { return nil }
        switch Self.writeCache(ConfigurationCache(url: cache), entry, unless: loader.cached, fault: loader.cacheFault) {
        case .success(let written):
            loader.cached = written
            loader.cacheWriteFailure = nil
            return nil
        case .failure(let diagnostic):
            // What the cache holds now is unknown: a later write must not be skipped.
            loader.cached = nil
            let reported = policy.apply(to: diagnostic)
            loader.cacheWriteFailure = reported
            return reported
        }
    }

    private static func writeCache(
        _ cache: ConfigurationCache,
        _ entry: ConfigurationCache.Entry,
        unless cached: ConfigurationCache.Entry?,
        fault: (@Sendable (ConfigurationCache.WriteStep) throws -> Void)? = nil
    ) -> Result<ConfigurationCache.Entry, Diagnostic> {
        if cached == entry { return .success(entry) }
        do {
            try cache.write(entry.payload, source: entry.source, fault: fault ?? { _ in })
            return .success(entry)
        } catch {
            return .failure(.cacheNotWritten(cache.url, reason: error.reason))
        }
    }

    /// What the cache gave at start.
    private enum CacheStart {
        /// No cache file: nothing to say.
        case none
        /// The cache loads: serve it.
        case served(MappingRegistry, ConfigurationCache.Entry)
        /// The cache exists but cannot serve: why.
        case unusable(Diagnostic)
    }

    private static func loadCache(
        _ cache: ConfigurationCache,
        plugins: PluginCatalog,
        policy: DiagnosticPolicy,
        including fixedSources: [MappingSource],
        fallback: String
    ) -> CacheStart {
        let entry: ConfigurationCache.Entry
        do {
            guard let read = try cache.read() else { return .none }
            entry = read
        } catch {
            return .unusable(.unusableCache(cache.url, error.explanation, fallback: fallback))
        }
        do {
            let registry = try load(entry.payload, plugins: plugins, source: entry.source, policy: policy, including: fixedSources)
            return .served(registry, entry)
        } catch {
            let errors = error.errors
            let first = errors.first.map { " (the first: \($0.message)\($0.location.map { " at \($0)" } ?? ""))" } ?? ""
            let count = errors.count == 1 ? "1 error" : "\(errors.count) errors"
            return .unusable(.unusableCache(
                cache.url,
                "its mappings from '\(entry.source)' do not load with this app: \(count)\(first)",
                fallback: fallback,
                notes: errors.map { Diagnostic.Note(message: "\($0.message) [\($0.code)]", location: $0.location) }
            ))
        }
    }

    private static func parse(
        _ read: Result<Data, ConfigurationError>,
        plugins: PluginCatalog,
        source: String,
        policy: DiagnosticPolicy,
        including fixedSources: [MappingSource]
    ) -> Result<MappingRegistry, ConfigurationError> {
        read.flatMap { data in
            Result { () throws(ConfigurationError) in
                try Self.load(data, plugins: plugins, source: source, policy: policy, including: fixedSources)
            }
        }
    }

    /// One load: the fixed sources, then the file.
    private static func load(
        _ contents: Data, plugins: PluginCatalog, source: String, policy: DiagnosticPolicy, including fixedSources: [MappingSource]
    ) throws(ConfigurationError) -> MappingRegistry {
        try MappingRegistry(plugins: plugins, sources: fixedSources + [.json(contents, name: source)], policy: policy)
    }
}

extension Diagnostic {
    /// A cache file start-up could not use.
    static func unusableCache(_ url: URL, _ explanation: String, fallback: String, notes: [Note] = []) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .unusableCache,
            message: "cannot use the cached configuration '\(url.path)': \(explanation); \(fallback)",
            location: SourceLocation(file: url.path, line: 1, column: 1, pointer: ""),
            notes: notes
        )
    }

    /// A cache write that failed; the previous cache file is intact.
    static func cacheNotWritten(_ url: URL, reason: String) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .unusableCache,
            message: "cannot write the cache '\(url.path)': \(reason); the configuration is serving, and the next start uses the previous cache. Check that the directory exists and is writable"
        )
    }
}
