import Foundation
import MappingRegistry

/// Diagnostics on open and change, computed off the thread that answers
/// requests: a change marks its document, ``nextCheck()`` hands out a
/// ``CheckJob`` (a snapshot of one document) when no check is running, and
/// ``finish(_:)`` takes its ``CheckResult`` back and publishes it, or drops
/// it when the document changed or closed meanwhile.
///
/// One check runs at a time, so while it runs each document waits with at
/// most one further check, taken of its newest text when it starts.
/// Mappings files are checked before data documents, and a checked mappings
/// file marks the open data documents again, since they may resolve
/// through it.
extension LanguageServer {
    /// The `source` of every diagnostic.
    static let diagnosticSource = "mapping-registry"

    /// Marks a document for checking.
    mutating func changed(_ uri: String) {
        if !pending.contains(uri) { pending.append(uri) }
    }

    /// A closed document's empty diagnostics; the open data documents,
    /// which may have been resolved through a closed mappings file, are
    /// marked for checking again.
    mutating func closed(_ document: TextDocument) -> JSONValue {
        pending.removeAll { $0 == document.uri }
        if document.kind == .mappings { markDataDocuments() }
        return Self.notification("textDocument/publishDiagnostics", .object([
            ("uri", .string(document.uri)), ("diagnostics", .array([])),
        ]))
    }

    /// Marks every open data document for checking.
    mutating func markDataDocuments() {
        for (uri, document) in documents.sorted(by: { $0.key < $1.key }) where document.kind == .data {
            changed(uri)
        }
    }

    /// The next check to run, when none is running and a document is
    /// marked: a mappings file first, else the data document marked first.
    /// The job is a snapshot of the document's current text; the server
    /// hands out no other until ``finish(_:)`` gets its result. After
    /// `shutdown` there are none.
    mutating func nextCheck() -> CheckJob? {
        guard !checkInFlight, state == .running else { return nil }
        pending.removeAll { documents[$0] == nil }
        guard let index = pending.firstIndex(where: { documents[$0]?.kind == .mappings }) ?? pending.indices.first,
              let document = documents[pending.remove(at: index)] else { return nil }
        checkInFlight = true
        let mappings: CheckJob.Mappings = document.kind == .data ? mappings(for: document) : .registry(nil)
        return CheckJob(document, configuration: configuration, mappings: mappings)
    }

    /// Takes a check's result: publishes its diagnostics when the document
    /// is still open at the checked revision (else drops them: the change
    /// that made them stale marked the document again), and lets the next
    /// check start. After `shutdown` nothing is published.
    ///
    /// - Parameter result: What a job from ``nextCheck()`` found.
    /// - Returns: The `textDocument/publishDiagnostics` to send, if any.
    mutating func finish(_ result: CheckResult) -> [JSONValue] {
        checkInFlight = false
        if let loaded = result.defaultRegistry { defaultRegistry = .some(loaded) }
        guard state == .running, let document = documents[result.uri], document.adopt(result) else { return [] }
        if document.kind == .mappings { markDataDocuments() }
        var params: [(String, JSONValue)] = [("uri", .string(document.uri))]
        if let version = result.version { params.append(("version", .integer(version))) }
        params.append(("diagnostics", .array(result.diagnostics.map(json))))
        return [Self.notification("textDocument/publishDiagnostics", .object(params))]
    }

    /// Runs every marked document's check on the calling thread, one after
    /// another, as the connection's worker would, and returns what they
    /// publish: for tests, the fuzzer, and a connection without a worker.
    package mutating func checkPendingNow() -> [JSONValue] {
        var messages: [JSONValue] = []
        while let job = nextCheck() {
            messages += finish(job.run())
        }
        return messages
    }

    /// The mappings a data document goes with, decided by where the
    /// document is, never by where the server was started: an open
    /// mappings file in its directory; else the nearest `mappings.json` in
    /// its directory or above (open, else on disk); else the tool's own.
    /// Mappings that do not load are never swapped for others: the items
    /// are then reported unchecked.
    func mappings(for document: TextDocument) -> CheckJob.Mappings {
        switch mappingsSource(for: document) {
        case .open(let mappings):
            return mappings.registry.map { .registry($0) } ?? .unloadable(name: mappings.sourceName)
        case .file(let path):
            return .file(path: path)
        case .tool:
            if let defaultRegistry { return .registry(defaultRegistry) }
            return .toolDefault
        }
    }

    /// Where a data document's mappings come from.
    enum MappingsSource {
        /// An open mappings document.
        case open(TextDocument)
        /// A `mappings.json` on disk.
        case file(String)
        /// The tool's own mappings.
        case tool
    }

    /// The rule of ``mappings(for:)``: an open mappings file in the data
    /// document's directory; else the nearest `mappings.json` in its
    /// directory or above, open or on disk; else the tool's own.
    func mappingsSource(for document: TextDocument) -> MappingsSource {
        let open = documents.values.filter { $0.kind == .mappings }.sorted { $0.uri < $1.uri }
        var directory = Self.directory(of: document.sourceName)
        if let beside = open.first(where: { Self.directory(of: $0.sourceName) == directory }) {
            return .open(beside)
        }
        // Only absolute paths are looked up on disk: a document that is
        // not a file has no directory to look in.
        while directory.hasPrefix("/") {
            let candidate = directory + "/" + Self.mappingsFileName
            if let opened = open.first(where: { $0.sourceName == candidate }) { return .open(opened) }
            if FileManager.default.fileExists(atPath: candidate) { return .file(candidate) }
            directory = Self.directory(of: String(directory))
        }
        return .tool
    }

    /// The file a data document's mappings are looked for in, beside it and above.
    static let mappingsFileName = "mappings.json"

    /// The directory part of a path (empty for a bare name).
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
