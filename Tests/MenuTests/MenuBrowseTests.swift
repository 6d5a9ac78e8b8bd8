import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import TestSupport
import Testing
@testable import menu

/// The sample's part in `menu browse`, in-process on a scripted terminal:
/// its `showDish` handler on Enter, its impressions, and `s`, which marks a
/// dish sold out through the render context, so the `isSoldOut` mapping
/// shows it. (The real terminal is driven in `MenuBrowseTmuxTests`.)
@Suite struct MenuBrowseTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    /// Runs `menu browse` on the bundled mappings and a data file of its own.
    func browse(_ steps: [BrowseScript.Step], data: String) throws -> (code: ExitCode, script: BrowseScript) {
        let file = try temporary.createDirectory(UUID().uuidString).appendingPathComponent("data.json")
        try Data(data.utf8).write(to: file)
        let script = BrowseScript(size: WindowSize(columns: 80, rows: 12), steps: steps)
        var tool = MenuCommand.makeTool()
        tool.browseDriver = .script(script)
        var output = ""
        var errors = ""
        let code = tool.run(arguments: ["browse", "--mappings", MenuBinary.packageRoot.appendingPathComponent("mappings.json").path, "--data", file.path], standardOutput: &output, standardError: &errors)
        // The sample mappings' load warning, and the summary that says so.
        #expect(MenuBinary.withoutPossibleAmbiguity(errors).hasPrefix("menu: 0 errors, 1 warning; browsed "), "\(errors)")
        return (code, script)
    }

    /// Dishes with names of this test's own, so no other test counts their impressions.
    static func data(_ names: [String]) -> String {
        let items = names.map { #"{"model": "Dish", "value": {"name": "\#($0)", "price": 9.5, "spicy": true}}"# }
        return #"{"sections": [{"header": {"model": "String", "value": "Tested"}, "items": [\#(items.joined(separator: ", "))]}]}"#
    }

    @Test func enterShowsTheDishAndHowOftenItWasSeen() throws {
        let names = ["Browse test stew \(UUID().uuidString.prefix(8))", "Browse test curry \(UUID().uuidString.prefix(8))"]
        let fillers = (1...15).map { "Filler \($0)" }
        let run = try browse([.type("j\r"), .type("\u{1B}[F"), .type("\u{1B}[H\u{1B}[B\r"), .type("q")], data: Self.data(names + fillers))
        #expect(run.code == .success)
        let frames = run.script.frames
        try #require(frames.count == 4)
        #expect(frames[0].lines[0].text == "TESTED")
        #expect(frames[0].lines[2].text == MenuText.line("* " + names[0], price: 9.5))
        #expect(frames[1].lines.last?.text == "\(names[0]) · 9.50 · spicy · seen 1 time")
        // End and Home: every row left the screen and came back.
        #expect(frames[3].lines.last?.text == "\(names[0]) · 9.50 · spicy · seen 2 times")
    }

    @Test func sMarksTheSelectedDishSoldOutAndSwitchesItsRow() throws {
        let run = try browse([.type("jj"), .type("s"), .type("s"), .type("k"), .type("s"), .type("q")], data: Self.data(["Pho", "Laksa"]))
        let frames = run.script.frames
        try #require(frames.count == 6)
        // Section 0: the chef's special view, until the dish is marked sold out.
        #expect(frames[1].lines[3].text == MenuText.line("* Laksa", price: 9.5))
        #expect(frames[2].lines[3].text == MenuText.line("x Laksa", trailing: "sold out"))
        #expect(frames[2].lines.last?.text == "Laksa marked sold out")
        #expect(frames[3].lines[3].text == MenuText.line("* Laksa", price: 9.5))
        #expect(frames[3].lines.last?.text == "Laksa is back on the menu")
        #expect(frames[5].lines[2].text == MenuText.line("x Pho", trailing: "sold out"))
        // A header is not a dish.
        let header = try browse([.type("s"), .type("q")], data: Self.data(["Pho"]))
        #expect(header.script.frames.last?.lines.last?.text == "only a dish can be marked sold out")
    }

    @Test func aSoldOutDishIsDimmedWhetherTheDataOrSSaysSo() throws {
        let data = #"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Pho", "price": 9}}, {"model": "Dish", "value": {"name": "Burrata", "price": 11, "soldOut": true}}]}]}"#
        let run = try browse([.type("s"), .type("s"), .type("q")], data: data)
        let frames = run.script.frames
        try #require(frames.count == 3)
        let styles = frames.map { Array($0.lines.prefix(2).map(\.style)) }
        #expect(frames[0].lines[1].text == MenuText.line("* Burrata", price: 11))
        // Burrata is sold out in the data: dim from the first frame.
        #expect(styles[0] == [.plain, .dimmed])
        // `s` marks Pho sold out, then back.
        #expect(styles[1] == [.dimmed, .dimmed])
        #expect(styles[2] == [.plain, .dimmed])
    }

    @Test func renderAndValidateSeeNoDishSoldOut() {
        var output = ""
        var errors = ""
        let code = MenuCommand.makeTool().run(arguments: ["validate"], standardOutput: &output, standardError: &errors)
        #expect(code == .failure)
        #expect(!errors.contains("missing-context"))
        #expect(errors.hasSuffix("menu: 2 errors, 1 warning; checked mappings.json (14 mappings) and Examples/Menu/Data/menu-data.json (25 stored models)\n"))
    }
}
