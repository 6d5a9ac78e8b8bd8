import Foundation

/// A `menu` process that keeps running (`render --watch`), whose standard
/// output and standard error are read as they arrive, so a test can wait
/// for a line and then look at what was written.
final class RunningMenu: @unchecked Sendable {
    private let process = Process()
    private let condition = NSCondition()
    private var outputBytes = Data()
    private var errorBytes = Data()
    private var finished = 0
    private let exited = DispatchSemaphore(value: 0)

    /// Starts `menu` with arguments, in a directory (the package root by default).
    init(_ arguments: [String], in directory: URL = MenuBinary.packageRoot) throws {
        process.executableURL = try MenuBinary.url()
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        // Waited for with `waitUntilExit()`, which also lets Foundation release
        // the process (polling `isRunning` alone leaks it on Linux).
        let waiter = Thread { [process, exited] in
            process.waitUntilExit()
            exited.signal()
        }
        waiter.start()
        read(output.fileHandleForReading, standardError: false)
        read(errors.fileHandleForReading, standardError: true)
    }

    deinit {
        if process.isRunning { process.terminate() }
    }

    /// Everything written to standard output so far.
    var output: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: outputBytes, as: UTF8.self)
    }

    /// Everything written to standard error so far.
    var errors: String {
        condition.lock()
        defer { condition.unlock() }
        return String(decoding: errorBytes, as: UTF8.self)
    }

    /// Waits until `predicate` holds for (standard output, standard error);
    /// `false` after `timeout` seconds or when both streams have ended without it.
    @discardableResult
    func wait(timeout: TimeInterval = 60, until predicate: (_ output: String, _ errors: String) -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        condition.lock()
        defer { condition.unlock() }
        while true {
            let output = String(decoding: outputBytes, as: UTF8.self)
            let errors = String(decoding: errorBytes, as: UTF8.self)
            if predicate(output, errors) { return true }
            if finished == 2 { return false }
            guard condition.wait(until: deadline) else { return false }
        }
    }

    /// Sends SIGINT (Ctrl-C) and waits for the process to end; its exit
    /// status, or `nil` when it did not end in time or was ended by a signal.
    func interrupt(timeout: TimeInterval = 60) -> Int32? {
        process.interrupt()
        guard exited.wait(timeout: .now() + timeout) == .success else { return nil }
        exited.signal()
        guard process.terminationReason == .exit else { return nil }
        return process.terminationStatus
    }

    private func read(_ handle: FileHandle, standardError: Bool) {
        let thread = Thread { [self] in
            while true {
                let chunk = handle.availableData
                condition.lock()
                if chunk.isEmpty {
                    finished += 1
                } else if standardError {
                    errorBytes.append(chunk)
                } else {
                    outputBytes.append(chunk)
                }
                condition.broadcast()
                condition.unlock()
                if chunk.isEmpty { return }
            }
        }
        thread.start()
    }
}
