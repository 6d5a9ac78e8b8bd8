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
public final class MappingRegistry: Sendable {
    /// Every mapping, in declaration order: sources in the order given,
    /// and within a source as declared.
    public let mappings: [Mapping]
    /// Warnings found while loading (`unused-view`, `unused-predicate`, `unused-decorator`).
    public let warnings: [Diagnostic]
    /// The custom supplementary kinds that have mappings, in declaration order.
    public let customKinds: [ViewKind]

    /// The mappings with their plugins, by index.
    let checked: [CheckedMapping]
    /// What the mappings came from, for messages: `mappings.json`, or `the mappings`.
    let sourceDescription: String
    /// The kinds that have mappings, in order of first appearance; a kind's
    /// place here is its slot in the cache key.
    let kinds: [ViewKind]
    /// The slot of each kind, for configurations with many kinds.
    let kindSlots: [ViewKind: Int]
    /// For each kind slot, the indexes of its mappings in declaration order.
    let mappingsByKind: [[Int]]
    let cache: ResolutionCache
    /// The sections the conditions name, numbered for the plans' section index.
    let sectionSlots: SectionSlots
    /// For each mapping, the index of its reuse identifier among the
    /// distinct reuse identifiers: mappings sharing an identifier share a pool.
    let poolIndexes: [Int]
    /// How many distinct reuse identifiers there are.
    let poolCount: Int
    /// Each mapping's view, by index: what rendering reads per item, kept
    /// apart from ``checked`` so that reading it copies one reference.
    let viewPlugins: [ViewPlugin]
    /// Each mapping's decorators, by index.
    let decoratorLists: [[DecoratorPlugin]]
    /// Whether any mapping has a decorator.
    let hasDecorators: Bool

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
    public init(plugins: PluginCatalog, sources: [MappingSource], policy: DiagnosticPolicy = DiagnosticPolicy()) throws(ConfigurationError) {
        let result = try MappingChecker.check(sources, plugins: plugins, policy: policy)
        checked = result.mappings
        mappings = checked.map(\.mapping)
        warnings = result.warnings
        let jsonNames = sources.compactMap { source -> String? in
            if case .json(_, let name) = source { return name }
            return nil
        }
        sourceDescription = jsonNames.count == 1 && sources.count == 1 ? jsonNames[0] : "the mappings"
        var kinds: [ViewKind] = []
        var slots: [ViewKind: Int] = [:]
        var byKind: [[Int]] = []
        for (index, mapping) in mappings.enumerated() {
            if let slot = slots[mapping.kind] {
                byKind[slot].append(index)
            } else {
                slots[mapping.kind] = kinds.count
                kinds.append(mapping.kind)
                byKind.append([index])
            }
        }
        self.kinds = kinds
        customKinds = kinds.filter { !ViewKind.builtIns.contains($0) }
        kindSlots = slots
        mappingsByKind = byKind
        var pools: [String: Int] = [:]
        poolIndexes = mappings.map { mapping in
            if let index = pools[mapping.reuseIdentifier] { return index }
            pools[mapping.reuseIdentifier] = pools.count
            return pools.count - 1
        }
        poolCount = pools.count
        cache = ResolutionCache(slotCount: kinds.count)
        sectionSlots = SectionSlots(named: checked.reduce(into: Set<Int>()) { $0.formUnion($1.condition.namedSections) })
        viewPlugins = checked.map(\.view)
        decoratorLists = checked.map(\.decorators)
        hasDecorators = decoratorLists.contains { !$0.isEmpty }
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
