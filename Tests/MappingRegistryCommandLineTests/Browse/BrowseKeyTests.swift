import Foundation
@testable import MappingRegistryCommandLine
import Testing

/// `browse`'s keys beyond moving and selecting, in-process on a
/// ``BrowseScript``: `/` search with `n`/`N`, `?` help, unknown keys, the
/// status message clearing as the selection moves, and colour.
///
/// The list is ``CommandSessionBrowseTests/soups``: row 0 the header
/// `== Soups ==`, then `dish Onion`, `dish Pea`, `dish Leek`.
@Suite struct BrowseKeyTests {
    let session = CommandSessionBrowseTests()

    /// The selected row of each frame (the first reversed line).
    static func selections(_ script: BrowseScript) -> [Int?] {
        script.frames.map { $0.lines.firstIndex(where: \.reversed) }
    }

    static func bottom(_ script: BrowseScript) -> [String] {
        script.frames.map { $0.lines.last?.text ?? "" }
    }

    static let hints = "↑↓ jk move · Enter select · / search · ? keys · m mark · x…"

    @Test func slashSearchesAsYouTypeAndEnterKeepsTheMatch() throws {
        let run = try session.browse([.type("/"), .type("E"), .type("e"), .type("\r"), .type("q")])
        #expect(Self.selections(run.script) == [0, 0, 2, 3, 3])
        #expect(Self.bottom(run.script) == [Self.hints, "/", "/E", "/Ee", Self.hints])
        #expect(run.code == .success)
    }

    @Test func nAndShiftNGoToTheNextAndPreviousMatchRoundTheEnds() throws {
        let run = try session.browse([.type("/dish\r"), .type("n"), .type("n"), .type("n"), .type("N"), .type("q")])
        #expect(Self.selections(run.script) == [0, 1, 2, 3, 1, 3])
    }

    @Test func escapeGoesBackToWhereTheSearchStarted() throws {
        let run = try session.browse([.type("j/leek"), .type("\u{1B}"), .type("q")])
        #expect(Self.selections(run.script) == [0, 3, 1])
        #expect(Self.bottom(run.script) == [Self.hints, "/leek", Self.hints])
    }

    @Test func aQueryThatMatchesNothingSaysSoAndBackspaceTakesItBack() throws {
        let run = try session.browse([.type("j/peax"), .type("\u{7F}"), .type("x\r"), .type("n"), .type("q")])
        #expect(Self.selections(run.script) == [0, 1, 2, 1, 1])
        #expect(Self.bottom(run.script) == [
            Self.hints,
            "/peax · no match for 'peax'",
            "/pea",
            "no match for 'peax'",
            "no match for 'peax'",
        ])
    }

    @Test func nBeforeAnySearchSaysHowToSearch() throws {
        let run = try session.browse([.type("n"), .type("q")])
        #expect(run.script.frames[1].lines.last?.text == "no search yet: press / to search")
    }

    @Test func questionMarkListsEveryKeyAndAnyKeyReturns() throws {
        let run = try session.browse([.type("?"), .type("j"), .type("q")], size: WindowSize(columns: 80, rows: 24))
        let frames = run.script.frames
        try #require(frames.count == 3)
        let help = frames[1].text
        #expect(frames[1].lines[0].text == "Keys of browse")
        for key in BrowseKey.all {
            #expect(help.contains(key.label), "\(key.label)")
            #expect(help.contains(key.summary), "\(key.summary)")
        }
        #expect(help.contains("  m         mark"))
        #expect(help.contains("  x         wrong"))
        #expect(frames[1].lines[1].text == "  ↑ k       move up")
        #expect(frames[1].lines.last?.text == "press any key to return to the list")
        // The key that returns does nothing else: the selection stays.
        #expect(frames[2].lines[0].text == "== Soups ==")
        #expect(frames[2].lines[0].reversed)
    }

    @Test(arguments: ["z", "\u{1B}[D", "\u{1B}", "\u{01}"])
    func aKeyOfNoMeaningSaysPressQuestionMarkForKeys(key: String) throws {
        let run = try session.browse([.type(key), .type("q")])
        #expect(run.script.frames[1].lines.last?.text == "press ? for keys")
    }

    @Test func aMessageGoesWhenTheSelectionMoves() throws {
        let run = try session.browse([.type("j\r"), .type("j"), .type("z"), .type("k"), .type("\u{1B}[A"), .type("q")])
        #expect(Self.bottom(run.script) == [
            Self.hints,
            "Onion costs 5.0 at section 0, item 0",
            Self.hints,
            "press ? for keys",
            Self.hints,
            // At the top already: nothing moved, and there was nothing to clear.
            Self.hints,
        ])
    }

    @Test func aMessageStaysWhenTheSelectionCannotMove() throws {
        let run = try session.browse([.type("\r"), .type("k"), .type("q")])
        #expect(Self.bottom(run.script) == [Self.hints, "didSelect handled", "didSelect handled"])
    }

    @Test func diagnosticRowsAreRedAndDimmedRowsDim() throws {
        let data = CommandSessionBrowseTests.data([("Soups", [CommandSessionBrowseTests.dish("Onion"), #"{"model": "Number", "value": 7}"#])])
        let run = try session.browse([.type("jm"), .type("q")], data: data)
        let frames = run.script.frames
        try #require(frames.count == 2)
        #expect(frames[0].lines.prefix(3).map(\.style) == [.plain, .plain, .error])
        // `m` marks Onion, which the tool dims (and its view changes).
        #expect(frames[1].lines[1].text == "MARKED Onion")
        #expect(frames[1].lines.prefix(3).map(\.style) == [.plain, .dimmed, .error])
        #expect(frames[1].lines[1].reversed)
    }

    @Test func everyKeyOfTheTableIsReservedFromTheAppsActions() {
        #expect(BrowseKey.reservedCharacters == ["k", "j", "/", "n", "N", "?", "q"])
        let controller = BrowseController(context: nil, actions: [
            BrowseAction(key: "n", summary: "taken", context: Int.self) { _, _, _ in "never" },
            BrowseAction(key: "s", summary: "free", context: Int.self) { _, _, _ in "ran" },
        ])
        #expect(controller.actions.map(\.key) == ["s"])
    }

    @Test func theCommandReferenceNamesEveryKeyOfTheTable() throws {
        let reference = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MappingRegistryCommandLine/MappingRegistryCommandLine.docc/CommandReference.md")
        let text = try String(contentsOf: reference, encoding: .utf8)
        let browsing = try #require(text.range(of: "### Browsing"))
        // The first column of the key table: `| ↑ ↓, `k` `j` | …`.
        let named = Set(text[browsing.upperBound...].split(separator: "\n")
            .drop { !$0.hasPrefix("| Key |") }
            .prefix { $0.hasPrefix("|") }
            .compactMap { $0.split(separator: "|").first }
            .flatMap { $0.replacingOccurrences(of: "`", with: "").split(whereSeparator: { $0 == " " || $0 == "," }) }
            .map(String.init))
        for key in BrowseKey.all {
            for name in key.label.split(separator: " ") {
                #expect(named.contains(String(name)), "\(name) of \(key.summary)")
            }
        }
    }
}
