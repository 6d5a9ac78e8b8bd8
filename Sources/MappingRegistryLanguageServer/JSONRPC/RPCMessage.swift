import MappingRegistry

/// The id of a request: a number or a string, echoed in its response.
enum RPCID: Hashable {
    case number(Int)
    case string(String)

    var json: JSONValue {
        switch self {
        case .number(let number): .integer(number)
        case .string(let string): .string(string)
        }
    }
}

/// One JSON-RPC 2.0 message from the client, classified.
enum RPCMessage {
    /// A call that wants a response.
    case request(id: RPCID, method: String, params: JSONNode?)
    /// A call that wants none.
    case notification(method: String, params: JSONNode?)
    /// A response to a request of the server's (it sends none, so these are dropped).
    case response
    /// Something that cannot be handled; the error to answer with and the
    /// id to answer to, when one could be read.
    case invalid(id: RPCID?, error: RPCError)

    /// Reads a message body: a JSON object with `"jsonrpc": "2.0"` and a
    /// `method` (and an `id` for a request), or a response.
    init(body: [UInt8]) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(body)
        } catch {
            self = .invalid(id: nil, error: .parseError("the message is not JSON: \(error.location.line):\(error.location.column): \(error.message)"))
            return
        }
        guard root.objectMembers != nil else {
            let what = root.arrayElements != nil ? "a batch (an array), which the Language Server Protocol does not use" : "a JSON \(root.typeName)"
            self = .invalid(id: nil, error: .invalidRequest("the message is \(what); expected an object"))
            return
        }
        let object = root
        var id: RPCID?
        var badID = false
        if let idNode = object["id"] {
            if let number = idNode.numberValue?.intValue {
                id = .number(number)
            } else if let string = idNode.stringValue {
                id = .string(string)
            } else {
                badID = true
            }
        }
        guard object["jsonrpc"]?.stringValue == "2.0" else {
            self = .invalid(id: id, error: .invalidRequest("the message lacks \"jsonrpc\": \"2.0\""))
            return
        }
        guard let methodNode = object["method"] else {
            if object["result"] != nil || object["error"] != nil {
                self = .response
            } else {
                self = .invalid(id: id, error: .invalidRequest("the message has no method"))
            }
            return
        }
        guard let method = methodNode.stringValue else {
            self = .invalid(id: id, error: .invalidRequest("the method is a \(methodNode.typeName), not a string"))
            return
        }
        if badID {
            self = .invalid(id: nil, error: .invalidRequest("the id of '\(method)' is neither an integer nor a string"))
            return
        }
        // JSON-RPC forbids `"params": null`, but Zed, Atom's client and
        // older eglot (1.9) send it for a method without params (`shutdown`,
        // `exit`), and the servers they are used with accept it: it reads as
        // no params. Any other scalar is still refused.
        let params = object["params"].flatMap { $0.isNull ? nil : $0 }
        if let params, params.objectMembers == nil, params.arrayElements == nil {
            self = .invalid(id: id, error: .invalidRequest("the params of '\(method)' are a \(params.typeName), not an object or array"))
            return
        }
        if let id {
            self = .request(id: id, method: method, params: params)
        } else {
            self = .notification(method: method, params: params)
        }
    }
}
