import Foundation
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A detached tmux session of fixed size on a tmux server of its own, for
/// driving a full-screen program as a user would: keys in with `send-keys`,
/// the screen out with `capture-pane`.
final class TmuxSession {
    /// Whether the tmux tests run: tmux is on `PATH` and `MAPPING_REGISTRY_TMUX=1`.
    static var isEnabled: Bool {
        ProcessInfo.processInfo.environment["MAPPING_REGISTRY_TMUX"] == "1" && executable != nil
    }

    /// `tmux` on `PATH`.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":")
            .map { URL(fileURLWithPath: String($0)).appendingPathComponent("tmux") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    enum Failure: Error, CustomStringConvertible {
        case noTmux
        case command([String], Int32)
        case timedOut(String, screen: String)

        var description: String {
            switch self {
            case .noTmux: "tmux is not on PATH"
            case .command(let arguments, let status): "tmux \(arguments.joined(separator: " ")) exited \(status)"
            case .timedOut(let what, let screen): "timed out waiting for \(what); the screen:\n\(screen)"
            }
        }
    }

    private let tmux: URL
    /// The server's socket (`tmux -S`), in the session's directory, so no
    /// other server is touched and nothing is left behind elsewhere.
    private let socket: String
    /// A FIFO the pane's output is copied into (`pipe-pane`), held open for
    /// reading and writing so it never reports end of file: waiting for the
    /// screen to change is waiting for bytes on it.
    private let output: String
    private let outputDescriptor: Int32
    let name = "browse"

    /// Starts a shell (`sh`, prompt `$ `) in a detached session of
    /// `columns` × `rows`, in `directory`.
    init(columns: Int = 80, rows: Int = 24, in directory: URL) throws {
        guard let tmux = Self.executable else { throw Failure.noTmux }
        self.tmux = tmux
        socket = directory.appendingPathComponent("tmux.socket").path
        output = directory.appendingPathComponent("pane.fifo").path
        guard mkfifo(output, 0o600) == 0 else { throw Failure.command(["mkfifo", output], errno) }
        outputDescriptor = open(output, O_RDWR | O_NONBLOCK)
        guard outputDescriptor >= 0 else { throw Failure.command(["open", output], errno) }
        do {
            try run(["new-session", "-d", "-s", name, "-x", "\(columns)", "-y", "\(rows)", "-c", directory.path, "env PS1='$ ' sh"])
            try run(["pipe-pane", "-t", name, "cat >> '\(output)'"])
        } catch {
            _ = try? run(["kill-server"])
            close(outputDescriptor)
            throw error
        }
    }

    deinit {
        _ = try? run(["kill-server"])
        close(outputDescriptor)
        try? FileManager.default.removeItem(atPath: socket)
        try? FileManager.default.removeItem(atPath: output)
    }

    /// Waits until the pane writes something, or the deadline passes, and
    /// drains what was written: the screen can only have changed then.
    private func waitForOutput(until deadline: Date) {
        var descriptor = pollfd(fd: outputDescriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(max(0, min(deadline.timeIntervalSinceNow * 1_000, 1_000)))
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while read(outputDescriptor, &buffer, buffer.count) > 0 {}
    }

    /// Runs a tmux command on this session's server; its standard output.
    ///
    /// The client is spawned with every signal unblocked and at its default
    /// handling: the test process's threads block some signals, and the
    /// server that `new-session` starts, its shell and `menu` would
    /// otherwise inherit that, unlike in a user's terminal. The client's
    /// output is read from a pipe that only `capture-pane` and
    /// `display-message` get; the server never holds it open.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let all = [tmux.path, "-S", socket, "-f", "/dev/null"] + arguments
        let captures = ["capture-pane", "display-message"].contains(arguments.first ?? "")
        var descriptors: [Int32] = [-1, -1]
        if captures, pipe(&descriptors) != 0 { throw Failure.command(arguments, -1) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        if captures {
            posix_spawn_file_actions_adddup2(&actions, descriptors[1], 1)
            posix_spawn_file_actions_addclose(&actions, descriptors[0])
            posix_spawn_file_actions_addclose(&actions, descriptors[1])
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        }
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var every = sigset_t()
        sigfillset(&every)
        sigdelset(&every, SIGKILL)
        sigdelset(&every, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &every)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        let argv = all.map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux.path, &actions, &attributes, argv + [nil], environ)
        var output = Data()
        if captures {
            close(descriptors[1])
            var buffer = [UInt8](repeating: 0, count: 4096)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptors[0], $0.baseAddress, $0.count) }
                if count > 0 { output.append(contentsOf: buffer[0..<count]) } else if count == 0 || errno != EINTR { break }
            }
            close(descriptors[0])
        }
        guard spawned == 0 else { throw Failure.command(arguments, spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        // Exited normally with status 0: the low 7 bits (the signal) and the next 8 (the status) are 0.
        guard status == 0 else { throw Failure.command(arguments, status) }
        return String(decoding: output, as: UTF8.self)
    }

    /// Types text, then Enter.
    func type(_ line: String) throws {
        try run(["send-keys", "-t", name, "-l", line])
        try run(["send-keys", "-t", name, "Enter"])
    }

    /// Presses keys by tmux's names (`Down`, `End`, `Enter`) or as text (`j`).
    func press(_ keys: String...) throws {
        try run(["send-keys", "-t", name] + keys)
    }

    /// The screen's text, one string per line.
    func screen() throws -> String {
        try run(["capture-pane", "-p", "-t", name])
    }

    /// The screen with its attributes as escape sequences (`ESC [ 7 m` for reverse video).
    func screenWithAttributes() throws -> String {
        try run(["capture-pane", "-p", "-e", "-t", name])
    }

    /// A tmux format of the pane, such as `#{alternate_on}`.
    func pane(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Looks at the screen until `predicate` holds, and returns it; throws
    /// at the deadline, which only catches a program that never gets there.
    @discardableResult
    func waitForScreen(_ what: String, timeout: TimeInterval = 30, attributes: Bool = false, until predicate: (String) -> Bool) throws -> String {
        let deadline = Date(timeIntervalSinceNow: timeout)
        var last = ""
        while Date() < deadline {
            last = attributes ? try screenWithAttributes() : try screen()
            if predicate(last) { return last }
            waitForOutput(until: deadline)
        }
        throw Failure.timedOut(what, screen: last)
    }

    /// Waits until the screen contains `text`.
    @discardableResult
    func waitFor(_ text: String, timeout: TimeInterval = 30) throws -> String {
        try waitForScreen("'\(text)'", timeout: timeout) { $0.contains(text) }
    }
}
