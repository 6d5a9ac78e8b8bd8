/// What a full-screen program shows: one entry per line of the window,
/// top to bottom, each already cut to the window's width.
struct ScreenFrame: Hashable, Sendable {
    /// How a line is coloured, where the terminal shows colour
    /// (``ScreenPainter/usesColour(environment:)``).
    enum Style: Hashable, Sendable {
        case plain
        /// An error: red.
        case error
        /// A warning: yellow.
        case warning
        /// Something out of play, such as a sold-out dish: dim.
        case dimmed
    }

    /// One line of the window.
    struct Line: Hashable, Sendable {
        /// The text: printable characters only, no escape sequences.
        var text: String
        /// Whether it is shown in reverse video, across the whole width.
        var reversed = false
        /// Its colour, when the terminal shows colour.
        var style = Style.plain

        init(_ text: String, reversed: Bool = false, style: Style = .plain) {
            self.text = text
            self.reversed = reversed
            self.style = style
        }
    }

    var lines: [Line]
    /// The window's width, in columns: a reversed line is padded to it.
    var width: Int

    /// The lines' text, joined with newlines: what a test compares.
    var text: String {
        lines.map(\.text).joined(separator: "\n")
    }
}
