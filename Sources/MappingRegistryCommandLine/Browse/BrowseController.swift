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

    /// Whether a row's model is shown dimmed (the app's
    /// ``CommandLineTool/browseDimmed``).
    let dimmed: (@Sendable (_ model: Any, _ context: (any Sendable)?) -> Bool)?

    /// A search being typed after `/`.
    struct Search: Equatable {
        /// What was typed so far.
        var query = ""
        /// The row selected when `/` was pressed: Esc goes back to it.
        var origin: Int
        /// Whether a row matches the query.
        var found = true
    }

    /// The search being typed, if any.
    private(set) var search: Search?
    /// The last search confirmed with Enter: `n` and `N` look for it.
    private(set) var lastQuery: String?
    /// Whether the help screen (`?`) is shown.
    private(set) var showsHelp = false
    /// Each row's rendered text in lower case, as searched, made when first searched.
    private var searchTexts: [Int: String] = [:]

    /// The window's size at the last frame.
    private var lastSize: WindowSize?

    /// Keys the list itself answers; an action on one of them never runs.
    static let reservedKeys = BrowseKey.reservedCharacters

    init(
        context: (any Sendable)?,
        actions: [BrowseAction],
        dimmed: (@Sendable (_ model: Any, _ context: (any Sendable)?) -> Bool)? = nil
    ) {
        self.context = context
        self.actions = actions.filter { !Self.reservedKeys.contains($0.key) }
        self.dimmed = dimmed
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
        searchTexts = [:]
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

    /// Answers a key: moves the selection, sends `didSelect`, searches,
    /// shows the help screen, runs an app's action, or tells the loop what
    /// to do (``BrowseKey`` lists the keys). A message on the status line
    /// goes when the selection moves; a key of no meaning says
    /// "press ? for keys".
    mutating func handle(_ key: Key) -> Command {
        if showsHelp {
            // Any key returns from the help screen; Ctrl-C still quits.
            showsHelp = false
            return key == .interrupt ? .quit : .none
        }
        if search != nil { return handleSearch(key) }
        let before = list.selection
        defer { if list.selection != before { message = nil } }
        guard let effect = BrowseKey.effect(of: key) else {
            if case .character(let character) = key, let action = actions.first(where: { $0.key == character }) {
                run(action)
            } else {
                message = "press ? for keys"
            }
            return .none
        }
        switch effect {
        case .up: list.move(by: -1)
        case .down: list.move(by: 1)
        case .pageUp: list.pageUp()
        case .pageDown: list.pageDown()
        case .home: list.home()
        case .end: list.end()
        case .select: select()
        case .search: search = Search(origin: list.selection)
        case .nextMatch: findAgain(forward: true)
        case .previousMatch: findAgain(forward: false)
        case .help: showsHelp = true
        case .redraw: return .redraw
        case .suspend: return .suspend
        case .quit: return .quit
        }
        return .none
    }

    // MARK: - Searching

    /// A key while a search is typed: a character extends the query and
    /// the selection jumps to the first row from where the search started
    /// that matches; Backspace takes a character back; Enter keeps the
    /// selection; Esc goes back to where the search started.
    private mutating func handleSearch(_ key: Key) -> Command {
        guard var current = search else { return .none }
        switch key {
        case .character(let character):
            current.query.append(character)
        case .backspace:
            if current.query.isEmpty {
                search = nil
                return .none
            }
            current.query.removeLast()
        case .enter:
            search = nil
            guard !current.query.isEmpty else { return .none }
            lastQuery = current.query
            message = current.found ? nil : Self.noMatch(current.query)
            return .none
        case .escape:
            search = nil
            list.select(current.origin)
            message = nil
            return .none
        case .interrupt:
            return .quit
        case .suspend:
            return .suspend
        case .redraw:
            return .redraw
        default:
            return .none
        }
        if current.query.isEmpty {
            current.found = true
            list.select(current.origin)
        } else if let row = match(current.query, from: current.origin, forward: true) {
            current.found = true
            list.select(row)
        } else {
            current.found = false
            list.select(current.origin)
        }
        search = current
        return .none
    }

    /// `n` and `N`: the next or previous row that matches the last search,
    /// past either end round to the other.
    private mutating func findAgain(forward: Bool) {
        guard let query = lastQuery else {
            message = "no search yet: press / to search"
            return
        }
        guard !rows.isEmpty else { return }
        let start = (list.selection + (forward ? 1 : -1) + rows.count) % rows.count
        if let row = match(query, from: start, forward: forward) {
            list.select(row)
        } else {
            message = Self.noMatch(query)
        }
    }

    static func noMatch(_ query: String) -> String {
        "no match for '\(query)'"
    }

    /// The first row, from `start` on in the direction given and round,
    /// whose rendered text (or diagnostic) contains `query`, ignoring case.
    private mutating func match(_ query: String, from start: Int, forward: Bool) -> Int? {
        guard !rows.isEmpty else { return nil }
        let needle = query.lowercased()
        for step in 0..<rows.count {
            let row = ((start + (forward ? step : -step)) % rows.count + rows.count) % rows.count
            let text: String
            if let known = searchTexts[row] {
                text = known
            } else {
                text = rowText(row).lines.joined(separator: "\n").lowercased()
                searchTexts[row] = text
            }
            if text.contains(needle) { return row }
        }
        return nil
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
        searchTexts = [:]
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
        if showsHelp { return helpFrame(size: size, width: width) }
        var lines: [ScreenFrame.Line] = []
        for placement in layout.rows {
            let gap = gap(before: placement.row)
            let rowText = text(placement.row)
            let content = Array(repeating: "", count: gap) + rowText.lines
            let selected = placement.row == list.selection
            for (index, line) in content.prefix(placement.lines).enumerated() {
                lines.append(ScreenFrame.Line(Self.cut(line, to: width), reversed: selected && index >= gap, style: index >= gap ? rowText.style : .plain))
            }
        }
        if rows.isEmpty, listLines > 0 {
            lines.append(ScreenFrame.Line(Self.cut(registry == nil || document == nil ? "(loading)" : "(no rows)", to: width)))
        }
        return framing(lines, size: size, width: width)
    }

    /// A frame of the list area's lines (cut or padded to the lines the
    /// window has for them) over the status line (reversed) and the bottom line.
    private func framing(_ list: [ScreenFrame.Line], size: WindowSize, width: Int) -> ScreenFrame {
        let listLines = max(0, size.rows - 2)
        var lines = Array(list.prefix(listLines))
        lines += Array(repeating: ScreenFrame.Line(""), count: listLines - lines.count)
        let status = ScreenFrame.Line(Self.cut(statusLine, to: width), reversed: true)
        // The last column of the last line is left alone: writing there may scroll some terminals.
        let bottom = ScreenFrame.Line(Self.cut(bottomLine, to: max(0, width - 1)))
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

    /// The key hints, shown until there is a message: those of
    /// ``BrowseKey``'s table, the app's actions before `q quit`.
    var hints: String {
        let hints = BrowseKey.all.compactMap { $0.effect == .quit ? nil : $0.hint }
        let quit = BrowseKey.all.compactMap { $0.effect == .quit ? $0.hint : nil }
        return (hints + actions.map { "\($0.key) \($0.summary)" } + quit).joined(separator: " · ")
    }

    /// The line under the status line: the search being typed, else the
    /// message, else the key hints.
    var bottomLine: String {
        if showsHelp { return "press any key to return to the list" }
        if let search {
            return "/" + search.query + (search.found ? "" : " · " + Self.noMatch(search.query))
        }
        return message ?? hints
    }

    /// The help screen: every key of ``BrowseKey``'s table and the app's
    /// actions, with what each does, over the status line.
    func helpFrame(size: WindowSize, width: Int) -> ScreenFrame {
        let entries = BrowseKey.all.map { ($0.label, $0.summary) } + actions.map { (String($0.key), $0.summary) }
        let labelWidth = entries.map { DisplayWidth.of($0.0) }.max() ?? 0
        var lines = [ScreenFrame.Line(Self.cut("Keys of browse", to: width))]
        for (label, summary) in entries {
            let padding = String(repeating: " ", count: labelWidth - DisplayWidth.of(label))
            lines.append(ScreenFrame.Line(Self.cut("  " + label + padding + "  " + summary, to: width)))
        }
        return framing(lines, size: size, width: width)
    }

    /// Shows the text an event's handler answered with.
    private mutating func note(_ delivery: Delivery) {
        if case .text(let text) = delivery { message = text }
    }

    /// A row's lines: its view's text, or its diagnostic's code, in
    /// brackets, and the start of its message.
    struct RowText {
        var lines: [String]
        /// Red or yellow for a diagnostic, dim for a row the app dims.
        var style = ScreenFrame.Style.plain
    }

    private func rowText(_ index: Int) -> RowText {
        guard let pool else { return RowText(lines: [""]) }
        let row = rows[index]
        switch pool.render(row.model, at: row.position, kind: row.kind, context: context) {
        case .success(let text):
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            let dims = dimmed?(row.model, context) ?? false
            return RowText(lines: lines.isEmpty ? [""] : lines, style: dims ? .dimmed : .plain)
        case .failure(let diagnostic):
            return RowText(
                lines: ["[\(diagnostic.code)] \(Self.shortMessage(diagnostic.message))"],
                style: diagnostic.severity == .error ? .error : .warning
            )
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

    /// Text made safe to print (control characters escaped) and cut to a
    /// width in columns, ending in `…` when cut (``DisplayWidth``).
    static func cut(_ text: String, to width: Int) -> String {
        DisplayWidth.cut(DiagnosticFormatter.escapingNonPrintingCharacters(text), to: width)
    }
}
