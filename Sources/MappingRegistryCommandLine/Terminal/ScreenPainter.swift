/// Turns frames into the ANSI escape sequences that draw them, writing
/// only the lines that changed since the last frame.
///
/// Each line is drawn at its place (`ESC [ row ; 1 H`), in reverse video
/// (`ESC [ 7 m`, padded with spaces to the frame's width) when asked, else
/// with the rest of the line erased (`ESC [ K`), so what was there before
/// never shows through. A line's ``ScreenFrame/Style`` is drawn with its
/// colour (`ESC [ 31 m` red, `33` yellow, `2` dim) when ``colours`` is on.
/// ``invalidate()`` forgets
/// what the screen holds (after a resize, Ctrl-L, or coming back from a
/// suspend): the next frame clears the screen and draws every line.
struct ScreenPainter: Sendable {
    /// What the screen shows now, as far as the painter knows.
    private var shown: [ScreenFrame.Line]?
    /// Whether styles are drawn in colour; see ``usesColour(environment:)``.
    let colours: Bool

    init(colours: Bool = true) {
        self.colours = colours
    }

    /// Whether a terminal with this environment gets colour: not when
    /// `NO_COLOR` is set to anything but the empty string (no-color.org),
    /// nor when `TERM` is `dumb`.
    static func usesColour(environment: [String: String]) -> Bool {
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        return environment["TERM"] != "dumb"
    }

    /// The SGR parameters of a line: reverse video and its colour.
    private func attributes(of line: ScreenFrame.Line) -> [String] {
        var attributes = line.reversed ? ["7"] : []
        guard colours else { return attributes }
        switch line.style {
        case .plain: break
        case .error: attributes.append("31")
        case .warning: attributes.append("33")
        case .dimmed: attributes.append("2")
        }
        return attributes
    }

    /// Switches to the alternate screen (the shell's text stays where it
    /// was), hides the cursor and clears.
    static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[0m\u{1B}[2J"
    /// Resets the attributes, shows the cursor and goes back to the main screen.
    static let leave = "\u{1B}[0m\u{1B}[?25h\u{1B}[?1049l"

    /// Forgets what the screen shows, so the next frame draws it all.
    mutating func invalidate() {
        shown = nil
    }

    /// The escape sequences and text that turn the screen into `frame`;
    /// the empty string when it already shows it.
    mutating func paint(_ frame: ScreenFrame) -> String {
        var output = ""
        let previous = shown
        if previous == nil || previous?.count != frame.lines.count {
            output += "\u{1B}[0m\u{1B}[2J"
        }
        for (index, line) in frame.lines.enumerated() {
            if let previous, previous.count == frame.lines.count, previous[index] == line { continue }
            output += "\u{1B}[\(index + 1);1H"
            let attributes = attributes(of: line)
            let start = attributes.isEmpty ? "" : "\u{1B}[\(attributes.joined(separator: ";"))m"
            if line.reversed {
                let padding = String(repeating: " ", count: max(0, frame.width - DisplayWidth.of(line.text)))
                // Padded to the full width: nothing is left to erase (and an
                // erase at the last column would take its character).
                output += start + line.text + padding + "\u{1B}[0m"
            } else if !start.isEmpty {
                output += start + line.text + "\u{1B}[0m\u{1B}[K"
            } else {
                output += line.text + "\u{1B}[K"
            }
        }
        shown = frame.lines
        return output
    }
}
