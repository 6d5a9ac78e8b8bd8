import Foundation
import MappingRegistry

// The language server's latency as an editor sees it, through real
// `mapping-registry lsp` processes over pipes (release builds):
// (a) the time from sending a `textDocument/didChange` with the whole text of
//     a mappings file of 1 000, 10 000 and 100 000 mappings (about 9 MiB) to
//     receiving its `textDocument/publishDiagnostics`. Baseline, in the same
//     run: loading the same text with `MappingRegistry(configuration:plugins:)`
//     in this process (the check the server must do at least).
// (b) the latency of a hover sent right behind a 9 MiB didChange: on another
//     open document, and on the changed document itself; and when that
//     change's diagnostics arrive.
// (c) at 10 000 mappings, with a data document of 10 000 dishes open beside
//     them, through `menu lsp` (the sample's own plugins, which create
//     values): references, prepareRename, rename, code lenses and
//     workspace symbols, request → response (target: 100 ms each).
// Every server named on the command line is measured in the same run, so an
// older build (another checkout's binary) can be compared with this one:
//   swift build -c release --product mapping-registry
//   swift run -c release --package-path Benchmarks LanguageServerBenchmarks [--runs N] [SERVER …]

var runs = 7
var servers: [String] = []
var menu = ".build/release/menu"
/// `--workspace-only`: (c) alone.
var workspaceOnly = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs", let value = arguments.popFirst().flatMap({ Int($0) }), value > 0 {
        runs = value
    } else if argument == "--menu", let value = arguments.popFirst() {
        menu = value
    } else if argument == "--workspace-only" {
        workspaceOnly = true
    } else {
        servers.append(argument)
    }
}
if servers.isEmpty, !workspaceOnly { servers = [".build/release/mapping-registry"] }
let clock = ContinuousClock()
let catalog = "Examples/Menu/Schemas/menu.catalog.json"

func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
}

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

func column(_ text: String, _ width: Int) -> String {
    String(repeating: " ", count: max(0, width - text.count)) + text
}

/// A mappings file of `count` mappings that all load: one section each.
func mappingsText(count: Int, variant: Int) -> String {
    var text = "{\n  \"version\": 1,\n  \"mappings\": [\n"
    for index in 0..<count {
        text += "    { \"view\": \"DishRow\", \"model\": \"Dish\", \"condition\": { \"section\": \(index) }, \"priority\": \(variant) }"
        text += index == count - 1 ? "\n" : ",\n"
    }
    return text + "  ]\n}\n"
}

/// A language server process and the framing of its pipes.
final class ServerProcess {
    let process = Process()
    let input = Pipe()
    let output = Pipe()
    var buffer: [UInt8] = []
    var nextID = 1

    init(_ path: String, arguments: [String] = ["lsp", "--catalog", catalog]) throws {
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ object: [String: Any]) throws {
        write(try Self.frame(object))
    }

    /// A message with its header, ready to write (so that a timing need not
    /// include this process's own JSON encoding of a large text).
    static func frame(_ object: [String: Any]) throws -> Data {
        let body = try JSONSerialization.data(withJSONObject: object)
        return Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    func write(_ framed: Data) {
        input.fileHandleForWriting.write(framed)
    }

    /// Sends a request; returns its id.
    func request(_ method: String, _ params: [String: Any]) throws -> Int {
        let id = nextID
        nextID += 1
        try send(["jsonrpc": "2.0", "id": id, "method": method, "params": params])
        return id
    }

    func notify(_ method: String, _ params: [String: Any]) throws {
        try send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    /// The next message from the server.
    func receive() throws -> [String: Any] {
        (try JSONSerialization.jsonObject(with: try receiveBody())) as? [String: Any] ?? [:]
    }

    /// The next message's body, not parsed (so that a timing can stop
    /// before this process's own JSON decoding).
    func receiveBody() throws -> Data {
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                if buffer.count >= end.upperBound + length {
                    let body = Data(buffer[end.upperBound..<(end.upperBound + length)])
                    buffer.removeFirst(end.upperBound + length)
                    return body
                }
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            buffer += chunk
        }
    }

    /// Reads until the response to `id` and a `publishDiagnostics` of `uri`
    /// have both come; returns when each came, measured from `start`, and
    /// whether the response came first.
    func receive(response id: Int?, diagnosticsOf uri: String, since start: ContinuousClock.Instant)
        throws -> (response: Double, diagnostics: Double, responseFirst: Bool, published: [String: Any]) {
        var response: Double?
        var diagnostics: Double?
        var published: [String: Any] = [:]
        while (id != nil && response == nil) || diagnostics == nil {
            let message = try receive()
            let now = milliseconds(clock.now - start)
            if let id, message["id"] as? Int == id {
                response = now
            } else if message["method"] as? String == "textDocument/publishDiagnostics",
                      (message["params"] as? [String: Any])?["uri"] as? String == uri {
                diagnostics = now
                published = message
            }
        }
        let responseTime = response ?? .nan
        let diagnosticsTime = diagnostics ?? .nan
        return (responseTime, diagnosticsTime, !(responseTime > diagnosticsTime), published)
    }

    func open(_ uri: String, _ text: String, version: Int) throws {
        try notify("textDocument/didOpen", ["textDocument": ["uri": uri, "languageId": "json", "version": version, "text": text]])
        _ = try receive(response: nil, diagnosticsOf: uri, since: clock.now)
    }

    /// A `didChange` with the whole text, framed.
    static func change(_ uri: String, _ text: String, version: Int) throws -> Data {
        try frame(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": version],
            "contentChanges": [["text": text]],
        ]])
    }

    func hover(_ uri: String, line: Int, character: Int) throws -> Int {
        try request("textDocument/hover", ["textDocument": ["uri": uri], "position": ["line": line, "character": character]])
    }

    func shutDown() throws -> Int32 {
        let id = try request("shutdown", [:])
        while try receive()["id"] as? Int != id {}
        try notify("exit", [:])
        process.waitUntilExit()
        return process.terminationStatus
    }
}

/// A Swift catalog with what the generated files name, for the baseline load.
var plugins = PluginCatalog()
struct Dish: Sendable {}
plugins.register(model: Dish.self, named: "Dish")
plugins.register(view: "DishRow", for: Dish.self) { _, _ in "" }

/// What (b) measured for one server: medians in milliseconds.
struct HoverBehindALargeChange {
    var server: String
    var otherDocument: Double
    var changedDocument: Double
    var diagnostics: Double
    /// Runs in which a hover was answered before the change's diagnostics came.
    var answeredFirst: Int
    var samples: Int
}

print("LanguageServerBenchmarks: median of \(runs) changes per row; servers: \(servers.joined(separator: ", "))")
var hovers: [HoverBehindALargeChange] = []
for path in servers {
    let server = try ServerProcess(path)
    _ = try server.request("initialize", ["capabilities": [String: Any]()])
    _ = try server.receive()
    try server.notify("initialized", [:])

    print("")
    print("(a) \(path): didChange → publishDiagnostics; baseline = MappingRegistry(configuration:) of the same text in this process")
    print("mappings |    bytes | didChange → publishDiagnostics ms | baseline load ms | ratio | diagnostics")
    var version = 1
    for count in [1_000, 10_000, 100_000] {
        let uri = "file:///benchmark/mappings-\(count).json"
        try server.open(uri, mappingsText(count: count, variant: 0), version: version)
        var served: [Double] = []
        var loaded: [Double] = []
        var diagnostics = 0
        var bytes = 0
        for run in 1...runs {
            version += 1
            let text = mappingsText(count: count, variant: run)
            bytes = text.utf8.count
            let change = try ServerProcess.change(uri, text, version: version)
            let start = clock.now
            server.write(change)
            let arrival = try server.receive(response: nil, diagnosticsOf: uri, since: start)
            served.append(arrival.diagnostics)
            diagnostics = ((arrival.published["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count ?? -1
            let data = Data(text.utf8)
            loaded.append(milliseconds(clock.measure { _ = try? MappingRegistry(configuration: data, plugins: plugins) }))
        }
        print([
            String(count).padding(toLength: 8, withPad: " ", startingAt: 0),
            column(String(bytes), 8),
            String(format: "%33.1f", median(served)),
            String(format: "%16.1f", median(loaded)),
            String(format: "%5.2f", median(served) / median(loaded)),
            String(diagnostics),
        ].joined(separator: " | "))
    }

    // (b) A request right behind a 9 MiB change: answered before or after the check?
    let large = "file:///benchmark/mappings-100000.json"
    var other: [Double] = []
    var same: [Double] = []
    var published: [Double] = []
    var first = 0
    for run in 1...runs {
        for sameDocument in [false, true] {
            version += 1
            let change = try ServerProcess.change(large, mappingsText(count: 100_000, variant: 100 + run), version: version)
            let start = clock.now
            server.write(change)
            let id = sameDocument
                ? try server.hover(large, line: 3, character: 15)
                : try server.hover("file:///benchmark/mappings-1000.json", line: 3, character: 15)
            let arrival = try server.receive(response: id, diagnosticsOf: large, since: start)
            if sameDocument { same.append(arrival.response) } else { other.append(arrival.response) }
            published.append(arrival.diagnostics)
            if arrival.responseFirst { first += 1 }
        }
    }
    hovers.append(HoverBehindALargeChange(
        server: path, otherDocument: median(other), changedDocument: median(same),
        diagnostics: median(published), answeredFirst: first, samples: 2 * runs
    ))
    print("server exit status after shutdown and exit: \(try server.shutDown())")
}

if !hovers.isEmpty {
print("")
print("(b) a hover sent right behind a didChange of \(mappingsText(count: 100_000, variant: 100).utf8.count) bytes (100 000 mappings); median of \(runs) each, ms from sending the change")
print("hover on another document | hover on the changed document | that change's diagnostics | hover answered first | server")
for hover in hovers {
    print([
        String(format: "%25.1f", hover.otherDocument),
        String(format: "%29.1f", hover.changedDocument),
        String(format: "%25.1f", hover.diagnostics),
        column("\(hover.answeredFirst) of \(hover.samples)", 20),
        hover.server,
    ].joined(separator: " | "))
}
}

// (c) Workspace features at 10 000 mappings.
func dishesText(count: Int) -> String {
    var text = "{ \"sections\": [\n"
    for section in 0..<count {
        text += "  { \"items\": [{ \"model\": \"Dish\", \"value\": { \"name\": \"Dish \(section)\", \"price\": \(section % 40 + 1) } }] }"
        text += section == count - 1 ? "\n" : ",\n"
    }
    return text + "] }\n"
}

print("")
print("(c) \(menu) lsp: 10 000 mappings and a data document of 10 000 dishes open beside them; median of \(runs), ms request → response (target 100)")
let workspace = try ServerProcess(menu, arguments: ["lsp"])
_ = try workspace.request("initialize", ["capabilities": [String: Any]()])
_ = try workspace.receive()
try workspace.notify("initialized", [:])
let mappingsURI = "file:///benchmark/workspace/mappings.json"
let dataURI = "file:///benchmark/workspace/data.json"
try workspace.open(mappingsURI, mappingsText(count: 10_000, variant: 0), version: 1)
try workspace.open(dataURI, dishesText(count: 10_000), version: 1)
// Line 3 is the first mapping; character 15 is inside "DishRow".
let onView: [String: Any] = ["textDocument": ["uri": mappingsURI], "position": ["line": 3, "character": 15]]
let requests: [(String, String, [String: Any])] = [
    ("references of a view", "textDocument/references", onView.merging(["context": ["includeDeclaration": true]]) { first, _ in first }),
    ("references of a mapping", "textDocument/references", [
        "textDocument": ["uri": mappingsURI], "position": ["line": 3, "character": 6], "context": ["includeDeclaration": false],
    ]),
    ("prepareRename", "textDocument/prepareRename", onView),
    ("rename", "textDocument/rename", onView.merging(["newName": "MealRow"]) { first, _ in first }),
    ("code lenses", "textDocument/codeLens", ["textDocument": ["uri": mappingsURI]]),
    ("workspace symbols", "workspace/symbol", ["query": "dish"]),
]
print("request                 |     ms |     bytes | result")
for (name, method, params) in requests {
    var samples: [Double] = []
    var size = ""
    var bytes = 0
    for _ in 1...runs {
        let start = clock.now
        let id = try workspace.request(method, params)
        var reply: [String: Any] = [:]
        var body = Data()
        // The clock stops when the response's last byte has come; parsing it is this client's cost.
        while reply["id"] as? Int != id {
            body = try workspace.receiveBody()
            let elapsed = milliseconds(clock.now - start)
            reply = (try JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
            if reply["id"] as? Int == id { samples.append(elapsed) }
        }
        bytes = body.count
        if let array = reply["result"] as? [Any] {
            size = "\(array.count) results"
        } else if let changes = (reply["result"] as? [String: Any])?["changes"] as? [String: [Any]] {
            size = "\(changes.values.map(\.count).reduce(0, +)) edits"
        } else if let error = reply["error"] as? [String: Any] {
            size = "error: \(error["message"] as? String ?? "")"
        } else {
            size = reply["result"] == nil ? "no result" : "a result"
        }
    }
    print([name.padding(toLength: 23, withPad: " ", startingAt: 0), String(format: "%6.1f", median(samples)), column(String(bytes), 9), size].joined(separator: " | "))
}
print("server exit status after shutdown and exit: \(try workspace.shutDown())")
