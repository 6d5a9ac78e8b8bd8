import Foundation

extension PluginCatalog {
    /// The catalog file of this catalog: what `mapping-registry validate
    /// --catalog` and editors check mappings files against without the app,
    /// byte for byte what an app's `catalog` subcommand prints.
    ///
    /// It lists every plugin with what it takes and the file it was
    /// registered in (`"registeredAt": "Sources/App/Plugins.swift"`:
    /// relative to the package's root and without a line, so the file is
    /// the same on every checkout and after lines move; editors find the
    /// line by the registration's name), how the model types relate, and
    /// the mappings of `sources` (normally the app's Swift declarations)
    /// with the keys of `mappings.json`, defaults written out, and each
    /// one's `"location"`. A mappings file checked against the catalog is
    /// checked together with those mappings: overlaps, duplicates and
    /// reuse identifiers across them are found in CI, and a plugin only a
    /// Swift mapping uses is not reported unused.
    ///
    /// An app's test target writes it, and a test compares the committed
    /// file with a fresh one, so it never drifts from the app:
    ///
    /// ```swift
    /// let catalog = try plugins.catalogDocument(including: [.declarations(FeedMappings.all)])
    /// try catalog.write(to: URL(fileURLWithPath: "catalog.json"))
    /// ```
    ///
    /// - Parameter sources: Mappings to carry; they are loaded and checked first.
    /// - Returns: The catalog file's bytes (UTF-8 JSON, ending with a line break).
    /// - Throws: ``ConfigurationError`` when the sources do not load.
    public func catalogDocument(including sources: [MappingSource] = []) throws(ConfigurationError) -> Data {
        let loaded = try LoadPipeline.load(sources, plugins: self, policy: DiagnosticPolicy())
        let description = CatalogDescription(loaded.plugins)
        return Data(description.rendered(mappings: loaded.mappings.map(\.catalogEntry)).utf8)
    }
}

extension CompiledMapping {
    /// The mapping as a catalog file lists it: the keys of `mappings.json`,
    /// defaults written out, and where it was declared.
    var catalogEntry: JSONValue {
        let written = condition.written
        var members: [(String, JSONValue)] = [
            ("view", .string(view.name)),
            ("model", .string(model.name)),
            ("kind", .string(kind.rawValue)),
        ]
        if let condition = written.jsonValue { members.append(("condition", condition)) }
        members += [
            ("priority", .integer(priority)),
            ("reuseIdentifier", .string(reuseIdentifier)),
            ("decorators", .strings(decorators.map(\.name))),
            ("events", .object(handlers.map { ($0.event, .string($0.name ?? CatalogDescription.closureHandler)) })),
            ("location", .string(location.description)),
        ]
        return .object(members)
    }
}

extension CatalogDescription {
    /// What a catalog file writes for a handler given as a Swift closure,
    /// which has no name: such an entry is not read back.
    package static let closureHandler = "(a Swift closure)"
}
