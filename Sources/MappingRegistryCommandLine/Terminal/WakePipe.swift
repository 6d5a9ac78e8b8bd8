#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A pipe a full-screen loop watches beside the terminal, so that signals
/// and file watches, which happen on other threads, can wake it: each
/// posts a byte that says what happened (the self-pipe pattern).
///
/// Both ends are non-blocking: a post into a full pipe is dropped (the
/// loop is awake then anyway, and drains it).
final class WakePipe: Sendable {
    /// The end the loop polls and drains.
    let readDescriptor: Int32
    /// The end posts go to (a signal handler writes to it directly).
    let writeDescriptor: Int32

    /// Opens the pipe; `nil` when the process has no descriptors left.
    init?() {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        readDescriptor = descriptors[0]
        writeDescriptor = descriptors[1]
        for descriptor in descriptors {
            _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
    }

    deinit {
        close(readDescriptor)
        close(writeDescriptor)
    }

    /// Wakes the loop with one byte; from any thread.
    func post(_ byte: UInt8) {
        var byte = byte
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Every byte posted since the last call, oldest first.
    func drain() -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(readDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return bytes }
            bytes += buffer[0..<count]
        }
    }
}
