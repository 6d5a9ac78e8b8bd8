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
/// time, and checks on a ``CheckWorker``'s thread.
///
/// One thread (the caller's) reads messages, answers them, takes finished
/// checks back and writes everything, so the server's state and the output
/// have one owner and need no lock; it waits in `poll` for either input or
/// a finished check. A check starts when none is running and no further
/// whole message is waiting (a message still arriving may be a newer
/// change: it waits for it), so a burst of changes costs one check.
package struct LanguageServerConnection {
    var server: LanguageServer
    var reader = MessageReader()

    /// Creates a connection for a server.
    package init(server: LanguageServer) {
        self.server = server
    }

    /// Serves until `exit`, or until the input ends or output cannot be
    /// written (then as if `exit` came, without `shutdown` unless one did).
    /// A check still running then is abandoned.
    ///
    /// - Parameters:
    ///   - input: The descriptor messages are read from.
    ///   - output: The descriptor messages are written to.
    /// - Returns: The exit status: 0 after `shutdown` and `exit`, else 1.
    package mutating func run(input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO) -> Int32 {
        run(input: input, output: output) { $0.run() }
    }

    /// Serves as ``run(input:output:)`` does, with a given way of running a
    /// check (tests hold checks back with it).
    mutating func run(input: Int32, output: Int32, check: @escaping @Sendable (CheckJob) -> CheckResult) -> Int32 {
        // Without a worker (no descriptor left for its pipe), checks run
        // on this thread, between messages, as they must then.
        let worker = CheckWorker(check: check)
        defer { worker?.stop() }
        var descriptors = [pollfd(fd: input, events: Int16(POLLIN), revents: 0)]
        if let worker { descriptors.append(pollfd(fd: worker.wakeDescriptor, events: Int16(POLLIN), revents: 0)) }
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            for index in descriptors.indices { descriptors[index].revents = 0 }
            if poll(&descriptors, nfds_t(descriptors.count), -1) < 0 {
                if errno == EINTR { continue }
                return server.exitStatus ?? 1
            }
            var outgoing: [JSONValue] = []
            if let worker, descriptors[1].revents != 0 {
                for result in worker.takeResults() { outgoing += server.finish(result) }
            }
            if descriptors[0].revents != 0 {
                let count = chunk.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
                if count == 0 || (count < 0 && errno != EINTR && errno != EAGAIN) {
                    _ = Self.send(outgoing, to: output)
                    return server.exitStatus ?? 1
                }
                if count > 0 { reader.append(chunk[0..<count]) }
                while let event = reader.next() {
                    outgoing += server.receive(event)
                    if let status = server.exitStatus {
                        return Self.send(outgoing, to: output) ? status : 1
                    }
                }
            }
            // Nothing more to read right now: start the next check.
            if !reader.hasPartialMessage {
                if let worker {
                    if let job = server.nextCheck() { worker.start(job) }
                } else {
                    while let job = server.nextCheck() { outgoing += server.finish(check(job)) }
                }
            }
            guard Self.send(outgoing, to: output) else { return 1 }
        }
    }

    /// Frames a message: `Content-Length: N\r\n\r\n` and its compact JSON.
    static func frame(_ message: JSONValue) -> [UInt8] {
        let body = message.compactBytes()
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
