/// One key press, as ``KeyDecoder`` reads it from a terminal in raw mode.
enum Key: Hashable, Sendable {
    case up
    case down
    case left
    case right
    case pageUp
    case pageDown
    case home
    case end
    /// Return or Enter (`\r`, or `\n`).
    case enter
    /// Backspace or Delete as most terminals send it (`0x7F`), or Ctrl-H.
    case backspace
    /// Escape pressed on its own.
    case escape
    /// Ctrl-C: in raw mode it arrives as a byte, not as SIGINT.
    case interrupt
    /// Ctrl-Z: in raw mode it arrives as a byte, not as SIGTSTP.
    case suspend
    /// Ctrl-L: draw the whole screen again.
    case redraw
    /// A printable character, such as `q` or `é`.
    case character(Character)
    /// Anything else: another control byte, an escape sequence this
    /// decoder does not name, bytes that are not UTF-8.
    case unknown
}
