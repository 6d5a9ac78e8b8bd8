/// What wakes `browse`'s loop.
enum BrowseInput: Hashable, Sendable {
    /// Keys were pressed.
    case keys([Key])
    /// The window changed size (SIGWINCH).
    case resized
    /// A watched file may have a new version: take the watch's events.
    case filesChanged
    /// SIGINT from outside (Ctrl-C itself arrives as a key in raw mode).
    case interrupted
    /// SIGTERM.
    case terminated
    /// The terminal went away: SIGHUP, the end of input, or a read that failed.
    case hungUp
    /// SIGTSTP from outside: suspend, as for Ctrl-Z.
    case suspendRequested
    /// The process was continued after a stop (SIGCONT): take the terminal
    /// again and draw everything.
    case continued
}

/// The screen and keyboard `browse` runs on: the real terminal
/// (``TerminalDevice``), or a test's script (``BrowseScript``).
protocol BrowseTerminal {
    /// The window's size now.
    var size: WindowSize { get }
    /// Waits for the next input.
    mutating func next() -> BrowseInput
    /// Shows a frame. Returns `false` when the terminal has gone (a write failed).
    mutating func draw(_ frame: ScreenFrame) -> Bool
    /// Forgets what the screen shows, so the next frame draws all of it.
    mutating func invalidate()
    /// Gives the terminal back as it was, stops the process until it is
    /// continued, then takes the terminal again.
    mutating func suspend()
}
