import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// `browse` in-process, on a ``BrowseScript``: keys, window sizes, file
/// edits and signals one step at a time, every frame kept, no terminal.
@Suite struct CommandSessionBrowseTests {
    /// Which dishes are marked: the render context of these tests.
    struct Marks: Sendable {
        var names: Set<String> = []
    }

    /// The command-line tests' tool with events, a context predicate, and
    /// an action (`m`) that marks the selected dish.
    static func tool(_ script: BrowseScript) -> CommandLineTool {
        var tool = CommandLineToolTests.tool()
        tool.plugins.register(model: Int.self, named: "Number")
        tool.plugins.register(view: "MarkedRow", for: Dish.self) { dish, _ in "MARKED \(dish.name)" }
        tool.plugins.register(predicate: "isMarked", for: Dish.self, context: Marks.self) { dish, marks, _ in
            marks.names.contains(dish.name)
        }
        tool.plugins.register(handler: "describe", for: MappingEvent<String>("didSelect"), model: Dish.self) { dish, position in
            "\(dish.name) costs \(dish.price) at \(position)"
        }
        tool.plugins.register(handler: "greet", for: .didSelect, model: String.self) { _, _ in }
        tool.context = Marks()
        tool.browseActions = [
            BrowseAction(key: "m", summary: "mark", context: Marks.self) { marks, model, _ in
                guard let dish = model as? Dish else { return "not a dish" }
                marks.names.insert(dish.name)
                return "marked \(dish.name)"
            },
            BrowseAction(key: "x", summary: "wrong", context: Int.self) { _, _, _ in "never" },
            BrowseAction(key: "q", summary: "taken", context: Marks.self) { _, _, _ in "never" },
        ]
        // A marked dish is dimmed, as the sample dims a sold-out one.
        tool.browseDimmed = { model, context in
            guard let dish = model as? Dish else { return false }
            return (context as? Marks)?.names.contains(dish.name) == true
        }
        tool.browseDriver = .script(script)
        return tool
    }

    static let mappings = configuration(
        #"{ "view": "DishRow", "model": "Dish", "events": { "didSelect": "describe" } }"#,
        #"{ "view": "MarkedRow", "model": "Dish", "condition": { "predicate": "isMarked" }, "priority": 1, "events": { "didSelect": "describe" } }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header", "events": { "didSelect": "greet" } }"#
    )

    /// A data document: one section per title, each with its dishes (or other items as JSON).
    static func data(_ sections: [(title: String, items: [String])]) -> String {
        let body = sections.map { section in
            #"{"header": {"model": "String", "value": "\#(section.title)"}, "items": [\#(section.items.joined(separator: ", "))]}"#
        }
        return #"{"sections": [\#(body.joined(separator: ", "))]}"#
    }

    static func dish(_ name: String) -> String {
        #"{"model": "Dish", "value": {"name": "\#(name)", "price": 5, "vegan": false}}"#
    }

    static let soups = data([("Soups", ["Onion", "Pea", "Leek"].map(dish))])

    struct Run {
        var code: ExitCode
        var errors: String
        var script: BrowseScript
        /// The last frame's text.
        var screen: String { script.screen?.text ?? "" }
    }

    func browse(
        _ steps: [BrowseScript.Step],
        size: WindowSize = WindowSize(columns: 60, rows: 10),
        mappings: String = CommandSessionBrowseTests.mappings,
        data: String = CommandSessionBrowseTests.soups,
        watch: Bool = false,
        files: ((URL, URL) -> [BrowseScript.Step])? = nil
    ) throws -> Run {
        try withTemporaryDirectory(prefix: "browse") { directory in
            let mappingsFile = try directory.write(mappings, to: "mappings.json")
            let dataFile = try directory.write(data, to: "data.json")
            let script = BrowseScript(size: size, steps: (files?(mappingsFile, dataFile) ?? []) + steps)
            var output = ""
            var errors = ""
            let arguments = ["browse", "--mappings", mappingsFile.path, "--data", dataFile.path] + (watch ? ["--watch"] : [])
            let code = Self.tool(script).run(arguments: arguments, standardOutput: &output, standardError: &errors)
            #expect(output == "")
            return Run(code: code, errors: errors, script: script)
        }
    }

    @Test func theRowsAreDrawnInRenderOrderWithTheStatusAndTheKeys() throws {
        let run = try browse([.type("q")])
        #expect(run.code == .success)
        #expect(run.errors == "")
        try #require(run.script.frames.count == 1)
        #expect(run.screen == """
            == Soups ==
            dish Onion
            dish Pea
            dish Leek




            4 rows · 2 views created · 4 events · row 1
            ↑↓ jk move · Enter select · / search · ? keys · m mark · x…
            """)
        let frame = try #require(run.script.screen)
        #expect(frame.lines.map(\.reversed) == [true, false, false, false, false, false, false, false, true, false])
    }

    @Test func movingTheSelectionMovesTheReversedRow() throws {
        let run = try browse([.type("jj\u{1B}[A\u{1B}[B\u{1B}[B"), .type("k"), .type("q")])
        let frames = run.script.frames
        try #require(frames.count == 3)
        #expect(frames[1].lines.firstIndex(where: \.reversed) == 3)
        #expect(frames[1].lines[8].text.hasSuffix("· row 4"))
        #expect(frames[2].lines.firstIndex(where: \.reversed) == 2)
    }

    @Test func enterSendsDidSelectAndShowsWhatTheHandlerSays() throws {
        let run = try browse([.type("j\r"), .type("k\r"), .type("q")])
        let frames = run.script.frames
        try #require(frames.count == 3)
        #expect(frames[1].lines.last?.text == "Onion costs 5.0 at section 0, item 0")
        #expect(frames[1].lines[8].text == "4 rows · 2 views created · 5 events · row 2")
        // The header's handler returns nothing: handled, with nothing to show.
        #expect(frames[2].lines.last?.text == "didSelect handled")
    }

    @Test func rowsScrollingInAndOutAreSentWillDisplayAndDidEndDisplaying() throws {
        let many = Self.data([("Soups", (1...20).map { Self.dish("Soup \($0)") })])
        // Five lines of list: rows 0–4 on screen; End shows rows 16–20.
        let run = try browse([.type("j"), .type("\u{1B}[F"), .type("\u{1B}[H"), .type("q")], size: WindowSize(columns: 50, rows: 7), data: many)
        let status = run.script.frames.map { $0.lines[5].text }
        #expect(status == [
            "21 rows · 2 views created · 5 events · row 1",
            "21 rows · 2 views created · 5 events · row 2",
            "21 rows · 2 views created · 15 events · row 21",
            "21 rows · 2 views created · 25 events · row 1",
        ])
    }

    @Test func aRowWithoutAMappingShowsItsDiagnosticInPlace() throws {
        let data = Self.data([("Soups", [Self.dish("Onion"), #"{"model": "Number", "value": 7}"#])])
        let run = try browse([.type("jj\r"), .type("q")], data: data)
        try #require(run.script.frames.count == 2)
        // Cut to the window's 60 columns (the message line to 59), ending in `…`.
        #expect(run.script.frames[0].lines[2].text == "[missing-mapping] no cell mapping for 'Int' at section 0, i…")
        #expect(run.script.frames[1].lines.last?.text == "didSelect: missing-mapping: no cell mapping for 'Int' at s…")
    }

    @Test func anActionChangesTheContextAndThePredicateSwitchesTheRow() throws {
        let run = try browse([.type("jjm"), .type("x"), .type("k\rq")])
        let frames = run.script.frames
        try #require(frames.count == 3)
        #expect(frames[1].lines[2].text == "MARKED Pea")
        #expect(frames[1].lines.last?.text == "marked Pea")
        #expect(frames[2].lines.last?.text == "'x' needs a render context of type 'Int', and the tool has…")
        // A context change renders the rows again (MarkedRow is a handler: no
        // view to create); it is not an event.
        #expect(frames[1].lines[8].text == "4 rows · 2 views created · 4 events · row 3")
    }

    @Test func aLongRowIsCutAndControlCharactersAreEscaped() throws {
        let data = Self.data([("Soups", [Self.dish(String(repeating: "long ", count: 20)), Self.dish("Bell\\u0007\\u001B[2J")])])
        let run = try browse([.type("q")], size: WindowSize(columns: 30, rows: 6), data: data)
        try #require(run.script.frames.count == 1)
        #expect(run.script.frames[0].lines[1].text == "dish long long long long long…")
        #expect(run.script.frames[0].lines[2].text == "dish Bell\\u{07}\\u{1B}[2J")
    }

    @Test func aResizeLaysTheListOutAgain() throws {
        let many = Self.data([("Soups", (1...20).map { Self.dish("Soup \($0)") })])
        let run = try browse([.resize(WindowSize(columns: 40, rows: 4)), .type("q")], data: many)
        try #require(run.script.frames.count == 2)
        #expect(run.script.frames[1].lines.count == 4)
        // Rows 0–7 came on screen; rows 2–7 left it.
        #expect(run.script.frames[1].lines[2].text == "21 rows · 2 views created · 14 events ·…")
        #expect(run.script.invalidations == 1)
    }

    @Test(arguments: [
        (BrowseScript.Step.type("\u{03}"), ExitCode.success, ""),
        (.input(.interrupted), .success, ""),
        (.input(.terminated), ExitCode(143), "tool: browse ended by SIGTERM\n"),
        (.input(.hungUp), ExitCode(129), "tool: error: the terminal went away; browse ended\n"),
    ])
    func everyWayOutEndsWithItsCode(step: BrowseScript.Step, code: ExitCode, errors: String) throws {
        let run = try browse([step])
        #expect(run.code == code)
        #expect(run.errors == errors)
    }

    @Test func mappingsThatDoNotLoadAreReportedBeforeTheTerminalIsTaken() throws {
        let broken = configuration(#"{ "view": "DishRo", "model": "Dish" }"#)
        let run = try browse([.type("q")], mappings: broken)
        #expect(run.code == .failure)
        #expect(run.script.frames.isEmpty)
        #expect(run.errors.contains("[unknown-view]"))
        #expect(run.errors.hasSuffix("tool: 1 error, 5 warnings; nothing to browse\n"))
    }

    @Test func withWatchAnEditIsShownAndABadEditKeepsTheLastGoodList() throws {
        let run = try browse([.type("q")], watch: true) { mappings, data in
            [
                .edit { try Data(Self.data([("Stews", [Self.dish("Bean")])]).utf8).write(to: data) },
                .edit { try Data(configuration(#"{ "view": "DishRo", "model": "Dish" }"#).utf8).write(to: mappings) },
                .edit { try Data(Self.mappings.utf8).write(to: mappings) },
            ]
        }
        #expect(run.code == .success)
        let frames = run.script.frames
        try #require(frames.count == 5)
        #expect(frames[0].text.hasPrefix("(loading)\n"))
        #expect(frames[1].lines[1].text == "dish Onion")
        #expect(frames[2].lines[1].text == "dish Bean")
        // The bad edit: the list stays; the status line names the file.
        #expect(frames[3].lines[1].text == "dish Bean")
        // 4 rows came on screen, went, and 2 came: 10 events.
        #expect(frames[3].lines[8].text == "2 rows · 2 views created · 10 events · row 1 · mappings.jso…")
        #expect(frames[3].lines[9].text == "mappings.json not loaded (1 error): unknown-view: unknown …")
        #expect(frames[2].lines[9].text == "data.json reloaded")
        #expect(!frames[4].lines[8].text.contains("not loaded"))
        #expect(frames[4].lines[9].text == "mappings.json reloaded")
    }

    @Test func withoutATerminalBrowseSaysSoAndExits2() {
        var tool = CommandLineToolTests.tool()
        tool.browseDriver = .terminal
        var output = ""
        var errors = ""
        let code = tool.run(arguments: ["browse"], standardOutput: &output, standardError: &errors)
        #expect(code == .usage)
        #expect(output == "")
        #expect(errors == "tool: error: 'browse' needs a terminal: run it in one, or use 'tool render' for text\n")
    }
}
