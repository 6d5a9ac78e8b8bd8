import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// `render --watch` in-process, driven by a ``WatchScript``: each edit is
/// made, and the files looked at, only once the command has handled the one
/// before, with no thread, no signal and no waiting, so the whole of
/// standard output and standard error is known exactly.
@Suite struct CommandSessionWatchTests {
    /// The command-line tests' tool, with a second header view ("Shout") and
    /// the watch driven by `script`.
    static func tool(_ script: WatchScript) -> CommandLineTool {
        var tool = CommandLineToolTests.tool()
        tool.plugins.register(view: "Shout", for: String.self) { text, _ in text.uppercased() }
        tool.watchDriver = .script(script)
        return tool
    }

    static let titled = configuration(
        #"{ "view": "DishRow", "model": "Dish" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header" }"#
    )
    static let shouted = configuration(
        #"{ "view": "DishRow", "model": "Dish" }"#,
        #"{ "view": "Shout", "model": "String", "kind": "header" }"#
    )
    static let misspelled = configuration(
        #"{ "view": "DishRow", "model": "Dish" }"#,
        #"{ "view": "Shot", "model": "String", "kind": "header" }"#
    )
    static let soup = #"{"sections": [{"header": {"model": "String", "value": "Soups"}, "items": [{"model": "Dish", "value": {"name": "Onion soup", "price": 7, "vegan": false}}]}]}"#

    /// A fresh directory with the two watched files.
    /// Removed when the last copy goes, with what the test wrote beside them.
    struct Files {
        let directory = TemporaryDirectory(prefix: "watch")
        let mappings: URL
        let data: URL

        init(mappings text: String, data: String = CommandSessionWatchTests.soup) throws {
            mappings = try directory.write(text, to: "mappings.json")
            self.data = try directory.write(data, to: "data.json")
        }

        var arguments: [String] { ["render", "--watch", "--mappings", mappings.path, "--data", data.path] }
    }

    @Test func rendersAgainOnEveryChangeAndKeepsTheLastGoodRenderOnABadEdit() throws {
        let files = try Files(mappings: Self.titled)
        let mappings = files.mappings
        let data = files.data
        let script = WatchScript(edits: [
            // 1. The headers get another view.
            { try Data(Self.shouted.utf8).write(to: mappings) },
            // 2. A bad edit: reported; nothing new on standard output.
            { try Data(Self.misspelled.utf8).write(to: mappings) },
            // 3. The data changes: rendered with the last good mappings.
            { try Data(Self.soup.replacingOccurrences(of: "Onion", with: "Pea").utf8).write(to: data) },
            // 4. Written again with the same bytes: nothing.
            { try Data(Self.soup.replacingOccurrences(of: "Onion", with: "Pea").utf8).write(to: data) },
            // 5. The data goes away: reported; the last render stays.
            { try FileManager.default.removeItem(at: data) },
        ])
        var output = ""
        var errors = ""
        let code = Self.tool(script).run(arguments: files.arguments, standardOutput: &output, standardError: &errors)
        #expect(script.failures == [])
        #expect(code == .success)
        #expect(output == "== Soups ==\ndish Onion soup\n" + "SOUPS\ndish Onion soup\n" + "SOUPS\ndish Pea soup\n")
        let watching = "watching \(mappings.path) and \(data.path) for changes (Ctrl-C to stop)"
        #expect(errors == """
            warning: view 'Shout' is registered but no mapping in \(mappings.path) uses it [unused-view]
            tool: 0 errors, 1 warning; rendered 2 of 2; 0 missing, 0 ambiguous
            tool: render 1; \(watching)
            warning: view 'TitleView' is registered but no mapping in \(mappings.path) uses it [unused-view]
            tool: 0 errors, 1 warning; rendered 2 of 2; 0 missing, 0 ambiguous
            tool: render 2; \(watching)
            \(mappings.path):5:15: error: unknown view 'Shot'; did you mean 'Shout'? [unknown-view]
                { "view": "Shot", "model": "String", "kind": "header" }
                          ^
            warning: view 'TitleView' is registered but no mapping in \(mappings.path) uses it [unused-view]
            tool: 1 error, 1 warning; \(mappings.path) not loaded; still showing render 2
            warning: view 'TitleView' is registered but no mapping in \(mappings.path) uses it [unused-view]
            tool: 0 errors, 1 warning; rendered 2 of 2; 0 missing, 0 ambiguous
            tool: render 3; \(watching)
            error: cannot read '\(data.path)': no such file [unreadable-file]
            tool: 1 error, 0 warnings; \(data.path) not loaded; still showing render 3

            """)
    }

    @Test func aMappingsFileBrokenAtStartIsReportedThenRenderedOnceFixed() throws {
        let files = try Files(mappings: Self.misspelled)
        let mappings = files.mappings
        let script = WatchScript(edits: [
            { try Data(Self.titled.utf8).write(to: mappings) },
        ])
        var output = ""
        var errors = ""
        let code = Self.tool(script).run(arguments: files.arguments, standardOutput: &output, standardError: &errors)
        #expect(script.failures == [])
        #expect(code == .success)
        #expect(output == "== Soups ==\ndish Onion soup\n")
        #expect(errors == """
            \(mappings.path):5:15: error: unknown view 'Shot'; did you mean 'Shout'? [unknown-view]
                { "view": "Shot", "model": "String", "kind": "header" }
                          ^
            warning: view 'TitleView' is registered but no mapping in \(mappings.path) uses it [unused-view]
            tool: 1 error, 1 warning; \(mappings.path) not loaded; waiting for a change
            warning: view 'Shout' is registered but no mapping in \(mappings.path) uses it [unused-view]
            tool: 0 errors, 1 warning; rendered 2 of 2; 0 missing, 0 ambiguous
            tool: render 1; watching \(mappings.path) and \(files.data.path) for changes (Ctrl-C to stop)

            """)
    }

    @Test func anEditThatThrowsEndsTheWatch() throws {
        let files = try Files(mappings: Self.titled)
        struct Refused: Error {}
        let script = WatchScript(edits: [{ throw Refused() }, { Issue.record("an edit after the one that threw ran") }])
        var output = ""
        var errors = ""
        let code = Self.tool(script).run(arguments: files.arguments, standardOutput: &output, standardError: &errors)
        #expect(script.failures == ["Refused()"])
        #expect(code == .success)
        #expect(output == "== Soups ==\ndish Onion soup\n")
    }
}
