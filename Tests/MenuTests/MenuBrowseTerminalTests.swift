import Foundation
import TestSupport
import Testing
@testable import menu

/// `menu browse` as the built binary: without a terminal, and, when tmux is
/// there and `MAPPING_REGISTRY_TMUX=1` (as `.ci/run` sets), on a real
/// terminal in a detached tmux session, driven as a user would.
@Suite(.serialized) struct MenuBrowseTerminalTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    @Test func withoutATerminalBrowseExits2AndSaysWhy() throws {
        let run = try MenuBinary.run(["browse"], standardInput: FileHandle.nullDevice)
        #expect(run.status == 2)
        #expect(run.output == "")
        #expect(run.errors == "menu: error: 'browse' needs a terminal: run it in one, or use 'menu render' for text\n")
    }

    /// A menu longer than the window, ending with a gift card in section 4,
    /// which no mapping takes (the catch-all `PlainRow` leaves section 4 out).
    static let data: String = {
        let mains = (1...20).map { #"{"model": "Dish", "value": {"name": "Dish \#($0 < 10 ? "0" : "")\#($0)", "price": \#(5 + $0)}}"# }
        let sections = [
            #"{"header": {"model": "String", "value": "Specials"}, "items": [{"model": "Dish", "value": {"name": "Truffle risotto", "price": 24}}]}"#,
            #"{"header": {"model": "String", "value": "Mains"}, "items": [\#(mains.joined(separator: ", "))]}"#,
            #"{"header": {"model": "String", "value": "Sides"}, "items": [{"model": "Side", "value": {"name": "Fries", "price": 4}}]}"#,
            #"{"header": {"model": "String", "value": "Drinks"}, "items": [{"model": "Drink", "value": {"name": "Lemonade", "price": 4, "size": "33 cl"}}]}"#,
            #"{"header": {"model": "String", "value": "At the counter"}, "items": [{"model": "Dish", "value": {"name": "Counter soup", "price": 6}}, {"model": "GiftCard", "value": {"amount": 50}}]}"#,
        ]
        return #"{"sections": [\#(sections.joined(separator: ", "))]}"#
    }()

    /// The events counter of a status line.
    static func events(_ screen: String) -> Int? {
        guard let range = screen.range(of: #"[0-9]+ events? ·"#, options: .regularExpression) else { return nil }
        return Int(screen[range].prefix { $0.isNumber })
    }

    /// Starts `menu browse` on the test data in a fresh 80 × 24 session,
    /// after a line of the shell's own, and waits for the list. `menu`'s
    /// process ID is written to `pid` (the shell `exec`s it). `environment`
    /// (`env`'s arguments: `NAME=value`, `-u NAME`) is set for `menu` alone.
    func start(_ session: inout TmuxSession?, environment: String = "") throws -> (tmux: TmuxSession, pid: URL) {
        let directory = temporary.url
        let data = directory.appendingPathComponent("data.json")
        try Data(Self.data.utf8).write(to: data)
        let tmux = try TmuxSession(in: directory)
        session = tmux
        // Typed before the shell's prompt, the line would be echoed out of order.
        try tmux.waitForScreen("the shell's prompt") { $0.hasPrefix("$") }
        let menu = try MenuBinary.url().path
        let mappings = MenuBinary.packageRoot.appendingPathComponent("mappings.json").path
        try tmux.type("echo shell-before-browse")
        try tmux.waitFor("\nshell-before-browse")
        let pid = directory.appendingPathComponent("menu.pid")
        try tmux.type("\(environment.isEmpty ? "" : "env \(environment) ")sh -c 'echo $$ > \(pid.path); exec \"$0\" \"$@\"' '\(menu)' browse --mappings '\(mappings)' --data '\(data.path)'; echo browse-exit=$?")
        try tmux.waitForScreen("the list") { $0.contains("SPECIALS") && $0.contains(" rows · ") }
        return (tmux, pid)
    }

    /// After `browse` ended: its exit status, the shell's screen back
    /// (main screen, cursor shown, the earlier line visible), cooked mode.
    func expectShellRestored(_ tmux: TmuxSession, status: Int) throws {
        let screen = try tmux.waitFor("browse-exit=\(status)\n")
        #expect(screen.contains("\nshell-before-browse\n"))
        #expect(!screen.contains(" rows · "))
        #expect(try tmux.pane("#{alternate_on}") == "0")
        #expect(try tmux.pane("#{cursor_flag}") == "1")
        try tmux.type("stty -a | tr ' ;' '\\n\\n' | grep -x -e icanon -e echo -e isig | sort | tr '\\n' ' '; echo")
        try tmux.waitFor("\necho icanon isig\n")
    }

    @Test(.enabled(if: TmuxSession.isEnabled, "set MAPPING_REGISTRY_TMUX=1 with tmux installed"))
    func aUserBrowsesTheMenuAndLeavesWithQ() throws {
        var session: TmuxSession?
        let tmux = try start(&session).tmux
        var screen = try tmux.screen()
        let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count >= 24)
        #expect(lines[0] == "SPECIALS")
        // 5 headers, 25 items; only DishRow, of the views with a pool, is on screen.
        #expect(lines[22].hasPrefix("30 rows · 1 view created · "))
        #expect(lines[22].hasSuffix("· row 1"))

        // The selection moves: the status line says so, and the row is in reverse video.
        try tmux.press("j", "j", "Down")
        screen = try tmux.waitFor("· row 4")
        let attributed = try tmux.screenWithAttributes()
        let reversed = attributed.split(separator: "\n").filter { $0.contains("\u{1B}[7m") }
        #expect(reversed.count == 2, "the selected row and the status line: \(reversed)")
        #expect(reversed.first?.contains("Dish 01 ") == true)

        // Enter: the dish's detail on the status line.
        try tmux.press("Enter")
        try tmux.waitFor("Dish 01 · 6.00 · seen 1 time")

        // Scrolling sends events; the gift card shows its diagnostic in place.
        let before = try #require(Self.events(screen))
        try tmux.press("End")
        screen = try tmux.waitFor("[missing-mapping] no cell mapping for 'GiftCard' at section 4, item 1")
        let after = try #require(Self.events(screen))
        #expect(after > before)
        #expect(screen.contains("· row 30"))

        // `s` marks the selected dish sold out: its row switches views.
        try tmux.press("Up", "s")
        screen = try tmux.waitFor("Counter soup marked sold out")
        #expect(screen.contains("\n" + MenuText.line("x Counter soup", trailing: "sold out") + "\n"))
        try tmux.press("s")
        screen = try tmux.waitFor("Counter soup is back on the menu")
        #expect(screen.contains("\n" + MenuText.line("Counter soup", price: 6) + "\n"))

        // A resize redraws the list in the new size.
        try tmux.run(["resize-window", "-t", tmux.name, "-x", "60", "-y", "12"])
        screen = try tmux.waitForScreen("the list at 60 × 12") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 11 && lines[10].hasPrefix("30 rows · ")
        }
        #expect(screen.split(separator: "\n").allSatisfy { $0.count <= 60 })
        // And back, so the shell's earlier lines fit on its screen again.
        try tmux.run(["resize-window", "-t", tmux.name, "-x", "80", "-y", "24"])
        try tmux.waitForScreen("the list at 80 × 24") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 23 && lines[22].hasPrefix("30 rows · ")
        }

        try tmux.press("q")
        try expectShellRestored(tmux, status: 0)
    }

    @Test(.enabled(if: TmuxSession.isEnabled, "set MAPPING_REGISTRY_TMUX=1 with tmux installed"))
    func ctrlCLeavesWithStatus0() throws {
        var session: TmuxSession?
        let tmux = try start(&session).tmux
        try tmux.press("C-c")
        try expectShellRestored(tmux, status: 0)
    }

    @Test(.enabled(if: TmuxSession.isEnabled, "set MAPPING_REGISTRY_TMUX=1 with tmux installed"),
          arguments: [(SIGTERM, 143), (SIGHUP, 129), (SIGINT, 0)])
    func aSignalGivesTheTerminalBack(signal: Int32, status: Int) throws {
        var session: TmuxSession?
        let (tmux, pidFile) = try start(&session)
        let pid = try #require(Int32(String(contentsOf: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
        #expect(kill(pid, signal) == 0)
        try expectShellRestored(tmux, status: status)
    }

    /// The lines of an attributed screen that hold `text`.
    static func lines(of screen: String, containing text: String) -> [Substring] {
        screen.split(separator: "\n").filter { $0.contains(text) }
    }

    /// Whether an attributed line sets SGR attribute `code` (`2` dim, `31`
    /// red), alone or among others (tmux writes `ESC [ 0 ; 2 m`).
    static func sets(_ code: String, in line: some StringProtocol) -> Bool {
        var rest = Substring(line)
        while let start = rest.range(of: "\u{1B}[") {
            let parameters = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
            rest = rest[start.upperBound...].dropFirst(parameters.count)
            if rest.first == "m", parameters.split(separator: ";").contains(Substring(code)) { return true }
        }
        return false
    }

    /// The list's status line says the selection is on `row`.
    static func isOnRow(_ row: Int) -> (String) -> Bool {
        { $0.contains("· row \(row)\n") }
    }

    /// Selects the last row, marks Counter soup sold out, and selects the
    /// header above, so that neither the gift card's diagnostic nor the
    /// sold-out dish is selected; returns the screen with its attributes.
    /// Each key waits for its frame: keys read together are drawn once.
    func showBothColouredRows(_ tmux: TmuxSession) throws -> String {
        try tmux.press("End")
        try tmux.waitForScreen("row 30", until: Self.isOnRow(30))
        try tmux.press("Up")
        try tmux.waitForScreen("row 29", until: Self.isOnRow(29))
        try tmux.press("s")
        try tmux.waitFor("Counter soup marked sold out")
        try tmux.press("Up")
        return try tmux.waitForScreen("row 28", attributes: true) { $0.contains("· row 28\n") && $0.contains("[missing-mapping]") }
    }

    @Test(.enabled(if: TmuxSession.isEnabled, "set MAPPING_REGISTRY_TMUX=1 with tmux installed"))
    func aUserSearchesReadsTheKeysAndSeesColour() throws {
        var session: TmuxSession?
        // `swift test` may run with NO_COLOR set, which the tmux server passes on.
        let tmux = try start(&session, environment: "-u NO_COLOR").tmux

        // `/` searches as the user types: the header "At the counter" (row 28) first.
        try tmux.press("/", "c", "o", "u", "n", "t")
        var screen = try tmux.waitForScreen("the search at row 28") { $0.contains("\n/count") && Self.isOnRow(28)($0) }
        try tmux.press("Enter")
        // `n` goes on to Counter soup, and round past the end to the header; `N` back.
        try tmux.press("n")
        try tmux.waitForScreen("n to row 29", until: Self.isOnRow(29))
        try tmux.press("n")
        try tmux.waitForScreen("n round to row 28", until: Self.isOnRow(28))
        try tmux.press("N")
        try tmux.waitForScreen("N to row 29", until: Self.isOnRow(29))

        // No match: says so; Esc goes back to where the search started.
        try tmux.press("/", "z", "z")
        try tmux.waitFor("/zz · no match for 'zz'")
        try tmux.press("Escape")
        screen = try tmux.waitForScreen("the search cancelled") { !$0.contains("/zz") && Self.isOnRow(29)($0) }
        #expect(screen.contains("? keys"))

        // `?` lists the keys; any key returns to the list.
        try tmux.press("?")
        screen = try tmux.waitFor("Keys of browse")
        #expect(screen.contains("n         next match"))
        #expect(screen.contains("s         sold out"))
        #expect(screen.contains("press any key to return to the list"))
        try tmux.press("x")
        try tmux.waitForScreen("the list again") { !$0.contains("Keys of browse") && Self.isOnRow(29)($0) }

        // A key of no meaning; the message goes when the selection moves.
        try tmux.press("z")
        try tmux.waitFor("press ? for keys")
        try tmux.press("Up")
        try tmux.waitForScreen("the message gone") { !$0.contains("press ? for keys") && Self.isOnRow(28)($0) }

        // Colour: the gift card's diagnostic in red; a dish marked sold out dimmed.
        screen = try showBothColouredRows(tmux)
        #expect(Self.lines(of: screen, containing: "[missing-mapping]").contains { Self.sets("31", in: $0) }, "\(screen)")
        #expect(Self.lines(of: screen, containing: "x Counter soup").contains { Self.sets("2", in: $0) }, "\(screen)")

        // At 40 columns, a line too long ends in `…`.
        try tmux.run(["resize-window", "-t", tmux.name, "-x", "40", "-y", "12"])
        screen = try tmux.waitForScreen("the list at 40 × 12") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 11 && lines[10].hasPrefix("30 rows · ")
        }
        let lines = screen.split(separator: "\n")
        #expect(lines.allSatisfy { $0.count <= 40 })
        #expect(lines.contains { $0.count == 40 && $0.hasSuffix("…") })
        try tmux.run(["resize-window", "-t", tmux.name, "-x", "80", "-y", "24"])
        try tmux.waitForScreen("the list at 80 × 24") { screen in
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false)
            return lines.count >= 23 && lines[22].hasPrefix("30 rows · ")
        }

        try tmux.press("q")
        try expectShellRestored(tmux, status: 0)
    }

    @Test(.enabled(if: TmuxSession.isEnabled, "set MAPPING_REGISTRY_TMUX=1 with tmux installed"),
          arguments: ["NO_COLOR=1", "-u NO_COLOR TERM=dumb"])
    func noColourWhenTheUserOrTheTerminalSaysSo(environment: String) throws {
        var session: TmuxSession?
        let tmux = try start(&session, environment: environment).tmux
        // The same screen as above, with the sold-out dish and the diagnostic on it.
        let plain = try showBothColouredRows(tmux)
        for code in ["31", "33", "2"] {
            #expect(!Self.sets(code, in: plain), "\(code): \(plain)")
        }
        #expect(!Self.lines(of: plain, containing: "[missing-mapping]").isEmpty, "\(plain)")
        #expect(!Self.lines(of: plain, containing: "x Counter soup").isEmpty)
        // Reverse video stays: it is not colour.
        #expect(Self.sets("7", in: plain))
        try tmux.press("q")
        try expectShellRestored(tmux, status: 0)
    }
}
