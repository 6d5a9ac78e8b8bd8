import Foundation
import Testing

/// `menu render --watch`, run as a process: it renders again on every
/// change, reports a bad edit and keeps the last good render, and ends with
/// status 0 on Ctrl-C.
@Suite struct MenuWatchTests {
    static let data = """
        {"sections": [{
          "header": {"model": "String", "value": "Soups"},
          "items": [{"model": "Dish", "value": {"name": "Onion soup", "price": 7, "vegan": false, "spicy": false}}]
        }]}
        """

    /// What `menu render` (without --watch) prints for these files.
    private func render(_ mappings: URL, _ data: URL) throws -> String {
        let run = try MenuBinary.run(["render", "--mappings", mappings.path, "--data", data.path])
        #expect(run.status == 0)
        return run.output
    }

    @Test func rendersAgainOnEveryChangeAndKeepsTheLastGoodRenderOnABadEdit() throws {
        let directory = try MenuBinary.temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings.json")
        let data = directory.appendingPathComponent("data.json")
        let original = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        try Data(original.utf8).write(to: mappings)
        try Data(Self.data.utf8).write(to: data)
        let first = try render(mappings, data)

        let menu = try RunningMenu(["render", "--watch", "--mappings", mappings.path, "--data", data.path])
        try #require(menu.wait { _, errors in errors.contains("menu: render 1;") })
        #expect(menu.wait { output, _ in output == first })
        #expect(menu.errors == "menu: render 1; watching \(mappings.path) and \(data.path) for changes (Ctrl-C to stop)\n")

        // 1. A change to the mappings: section titles become footnotes.
        let changed = original.replacingOccurrences(
            of: #"{ "view": "SectionTitle", "model": "String", "kind": "header" }"#,
            with: #"{ "view": "Footnote", "model": "String", "kind": "header" }"#
        )
        #expect(changed != original)
        try Data(changed.utf8).write(to: mappings)
        let second = try render(mappings, data)
        #expect(second != first)
        try #require(menu.wait { _, errors in errors.contains("menu: render 2;") })
        #expect(menu.wait { output, _ in output == first + second })
        #expect(menu.errors.contains("warning: view 'SectionTitle' is registered but no mapping in \(mappings.path) uses it [unused-view]"))

        // 2. A broken edit: reported, and nothing new on standard output.
        try Data(changed.replacingOccurrences(of: #""view": "Footnote""#, with: #""view": "Fotnote""#).utf8).write(to: mappings)
        try #require(menu.wait { _, errors in errors.contains("not loaded; still showing render 2\n") })
        #expect(menu.errors.contains("error: unknown view 'Fotnote'; did you mean 'Footnote'? [unknown-view]"))
        #expect(menu.output == first + second)

        // 3. A change to the data renders again with the last good mappings.
        try Data(Self.data.replacingOccurrences(of: "Onion soup", with: "Pea soup").utf8).write(to: data)
        try #require(menu.wait { _, errors in errors.contains("menu: render 3;") })
        // What the last good mappings make of the new data.
        let lastGood = directory.appendingPathComponent("last-good.json")
        try Data(changed.utf8).write(to: lastGood)
        let third = try render(lastGood, data)
        #expect(third.contains("Pea soup"))
        // Between render 2 and render 3 nothing was written: the bad edit left render 2 on screen.
        #expect(menu.wait { output, _ in output == first + second + third })

        // 4. Ctrl-C ends it with status 0.
        #expect(menu.interrupt() == 0)
    }

    @Test func aMappingsFileBrokenAtStartIsReportedAndWaitedOn() throws {
        let directory = try MenuBinary.temporaryDirectory()
        let mappings = directory.appendingPathComponent("mappings.json")
        let data = directory.appendingPathComponent("data.json")
        let original = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        try Data(original.replacingOccurrences(of: #""version": 1"#, with: #""version": 9"#).utf8).write(to: mappings)
        try Data(Self.data.utf8).write(to: data)

        let menu = try RunningMenu(["render", "--watch", "--mappings", mappings.path, "--data", data.path])
        try #require(menu.wait { _, errors in errors.contains("not loaded; waiting for a change\n") })
        #expect(menu.errors.contains("[unsupported-version]"))
        #expect(menu.output == "")
        try Data(original.utf8).write(to: mappings)
        try #require(menu.wait { _, errors in errors.contains("menu: render 1;") })
        let expected = try render(mappings, data)
        #expect(menu.wait { output, _ in output == expected })
        #expect(menu.interrupt() == 0)
    }

    @Test func withOnlyTheBundledMappingsThereIsNothingToWatch() throws {
        let run = try MenuBinary.run(["render", "--watch"], in: try MenuBinary.temporaryDirectory())
        #expect(run.status == 2)
        #expect(run.errors == "menu: error: --watch needs a mappings file to watch; pass --mappings FILE\n")
    }
}
