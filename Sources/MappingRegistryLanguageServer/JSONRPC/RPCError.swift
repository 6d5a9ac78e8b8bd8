import MappingRegistry

/// A JSON-RPC 2.0 error object, with the codes JSON-RPC and the Language
/// Server Protocol define.
struct RPCError: Error, Equatable {
    var code: Int
    var message: String

    /// The body is not JSON.
    static let parseErrorCode = -32700
    /// The body is JSON but no request, notification or response.
    static let invalidRequestCode = -32600
    /// No such method.
    static let methodNotFoundCode = -32601
    /// The method's parameters are missing or of the wrong shape.
    static let invalidParamsCode = -32602
    /// A request before `initialize`.
    static let serverNotInitializedCode = -32002
    /// A valid request the server could not carry out (LSP 3.17); the
    /// message says why, and clients show it.
    static let requestFailedCode = -32803

    static func parseError(_ message: String) -> RPCError { RPCError(code: parseErrorCode, message: message) }
    static func invalidRequest(_ message: String) -> RPCError { RPCError(code: invalidRequestCode, message: message) }
    static func methodNotFound(_ method: String) -> RPCError { RPCError(code: methodNotFoundCode, message: "unknown method '\(method)'") }
    static func invalidParams(_ message: String) -> RPCError { RPCError(code: invalidParamsCode, message: message) }
    static func requestFailed(_ message: String) -> RPCError { RPCError(code: requestFailedCode, message: message) }
    static let serverNotInitialized = RPCError(code: serverNotInitializedCode, message: "the server is not initialized: send 'initialize' first")

    /// The error object of a response.
    var json: JSONValue {
        .object([("code", .integer(code)), ("message", .string(message))])
    }
}
