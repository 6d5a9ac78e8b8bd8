import Foundation
import MappingRegistry
@testable import MappingRegistryLanguageServer
import RegistryFixtures
import Testing
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A connection over real pipes, with checks held back at a gate the test
/// opens: what the client receives, and in which order, while a check runs.
/// Nothing here waits for time to pass; the gate's time limit only keeps a
/// broken server from hanging the test run.
@Suite struct LanguageServerConnectionTests {
    /// Holds every check until opened, and says whether one has started.
    final class Gate: @unchecked Sendable {
        // @unchecked Sendable: `condition` guards `open` and `entered`.
        private let condition = NSCondition()
        private var open = false
        private var entered = 0

        /// Called by a check: counts it, then waits until the gate opens
        /// (or a minute passes, so that a broken server fails instead of hanging).
        func pass() {
            condition.lock()
            entered += 1
            condition.broadcast()
            let limit = Date().addingTimeInterval(60)
            while !open, condition.wait(until: limit) {}
            condition.unlock()
        }

        func openGate() {
            condition.lock()
            open = true
            condition.broadcast()
            condition.unlock()
        }

        /// Waits until a check has reached the gate; whether one did.
        func waitForACheck() -> Bool {
            condition.lock()
            defer { condition.unlock() }
            let limit = Date().addingTimeInterval(60)
            while entered == 0, condition.wait(until: limit) {}
            return entered > 0
        }

        var isOpen: Bool {
            condition.lock()
            defer { condition.unlock() }
            return open
        }
    }

    /// The exit status of a connection running on a thread of its own, once it returns.
    final class Outcome: @unchecked Sendable {
        // @unchecked Sendable: `condition` guards `status`.
        private let condition = NSCondition()
        private var status: Int32?

        func finish(_ value: Int32) {
            condition.lock()
            status = value
            condition.broadcast()
            condition.unlock()
        }

        func wait() -> Int32? {
            condition.lock()
            defer { condition.unlock() }
            let limit = Date().addingTimeInterval(60)
            while status == nil, condition.wait(until: limit) {}
            return status
        }
    }

    /// A running connection and the client's ends of its pipes.
    struct Session {
        /// The pipes, kept open as long as the session.
        let pipes = (toServer: Pipe(), fromServer: Pipe())
        let input: FileHandle
        let output: FileHandle
        let outcome = Outcome()
        var buffer: [UInt8] = []

        init(gate: Gate) {
            let (toServer, fromServer) = pipes
            input = toServer.fileHandleForWriting
            output = fromServer.fileHandleForReading
            let serverInput = toServer.fileHandleForReading.fileDescriptor
            let serverOutput = fromServer.fileHandleForWriting.fileDescriptor
            let plugins = languageServerCatalog()
            let catalog = CatalogDescription(plugins)
            let configuration = LanguageServerConfiguration(
                name: "test", plugins: plugins, catalog: catalog, catalogDocument: nil,
                defaultMappings: nil, createsValues: true
            )
            let outcome = outcome
            let thread = Thread {
                var connection = LanguageServerConnection(server: LanguageServer(configuration: configuration))
                let status = connection.run(input: serverInput, output: serverOutput) { job in
                    gate.pass()
                    return job.run()
                }
                outcome.finish(status)
            }
            thread.start()
        }

        func send(_ message: [String: Any]) throws {
            let body = try JSONSerialization.data(withJSONObject: message)
            try input.write(contentsOf: Data("Content-Length: \(body.count)\r\n\r\n".utf8) + body)
        }

        /// The next message from the server (an empty object when the output ends).
        mutating func receive() throws -> [String: Any] {
            while true {
                if let end = buffer.firstRange(of: Array("\r\n\r\n".utf8)) {
                    let header = String(decoding: buffer[..<end.lowerBound], as: UTF8.self)
                    let length = Int(header.split(separator: " ").last ?? "") ?? 0
                    if buffer.count >= end.upperBound + length {
                        let body = Data(buffer[end.upperBound..<(end.upperBound + length)])
                        buffer.removeFirst(end.upperBound + length)
                        return try #require(try JSONSerialization.jsonObject(with: body) as? [String: Any])
                    }
                }
                let chunk = output.availableData
                if chunk.isEmpty { return [:] }
                buffer += chunk
            }
        }

        func initialize() throws {
            try send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
            try send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        }

        func open(_ uri: String, _ text: String) throws {
            try send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": [
                "textDocument": ["uri": uri, "languageId": "json", "version": 1, "text": text],
            ]])
        }

        /// A session initialized, with a document open whose check is held at the gate.
        static func checking(_ uri: String, _ text: String, at gate: Gate) throws -> Session {
            var session = Session(gate: gate)
            try session.initialize()
            #expect(try session.receive()["id"] as? Int == 1)
            try session.open(uri, text)
            #expect(gate.waitForACheck())
            return session
        }
    }

    static let uri = "file:///work/app/mappings.json"
    static let text = #"{ "version": 1, "mappings": [{ "view": "DishRo", "model": "Dish" }] }"#

    @Test func aRequestIsAnsweredWhileADocumentsCheckRuns() throws {
        let gate = Gate()
        defer { gate.openGate() }
        var session = try Session.checking(Self.uri, Self.text, at: gate)
        try session.send(["jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": [
            "textDocument": ["uri": Self.uri], "position": ["line": 0, "character": 33],
        ]])
        // The check is held at the gate: the hover comes first.
        let hover = try session.receive()
        #expect(hover["id"] as? Int == 2)
        #expect(!gate.isOpen)
        gate.openGate()
        let published = try session.receive()
        #expect(published["method"] as? String == "textDocument/publishDiagnostics")
        #expect(TestClient.diagnostics(for: Self.uri, in: [published]).contains { $0["code"] as? String == "unknown-view" })
        try session.send(["jsonrpc": "2.0", "id": 3, "method": "shutdown"])
        #expect(try session.receive()["id"] as? Int == 3)
        try session.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(session.outcome.wait() == 0)
    }

    @Test func exitDoesNotWaitForARunningCheck() throws {
        let gate = Gate()
        defer { gate.openGate() }
        var session = try Session.checking(Self.uri, Self.text, at: gate)
        try session.send(["jsonrpc": "2.0", "id": 2, "method": "shutdown"])
        try session.send(["jsonrpc": "2.0", "method": "exit"])
        #expect(try session.receive()["id"] as? Int == 2)
        // The connection returned with the check still held at the gate.
        #expect(session.outcome.wait() == 0)
        #expect(!gate.isOpen)
    }

    @Test func theEndOfTheInputEndsTheConnectionWithStatusOne() throws {
        let gate = Gate()
        defer { gate.openGate() }
        let session = try Session.checking(Self.uri, Self.text, at: gate)
        try session.input.close()
        #expect(session.outcome.wait() == 1)
    }
}
