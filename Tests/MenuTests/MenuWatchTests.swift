import Foundation
import TestSupport
import Testing

/// `menu render --watch`, run as a process: its polling threads see a fixed
/// file, and it ends with status 0 on Ctrl-C. Each wait is for what the
/// process writes, bounded by a deadline that only catches a hung process.
///
/// Every change, bad edit and kept render is followed step by step, without
/// threads or waiting, in `CommandSessionWatchTests`.
@Suite struct MenuWatchTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

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

    @Test func aMappingsFileBrokenAtStartIsReportedAndWaitedOn() throws {
        let directory = temporary.url
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
        let run = try MenuBinary.run(["render", "--watch"], in: temporary.url)
        #expect(run.status == 2)
        #expect(run.errors == "menu: error: --watch needs a mappings file to watch; pass --mappings FILE\n")
    }
}
