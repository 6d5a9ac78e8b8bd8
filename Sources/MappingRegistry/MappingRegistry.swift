import Foundation
import ModelStorage

/// The loaded, checked set of mappings: answers "which view shows this
/// model here?" with exactly one mapping, or a diagnostic that says why not.
///
/// Mappings come from Swift declarations, from `mappings.json`, or from
/// both at once; one checker checks them all with the same diagnostic
/// codes, and throws every problem it finds.
///
/// ```swift
/// let registry = try MappingRegistry(plugins: plugins) {
///     Map(DishRow.self)
///     Map(ChefSpecialRow.self, when: .section(0), priority: 3)
/// }
/// switch registry.resolve(dish, at: ItemPosition(item: 0, section: 1)) {
/// case .resolved(let mapping): print(mapping.view)
/// case .missing(let diagnostic), .ambiguous(_, let diagnostic): print(diagnostic)
/// }
/// ```
///
/// A registry is immutable once loaded and safe to share between threads.
/// Threads resolving through one registry at once share no memory that
/// resolving writes, so they scale with the cores (the package's
/// `Benchmarks/README.md` measures it).
public final class MappingRegistry: Sendable {
    /// Every mapping, in declaration order: sources in the order given,
    /// and within a source as declared.
    public let mappings: [Mapping]
    /// Warnings found while loading (`unused-view`, `unused-predicate`,
    /// `unused-decorator`, `unsatisfiable-condition`, `duplicate-decorator`,
    /// and problems a policy downgraded).
    public let warnings: [Diagnostic]
    /// The custom supplementary kinds that have mappings, in declaration order.
    public let customKinds: [ViewKind]

    /// What the mappings came from, for messages: `mappings.json`, or `the mappings`.
    let sourceDescription: String
    /// The resolution rule: the mappings by kind, every one tested per item.
    let reference: ReferenceResolver
    /// What resolves items: the ``Resolver`` that resolving, the renderers,
    /// ``ReusePool`` and events call. With the index switched off
    /// (`MAPPING_REGISTRY_INDEX=off`) it hands every item to ``reference``.
    let resolver: IndexedResolver
    /// How many distinct reuse identifiers there are: the pool slots a ``ReusePool`` needs.
    let poolCount: Int

    /// Loads mappings from any number of sources and checks them together.
    ///
    /// ```swift
    /// let registry = try MappingRegistry(plugins: plugins, sources: [
    ///     .declarations { Map(DishRow.self) },
    ///     .json(data, name: "mappings.json"),
    /// ])
    /// ```
    ///
    /// Under a ``DiagnosticPolicy``, the registry fails to load only when an
    /// error remains after the policy; every downgraded problem is one of
    /// its ``warnings``, and a mapping that a downgraded problem of its own
    /// left incomplete is left out.
    ///
    /// - Parameters:
    ///   - plugins: The models, views, predicates and decorators the mappings may name.
    ///   - sources: Swift declarations and JSON documents, in order.
    ///   - policy: Which codes are errors, warnings or ignored. Default: every code as documented.
    /// - Throws: ``ConfigurationError`` with every error found (and the
    ///   warnings), when there is at least one error.
    public convenience init(plugins: PluginCatalog, sources: [MappingSource], policy: DiagnosticPolicy = DiagnosticPolicy()) throws(ConfigurationError) {
        try self.init(plugins: plugins, sources: sources, policy: policy, usesIndex: IndexedResolver.isEnabledByEnvironment)
    }

    /// Loads and checks, with the resolution index on or off.
    ///
    /// - Parameter usesIndex: Whether items resolve through the
    ///   `IndexedResolver` (the default), or through the ``ReferenceResolver``,
    ///   which tests every mapping of the kind: for debugging, and for tests
    ///   that compare the two.
    init(plugins: PluginCatalog, sources: [MappingSource], policy: DiagnosticPolicy, usesIndex: Bool) throws(ConfigurationError) {
        let loaded = try LoadPipeline.load(sources, plugins: plugins, policy: policy)
        mappings = loaded.mappings.map(Mapping.init)
        warnings = loaded.warnings
        let jsonNames = sources.compactMap(\.jsonName)
        sourceDescription = jsonNames.count == 1 && sources.count == 1 ? jsonNames[0] : "the mappings"
        reference = ReferenceResolver(mappings)
        resolver = IndexedResolver(reference, isEnabled: usesIndex)
        customKinds = reference.kinds.filter { !ViewKind.builtIns.contains($0) }
        poolCount = (loaded.mappings.map(\.poolIndex).max() ?? -1) + 1
    }

    /// Declares mappings in Swift and checks them.
    ///
    /// ```swift
    /// let registry = try MappingRegistry(plugins: plugins) {
    ///     Map(DishRow.self)
    ///     Map("SectionTitle", for: String.self, kind: .header)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - plugins: The models, views, predicates and decorators the mappings may name.
    ///   - policy: Which codes are errors, warnings or ignored. Default: every code as documented.
    ///   - declarations: One `Map(…)` per line.
    /// - Throws: ``ConfigurationError`` with every error found, each at the
    ///   call site of its declaration.
    public convenience init(
        plugins: PluginCatalog,
        policy: DiagnosticPolicy = DiagnosticPolicy(),
        @MappingDeclarationBuilder _ declarations: () -> [MappingDeclaration]
    ) throws(ConfigurationError) {
        try self.init(plugins: plugins, sources: [.declarations(declarations())], policy: policy)
    }

    /// Loads a `mappings.json` document and checks it against the plugins.
    ///
    /// ```swift
    /// var policy = DiagnosticPolicy()
    /// try policy.treat(.unknownView, as: .warning)   // a config shared with newer app versions
    /// let registry = try MappingRegistry(configuration: data, plugins: plugins, policy: policy)
    /// ```
    ///
    /// - Parameters:
    ///   - configuration: The contents of a `mappings.json` file.
    ///   - plugins: The models, views, predicates and decorators the configuration may name.
    ///   - source: The file name to use in diagnostics.
    ///   - policy: Which codes are errors, warnings or ignored. Default: every code as documented.
    /// - Throws: ``ConfigurationError`` with every error found (and the
    ///   warnings), when there is at least one error.
    public convenience init(
        configuration: Data,
        plugins: PluginCatalog,
        source: String = "mappings.json",
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(ConfigurationError) {
        try self.init(plugins: plugins, sources: [.json(configuration, name: source)], policy: policy)
    }

    /// Loads a `mappings.json` file and checks it against the plugins.
    ///
    /// Diagnostics name the file by its last path component.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - plugins: The models, views, predicates and decorators the configuration may name.
    ///   - policy: Which codes are errors, warnings or ignored. Default: every code as documented.
    /// - Throws: ``ConfigurationError``: `unreadable-file` when the file
    ///   cannot be read or is too large, or every error in its contents.
    public convenience init(contentsOf url: URL, plugins: PluginCatalog, policy: DiagnosticPolicy = DiagnosticPolicy()) throws(ConfigurationError) {
        let data = try FileReader.read(url, limit: FileReader.configurationLimit)
        try self.init(configuration: data, plugins: plugins, source: url.lastPathComponent, policy: policy)
    }
}

extension MappingRegistry {
    /// The `unused-*` warnings of several sources taken together, for a
    /// validator that checks each mappings file on its own and reports
    /// unused plugins once for the whole run.
    package static func unusedPluginWarnings(plugins: PluginCatalog, sources: [MappingSource], policy: DiagnosticPolicy) -> [Diagnostic] {
        LoadPipeline.unusedPluginWarnings(sources, plugins: plugins, policy: policy)
    }

    /// The codes of the `unused-*` warnings.
    package static var unusedPluginCodes: Set<Diagnostic.Code> { LoadPipeline.unusedCodes }

    /// What the read stage alone finds in a mappings document: JSON syntax,
    /// keys and the JSON type of every value, decided without any plugin.
    /// The build-tool plugin's check of a target without a catalog file.
    ///
    /// - Returns: Every problem found, sorted; empty when the document reads.
    package static func readingDiagnostics(of data: Data, source: String, policy: DiagnosticPolicy) -> [Diagnostic] {
        var log = DiagnosticLog(policy: policy)
        _ = ConfigurationParser.parse(data, source: source, log: &log)
        return Diagnostic.sorted(log.diagnostics)
    }
}

extension PluginCatalog {
    /// The catalog file's description of these plugins together with the
    /// view types the sources' Swift `Map(V.self)` declarations name.
    package func described(including sources: [MappingSource]) throws(ConfigurationError) -> CatalogDescription {
        CatalogDescription(try LoadPipeline.load(sources, plugins: self, policy: DiagnosticPolicy()).plugins)
    }
}
