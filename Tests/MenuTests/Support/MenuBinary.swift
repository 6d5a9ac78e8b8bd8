import Foundation

/// What one run of the built `menu` binary produced.
struct MenuRun {
    var status: Int32
    var output: String
    var errors: String
}

enum MenuBinaryError: Error, CustomStringConvertible {
    case notFound([String])
    case timedOut([String])

    var description: String {
        switch self {
        case .notFound(let places): "no built 'menu' binary; looked at: \(places.joined(separator: ", "))"
        case .timedOut(let arguments): "menu \(arguments.joined(separator: " ")) did not finish in time"
        }
    }
}

/// Collects a pipe's bytes on a background queue, so a full pipe never blocks the child.
private final class PipeCollector: @unchecked Sendable {
    private let lock = NSLock()
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ pipe: Pipe) {
        let handle = pipe.fileHandleForReading
        DispatchQueue.global().async {
            let bytes = handle.readDataToEndOfFile()
            self.lock.lock()
            self.data = bytes
            self.lock.unlock()
            self.done.signal()
        }
    }

    func text(waitingUntil deadline: DispatchTime) -> String? {
        guard done.wait(timeout: deadline) == .success else { return nil }
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: data, as: UTF8.self)
    }
}

/// Finds and runs the `menu` executable that `swift build` / `swift test` built.
enum MenuBinary {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The binary: `MENU_BINARY` if set (for `menu`), else next to the running
    /// test bundle, else in the package's `.build/debug`.
    static func url(_ name: String = "menu") throws -> URL {
        var candidates: [URL] = []
        func found(_ candidate: URL) -> Bool {
            candidates.append(candidate)
            return FileManager.default.isExecutableFile(atPath: candidate.path)
        }
        if name == "menu", let explicit = ProcessInfo.processInfo.environment["MENU_BINARY"], found(URL(fileURLWithPath: explicit)) {
            return URL(fileURLWithPath: explicit)
        }
        if let executable = Bundle.main.executableURL {
            // The bundle may be `X.xctest` (a file or a directory); the products sit beside it.
            var directory = executable.deletingLastPathComponent()
            while directory.path.contains(".xctest") { directory.deleteLastPathComponent() }
            if found(directory.appendingPathComponent(name)) { return directory.appendingPathComponent(name) }
        }
        // Only when the places above fail: on Linux, Foundation's `Bundle.allBundles`
        // leaks an array on every call, which LeakSanitizer reports.
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            let candidate = bundle.bundleURL.deletingLastPathComponent().appendingPathComponent(name)
            if found(candidate) { return candidate }
        }
        let built = packageRoot.appendingPathComponent(".build/debug/\(name)")
        if found(built) { return built }
        throw MenuBinaryError.notFound(candidates.map(\.path))
    }

    /// Runs `menu` with arguments, in a directory (the package root by default),
    /// waiting at most `timeout` seconds. With `standardOutput`, stdout goes
    /// there instead of being captured (the run's `output` is then empty);
    /// with `standardInput`, stdin comes from there instead of this process's.
    static func run(
        _ arguments: [String],
        executable: String = "menu",
        in directory: URL = packageRoot,
        timeout: Double = 60,
        standardInput: FileHandle? = nil,
        standardOutput: FileHandle? = nil
    ) throws -> MenuRun {
        try run(program: try url(executable), arguments, in: directory, timeout: timeout, standardInput: standardInput, standardOutput: standardOutput)
    }

    /// Runs any program with arguments, in a directory, waiting at most
    /// `timeout` seconds for it to exit: the deadline only ends a run that
    /// hangs (as ``MenuBinaryError/timedOut(_:)``), it is not a time limit
    /// the test asserts.
    static func run(
        program: URL,
        _ arguments: [String],
        in directory: URL = packageRoot,
        timeout: Double = 60,
        standardInput: FileHandle? = nil,
        standardOutput: FileHandle? = nil
    ) throws -> MenuRun {
        let process = Process()
        if let standardInput { process.standardInput = standardInput }
        process.executableURL = program
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = standardOutput ?? output
        process.standardError = errors
        if standardOutput != nil { try output.fileHandleForWriting.close() }
        try process.run()
        // Waited for on a thread of its own, not through `terminationHandler`:
        // on Linux, Foundation leaks a Process that has a termination handler.
        let exited = DispatchSemaphore(value: 0)
        let waiter = Thread { [process] in
            process.waitUntilExit()
            exited.signal()
        }
        waiter.start()
        let outputCollector = PipeCollector(output)
        let errorCollector = PipeCollector(errors)
        let deadline = DispatchTime.now() + timeout
        guard exited.wait(timeout: deadline) == .success,
              let outputText = outputCollector.text(waitingUntil: deadline),
              let errorText = errorCollector.text(waitingUntil: deadline)
        else {
            process.terminate()
            throw MenuBinaryError.timedOut(arguments)
        }
        return MenuRun(status: process.terminationStatus, output: outputText, errors: errorText)
    }
}

extension MenuBinary {
    /// Standard error without the sample's `possible-ambiguity` warning
    /// (VeganDishRow and SpicyDishRow may both take a vegan, spicy dish),
    /// which every run on the sample's mappings prints: the warning's
    /// lines, its note and their source lines. Tests about other
    /// diagnostics compare the rest; `MenuSnapshotTests` and
    /// `ReadmeExcerptTests` check the warning itself.
    static func withoutPossibleAmbiguity(_ errors: String) -> String {
        var kept: [Substring] = []
        var skipping = false
        for line in errors.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.contains("[possible-ambiguity]") {
                skipping = true
                continue
            }
            if skipping, line.hasPrefix(" ") || line.contains(": note: ") { continue }
            skipping = false
            kept.append(line)
        }
        return kept.joined(separator: "\n")
    }
}
