import Foundation
import MappingRegistry

/// What a language server serves: the plugins documents are checked
/// against, the catalog completion and hover read, and the mappings data
/// documents are resolved through when no mappings file is open.
package struct LanguageServerConfiguration: Sendable {
    /// The name in `serverInfo`, such as `menu` or `mapping-registry`.
    package var name: String
    /// The plugins every document is checked against.
    package var plugins: PluginCatalog
    /// Mappings every mappings file is checked together with (an app's
    /// Swift mappings), before the file's own, as `validate` does.
    package var sources: [MappingSource]
    /// The catalog: the app's own, or the one read from a catalog file.
    package var catalog: CatalogDescription
    /// The catalog's JSON as written, for what ``catalog`` does not carry
    /// (`registeredAt`); `nil` to use ``catalog`` alone.
    package var catalogDocument: [UInt8]?
    /// The mappings data documents are resolved through when no mappings
    /// file is open: the tool's own (its name in diagnostics, its bytes).
    package var defaultMappings: (name: String, contents: Data)?
    /// Whether the plugins can create stored values (an app's own plugins);
    /// `false` for a catalog file, whose models describe types only: data
    /// documents are then checked for their structure and model names, not
    /// their values, and not resolved.
    package var createsValues: Bool
    /// The catalog file, as an absolute path, when the catalog was read
    /// from one: its directory and the directories above it are where its
    /// relative `registeredAt` paths are looked up.
    package var catalogPath: String?
    /// The render context data documents are resolved with (the tool's
    /// ``CommandLineTool/context``), for predicates that read one; `nil` for none.
    package var context: (any Sendable)?

    /// Creates a configuration.
    package init(
        name: String,
        plugins: PluginCatalog,
        sources: [MappingSource] = [],
        catalog: CatalogDescription,
        catalogDocument: [UInt8]?,
        defaultMappings: (name: String, contents: Data)?,
        createsValues: Bool
    ) {
        self.name = name
        self.plugins = plugins
        self.sources = sources
        self.catalog = catalog
        self.catalogDocument = catalogDocument
        self.defaultMappings = defaultMappings
        self.createsValues = createsValues
    }
}
