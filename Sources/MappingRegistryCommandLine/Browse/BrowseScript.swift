import Foundation

/// A test's terminal for `browse`: keys typed as bytes, window sizes, edits
/// to the watched files and signals, taken one step at a time, with every
/// frame kept, so the whole loop runs in-process, without a terminal, the
/// same way every time.
///
/// Edits are looked at as ``WatchScript``'s are, on the script's own clock.
/// The first input of a watching `browse` is the watches' first look (the
/// files as they were when it started). After the last step the terminal
/// hangs up, so a script that forgets to quit ends too.
final class BrowseScript: BrowseTerminal, @unchecked Sendable {
    /// One thing that happens at the terminal.
    enum Step {
        /// Bytes as a terminal sends them for keys: `"jjq"`, `"\u{1B}[B"` (↓), `"\r"` (Enter).
        case type(String)
        /// The window changes size.
        case resize(WindowSize)
        /// A change to the watched files.
        case edit(@Sendable () throws -> Void)
        /// A signal or the terminal going away (`.terminated`, `.hungUp`, `.interrupted`).
        case input(BrowseInput)
    }

    private var steps: [Step]
    private var decoder = KeyDecoder()
    private var now = Date(timeIntervalSince1970: 1_000_000)
    private var lookedFirst = false
    /// The watches of a `browse --watch`, looked at only when the script says.
    var watches: [InputWatch] = []
    /// Every frame drawn, in order.
    private(set) var frames: [ScreenFrame] = []
    /// How many times the screen was to be drawn from scratch.
    private(set) var invalidations = 0
    /// What the edits threw; an edit that throws ends the run as a hang-up.
    private(set) var failures: [String] = []
    private(set) var size: WindowSize

    /// A script of steps in a window of `size`.
    init(size: WindowSize = .fallback, steps: [Step]) {
        self.size = size
        self.steps = steps
    }

    /// The last frame drawn.
    var screen: ScreenFrame? { frames.last }

    func next() -> BrowseInput {
        if !watches.isEmpty, !lookedFirst {
            lookedFirst = true
            WatchScript.look(at: watches, now: &now)
            return .filesChanged
        }
        guard !steps.isEmpty else { return .hungUp }
        switch steps.removeFirst() {
        case .type(let text):
            return .keys(decoder.decode(Array(text.utf8)) + decoder.flush())
        case .resize(let size):
            self.size = size
            return .resized
        case .edit(let edit):
            do {
                try edit()
            } catch {
                failures.append("\(error)")
                steps.removeAll()
                return .hungUp
            }
            WatchScript.look(at: watches, now: &now)
            return .filesChanged
        case .input(let input):
            return input
        }
    }

    func draw(_ frame: ScreenFrame) -> Bool {
        frames.append(frame)
        return true
    }

    func invalidate() {
        invalidations += 1
    }

    func suspend() {
        invalidations += 1
    }
}
