import Foundation
import MappingRegistry

// The language server's latency as an editor sees it: the time from sending
// a `textDocument/didChange` with the whole text of a mappings file of 1 000,
// 10 000 and 100 000 mappings (about 10 MiB) to receiving its
// `textDocument/publishDiagnostics`, through a real `mapping-registry lsp`
// process over pipes. Baseline, in the same run: loading the same text with
// `MappingRegistry(configuration:plugins:)` in this process (the check the
// server must do at least). Then whether the server still answers a request
// sent right behind a 10 MiB change. Release builds of both:
//   swift build -c release --product mapping-registry
//   swift run -c release --package-path Benchmarks LanguageServerBenchmarks [SERVER]

let runs = 7
let clock = ContinuousClock()
let server = CommandLine.arguments.dropFirst().first ?? ".build/release/mapping-registry"
let catalog = "Examples/Menu/Schemas/menu.catalog.json"

func milliseconds(_ duration: Duration) -> Double {
    let parts = duration.components
    return Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15
}

func median(_ samples: [Double]) -> Double {
    let sorted = samples.sorted()
    return sorted[sorted.count / 2]
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

    init() throws {
        process.executableURL = URL(fileURLWithPath: server)
        process.arguments = ["lsp", "--catalog", catalog]
        process.standardInput = input
        process.standardOutput = output
        try process.run()
    }

    func send(_ object: [String: Any]) throws {
        let body = try JSONSerialization.data(withJSONObject: object)
        input.fileHandleForWriting.write(Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
    }

    /// The next message from the server.
    func receive() throws -> [String: Any] {
        while true {
            if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                let length = Int(header.split(separator: ":").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? 0
                if buffer.count >= end.upperBound + length {
                    let body = Data(buffer[end.upperBound..<(end.upperBound + length)])
                    buffer.removeFirst(end.upperBound + length)
                    return (try JSONSerialization.jsonObject(with: body)) as? [String: Any] ?? [:]
                }
            }
            let chunk = output.fileHandleForReading.availableData
            guard !chunk.isEmpty else { throw CocoaError(.fileReadUnknown) }
            buffer += chunk
        }
    }

    /// Waits for a message with a method, or the response to an id.
    func receive(method: String? = nil, id: Int? = nil) throws -> [String: Any] {
        while true {
            let message = try receive()
            if let method, message["method"] as? String == method { return message }
            if let id, message["id"] as? Int == id { return message }
        }
    }
}

/// A Swift catalog with what the generated files name, for the baseline load.
var plugins = PluginCatalog()
struct Dish: Sendable {}
plugins.register(model: Dish.self, named: "Dish")
plugins.register(view: "DishRow", for: Dish.self) { _, _ in "" }

let process = try ServerProcess()
try process.send(["jsonrpc": "2.0", "id": 0, "method": "initialize", "params": ["capabilities": [String: Any]()]])
_ = try process.receive(id: 0)
try process.send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])

print("LanguageServerBenchmarks: median of \(runs) changes; baseline = MappingRegistry(configuration:) of the same text in this process")
print("mappings |    bytes | didChange → publishDiagnostics ms | baseline load ms | ratio | diagnostics")
var version = 1
for (index, count) in [1_000, 10_000, 100_000].enumerated() {
    let uri = "file:///benchmark/mappings-\(count).json"
    try process.send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
        "textDocument": ["uri": uri, "languageId": "json", "version": version, "text": mappingsText(count: count, variant: 0)],
    ]])
    _ = try process.receive(method: "textDocument/publishDiagnostics")
    var served: [Double] = []
    var loaded: [Double] = []
    var diagnostics = 0
    var bytes = 0
    for run in 1...runs {
        version += 1
        let text = mappingsText(count: count, variant: run)
        bytes = text.utf8.count
        let message: [String: Any] = ["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
            "textDocument": ["uri": uri, "version": version],
            "contentChanges": [["text": text]],
        ]]
        let start = clock.now
        try process.send(message)
        let published = try process.receive(method: "textDocument/publishDiagnostics")
        served.append(milliseconds(clock.now - start))
        diagnostics = ((published["params"] as? [String: Any])?["diagnostics"] as? [Any])?.count ?? -1
        let data = Data(text.utf8)
        loaded.append(milliseconds(clock.measure { _ = try? MappingRegistry(configuration: data, plugins: plugins) }))
    }
    let line = [
        String(count).padding(toLength: 8, withPad: " ", startingAt: 0),
        String(bytes).padding(toLength: 8, withPad: " ", startingAt: 0),
        String(format: "%33.1f", median(served)),
        String(format: "%16.1f", median(loaded)),
        String(format: "%5.2f", median(served) / median(loaded)),
        String(diagnostics),
    ]
    print(line.joined(separator: " | "))
    _ = index
}

// A request right behind a 10 MiB change: answered before or after the check?
version += 1
let large = mappingsText(count: 100_000, variant: 99)
let start = clock.now
try process.send(["jsonrpc": "2.0", "method": "textDocument/didChange", "params": [
    "textDocument": ["uri": "file:///benchmark/mappings-100000.json", "version": version],
    "contentChanges": [["text": large]],
]])
try process.send(["jsonrpc": "2.0", "id": 1, "method": "textDocument/hover", "params": [
    "textDocument": ["uri": "file:///benchmark/mappings-1000.json"], "position": ["line": 3, "character": 15],
]])
_ = try process.receive(id: 1)
let answered = milliseconds(clock.now - start)
_ = try process.receive(method: "textDocument/publishDiagnostics")
let published = milliseconds(clock.now - start)
print(String(format: "a hover sent right behind a %.1f MiB change: answered after %.1f ms; that change's diagnostics after %.1f ms",
             Double(large.utf8.count) / 1_048_576, answered, published))

try process.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
_ = try process.receive(id: 2)
try process.send(["jsonrpc": "2.0", "method": "exit"])
process.process.waitUntilExit()
print("server exit status: \(process.process.terminationStatus)")
