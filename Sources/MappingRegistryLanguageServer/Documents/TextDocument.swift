import MappingRegistry

/// What a document is, which decides how it is checked and completed.
package enum DocumentKind: Equatable, Sendable {
    /// A `mappings.json`: its root has `"mappings"`.
    case mappings
    /// A data document: its root has `"sections"`.
    case data

    /// Decides a document's kind: a root key `"mappings"` or `"sections"`;
    /// else the `"$schema"` it names (`data.schema.json`,
    /// `mappings.schema.json`); else its file name (a name with `data` in
    /// it is a data document); else a mappings file.
    ///
    /// Only the root's keys are looked at, and the scan stops at the first
    /// one that decides, so a large document costs little.
    package static func detect(_ bytes: [UInt8], path: String) -> DocumentKind {
        var decided: DocumentKind?
        var schema: String?
        JSONToken.visitRootKeys(in: bytes) { key, _, afterColon in
            switch key {
            case "mappings": decided = .mappings
            case "sections": decided = .data
            case "$schema":
                if let value = JSONToken.token(startingAt: skipSpace(afterColon, bytes), in: bytes), value.kind == .string {
                    schema = JSONToken.stringValue(of: value.range, terminated: value.terminated, in: bytes)
                }
            default: break
            }
            return decided != nil
        }
        if let decided { return decided }
        let name = (schema ?? "").lowercased()
        if name.contains("data") { return .data }
        if name.contains("mapping") { return .mappings }
        let file = path.split(separator: "/").last.map { $0.lowercased() } ?? ""
        return file.contains("data") ? .data : .mappings
    }

    private static func skipSpace(_ index: Int, _ bytes: [UInt8]) -> Int {
        var index = index
        while index < bytes.count, [32, 9, 10, 13].contains(bytes[index]) { index += 1 }
        return index
    }
}

/// An open document: its text, as the client last sent it, and what the
/// server worked out from that text (computed when first needed).
///
/// Every text it holds has a ``revision``, a number the server never gives
/// twice (a document closed and opened again starts a new one): a check
/// runs against a snapshot of one revision, and its result is kept only
/// while the document is still at that revision.
final class TextDocument {
    /// The URI the client names the document by.
    let uri: String
    /// The file name diagnostics use: the path of a `file:` URI, else the URI.
    let sourceName: String
    /// The client's version of the text, echoed in `publishDiagnostics`.
    private(set) var version: Int?
    /// The server's number for the current text.
    private(set) var revision: Int
    /// The current text, as UTF-8.
    private(set) var bytes: [UInt8]
    /// What the current text is, which decides how it is checked and completed.
    private(set) var kind: DocumentKind
    /// How the client counts characters.
    let encoding: PositionEncoding
    private var cachedLines: LineIndex?
    private var cachedSyntax: JSONSyntaxTree?
    /// The diagnostics last published, with the library's originals, and
    /// the revision they were computed for.
    private(set) var published: (revision: Int, diagnostics: [PublishedDiagnostic])?
    /// For a mappings file: the registry the current text loaded into, once
    /// it has been checked and when it loads.
    private(set) var registry: MappingRegistry?
    /// For a data document: the items its last check resolved, with their
    /// mappings' locations (of the text that check saw).
    private(set) var rendered: [RenderedEntry] = []

    /// Opens a document with its first text.
    init(uri: String, version: Int?, revision: Int, text: String, encoding: PositionEncoding) {
        self.uri = uri
        self.sourceName = DocumentURI.path(of: uri) ?? uri
        self.version = version
        self.revision = revision
        self.encoding = encoding
        bytes = Array(text.utf8)
        kind = DocumentKind.detect(bytes, path: sourceName)
    }

    /// The published diagnostics when they were computed for the current
    /// text; none while a check of a newer text is outstanding, since the
    /// ranges of an older text would point at the wrong characters.
    var currentDiagnostics: [PublishedDiagnostic] {
        guard let published, published.revision == revision else { return [] }
        return published.diagnostics
    }

    /// Applies a `didChange`'s content changes in order, each to the text
    /// the previous one left: a whole text replaces the document, an edit
    /// replaces its range (clamped to the text, see ``LineIndex/offset(of:)``).
    ///
    /// - Parameters:
    ///   - changes: The changes, in the order the client sent them.
    ///   - version: The client's version of the resulting text.
    ///   - revision: The server's number for the resulting text.
    func apply(_ changes: [ContentChange], version: Int?, revision: Int) {
        var lines = cachedLines
        for change in changes {
            switch change {
            case .whole(let text):
                bytes = Array(text.utf8)
            case .edit(let range, let text):
                let index = lines ?? LineIndex(bytes, encoding: encoding)
                let start = index.offset(of: range.start)
                let end = max(start, index.offset(of: range.end))
                bytes.replaceSubrange(start..<end, with: text.utf8)
            }
            lines = nil
        }
        self.version = version
        self.revision = revision
        kind = DocumentKind.detect(bytes, path: sourceName)
        cachedLines = nil
        cachedSyntax = nil
        registry = nil
    }

    /// Keeps a check's result when it is of the current text: its
    /// diagnostics, the registry a mappings file loaded into, and the line
    /// index the check built (so the first request need not build it again).
    ///
    /// - Parameter result: A check's result.
    /// - Returns: Whether the result was of the current text and was kept.
    func adopt(_ result: CheckResult) -> Bool {
        guard result.revision == revision else { return false }
        published = (revision, result.diagnostics)
        registry = result.registry
        rendered = result.rendered
        if cachedLines == nil { cachedLines = result.lines }
        return true
    }

    /// The line index of the current text, built when first needed.
    var lines: LineIndex {
        if let cachedLines { return cachedLines }
        let index = LineIndex(bytes, encoding: encoding)
        cachedLines = index
        return index
    }

    /// An editor's document is read whatever its size, and nested more
    /// deeply than the loader accepts before a container counts as one word.
    static let syntaxLimits = JSONParser.Limits(maxDepth: 256)

    /// The tolerant syntax tree of the current text, built when first needed.
    var syntax: JSONSyntaxTree {
        if let cachedSyntax { return cachedSyntax }
        let syntax = JSONParser.syntaxTree(bytes, mode: .tolerant, limits: Self.syntaxLimits)
        cachedSyntax = syntax
        return syntax
    }

    /// The protocol range of a library location, as `LineIndex` gives it.
    func range(of location: SourceLocation) -> LSPRange {
        lines.range(of: location)
    }
}

/// A diagnostic as published: the library's, and the range it was given.
struct PublishedDiagnostic: Sendable {
    /// The library's diagnostic.
    var diagnostic: Diagnostic
    /// Its range in the text it was found in.
    var range: LSPRange
}
