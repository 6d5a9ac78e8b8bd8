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
        #expect(Self.error(client.request("textDocument/formatting", [:])) == -32601)
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

    /// How a client sends the params of a method that takes none.
    enum ParamsForm: String, CaseIterable, Sendable {
        case absent, null, empty

        /// The `params` member of a message, with its leading comma.
        var member: String {
            switch self {
            case .absent: ""
            case .null: #","params":null"#
            case .empty: #","params":{}"#
            }
        }
    }

    /// A method whose params LSP 3.17 makes void (`shutdown`, `exit`) or
    /// an empty object (`initialized`'s `InitializedParams`), and what the
    /// server answers. Every other method it handles requires params:
    /// `initialize` (`InitializeParams`), `textDocument/didOpen`,
    /// `didChange`, `didClose`, `completion`, `hover`, `definition`,
    /// `codeAction`, `documentSymbol`.
    struct VoidMethod: Sendable, CustomTestStringConvertible {
        var method: String
        /// The request's id; `nil` for a notification.
        var id: Int?
        /// Whether `shutdown` comes first.
        var afterShutdown = false
        /// The exact messages the server sends back.
        var replies: [String]
        /// The exit status afterwards; `nil` while serving.
        var exitStatus: Int32?

        var testDescription: String { method + (afterShutdown ? " after shutdown" : "") }

        static let all = [
            VoidMethod(method: "initialized", replies: []),
            VoidMethod(method: "shutdown", id: 7, replies: [#"{"jsonrpc":"2.0","id":7,"result":null}"#]),
            VoidMethod(method: "exit", afterShutdown: true, replies: [], exitStatus: 0),
            VoidMethod(method: "exit", replies: [], exitStatus: 1),
        ]
    }

    @Test(arguments: VoidMethod.all, ParamsForm.allCases)
    func voidParamsAreAcceptedAbsentNullOrEmpty(_ method: VoidMethod, _ params: ParamsForm) {
        var client = TestClient(initialize: false)
        _ = client.request("initialize", ["processId": NSNull(), "capabilities": [String: Any]()])
        if method.method != "initialized" { _ = client.notify("initialized", [:]) }
        if method.afterShutdown { #expect(client.request("shutdown", [:])["result"] is NSNull) }
        let id = method.id.map { #","id":\#($0)"# } ?? ""
        let body = #"{"jsonrpc":"2.0"\#(id),"method":"\#(method.method)"\#(params.member)}"#
        let replies = client.server.receive(body: Array(body.utf8)).map { $0.compact() }
        #expect(replies == method.replies)
        #expect(client.server.exitStatus == method.exitStatus)
        if method.method == "initialized" {
            // Still serving: a request is answered.
            #expect(client.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///a.json"]])["result"] as? [Any] != nil)
        }
    }

    /// Every request the server answers that needs params, with them
    /// absent, `null` or `{}`: `InvalidParams` with a message, never a
    /// crash, and the server goes on serving. `workspace/symbol` reads a
    /// missing query as the empty one and lists every symbol.
    static let requestsWithParams = [
        "textDocument/completion", "textDocument/hover", "textDocument/definition", "textDocument/codeAction",
        "textDocument/documentSymbol", "textDocument/references", "textDocument/prepareRename", "textDocument/rename",
        "textDocument/codeLens", "workspace/symbol",
    ]

    @Test(arguments: requestsWithParams, ParamsForm.allCases)
    func aRequestWithoutItsParamsIsInvalidParams(_ method: String, _ params: ParamsForm) throws {
        var client = TestClient()
        let body = #"{"jsonrpc":"2.0","id":9,"method":"\#(method)"\#(params.member)}"#
        let reply = try #require(client.send(body: Array(body.utf8)).first)
        if method == "workspace/symbol" {
            #expect(reply["result"] is [Any])
        } else {
            #expect(Self.error(reply) == -32602)
            #expect(((reply["error"] as? [String: Any])?["message"] as? String)?.isEmpty == false)
        }
        #expect(client.request("shutdown", [:])["result"] is NSNull)
    }

    /// Params of a kind no method takes are refused as before; so are
    /// missing ones where the method needs them. `exit` is not taken then.
    @Test(arguments: [
        (#"{"jsonrpc":"2.0","id":7,"method":"shutdown","params":3}"#, -32600),
        (#"{"jsonrpc":"2.0","id":7,"method":"shutdown","params":"none"}"#, -32600),
        (#"{"jsonrpc":"2.0","id":7,"method":"shutdown","params":[]}"#, -32602),
        (#"{"jsonrpc":"2.0","method":"exit","params":false}"#, -32600),
        (#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":3}"#, -32600),
        (#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover","params":null}"#, -32602),
        (#"{"jsonrpc":"2.0","id":7,"method":"textDocument/hover"}"#, -32602),
        (#"{"jsonrpc":"2.0","id":7,"method":"textDocument/completion","params":{}}"#, -32602),
        (#"{"jsonrpc":"2.0","id":7,"method":"textDocument/documentSymbol","params":null}"#, -32602),
    ])
    func paramsOfAWrongKindAreStillRefused(body: String, code: Int) throws {
        var client = TestClient()
        let reply = try #require(client.send(body: Array(body.utf8)).first)
        #expect(Self.error(reply) == code)
        #expect(client.server.exitStatus == nil)
        #expect(client.request("shutdown", [:])["result"] is NSNull)
    }

    @Test func framedMessagesAreLengthPrefixed() {
        let bytes = LanguageServerConnection.frame(.object([("a", "é")]))
        #expect(String(decoding: bytes, as: UTF8.self) == "Content-Length: 10\r\n\r\n{\"a\":\"é\"}")
    }
}
