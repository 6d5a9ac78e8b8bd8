import Foundation
import MappingRegistry

/// A check of one document, handed out by ``LanguageServer/nextCheck()``
/// to run on any thread: an immutable snapshot of the document's text at
/// one revision, and everything the check reads besides.
///
/// Every document is checked by the same loaders as every other front end
/// (`MappingRegistry(plugins:sources:)`, `DataDocument(data:…)`), and each
/// diagnostic gets its protocol range here, from the snapshot's own line
/// index, so the thread that answers requests does no more than publish.
struct CheckJob: Sendable {
    /// The mappings a data document is resolved through, as the server
    /// chose them when it handed out the job.
    enum Mappings: Sendable {
        /// An open mappings file's registry, or none (`nil`): the tool has
        /// no mappings of its own to resolve with.
        case registry(MappingRegistry?)
        /// The mappings file the document goes with, open or on disk, does
        /// not load: the items are not resolved (`unchecked-items`), never
        /// through other mappings instead.
        case unloadable(name: String)
        /// A `mappings.json` on disk beside the document or above it,
        /// loaded by the check.
        case file(path: String)
        /// The tool's own mappings, not loaded yet: the check loads them
        /// and returns them in ``CheckResult/defaultRegistry``.
        case toolDefault
    }

    /// The document's URI.
    let uri: String
    /// The server's number for the snapshot's text.
    let revision: Int
    /// The client's version of the snapshot's text.
    let version: Int?
    /// The file name diagnostics use.
    let sourceName: String
    /// The snapshot's text, as UTF-8.
    let bytes: [UInt8]
    /// Whether the text is a mappings file or a data document.
    let kind: DocumentKind
    /// How the client counts characters, for the diagnostics' ranges.
    let encoding: PositionEncoding
    /// What documents are checked against.
    let configuration: LanguageServerConfiguration
    /// For a data document: the mappings it is resolved through.
    let mappings: Mappings

    /// Takes a snapshot of a document's current text.
    init(_ document: TextDocument, configuration: LanguageServerConfiguration, mappings: Mappings) {
        uri = document.uri
        revision = document.revision
        version = document.version
        sourceName = document.sourceName
        bytes = document.bytes
        kind = document.kind
        encoding = document.encoding
        self.configuration = configuration
        self.mappings = mappings
    }

    /// Runs the check: the library's diagnostics about this file, sorted,
    /// each with its range; for a mappings file the registry it loaded into.
    func run() -> CheckResult {
        let lines = LineIndex(bytes, encoding: encoding)
        var registry: MappingRegistry?
        var defaultRegistry: MappingRegistry??
        let found: [Diagnostic]
        var resolved: [(mapping: SourceLocation, entry: SourceLocation)] = []
        switch kind {
        case .mappings:
            (found, registry) = checkMappings()
        case .data:
            let mappings: Result<MappingRegistry?, UnloadableMappings>
            switch self.mappings {
            case .registry(let open):
                mappings = .success(open)
            case .unloadable(let name):
                mappings = .failure(UnloadableMappings(name: name))
            case .file(let path):
                mappings = loadFile(path).map(Optional.some)
            case .toolDefault:
                let loaded = Self.loadDefault(configuration)
                defaultRegistry = .some(loaded)
                mappings = .success(loaded)
            }
            (found, resolved) = checkData(resolvingThrough: mappings)
        }
        let diagnostics = Diagnostic.sorted(found.filter { $0.location.map { $0.file == sourceName } ?? true })
        var unlocated: LSPRange?
        let published = diagnostics.map { diagnostic in
            guard let location = diagnostic.location else {
                let range = unlocated ?? unlocatedRange(lines)
                unlocated = range
                return PublishedDiagnostic(diagnostic: diagnostic, range: range)
            }
            return PublishedDiagnostic(diagnostic: diagnostic, range: lines.range(of: location))
        }
        var result = CheckResult(uri: uri, revision: revision, version: version, diagnostics: published,
                                 registry: registry, lines: lines, defaultRegistry: defaultRegistry)
        result.rendered = resolved.map { RenderedEntry(mapping: $0.mapping, range: lines.range(of: $0.entry)) }
        return result
    }

    /// A mappings file loaded together with the tool's Swift mappings, as `validate` does.
    private func checkMappings() -> ([Diagnostic], MappingRegistry?) {
        do {
            let registry = try MappingRegistry(
                plugins: configuration.plugins,
                sources: configuration.sources + [.json(Data(bytes), name: sourceName)]
            )
            return (registry.warnings, registry)
        } catch {
            return (error.diagnostics, nil)
        }
    }

    /// Mappings that do not load, by the name diagnostics give them.
    struct UnloadableMappings: Error {
        let name: String
    }

    /// A `mappings.json` on disk, loaded as an open one would be.
    private func loadFile(_ path: String) -> Result<MappingRegistry, UnloadableMappings> {
        do {
            let contents = try FileReader.read(URL(fileURLWithPath: path), limit: FileReader.configurationLimit)
            return .success(try MappingRegistry(plugins: configuration.plugins, sources: configuration.sources + [.json(contents, name: path)]))
        } catch {
            return .failure(UnloadableMappings(name: path))
        }
    }

    /// A data document's own problems, then the resolution of every
    /// stored model that loaded (an entry with an error hides no other's
    /// problem); when its mappings do not load, one `unchecked-items`
    /// saying so instead.
    private func checkData(
        resolvingThrough mappings: Result<MappingRegistry?, UnloadableMappings>
    ) -> ([Diagnostic], [(mapping: SourceLocation, entry: SourceLocation)]) {
        let check = DataDocument.check(Data(bytes), plugins: configuration.plugins, source: sourceName)
        // A catalog file's models cannot create values: what is left
        // unsaid about values is not the document's fault.
        let own = configuration.createsValues ? check.diagnostics : check.diagnostics.filter { $0.code != .undecodableValue }
        switch mappings {
        case .failure(let unloadable):
            return (own + [.uncheckedItems(in: sourceName, mappings: unloadable.name)], [])
        case .success(let registry):
            guard configuration.createsValues, let registry else { return (own, []) }
            var resolved: [(mapping: SourceLocation, entry: SourceLocation)] = []
            let diagnostics = DataDocument.resolve(check.entries, with: registry, context: configuration.context) { mapping, entry in
                // Only the entry's line and column are read (for its range): no pointer string per entry.
                let start = entry.start
                resolved.append((mapping, SourceLocation(file: sourceName, line: start.line, column: start.column, pointer: "")))
            }
            return (own + diagnostics, resolved)
        }
    }

    /// The tool's own mappings, when it has them and they load.
    static func loadDefault(_ configuration: LanguageServerConfiguration) -> MappingRegistry? {
        guard let mappings = configuration.defaultMappings else { return nil }
        return try? MappingRegistry(plugins: configuration.plugins, sources: configuration.sources + [.json(mappings.contents, name: mappings.name)])
    }

    /// Where a diagnostic without a location (an unused plugin) is shown:
    /// on the root's `"mappings"` or `"sections"` key, else at the start.
    /// Found by a scan of the root's keys, not a tree of the whole document.
    private func unlocatedRange(_ lines: LineIndex) -> LSPRange {
        let wanted = kind == .mappings ? MappingsKey.mappings.rawValue : "sections"
        var found: Range<Int>?
        JSONToken.visitRootKeys(in: bytes) { key, range, _ in
            if key == wanted { found = range }
            return found != nil
        }
        return lines.range(of: found ?? 0..<0)
    }
}
