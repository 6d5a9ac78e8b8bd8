import Foundation
import MappingRegistry

/// Diagnostics on open and change: every document is checked by the same
/// loaders as every other front end (`MappingRegistry(configuration:…)`,
/// `DataDocument(data:…)`), and their diagnostics are mapped to the
/// protocol's: the range from the library's location to the end of the
/// token there, the severity, the code, `source: "mapping-registry"`, and
/// each located note as related information.
extension LanguageServer {
    /// The `source` of every diagnostic.
    static let diagnosticSource = "mapping-registry"

    /// Marks a document for checking; a changed mappings file marks the
    /// open data documents too, which may be resolved through it.
    mutating func changed(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
        if documents[uri]?.kind == .mappings {
            for (other, document) in documents where document.kind == .data && !pending.contains(other) {
                pending.append(other)
            }
        }
    }

    /// Clears a closed document's diagnostics and re-checks the data
    /// documents that may have been resolved through it.
    mutating func closed(_ document: TextDocument) {
        outbox.append(Self.notification("textDocument/publishDiagnostics", .object([
            ("uri", .string(document.uri)), ("diagnostics", .array([])),
        ])))
        if document.kind == .mappings {
            for (uri, other) in documents where other.kind == .data && !pending.contains(uri) { pending.append(uri) }
        }
    }

    /// Checks every document marked since the last call (mappings files
    /// first, so data documents resolve through their new registry) and
    /// returns a `textDocument/publishDiagnostics` for each, plus any
    /// notification queued meanwhile.
    package mutating func publishPendingDiagnostics() -> [JSONValue] {
        var messages = outbox
        outbox = []
        let uris = pending.filter { documents[$0]?.kind == .mappings } + pending.filter { documents[$0]?.kind != .mappings }
        pending = []
        for uri in uris {
            guard let document = documents[uri] else { continue }
            messages.append(publish(document))
        }
        return messages
    }

    /// Checks one document and returns its `publishDiagnostics`.
    mutating func publish(_ document: TextDocument) -> JSONValue {
        let diagnostics = check(document).filter { diagnostic in
            diagnostic.location.map { $0.file == document.sourceName } ?? true
        }
        let unlocated = unlocatedRange(document)
        document.published = Diagnostic.sorted(diagnostics).map { diagnostic in
            PublishedDiagnostic(diagnostic: diagnostic, range: diagnostic.location.map(document.range(of:)) ?? unlocated)
        }
        var params: [(String, JSONValue)] = [("uri", .string(document.uri))]
        if let version = document.version { params.append(("version", .integer(version))) }
        params.append(("diagnostics", .array(document.published.map(json))))
        return Self.notification("textDocument/publishDiagnostics", .object(params))
    }

    /// Where a diagnostic without a location (an unused plugin) is shown:
    /// on the root's `"mappings"` or `"sections"` key, else at the start.
    func unlocatedRange(_ document: TextDocument) -> LSPRange {
        let key = document.kind == .mappings ? MappingsKey.mappings.rawValue : "sections"
        if let member = document.syntax.root?.members.first(where: { $0.key == key }) {
            return document.lines.range(of: member.keyRange)
        }
        return LSPRange(start: LSPPosition(line: 0, character: 0), end: LSPPosition(line: 0, character: 0))
    }

    /// Everything the library finds in a document.
    mutating func check(_ document: TextDocument) -> [Diagnostic] {
        let data = Data(document.bytes)
        switch document.kind {
        case .mappings:
            do {
                let registry = try MappingRegistry(
                    plugins: configuration.plugins,
                    sources: configuration.sources + [.json(data, name: document.sourceName)]
                )
                document.registry = registry
                return registry.warnings
            } catch {
                document.registry = nil
                return error.diagnostics
            }
        case .data:
            do {
                let loaded = try DataDocument(data: data, plugins: configuration.plugins, source: document.sourceName)
                guard configuration.createsValues, let registry = registry(for: document) else { return loaded.warnings }
                return loaded.warnings + Self.resolutionDiagnostics(of: loaded, with: registry, context: configuration.context)
            } catch {
                // A catalog file's models cannot create values: what is
                // left unsaid about values is not the document's fault.
                return configuration.createsValues ? error.diagnostics : error.diagnostics.filter { $0.code != .undecodableValue }
            }
        }
    }

    /// The mappings a data document resolves through: an open mappings file
    /// in its directory, else any open one that loads, else the tool's own.
    mutating func registry(for document: TextDocument) -> MappingRegistry? {
        let directory = Self.directory(of: document.sourceName)
        let loaded = documents.values
            .filter { $0.kind == .mappings && $0.registry != nil }
            .sorted { $0.uri < $1.uri }
        if let beside = loaded.first(where: { Self.directory(of: $0.sourceName) == directory }) ?? loaded.first {
            return beside.registry
        }
        if let defaultRegistry { return defaultRegistry }
        var registry: MappingRegistry?
        if let mappings = configuration.defaultMappings {
            registry = try? MappingRegistry(plugins: configuration.plugins, sources: configuration.sources + [.json(mappings.contents, name: mappings.name)])
        }
        defaultRegistry = .some(registry)
        return registry
    }

    static func directory(of path: String) -> Substring {
        path.lastIndex(of: "/").map { path[..<$0] } ?? ""
    }

    /// The protocol's form of one diagnostic.
    func json(_ published: PublishedDiagnostic) -> JSONValue {
        let diagnostic = published.diagnostic
        var message = diagnostic.message
        var related: [JSONValue] = []
        for note in diagnostic.notes {
            if let location = note.location, let target = place(of: location) {
                related.append(.object([("location", Self.location(uri: target.uri, range: target.range)), ("message", .string(note.message))]))
            } else {
                message += "\n" + note.description
            }
        }
        let severity = switch diagnostic.severity {
        case .error: 1
        case .warning: 2
        case .note: 3
        }
        var members: [(String, JSONValue)] = [
            ("range", Self.json(published.range)),
            ("severity", .integer(severity)),
            ("code", .string(diagnostic.code.rawValue)),
            ("source", .string(Self.diagnosticSource)),
            ("message", .string(message)),
        ]
        if !related.isEmpty { members.append(("relatedInformation", .array(related))) }
        return .object(members)
    }

    /// The URI and range of a library location: in an open document, or a
    /// file named by an absolute path (its line, column 1 on); `nil` for a
    /// file the client cannot open (a copy built into the tool).
    func place(of location: SourceLocation) -> (uri: String, range: LSPRange)? {
        if let document = documents.values.first(where: { $0.sourceName == location.file }) {
            return (document.uri, document.range(of: location))
        }
        guard location.file.hasPrefix("/") else { return nil }
        let position = LSPPosition(line: max(location.line - 1, 0), character: max(location.column - 1, 0))
        return (DocumentURI.uri(ofPath: location.file), LSPRange(start: position, end: position))
    }
}

extension LanguageServer {
    /// Every stored model's resolution diagnostic, located at its entry, as
    /// `validate` reports them: with the tool's render context when it has
    /// one (the library's `resolutionDiagnostics(with:)` takes none yet).
    static func resolutionDiagnostics(of document: DataDocument, with registry: MappingRegistry, context: (any Sendable)?) -> [Diagnostic] {
        guard let context else { return document.resolutionDiagnostics(with: registry) }
        var diagnostics: [Diagnostic] = []
        for entry in document.entries where entry.kind == .cell || entry.value != nil {
            if var diagnostic = registry.resolve(entry.value as Any, at: entry.position, kind: entry.kind, context: context).diagnostic {
                diagnostic.location = entry.location
                diagnostics.append(diagnostic)
            }
        }
        return diagnostics
    }
}
