import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The process's own terminal, taken over for a full-screen program: raw
/// mode on standard input, the alternate screen on standard output, and the
/// signals that concern a terminal program caught and turned into inputs.
///
/// ``close()`` gives everything back (cooked mode, the main screen, the
/// cursor, the signals' previous handling); it runs once, whatever ended
/// the program, and a terminal that has gone away is given back as far as
/// it still can be.
final class TerminalDevice: BrowseTerminal {
    private let input: Int32
    private let output: Int32
    /// Signals and file watches wake the loop through it.
    let wake: WakePipe
    private let mode: TerminalMode
    private var signals: SignalCatcher?
    private var painter = ScreenPainter(colours: ScreenPainter.usesColour(environment: ProcessInfo.processInfo.environment))
    private var decoder = KeyDecoder()
    /// Inputs read but not handed out yet.
    private var queued: [BrowseInput] = []
    private var closed = false
    private(set) var size: WindowSize

    /// How long an escape byte waits for the rest of a sequence before it
    /// counts as the Escape key, in milliseconds.
    static let escapeWait: Int32 = 30

    /// The bytes posted to ``wake``: each caught signal's (its number), and
    /// a letter for a file watch.
    enum Wake {
        static let interrupt = SignalCatcher.byte(for: SIGINT)
        static let terminate = SignalCatcher.byte(for: SIGTERM)
        static let hangUp = SignalCatcher.byte(for: SIGHUP)
        static let resize = SignalCatcher.byte(for: SIGWINCH)
        static let stop = SignalCatcher.byte(for: SIGTSTP)
        static let `continue` = SignalCatcher.byte(for: SIGCONT)
        static let files = UInt8(ascii: "F")
    }

    /// Whether both standard input and standard output are terminals.
    static var isAvailable: Bool {
        isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1
    }

    /// Takes over the terminal on standard input and output.
    ///
    /// - Returns: `nil` when either is not a terminal or raw mode cannot be set.
    init?() {
        input = STDIN_FILENO
        output = STDOUT_FILENO
        guard Self.isAvailable, let wake = WakePipe(), let mode = TerminalMode(rawOn: input) else { return nil }
        self.wake = wake
        self.mode = mode
        size = WindowSize.of(output)
        // SIGPIPE is caught only to be ignored: a failed write is an error to handle, not the end.
        signals = SignalCatcher([SIGINT, SIGTERM, SIGHUP, SIGWINCH, SIGTSTP, SIGCONT, SIGPIPE], posting: wake)
        _ = writeAll(ScreenPainter.enter)
    }

    deinit {
        close()
    }

    /// Gives the terminal back: the main screen, the cursor, cooked mode,
    /// and the signals' previous handling. Runs once.
    func close() {
        guard !closed else { return }
        closed = true
        _ = writeAll(ScreenPainter.leave)
        mode.restore()
        signals?.restore()
        signals = nil
    }

    func invalidate() {
        painter.invalidate()
    }

    func draw(_ frame: ScreenFrame) -> Bool {
        let text = painter.paint(frame)
        return text.isEmpty || writeAll(text)
    }

    func suspend() {
        _ = writeAll(ScreenPainter.leave)
        mode.restore()
        // SIGTSTP is caught, so stop with SIGSTOP, which cannot be; this
        // returns once the shell continues the process.
        kill(getpid(), SIGSTOP)
        resume()
    }

    /// Takes the terminal again after a stop.
    private func resume() {
        mode.apply()
        _ = writeAll(ScreenPainter.enter)
        size = WindowSize.of(output)
        painter.invalidate()
    }

    func next() -> BrowseInput {
        while queued.isEmpty {
            var descriptors = [
                pollfd(fd: input, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readDescriptor, events: Int16(POLLIN), revents: 0),
            ]
            // Bytes of an unfinished escape sequence wait a moment for the rest.
            let timeout: Int32 = decoder.pending.isEmpty ? -1 : Self.escapeWait
            let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
            if ready < 0 {
                if errno == EINTR { continue }
                return .hungUp
            }
            if ready == 0 {
                let keys = decoder.flush()
                if !keys.isEmpty { queued.append(.keys(keys)) }
                continue
            }
            if descriptors[1].revents != 0 { readWakeUps() }
            if descriptors[0].revents != 0 { readKeys() }
        }
        return queued.removeFirst()
    }

    /// Reads what standard input has; its end, or an error, means the terminal went away.
    private func readKeys() {
        var buffer = [UInt8](repeating: 0, count: 256)
        let count = buffer.withUnsafeMutableBytes { read(input, $0.baseAddress, $0.count) }
        if count > 0 {
            let keys = decoder.decode(buffer[0..<count])
            if !keys.isEmpty { queued.append(.keys(keys)) }
        } else if count == 0 || (errno != EINTR && errno != EAGAIN) {
            queued.append(.hungUp)
        }
    }

    /// Turns what was posted to the wake pipe into inputs, once each.
    private func readWakeUps() {
        var seen = Set<UInt8>()
        for byte in wake.drain() where seen.insert(byte).inserted {
            switch byte {
            case Wake.interrupt: queued.append(.interrupted)
            case Wake.terminate: queued.append(.terminated)
            case Wake.hangUp: queued.append(.hungUp)
            case Wake.resize:
                size = WindowSize.of(output)
                painter.invalidate()
                queued.append(.resized)
            case Wake.stop: queued.append(.suspendRequested)
            case Wake.continue:
                resume()
                queued.append(.continued)
            case Wake.files: queued.append(.filesChanged)
            default: break
            }
        }
    }

    /// Writes all of `text`; `false` when a write fails (EIO when the
    /// terminal has hung up, EPIPE), or the terminal has been closed.
    private func writeAll(_ text: String) -> Bool {
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { write(output, $0.baseAddress, $0.count) }
            if written > 0 {
                bytes = bytes.dropFirst(written)
            } else if written < 0, errno == EINTR {
                continue
            } else if written < 0, errno == EAGAIN {
                var descriptor = pollfd(fd: output, events: Int16(POLLOUT), revents: 0)
                guard poll(&descriptor, 1, 1000) > 0 else { return false }
            } else {
                return false
            }
        }
        return true
    }
}
