import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs ``CheckJob``s one at a time on a thread of its own, and makes
/// ``wakeDescriptor`` readable whenever a result waits, so the connection's
/// `poll` wakes for a finished check as it does for a message.
///
/// Results are only handed over; the server's state stays with the
/// connection's thread, which alone writes to the client.
final class CheckWorker: @unchecked Sendable {
    // @unchecked Sendable: `condition` (an NSCondition, a pthread mutex and
    // condition variable) guards `queue`, `results` and `stopping`; `check`
    // and the two descriptors are set in `init` and never change.
    private let condition = NSCondition()
    private var queue: [CheckJob] = []
    private var results: [CheckResult] = []
    private var stopping = false
    private let check: @Sendable (CheckJob) -> CheckResult
    /// The read end of the wake-up pipe, non-blocking: readable while a
    /// result may be waiting.
    let wakeDescriptor: Int32
    /// The write end: one byte per result.
    private let wakeWriter: Int32

    /// The stack of the checking thread: as deep as a main thread's, for
    /// the parsers' recursion over deeply nested documents (a secondary
    /// thread's default is 512 KiB on Apple platforms).
    static let stackSize = 8 * 1024 * 1024

    /// Starts the checking thread.
    ///
    /// - Parameter check: What running a job means (``CheckJob/run()``;
    ///   tests hold checks back with their own).
    /// - Returns: `nil` when no pipe can be made (no descriptors left).
    init?(check: @escaping @Sendable (CheckJob) -> CheckResult) {
        var descriptors: [Int32] = [-1, -1]
        guard pipe(&descriptors) == 0 else { return nil }
        wakeDescriptor = descriptors[0]
        wakeWriter = descriptors[1]
        _ = fcntl(wakeDescriptor, F_SETFL, fcntl(wakeDescriptor, F_GETFL) | O_NONBLOCK)
        for descriptor in descriptors { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        self.check = check
        // The thread holds the worker until `stop()` ends it.
        let thread = Thread { [self] in serve() }
        thread.name = "mapping-registry checks"
        thread.stackSize = Self.stackSize
        thread.start()
    }

    deinit {
        close(wakeDescriptor)
        close(wakeWriter)
    }

    /// Queues a job; it runs after the jobs queued before it.
    func start(_ job: CheckJob) {
        condition.lock()
        queue.append(job)
        condition.signal()
        condition.unlock()
    }

    /// The results finished since the last call, in the order they finished.
    func takeResults() -> [CheckResult] {
        // Drain the wake-up bytes first: a result posted after this is
        // followed by a byte of its own, which wakes the next `poll`.
        var bytes = [UInt8](repeating: 0, count: 64)
        while true {
            let count = bytes.withUnsafeMutableBytes { read(wakeDescriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            if count <= 0 { break }
        }
        condition.lock()
        defer { condition.unlock() }
        let taken = results
        results = []
        return taken
    }

    /// Ends the thread once its current check returns (that result is
    /// dropped) and drops the jobs still queued.
    func stop() {
        condition.lock()
        stopping = true
        queue = []
        condition.broadcast()
        condition.unlock()
    }

    /// The checking thread's loop.
    private func serve() {
        while true {
            condition.lock()
            while queue.isEmpty, !stopping { condition.wait() }
            guard !stopping else {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            condition.unlock()

            let result = check(job)

            condition.lock()
            guard !stopping else {
                condition.unlock()
                return
            }
            results.append(result)
            condition.unlock()
            var byte: UInt8 = 1
            while write(wakeWriter, &byte, 1) < 0, errno == EINTR {}
        }
    }
}
