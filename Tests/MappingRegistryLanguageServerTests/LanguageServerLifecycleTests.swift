import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import Testing

@Suite struct LanguageServerLifecycleTests {
    static func error(_ reply: [String: Any]) -> Int? {
        (reply["error"] as? [String: Any])?["code"] as? Int
    }

    @Test func aRequestBeforeInitializeIsServerNotInitialized() {
        var client = TestClient(initialize: false)
        let reply = client.request("textDocument/hover", ["textDocument": ["uri": "file:///a.json"], "position": ["line": 0, "character": 0]])
        #expect(Self.error(reply) == -32002)
        // A notification is dropped, without a reply.
        #expect(client.notify("textDocument/didOpen", ["textDocument": ["uri": "file:///a.json", "version": 1, "text": "{"]]).isEmpty)
    }

    @Test func initializeAdvertisesTheFeaturesAndUTF16() throws {
        var client = TestClient(initialize: false)
        let reply = client.request("initialize", ["capabilities": [String: Any]()])
        let capabilities = try #require((reply["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
        #expect((capabilities["textDocumentSync"] as? [String: Any])?["change"] as? Int == 2)
        for provider in ["hoverProvider", "definitionProvider", "documentSymbolProvider"] {
            #expect(capabilities[provider] as? Bool == true, "\(provider)")
        }
        #expect(capabilities["completionProvider"] is [String: Any])
        #expect(capabilities["codeActionProvider"] is [String: Any])
        #expect(Self.error(client.request("initialize", ["capabilities": [String: Any]()])) == -32600)
    }

    @Test func utf8IsChosenWhenTheClientOffersIt() throws {
        var client = TestClient(initialize: false)
        let reply = client.request("initialize", ["capabilities": ["general": ["positionEncodings": ["utf-16", "utf-8"]]]])
        let capabilities = try #require((reply["result"] as? [String: Any])?["capabilities"] as? [String: Any])
        #expect(capabilities["positionEncoding"] as? String == "utf-8")
    }

    @Test func unknownRequestsAreMethodNotFoundAndUnknownNotificationsIgnored() {
        var client = TestClient()
        #expect(Self.error(client.request("textDocument/rename", [:])) == -32601)
        #expect(client.notify("$/setTrace", ["value": "off"]).isEmpty)
        #expect(client.notify("workspace/didChangeConfiguration", ["settings": [String: Any]()]).isEmpty)
    }

    @Test(arguments: [
        ("{not json", -32700, false),
        ("[1, 2]", -32600, false),
        ("\"text\"", -32600, false),
        (#"{"id": 7, "method": "shutdown"}"#, -32600, true),
        (#"{"jsonrpc": "2.0", "id": 7}"#, -32600, true),
        (#"{"jsonrpc": "2.0", "id": 7, "method": 12}"#, -32600, true),
        (#"{"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": 3}"#, -32600, true),
        (#"{"jsonrpc": "2.0", "id": 7, "method": "textDocument/hover", "params": {}}"#, -32602, true),
        (#"{"jsonrpc": "2.0", "id": [1], "method": "shutdown"}"#, -32600, false),
    ])
    func aMalformedMessageGetsAnErrorAndTheServerGoesOn(body: String, code: Int, echoesID: Bool) throws {
        var client = TestClient()
        let replies = client.send(body: Array(body.utf8))
        let reply = try #require(replies.first)
        #expect(Self.error(reply) == code)
        if echoesID {
            #expect(reply["id"] as? Int == 7)
        } else {
            #expect(reply["id"] is NSNull)
        }
        // Still serving.
        #expect(client.request("shutdown", [:])["result"] is NSNull)
    }

    @Test func shutdownThenExitEndsWithZero() {
        var client = TestClient()
        #expect(client.request("shutdown", [:])["result"] is NSNull)
        #expect(Self.error(client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///a.json"]])) == -32600)
        #expect(client.server.exitStatus == nil)
        _ = client.notify("exit", [:])
        #expect(client.server.exitStatus == 0)
    }

    @Test func exitWithoutShutdownEndsWithOne() {
        var client = TestClient()
        _ = client.notify("exit", [:])
        #expect(client.server.exitStatus == 1)
    }

    @Test func framedMessagesAreLengthPrefixed() {
        let bytes = LanguageServerConnection.frame(.object([("a", "é")]))
        #expect(String(decoding: bytes, as: UTF8.self) == "Content-Length: 10\r\n\r\n{\"a\":\"é\"}")
    }
}
