import Foundation

/// Loading under a ``DiagnosticPolicy``.
extension MappingRegistry {
    /// Loads mappings from any number of sources under a severity policy.
    ///
    /// The registry fails to load only when an error remains after the
    /// policy; every downgraded problem is one of its ``warnings``, and a
    /// mapping that a downgraded problem of its own left incomplete is left out.
    ///
    /// - Parameters:
    ///   - plugins: The models, views, predicates and decorators the mappings may name.
    ///   - sources: Swift declarations and JSON documents, in order.
    ///   - policy: Which codes are errors, warnings or ignored.
    /// - Throws: ``ConfigurationError`` with every error and warning, when
    ///   an error remains.
    public convenience init(plugins: PluginCatalog, sources: [MappingSource], policy: DiagnosticPolicy) throws(ConfigurationError) {
        var plugins = plugins
        plugins.policy = policy
        try self.init(plugins: plugins, sources: sources)
    }

    /// Loads a `mappings.json` document under a severity policy.
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
    ///   - policy: Which codes are errors, warnings or ignored.
    /// - Throws: ``ConfigurationError`` with every error and warning, when
    ///   an error remains.
    public convenience init(
        configuration: Data,
        plugins: PluginCatalog,
        source: String = "mappings.json",
        policy: DiagnosticPolicy
    ) throws(ConfigurationError) {
        try self.init(plugins: plugins, sources: [.json(configuration, name: source)], policy: policy)
    }
}
