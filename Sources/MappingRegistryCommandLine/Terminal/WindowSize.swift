#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// The size of a terminal window in character cells.
struct WindowSize: Hashable, Sendable {
    var columns: Int
    var rows: Int

    /// The size assumed when a terminal does not say: 80 × 24.
    static let fallback = WindowSize(columns: 80, rows: 24)

    /// The size of the terminal on `descriptor`, or ``fallback`` when it
    /// does not say (not a terminal, or a size of zero).
    static func of(_ descriptor: Int32) -> WindowSize {
        var size = winsize()
        guard ioctl(descriptor, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else { return fallback }
        return WindowSize(columns: Int(size.ws_col), rows: Int(size.ws_row))
    }
}
