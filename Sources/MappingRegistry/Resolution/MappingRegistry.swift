import Foundation
import ModelStorage

/// The loaded, checked set of mappings: answers "which view shows this
/// model here?" with exactly one mapping, or a diagnostic that says why not.
///
/// A registry is immutable once loaded and safe to share between threads.
///
/// ```swift
/// let registry = try MappingRegistry(contentsOf: URL(fileURLWithPath: "mappings.json"), plugins: plugins)
/// switch registry.resolve(dish, at: ItemPosition(item: 0, section: 1)) {
/// case .resolved(let mapping): print(mapping.view)
/// case .missing(let diagnostic), .ambiguous(_, let diagnostic): print(diagnostic)
/// }
/// ```
public final class MappingRegistry: Sendable {
    /// Every mapping of the configuration, in file order.
    public let mappings: [Mapping]
    /// Warnings found while loading (`unused-view`, `unused-predicate`).
    public let warnings: [Diagnostic]
    /// The file name diagnostics use, as given to the initializer.
    public let source: String
    /// The custom supplementary kinds that have mappings, in file order.
    public let customKinds: [ViewKind]

    let compiled: [CompiledMapping]
    /// The kinds that have mappings, in order of first appearance; a kind's
    /// place here is its slot in the cache key.
    let kinds: [ViewKind]
    /// The slot of each kind, for configurations with many kinds.
    let kindSlots: [ViewKind: Int]
    /// For each kind slot, the indexes of its mappings in file order.
    let mappingsByKind: [[Int]]
    let cache = ResolutionCache()
    /// For each mapping, the index of its reuse identifier among the
    /// distinct reuse identifiers: mappings sharing an identifier share a pool.
    let poolIndexes: [Int]
    /// How many distinct reuse identifiers there are.
    let poolCount: Int

    /// Loads a configuration from JSON data and checks it against the plugins.
    ///
    /// - Parameters:
    ///   - configuration: The contents of a `mappings.json` file.
    ///   - plugins: The models, views and predicates the configuration may name.
    ///   - source: The file name to use in diagnostics.
    /// - Throws: ``ConfigurationError`` with every error found (and the
    ///   warnings), when there is at least one error.
    public init(configuration: Data, plugins: PluginCatalog, source: String = "mappings.json") throws(ConfigurationError) {
        let result = try ConfigurationLoader.load(configuration, source: source, plugins: plugins)
        self.source = source
        compiled = result.entries.map(CompiledMapping.init)
        mappings = compiled.map(\.mapping)
        warnings = result.warnings
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
        customKinds = kinds.filter { $0 != .cell && $0 != .header && $0 != .footer }
        kindSlots = slots
        mappingsByKind = byKind
        var pools: [String: Int] = [:]
        poolIndexes = mappings.map { mapping in
            if let index = pools[mapping.reuseIdentifier] { return index }
            pools[mapping.reuseIdentifier] = pools.count
            return pools.count - 1
        }
        poolCount = pools.count
    }

    /// Loads a configuration file and checks it against the plugins.
    ///
    /// Diagnostics name the file by its last path component.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - plugins: The models, views and predicates the configuration may name.
    /// - Throws: ``ConfigurationError``: `unreadable-file` when the file
    ///   cannot be read or is too large, or every error in its contents.
    public convenience init(contentsOf url: URL, plugins: PluginCatalog) throws(ConfigurationError) {
        let data = try FileReader.read(url, limit: FileReader.configurationLimit)
        try self.init(configuration: data, plugins: plugins, source: url.lastPathComponent)
    }


}
