import Foundation
import MappingRegistry
import ModelStorage

/// What `browse` shows and does, with no terminal: the rows of a loaded
/// registry and document, rendered through one ``ReusePool`` only when on
/// screen; the list's selection and scrolling (``BrowseList``); the events
/// it sends as rows come and go and are selected; the status line. The
/// terminal loop gives it keys and a window size and draws the frames it
/// makes; tests do the same without a terminal.
///
/// Events go through the pool as `MappingEvent<String>` first, so a handler
/// that answers with text has it shown on the status line; a handler of
/// another type (such as the plain ``MappingEvent/didSelect``) gives
/// `incompatible-event` without running, and the event is sent again as
/// `MappingEvent<Void>`.
struct BrowseController {
    /// What the terminal loop should do after a key.
    enum Command: Equatable {
        /// Draw the next frame and wait for the next input.
        case none
        /// Leave (`q`, Ctrl-C).
        case quit
        /// Give the terminal back and stop until continued (Ctrl-Z).
        case suspend
        /// Draw the whole screen again (Ctrl-L).
        case redraw
    }

    /// The mappings shown with, once loaded.
    private(set) var registry: MappingRegistry?
    /// The data shown, once loaded.
    private(set) var document: DataDocument?
    /// The rows of the document, in the order `render` prints them.
    private(set) var rows: [BrowseRow] = []
    /// The views of the current registry; replaced when the registry is.
    private(set) var pool: ReusePool?
    private(set) var list = BrowseList(count: 0)
    /// The render context predicates read; the app's actions change it.
    private(set) var context: (any Sendable)?
    /// The keys the app gives a meaning, without those the list keeps.
    let actions: [BrowseAction]
    /// Events sent so far.
    private(set) var eventCount = 0
    /// The last event's message, or the last action's, or the last load problem's.
    private(set) var message: String?
    /// Files whose last version did not load, by name, with the first
    /// diagnostic: shown until a version loads.
    private(set) var problems: [String: String] = [:]

    /// The window's size at the last frame.
    private var lastSize: WindowSize?

    /// Keys the list itself answers; an action on one of them never runs.
    static let reservedKeys: Set<Character> = ["j", "k", "q"]

    init(context: (any Sendable)?, actions: [BrowseAction]) {
        self.context = context
        self.actions = actions.filter { !Self.reservedKeys.contains($0.key) }
    }

    // MARK: - Loading

    /// Shows a registry and a document (each `nil` keeps the current one):
    /// the rows on screen get `didEndDisplaying` through the old pool, and
    /// the next frame sends `willDisplay` to every row it shows. A new
    /// registry gets a new pool. A problem reported for `file` is cleared,
    /// and a new version of a file shown before says so on the status line.
    mutating func show(registry newRegistry: MappingRegistry? = nil, document newDocument: DataDocument? = nil, file: String? = nil) {
        if let file {
            let name = URL(fileURLWithPath: file).lastPathComponent
            let hadProblem = problems.removeValue(forKey: name) != nil
            let replaces = (newRegistry != nil && registry != nil) || (newDocument != nil && document != nil)
            if hadProblem || replaces { message = "\(name) reloaded" }
        }
        for row in list.displayed where row < rows.count {
            _ = send("didEndDisplaying", to: row)
        }
        if let newRegistry, newRegistry !== registry {
            registry = newRegistry
            pool = ReusePool(registry: newRegistry)
        }
        if let newDocument { document = newDocument }
        if let registry, let document {
            rows = BrowseRow.rows(of: document.storage, registry: registry)
        } else {
            rows = []
        }
        _ = list.replaceRows(count: rows.count)
    }

    /// Reports a version of a file that did not load: the list stays as it
    /// was, and the status line says so (naming the file by its last path
    /// component) until a version loads.
    mutating func reportProblem(file path: String, diagnostics: [Diagnostic]) {
        let file = URL(fileURLWithPath: path).lastPathComponent
        let errors = diagnostics.filter { $0.severity == .error }
        let first = (errors.first ?? diagnostics.first).map { "\($0.code): \(Self.shortMessage($0.message))" } ?? "it could not be read"
        let count = CommandSession.count(errors.count, "error")
        let text = "\(file) not loaded (\(count)): \(first)"
        problems[file] = text
        message = text + (registry != nil && document != nil ? "; showing the last good version" : "")
    }

    // MARK: - Keys

    /// Answers a key: moves the selection, sends `didSelect`, runs an
    /// app's action, or tells the loop what to do.
    mutating func handle(_ key: Key) -> Command {
        switch key {
        case .up, .character("k"): list.move(by: -1)
        case .down, .character("j"): list.move(by: 1)
        case .pageUp: list.pageUp()
        case .pageDown: list.pageDown()
        case .home: list.home()
        case .end: list.end()
        case .enter: select()
        case .interrupt, .character("q"): return .quit
        case .suspend: return .suspend
        case .redraw: return .redraw
        case .character(let character):
            if let action = actions.first(where: { $0.key == character }) { run(action) }
        case .left, .right, .escape, .unknown: break
        }
        return .none
    }

    /// Sends `didSelect` to the selected row and shows what came of it.
    private mutating func select() {
        guard list.selection < rows.count else { return }
        settle()
        switch send("didSelect", to: list.selection) {
        case .text(let text): message = text
        case .handled: message = "didSelect handled"
        case .unhandled(let mapping): message = "no didSelect handler for '\(mapping.view)'"
        case .failed(let diagnostic): message = "didSelect: \(diagnostic.code): \(Self.shortMessage(diagnostic.message))"
        }
    }

    /// Runs an app's action on the selected row.
    private mutating func run(_ action: BrowseAction) {
        guard list.selection < rows.count else { return }
        settle()
        let row = rows[list.selection]
        let outcome = action.perform(context, row.model, row.position)
        context = outcome.context
        message = outcome.message
    }

    // MARK: - Events

    /// What sending an event gave.
    enum Delivery {
        /// A handler answered with text.
        case text(String)
        /// A handler of another type ran.
        case handled
        case unhandled(Mapping)
        case failed(Diagnostic)
    }

    /// Sends an event to a row through the pool, as text first (see the type's discussion), and counts it.
    private mutating func send(_ event: String, to index: Int) -> Delivery {
        guard let pool else { return .handled }
        let row = rows[index]
        eventCount += 1
        switch pool.send(MappingEvent<String>(event), to: row.model, at: row.position, kind: row.kind, context: context) {
        case .handled(let text): return .text(text)
        case .unhandled(let mapping): return .unhandled(mapping)
        case .failed(let diagnostic) where diagnostic.code == .incompatibleEvent:
            switch pool.send(MappingEvent<Void>(event), to: row.model, at: row.position, kind: row.kind, context: context) {
            case .handled: return .handled
            case .unhandled(let mapping): return .unhandled(mapping)
            case .failed(let diagnostic): return .failed(diagnostic)
            }
        case .failed(let diagnostic): return .failed(diagnostic)
        }
    }

    // MARK: - Drawing

    /// Lays out the list in a window of `size`, sends `didEndDisplaying` to
    /// the rows that left the screen and `willDisplay` to those that came,
    /// and returns what the window shows: the rows, then the status line
    /// (reversed) and the message line.
    mutating func frame(size: WindowSize) -> ScreenFrame {
        let width = max(1, size.columns)
        let listLines = max(0, size.rows - 2)
        lastSize = size
        var texts: [Int: RowText] = [:]
        let layout = layOut(lines: listLines, texts: &texts)
        func text(_ row: Int) -> RowText {
            if let known = texts[row] { return known }
            let made = rowText(row)
            texts[row] = made
            return made
        }
        var lines: [ScreenFrame.Line] = []
        for placement in layout.rows {
            let gap = gap(before: placement.row)
            let content = Array(repeating: "", count: gap) + text(placement.row).lines
            let selected = placement.row == list.selection
            for (index, line) in content.prefix(placement.lines).enumerated() {
                lines.append(ScreenFrame.Line(Self.cut(line, to: width), reversed: selected && index >= gap))
            }
        }
        if rows.isEmpty, listLines > 0 {
            lines.append(ScreenFrame.Line(Self.cut(registry == nil || document == nil ? "(loading)" : "(no rows)", to: width)))
        }
        lines += Array(repeating: ScreenFrame.Line(""), count: max(0, listLines - lines.count))
        let status = ScreenFrame.Line(Self.cut(statusLine, to: width), reversed: true)
        // The last column of the last line is left alone: writing there may scroll some terminals.
        let bottom = ScreenFrame.Line(Self.cut(message ?? hints, to: max(0, width - 1)))
        switch size.rows {
        case ..<1: lines = []
        case 1: lines = [status]
        default: lines += [status, bottom]
        }
        return ScreenFrame(lines: lines, width: width)
    }

    /// Lays the list out in `lines` lines and sends `didEndDisplaying` and
    /// `willDisplay` to the rows that left the screen and came on it;
    /// `texts` keeps each row rendered, so no row is rendered twice.
    private mutating func layOut(lines: Int, texts: inout [Int: RowText]) -> BrowseList.Layout {
        var list = self.list
        let layout = list.layout(lines: lines) { row in
            let text = texts[row] ?? rowText(row)
            texts[row] = text
            return text.lines.count + gap(before: row)
        }
        self.list = list
        for row in layout.ended { note(send("didEndDisplaying", to: row)) }
        for row in layout.began { note(send("willDisplay", to: row)) }
        return layout
    }

    /// Brings the screen's rows up to the selection before a key sends an
    /// event to it: keys read together are drawn once, after the last, but
    /// a row is sent `willDisplay` before it is selected.
    private mutating func settle() {
        guard let lastSize else { return }
        var texts: [Int: RowText] = [:]
        _ = layOut(lines: max(0, lastSize.rows - 2), texts: &texts)
    }

    /// The status line: `25 rows · 6 views created · 41 events · row 7`,
    /// and each file that did not load.
    var statusLine: String {
        var parts = [
            CommandSession.count(rows.count, "row"),
            CommandSession.count(pool?.viewsCreated ?? 0, "view") + " created",
            CommandSession.count(eventCount, "event"),
        ]
        if !rows.isEmpty { parts.append("row \(list.selection + 1)") }
        parts += problems.keys.sorted().map { "\($0) not loaded" }
        return parts.joined(separator: " · ")
    }

    /// The key hints, shown until there is a message.
    var hints: String {
        (["↑↓ jk PgUp PgDn Home End move", "Enter select"] + actions.map { "\($0.key) \($0.summary)" } + ["q quit"])
            .joined(separator: " · ")
    }

    /// Shows the text an event's handler answered with.
    private mutating func note(_ delivery: Delivery) {
        if case .text(let text) = delivery { message = text }
    }

    /// A row's lines: its view's text, or its diagnostic's code, in
    /// brackets, and the start of its message.
    struct RowText {
        var lines: [String]
    }

    private func rowText(_ index: Int) -> RowText {
        guard let pool else { return RowText(lines: [""]) }
        let row = rows[index]
        switch pool.render(row.model, at: row.position, kind: row.kind, context: context) {
        case .success(let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return RowText(lines: lines.isEmpty ? [""] : lines)
        case .failure(let diagnostic):
            return RowText(lines: ["[\(diagnostic.code)] \(Self.shortMessage(diagnostic.message))"])
        }
    }

    /// One blank line before the first row of every section but the first, as `render` prints them.
    private func gap(before index: Int) -> Int {
        index > 0 && rows[index].position.section != rows[index - 1].position.section ? 1 : 0
    }

    /// A message up to its first `: `, where the diagnostics of resolution
    /// start their long explanation.
    static func shortMessage(_ message: String) -> String {
        guard let colon = message.range(of: ": ") else { return message }
        return String(message[..<colon.lowerBound])
    }

    /// Text made safe to print (control characters escaped) and cut to a width.
    static func cut(_ text: String, to width: Int) -> String {
        let printable = DiagnosticFormatter.escapingNonPrintingCharacters(text)
        return printable.count <= width ? printable : String(printable.prefix(width))
    }
}
