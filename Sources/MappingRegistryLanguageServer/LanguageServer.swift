import Foundation
import MappingRegistry

/// A Language Server Protocol 3.17 server for mappings files and data
/// documents, as a state machine: each message in, the messages to send
/// out. ``LanguageServerConnection`` runs it over standard input and output.
///
/// Lifecycle as the specification says: before `initialize`, requests are
/// answered with `ServerNotInitialized` and notifications dropped (`exit`
/// aside); after `shutdown`, requests are `InvalidRequest`; `exit` ends
/// with status 0 after `shutdown`, 1 without. Unknown requests are
/// `MethodNotFound`; unknown notifications are ignored. Params may be
/// absent, `null` or `{}` where a method takes none (see ``RPCMessage``).
///
/// Documents are synchronized incrementally (`textDocumentSync.change` 2):
/// each change replaces a range of the text, or the whole text. Checks do
/// not run inside ``receive(_:)``: a change marks its document, and the
/// connection asks ``nextCheck()`` for a job to run elsewhere and hands its
/// result to ``finish(_:)`` (see `LanguageServer+Diagnostics.swift`). So a
/// request is answered from the latest text however long a check takes.
package struct LanguageServer {
    enum State { case uninitialized, running, shutDown }
    /// A `MarkupKind` of hover contents.
    enum MarkupFormat { case markdown, plainText }

    var configuration: LanguageServerConfiguration
    let catalog: CatalogIndex
    var state = State.uninitialized
    var encoding = PositionEncoding.utf16
    /// The client's `textDocument.hover.contentFormat`: the first of its
    /// formats the server writes; markdown when it names none.
    var hoverFormat = MarkupFormat.markdown
    /// The client's `textDocument.completion.completionItem.documentationFormat`, likewise.
    var completionDocumentationFormat = MarkupFormat.markdown
    /// Open documents by URI.
    var documents: [String: TextDocument] = [:]
    /// URIs whose diagnostics are out of date, in the order they changed.
    var pending: [String] = []
    /// Whether a job from ``nextCheck()`` has not been finished yet.
    var checkInFlight = false
    /// The number the next text of a document gets (``TextDocument/revision``).
    var nextRevision = 1
    /// The default mappings, loaded by the first check that needs them;
    /// the outer optional says whether they were tried.
    var defaultRegistry: MappingRegistry??
    /// The client's workspace folders and root, as absolute paths, from
    /// `initialize`: where relative `registeredAt` paths are looked up
    /// after the catalog file's directory.
    var workspaceRoots: [String] = []
    /// The workspace's mappings files and data documents on disk.
    let workspace = WorkspaceFiles()
    /// The exit status once `exit` arrived.
    package private(set) var exitStatus: Int32?

    /// Creates a server.
    package init(configuration: LanguageServerConfiguration) {
        self.configuration = configuration
        catalog = CatalogIndex(
            configuration.catalog,
            document: configuration.catalogDocument,
            handlerNames: configuration.plugins.handlerNames
        )
    }

    // MARK: - Messages

    /// Handles one event of the message reader; returns the messages to send.
    package mutating func receive(_ event: MessageReader.Event) -> [JSONValue] {
        switch event {
        case .malformed(let problem):
            return [Self.response(id: nil, error: .parseError("malformed message header: \(problem)"))]
        case .message(let body):
            return receive(body: body)
        }
    }

    /// Handles one message body; returns the messages to send.
    package mutating func receive(body: [UInt8]) -> [JSONValue] {
        switch RPCMessage(body: body) {
        case .invalid(let id, let error):
            return [Self.response(id: id, error: error)]
        case .response:
            return []
        case .notification(let method, let params):
            return notify(method, params?.object())
        case .request(let id, let method, let params):
            switch request(method, params?.object(), isArray: params?.arrayElements != nil) {
            case .success(let result): return [Self.response(id: id, result: result)]
            case .failure(let error): return [Self.response(id: id, error: error)]
            }
        }
    }

    private mutating func request(_ method: String, _ params: JSONNode?, isArray: Bool) -> Result<JSONValue, RPCError> {
        switch state {
        case .uninitialized where method != "initialize":
            return .failure(.serverNotInitialized)
        case .shutDown:
            return .failure(.invalidRequest("the server is shut down; only 'exit' is accepted"))
        default:
            break
        }
        guard !isArray else { return .failure(.invalidParams("'\(method)' takes its params as an object")) }
        switch method {
        case "initialize":
            guard state == .uninitialized else { return .failure(.invalidRequest("'initialize' was already sent")) }
            return .success(initialize(params))
        case "shutdown":
            state = .shutDown
            return .success(.null)
        case "textDocument/completion":
            return withDocument(params) { document, offset in completion(document, at: offset) }
        case "textDocument/hover":
            return withDocument(params) { document, offset in hover(document, at: offset) }
        case "textDocument/definition":
            return withDocument(params) { document, offset in definition(document, at: offset) }
        case "textDocument/codeAction":
            return codeActions(params)
        case "textDocument/references":
            return references(params)
        case "textDocument/prepareRename":
            return prepareRename(params)
        case "textDocument/rename":
            return rename(params)
        case "textDocument/codeLens":
            return codeLenses(params)
        case "workspace/symbol":
            return workspaceSymbols(params)
        case "textDocument/documentSymbol":
            guard let uri = params?.object("textDocument")?.string("uri") else { return .failure(.invalidParams("'\(method)' needs textDocument.uri")) }
            guard let document = documents[uri] else { return .success(.array([])) }
            return .success(documentSymbols(document))
        default:
            return .failure(.methodNotFound(method))
        }
    }

    /// Runs a request about a position in an open document; `null` for a document not open.
    private func withDocument(_ params: JSONNode?, _ body: (TextDocument, Int) -> JSONValue) -> Result<JSONValue, RPCError> {
        guard let (document, offset) = documentPosition(params) else {
            return .failure(.invalidParams("expected textDocument.uri and a position with line and character"))
        }
        guard let document else { return .success(.null) }
        return .success(body(document, offset))
    }

    private mutating func notify(_ method: String, _ params: JSONNode?) -> [JSONValue] {
        if method == "exit" {
            exitStatus = state == .shutDown ? 0 : 1
            return []
        }
        guard state == .running else { return [] }
        switch method {
        case "textDocument/didOpen":
            guard let item = params?.object("textDocument"), let uri = item.string("uri"), let text = item.string("text") else { return [] }
            documents[uri] = TextDocument(uri: uri, version: item.int("version"), revision: takeRevision(), text: text, encoding: encoding)
            changed(uri)
            return []
        case "textDocument/didChange":
            return didChange(params)
        case "textDocument/didClose":
            guard let uri = params?.object("textDocument")?.string("uri"), let document = documents.removeValue(forKey: uri) else { return [] }
            return [closed(document)]
        default:
            return []
        }
    }

    /// Applies a `didChange` to an open document. A change that cannot be
    /// read (no `text`; a range without integer positions, with a negative
    /// one, or ending before it starts) stops the notification there: the
    /// changes before it are applied, the rest are not, since they were
    /// made to a text the server no longer has, and a `window/logMessage`
    /// warning says so. Positions outside the text are clamped, as the
    /// protocol says of every position.
    private mutating func didChange(_ params: JSONNode?) -> [JSONValue] {
        guard let identifier = params?.object("textDocument"), let uri = identifier.string("uri"),
              let document = documents[uri] else { return [] }
        guard let elements = params?["contentChanges"]?.arrayElements else {
            return [Self.logWarning("didChange of \(uri) has no contentChanges array; the document is unchanged")]
        }
        var changes: [ContentChange] = []
        var problem: ContentChange.Malformed?
        for element in elements {
            switch ContentChange.parse(element) {
            case .success(let change): changes.append(change)
            case .failure(let malformed): problem = malformed
            }
            if problem != nil { break }
        }
        document.apply(changes, version: identifier.int("version"), revision: takeRevision())
        changed(uri)
        guard let problem else { return [] }
        return [Self.logWarning("""
            didChange of \(uri): change \(changes.count + 1) of \(elements.count) is \(problem.description); \
            it and the changes after it were ignored, so the server's text may differ from the editor's until the document is reopened
            """)]
    }

    /// A fresh revision number.
    private mutating func takeRevision() -> Int {
        defer { nextRevision += 1 }
        return nextRevision
    }

    private mutating func initialize(_ params: JSONNode?) -> JSONValue {
        let offered = params?.object("capabilities", "general")?["positionEncodings"]?.arrayElements?.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        hoverFormat = Self.markupFormat(params?.object("capabilities", "textDocument", "hover")?["contentFormat"])
        completionDocumentationFormat = Self.markupFormat(params?.object("capabilities", "textDocument", "completion", "completionItem")?["documentationFormat"])
        let folders = params?["workspaceFolders"]?.arrayElements?.compactMap { $0.string("uri") } ?? []
        workspaceRoots = (folders + [params?.string("rootUri")].compactMap { $0 }).compactMap(DocumentURI.path(of:))
            + [params?.string("rootPath")].compactMap { $0 }.filter { $0.hasPrefix("/") }
        state = .running
        let capabilities: JSONValue = .object([
            ("positionEncoding", .string(encoding.rawValue)),
            ("textDocumentSync", .object([("openClose", true), ("change", 2)])),
            ("completionProvider", .object([("triggerCharacters", .strings(["\"", ":", "[", ","]))])),
            ("hoverProvider", true),
            ("definitionProvider", true),
            ("codeActionProvider", .object([("codeActionKinds", .strings(["quickfix"]))])),
            ("documentSymbolProvider", true),
            ("referencesProvider", true),
            ("renameProvider", .object([("prepareProvider", true)])),
            ("codeLensProvider", .object([("resolveProvider", false)])),
            ("workspaceSymbolProvider", true),
        ])
        return .object([
            ("capabilities", capabilities),
            ("serverInfo", .object([("name", .string(configuration.name))])),
        ])
    }

    /// The first format of a client's list (`MarkupKind[]`) that the
    /// server writes; markdown when the list names neither.
    static func markupFormat(_ list: JSONNode?) -> MarkupFormat {
        let formats = list?.arrayElements?.compactMap(\.stringValue) ?? []
        return formats.first { $0 == "markdown" || $0 == "plaintext" } == "plaintext" ? .plainText : .markdown
    }

    // MARK: - Shapes

    static func response(id: RPCID?, result: JSONValue) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("id", id?.json ?? .null), ("result", result)])
    }

    static func response(id: RPCID?, error: RPCError) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("id", id?.json ?? .null), ("error", error.json)])
    }

    static func notification(_ method: String, _ params: JSONValue) -> JSONValue {
        .object([("jsonrpc", "2.0"), ("method", .string(method)), ("params", params)])
    }

    /// A `window/logMessage` of type Warning.
    static func logWarning(_ message: String) -> JSONValue {
        notification("window/logMessage", .object([("type", .integer(2)), ("message", .string(message))]))
    }

    static func json(_ position: LSPPosition) -> JSONValue {
        .object([("line", .integer(position.line)), ("character", .integer(position.character))])
    }

    static func json(_ range: LSPRange) -> JSONValue {
        .object([("start", json(range.start)), ("end", json(range.end))])
    }

    static func location(uri: String, range: LSPRange) -> JSONValue {
        .object([("uri", .string(uri)), ("range", json(range))])
    }
}
