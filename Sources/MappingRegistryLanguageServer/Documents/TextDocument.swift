import MappingRegistry

/// What a document is, which decides how it is checked and completed.
enum DocumentKind: Equatable {
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
    static func detect(_ bytes: [UInt8], path: String) -> DocumentKind {
        var depth = 0
        var index = 0
        var schema: String?
        var previousWasKeyCandidate: JSONToken?
        while index < bytes.count {
            guard let token = JSONToken.token(startingAt: index, in: bytes) else {
                index += 1
                continue
            }
            index = token.range.upperBound
            switch token.kind {
            case .beginObject, .beginArray: depth += 1
            case .endObject, .endArray: depth -= 1
            case .colon:
                if depth == 1, let key = previousWasKeyCandidate {
                    switch JSONToken.stringValue(of: key.range, terminated: key.terminated, in: bytes) {
                    case "mappings": return .mappings
                    case "sections": return .data
                    case "$schema":
                        if let value = JSONToken.token(startingAt: skipSpace(index, bytes), in: bytes), value.kind == .string {
                            schema = JSONToken.stringValue(of: value.range, terminated: value.terminated, in: bytes)
                        }
                    default: break
                    }
                }
            default: break
            }
            previousWasKeyCandidate = token.kind == .string ? token : nil
        }
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
final class TextDocument {
    let uri: String
    /// The file name diagnostics use: the path of a `file:` URI, else the URI.
    let sourceName: String
    private(set) var version: Int?
    private(set) var bytes: [UInt8]
    private(set) var kind: DocumentKind
    private let encoding: PositionEncoding
    private var cachedLines: LineIndex?
    private var cachedSyntax: TolerantJSON?
    /// The diagnostics last published, with the library's originals.
    var published: [PublishedDiagnostic] = []
    /// For a mappings file: the registry it loaded into, when it loaded.
    var registry: MappingRegistry?

    init(uri: String, version: Int?, text: String, encoding: PositionEncoding) {
        self.uri = uri
        self.sourceName = DocumentURI.path(of: uri) ?? uri
        self.version = version
        self.encoding = encoding
        bytes = Array(text.utf8)
        kind = DocumentKind.detect(bytes, path: sourceName)
    }

    /// Replaces the whole text (full synchronization).
    func replace(text: String, version: Int?) {
        self.version = version
        bytes = Array(text.utf8)
        kind = DocumentKind.detect(bytes, path: sourceName)
        cachedLines = nil
        cachedSyntax = nil
        registry = nil
    }

    var lines: LineIndex {
        if let cachedLines { return cachedLines }
        let index = LineIndex(bytes, encoding: encoding)
        cachedLines = index
        return index
    }

    var syntax: TolerantJSON {
        if let cachedSyntax { return cachedSyntax }
        let syntax = TolerantJSON(bytes)
        cachedSyntax = syntax
        return syntax
    }

    /// The protocol range of a library location: from its column to the
    /// end of the token there (a string with its quotes, a number, a
    /// bracket), within the line.
    func range(of location: SourceLocation) -> LSPRange {
        let lines = self.lines
        let start = lines.offset(line: location.line, scalarColumn: location.column)
        let lineEnd = lines.lineEnd(lines.line(of: start))
        let end = JSONToken.token(startingAt: start, in: bytes).map { min($0.range.upperBound, max(lineEnd, start)) } ?? start
        return lines.range(of: start..<max(start, end))
    }
}

/// A diagnostic as published: the library's, and the range it was given.
struct PublishedDiagnostic {
    var diagnostic: Diagnostic
    var range: LSPRange
}
