#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// A terminal's line discipline switched to raw mode (no echo, no line
/// editing, no signals from keys, no output processing), and the settings it
/// had, to put back.
///
/// Raw mode is what a full-screen program needs: each key arrives as soon
/// as it is pressed, Ctrl-C arrives as a byte rather than as SIGINT, and
/// nothing is echoed. ``restore()`` puts the saved settings back; it is
/// safe to call more than once, and after the terminal has gone away (it
/// then fails quietly: there is nothing left to restore).
struct TerminalMode {
    let descriptor: Int32
    private let saved: termios

    /// Saves the settings of the terminal on `descriptor` and switches it to raw mode.
    ///
    /// - Returns: `nil` when `descriptor` is not a terminal, or its settings
    ///   cannot be read or changed.
    init?(rawOn descriptor: Int32) {
        var settings = termios()
        guard tcgetattr(descriptor, &settings) == 0 else { return nil }
        self.descriptor = descriptor
        saved = settings
        guard apply() else { return nil }
    }

    /// Switches the terminal to raw mode again, after ``restore()`` (when
    /// the program comes back from being suspended). Returns whether it could.
    @discardableResult
    func apply() -> Bool {
        var raw = saved
        cfmakeraw(&raw)
        // One byte is enough for a read to return; no timer.
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        return tcsetattr(descriptor, TCSANOW, &raw) == 0
    }

    /// Puts back the settings the terminal had.
    func restore() {
        var settings = saved
        _ = tcsetattr(descriptor, TCSANOW, &settings)
    }
}
