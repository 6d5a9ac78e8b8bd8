import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import RegistryFixtures
import Testing
import TestSupport

/// The fixture catalog plus a predicate with an argument and a decorator.
func languageServerCatalog() -> PluginCatalog {
    var plugins = fixtureCatalog()
    plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
    plugins.register(decorator: "soldOut", for: Dish.self) { text, _, _ in text + " (sold out)" }
    return plugins
}

/// A client driving a ``LanguageServer`` in process: messages in as JSON
/// objects, everything the server sends back decoded. With
/// `checksAutomatically`, every pending check runs after each message, as
/// if the worker were instantaneous; without, a test hands out and finishes
/// check jobs itself (``nextCheck()``, ``finish(_:)``).
struct TestClient {
    var server: LanguageServer
    var checksAutomatically: Bool
    private var nextID = 1

    init(
        plugins: PluginCatalog = languageServerCatalog(),
        catalogDocument: String? = nil,
        defaultMappings: String? = nil,
        initialize: Bool = true,
        encodings: [String] = [],
        checksAutomatically: Bool = true,
        catalogPath: String? = nil,
        workspace: [String: Any] = [:]
    ) {
        self.checksAutomatically = checksAutomatically
        let catalog = CatalogDescription(plugins)
        server = LanguageServer(configuration: LanguageServerConfiguration(
            name: "test",
            plugins: plugins,
            catalog: catalog,
            catalogDocument: Array((catalogDocument ?? catalog.rendered()).utf8),
            defaultMappings: defaultMappings.map { ("default.json", Data($0.utf8)) },
            createsValues: true
        ))
        server.configuration.catalogPath = catalogPath
        if initialize {
            var capabilities: [String: Any] = [:]
            if !encodings.isEmpty { capabilities["general"] = ["positionEncodings": encodings] }
            _ = request("initialize", ["processId": NSNull(), "capabilities": capabilities].merging(workspace) { first, _ in first })
            _ = send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        }
    }

    /// Sends raw bytes as one message body.
    mutating func send(body: [UInt8]) -> [[String: Any]] {
        var messages = server.receive(body: body)
        if checksAutomatically { messages += server.checkPendingNow() }
        return Self.decode(messages)
    }

    static func decode(_ messages: [JSONValue]) -> [[String: Any]] {
        messages.compactMap { message in
            (try? JSONSerialization.jsonObject(with: Data(message.compact().utf8))) as? [String: Any]
        }
    }

    /// The check the server hands out next, if any.
    mutating func nextCheck() -> CheckJob? {
        server.nextCheck()
    }

    /// The check the server hands out next; a test failure when there is none.
    mutating func takeCheck(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> CheckJob {
        let job = server.nextCheck()
        return try #require(job, "no check was handed out", sourceLocation: sourceLocation)
    }

    /// Hands a check's result back; returns what the server sends.
    mutating func finish(_ result: CheckResult) -> [[String: Any]] {
        Self.decode(server.finish(result))
    }

    mutating func send(_ message: [String: Any]) -> [[String: Any]] {
        send(body: Array((try? JSONSerialization.data(withJSONObject: message)) ?? Data()))
    }

    mutating func notify(_ method: String, _ params: [String: Any]) -> [[String: Any]] {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// Sends a request; returns its response (or an empty object when none came).
    mutating func request(_ method: String, _ params: [String: Any]) -> [String: Any] {
        let id = nextID
        nextID += 1
        let replies = send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return replies.first { ($0["id"] as? Int) == id } ?? [:]
    }

    /// Opens a document; returns the diagnostics published for it.
    mutating func open(_ uri: String, _ text: String, version: Int = 1) -> [[String: Any]] {
        let replies = notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "json", "version": version, "text": text]])
        return Self.diagnostics(for: uri, in: replies)
    }

    /// Replaces a document's text; returns the diagnostics published for it.
    mutating func change(_ uri: String, _ text: String, version: Int) -> [[String: Any]] {
        let replies = notify("textDocument/didChange", [
            "textDocument": ["uri": uri, "version": version],
            "contentChanges": [["text": text]],
        ])
        return Self.diagnostics(for: uri, in: replies)
    }

    /// Sends a `didChange` with content changes as given (each a `text`
    /// and maybe a `range`); returns everything the server sends back.
    mutating func edit(_ uri: String, _ changes: [[String: Any]], version: Int) -> [[String: Any]] {
        notify("textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": changes])
    }

    mutating func at(_ method: String, _ uri: String, _ position: [String: Int]) -> [String: Any] {
        request(method, ["textDocument": ["uri": uri], "position": position])
    }

    static func diagnostics(for uri: String, in replies: [[String: Any]]) -> [[String: Any]] {
        for reply in replies where reply["method"] as? String == "textDocument/publishDiagnostics" {
            let params = reply["params"] as? [String: Any]
            if params?["uri"] as? String == uri { return params?["diagnostics"] as? [[String: Any]] ?? [] }
        }
        return []
    }
}

extension MarkedText {
    /// A marker's position as the protocol counts it: 0-based line and
    /// UTF-16 code units (or UTF-8 bytes) from the line's start.
    func position(_ digit: Int, utf8: Bool = false) -> [String: Int] {
        guard let location = locations[digit] else { return ["line": 0, "character": 0] }
        // The line's text before the marker: after the last \n or \r.
        let lineStart = bytes[..<location.offset].lastIndex { $0 == 10 || $0 == 13 }.map { $0 + 1 } ?? 0
        let last = String(decoding: bytes[lineStart..<location.offset], as: UTF8.self)
        return ["line": location.line - 1, "character": utf8 ? last.utf8.count : last.utf16.count]
    }
}

/// A protocol range, for a content change.
func range(_ startLine: Int, _ startCharacter: Int, _ endLine: Int, _ endCharacter: Int) -> [String: Any] {
    ["start": ["line": startLine, "character": startCharacter], "end": ["line": endLine, "character": endCharacter]]
}

/// The `version` of a `publishDiagnostics` among replies, by URI.
func publishedVersion(of uri: String, in replies: [[String: Any]]) -> Int? {
    for reply in replies where reply["method"] as? String == "textDocument/publishDiagnostics" {
        let params = reply["params"] as? [String: Any]
        if params?["uri"] as? String == uri { return params?["version"] as? Int }
    }
    return nil
}

/// `range.start` of a protocol object.
func start(_ object: [String: Any]?) -> [String: Int]? {
    ((object?["range"] as? [String: Any])?["start"] as? [String: Any]).map { start in
        ["line": start["line"] as? Int ?? -1, "character": start["character"] as? Int ?? -1]
    }
}

func end(_ object: [String: Any]?) -> [String: Int]? {
    ((object?["range"] as? [String: Any])?["end"] as? [String: Any]).map { end in
        ["line": end["line"] as? Int ?? -1, "character": end["character"] as? Int ?? -1]
    }
}
