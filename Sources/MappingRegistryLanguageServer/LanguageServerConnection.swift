import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import MappingRegistry

/// Runs a ``LanguageServer`` over a pair of file descriptors (standard
/// input and output): Content-Length framing both ways, one message at a
/// time, diagnostics published whenever no further whole message is waiting.
package struct LanguageServerConnection {
    var server: LanguageServer
    var reader = MessageReader()

    /// Creates a connection for a server.
    package init(server: LanguageServer) {
        self.server = server
    }

    /// Serves until `exit`, or until the input ends or output cannot be
    /// written (then as if `exit` came, without `shutdown` unless one did).
    ///
    /// - Parameters:
    ///   - input: The descriptor messages are read from.
    ///   - output: The descriptor messages are written to.
    /// - Returns: The exit status: 0 after `shutdown` and `exit`, else 1.
    package mutating func run(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return server.exitStatus ?? 1 }
            reader.append(chunk[0..<count])
            var outgoing: [JSONValue] = []
            while let event = reader.next() {
                outgoing += server.receive(event)
                if let status = server.exitStatus {
                    return Self.send(outgoing, to: output) ? status : 1
                }
            }
            // Nothing more to read right now: bring diagnostics up to date.
            // (A message still arriving may be a newer change: wait for it.)
            if !reader.hasPartialMessage {
                outgoing += server.publishPendingDiagnostics()
            }
            guard Self.send(outgoing, to: output) else { return 1 }
        }
    }

    /// Frames a message: `Content-Length: N\r\n\r\n` and its compact JSON.
    static func frame(_ message: JSONValue) -> [UInt8] {
        let body = Array(message.compact().utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    /// Writes messages in full; `false` when the output is gone.
    static func send(_ messages: [JSONValue], to output: Int32) -> Bool {
        for message in messages {
            let bytes = frame(message)
            var written = 0
            while written < bytes.count {
                let result = bytes.withUnsafeBytes { buffer -> Int in
                    guard let base = buffer.baseAddress else { return 0 }
                    return write(output, base + written, buffer.count - written)
                }
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { return false }
                written += result
            }
        }
        return true
    }
}
