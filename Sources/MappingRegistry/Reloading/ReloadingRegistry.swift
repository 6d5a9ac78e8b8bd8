import Foundation

/// A ``MappingRegistry`` loaded from a file that can be loaded again while
/// other threads resolve through it, and that never loses the last good
/// version.
///
/// ``current`` is the registry of the last successful load. Reading it
/// takes no lock and never waits, however often the file is reloaded; a
/// registry is immutable, and a reader gets a whole one, old or new, never
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

    private let slot: SwappableReference<MappingRegistry>
    private let loader: Loader

    /// Loads serialize on ``lock``, which also guards what was last read.
    private final class Loader: @unchecked Sendable {
        let lock = NSLock()
        /// Tells a change from a touch and holds back half-written versions.
        var filter: ContentChangeFilter

        init(lastRead: Result<Data, ConfigurationError>) {
            filter = ContentChangeFilter(lastRead: lastRead)
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

    /// Loads a mappings file and checks it against the plugins.
    ///
    /// - Parameters:
    ///   - url: The mappings file.
    ///   - plugins: The models, views, predicates and decorators the file may name.
    ///   - source: The file name diagnostics use; by default the URL's last
    ///     path component, as ``MappingRegistry/init(contentsOf:plugins:policy:)`` does.
    ///   - policy: Which codes this load and every reload treat as errors,
    ///     warnings or ignores. Default: every code as documented.
    /// - Throws: ``ConfigurationError``: `unreadable-file` when the file
    ///   cannot be read or is too large, or every error in its contents.
    public convenience init(
        contentsOf url: URL,
        plugins: PluginCatalog,
        source: String? = nil,
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(ConfigurationError) {
        let data = try FileReader.read(url, limit: FileReader.configurationLimit)
        try self.init(url: url, contents: data, plugins: plugins, source: source ?? url.lastPathComponent, policy: policy)
    }

    /// Loads a mappings file together with fixed sources, such as the app's
    /// Swift mappings, and keeps them through every reload: a reloaded file
    /// is checked with them (overlaps, duplicates and reuse identifiers
    /// across both), and a reload that collides with them fails, leaving
    /// ``current`` as it was.
    ///
    /// ```swift
    /// let mappings = try ReloadingRegistry(contentsOf: url, plugins: plugins, including: [.declarations(FeedMappings.all)])
    /// ```
    ///
    /// - Parameters:
    ///   - url: The mappings file.
    ///   - plugins: What the mappings may name.
    ///   - fixedSources: Sources checked with the file at every load, before it.
    ///   - policy: Which codes are errors, warnings or ignored. Default: every code as documented.
    /// - Throws: ``ConfigurationError`` when the file cannot be read or the mappings do not load.
    public convenience init(
        contentsOf url: URL,
        plugins: PluginCatalog,
        including fixedSources: [MappingSource],
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(ConfigurationError) {
        let data = try FileReader.read(url, limit: FileReader.configurationLimit)
        try self.init(url: url, contents: data, plugins: plugins, source: url.lastPathComponent, policy: policy, including: fixedSources)
    }

    /// Loads a registry from bytes already read from `url`, which later
    /// reloads read again.
    package init(
        url: URL,
        contents: Data,
        plugins: PluginCatalog,
        source: String,
        policy: DiagnosticPolicy = DiagnosticPolicy(),
        including fixedSources: [MappingSource] = []
    ) throws(ConfigurationError) {
        self.url = url
        self.plugins = plugins
        self.source = source
        self.policy = policy
        self.fixedSources = fixedSources
        let registry = try Self.load(contents, plugins: plugins, source: source, policy: policy, including: fixedSources)
        slot = SwappableReference(registry)
        loader = Loader(lastRead: .success(contents))
    }

    /// The registry of the last successful load.
    ///
    /// Lock-free: reading it never blocks, not even while a reload is
    /// running, and always gives a fully loaded and checked registry.
    public var current: MappingRegistry {
        slot.load()
    }

    /// Reads and checks the file again and, when it loads, makes it
    /// ``current``.
    ///
    /// Readers of ``current`` are never blocked: they get the previous
    /// registry until the swap and the new one after it. Reloads (from
    /// several threads, or from a watch) run one at a time, each reading
    /// the file inside its turn, so of the versions that load, the one
    /// read last is current.
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

    /// Replaced registries still waiting for readers to leave; for tests.
    var retiredCount: Int {
        slot.retiredCount
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
            slot.store(registry)
        } else {
            slot.reclaim()
        }
        return outcome
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
