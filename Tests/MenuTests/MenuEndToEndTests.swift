import Foundation
import TestSupport
import Testing

/// Runs the built `menu` binary and checks stdout, stderr and the exit status.
@Suite struct MenuEndToEndTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    @Test func defaultRunRendersTheMenuAndReportsThePlantedItems() throws {
        let run = try MenuBinary.run([])
        #expect(run.status == 0)
        for text in ["CHEF'S SPECIALS", "STARTERS", "MAINS", "DRINKS", "AT THE COUNTER",
                     "Tonight only, while they last.", "| Two courses for 25.00, weekdays until 7 pm",
                     "Lemonade, 33 cl ........................... 4.00"] {
            #expect(run.output.contains(text), "stdout lacks \(text)")
        }
        #expect(run.errors.contains("error: 2 cell mappings apply to 'Dish' at section 2, item 1 with priority 2"))
        #expect(run.errors.contains("error: no cell mapping for 'GiftCard' at section 4, item 1"))
        #expect(run.errors.hasSuffix("menu: 2 errors, 1 warning; rendered 23 of 25; 1 missing, 1 ambiguous\n"))
    }

    @Test func strictRenderFailsOnThePlantedItems() throws {
        #expect(try MenuBinary.run(["render", "--strict"]).status == 1)
    }

    @Test func validatingTheDefaultsFindsExactlyThePlantedItems() throws {
        let run = try MenuBinary.run(["validate", "--format", "json"])
        #expect(run.status == 1)
        let object = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let summary = try #require(object["summary"] as? [String: Int])
        #expect(summary == ["errors": 2, "warnings": 1])
        let all = try #require(object["diagnostics"] as? [[String: Any]])
        // The load's warning that foresees the ambiguous dish, then the planted items.
        #expect(all.first?["code"] as? String == "possible-ambiguity")
        let diagnostics = Array(all.dropFirst())
        #expect(diagnostics.map { $0["code"] as? String } == ["ambiguous-mapping", "missing-mapping"])
        #expect(diagnostics.map { $0["pointer"] as? String } == ["/sections/2/items/1", "/sections/4/items/1"])
        #expect(diagnostics.map { $0["file"] as? String } == Array(repeating: "Examples/Menu/Data/menu-data.json", count: 2))
        #expect(diagnostics.map { $0["section"] as? Int } == [2, 4])
        #expect(diagnostics.map { $0["item"] as? Int } == [1, 1])
        #expect(diagnostics.map { $0["line"] as? Int } == [28, 46])
        #expect(diagnostics.allSatisfy { $0["severity"] as? String == "error" && $0["column"] as? Int == 9 })
    }

    @Test func aCleanConfigurationAndDataValidate() throws {
        let directory = temporary.url
        let data = directory.appendingPathComponent("clean.json")
        try Data("""
            {"sections": [{
              "header": {"model": "String", "value": "Soups"},
              "items": [{"model": "Dish", "value": {"name": "Soup", "price": 6}},
                        {"model": "Drink", "value": {"name": "Tea", "price": 3, "size": "pot"}}],
              "supplementary": {"banner": {"model": "HappyHour",
                                "value": {"title": "Tea time", "from": "15:00", "until": "17:00", "offer": "scones"}}}
            }]}
            """.utf8).write(to: data)
        let run = try MenuBinary.run(["validate", "--data", data.path])
        #expect(run.status == 0)
        #expect(MenuBinary.withoutPossibleAmbiguity(run.errors) == "menu: 0 errors, 1 warning; checked mappings.json (14 mappings) and \(data.path) (4 stored models)\n")
        let render = try MenuBinary.run(["--strict", "--data", data.path])
        #expect(render.status == 0)
        #expect(MenuBinary.withoutPossibleAmbiguity(render.errors) == "menu: 0 errors, 1 warning; rendered 4 of 4; 0 missing, 0 ambiguous\n")
    }

    @Test func extremePricesRenderWithoutCrashing() throws {
        let directory = temporary.url
        let data = directory.appendingPathComponent("prices.json")
        try Data("""
            {"sections": [{"items": [
              {"model": "Dish", "value": {"name": "Gold", "price": 1e300}},
              {"model": "Dish", "value": {"name": "Refund", "price": -6.5}},
              {"model": "Dish", "value": {"name": "Crumb", "price": -0.05}}
            ]}]}
            """.utf8).write(to: data)
        let run = try MenuBinary.run(["--data", data.path])
        #expect(run.status == 0)
        #expect(run.output.contains("Gold ...") && run.output.contains(" ?\n"))
        #expect(run.output.contains(" -6.50\n"))
        #expect(run.output.contains(" -0.05\n"))
    }

    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/dev/full"), "needs /dev/full (Linux)"))
    func anUnwritableStandardOutputFailsWithAMessage() throws {
        let full = try #require(FileHandle(forWritingAtPath: "/dev/full"))
        let run = try MenuBinary.run([], standardOutput: full)
        #expect(run.status == 1)
        #expect(run.errors.hasSuffix("menu: error: cannot write to standard output\n"))
    }

    @Test func anUnreadableFileExitsTwo() throws {
        let missing = try MenuBinary.run(["validate", "--mappings", "no-such-mappings.json"])
        #expect(missing.status == 2)
        #expect(missing.errors.contains("no-such-mappings.json': no such file [unreadable-file]"))
        let directory = try MenuBinary.run(["render", "--data", "Sources"])
        #expect(directory.status == 2)
        #expect(directory.errors.contains("it is a directory [unreadable-file]"))
    }

    @Test func aUsageErrorExitsTwo() throws {
        let run = try MenuBinary.run(["validate", "--strict"])
        #expect(run.status == 2)
        #expect(run.errors.hasPrefix("menu: error: option '--strict' does not apply to 'validate'; it is an option of 'render'\nusage: menu validate"))
        #expect(run.output == "")
    }

    @Test func fromAnotherDirectoryTheBundledMappingsAreUsed() throws {
        let directory = temporary.url
        let run = try MenuBinary.run([], in: directory)
        let atRoot = try MenuBinary.run([])
        #expect(run.status == 0)
        #expect(run.output == atRoot.output)
    }

    @Test func helpExitsZero() throws {
        let run = try MenuBinary.run(["--help"])
        #expect(run.status == 0)
        #expect(run.output.contains("usage: menu [render] [--mappings FILE] [--data FILE] [--strict]"))
    }
}

/// Runs the built `mapping-registry` binary: exit codes, and each file named.
@Suite struct MappingRegistryToolEndToEndTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    static let catalog = "Examples/Menu/Schemas/menu.catalog.json"

    @Test func severalFilesAreCheckedEachOnItsOwnAndNamed() throws {
        let directory = temporary.url
        let broken = directory.appendingPathComponent("broken.json")
        try Data(#"{"version": 1, "mappings": [{"view": "DishRo", "model": "Dish"}]}"#.utf8).write(to: broken)
        let run = try MenuBinary.run(
            ["validate", "--catalog", Self.catalog, "--format", "github", "--ignore", "unused-view",
             "--ignore", "unused-predicate", "--ignore", "unused-decorator", "mappings.json", broken.path],
            executable: "mapping-registry"
        )
        #expect(run.status == 1)
        #expect(MenuBinary.withoutPossibleAmbiguity(run.output) == "::error file=\(broken.path),line=1,col=38::unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]\n")
        #expect(run.errors == "mapping-registry: 1 error, 1 warning; checked mappings.json (14 mappings), \(broken.path)\n")
    }

    @Test func cleanFilesExitZeroAndAnUnreadableOneExitsTwo() throws {
        let clean = try MenuBinary.run(["validate", "--catalog", Self.catalog, "mappings.json"], executable: "mapping-registry")
        #expect(clean.status == 0)
        #expect(MenuBinary.withoutPossibleAmbiguity(clean.errors) == "mapping-registry: 0 errors, 1 warning; checked mappings.json (14 mappings)\n")
        let missing = try MenuBinary.run(["validate", "--catalog", Self.catalog, "mappings.json", "nope.json"], executable: "mapping-registry")
        #expect(missing.status == 2)
        #expect(MenuBinary.withoutPossibleAmbiguity(missing.errors).hasPrefix("error: cannot read '"))
        #expect(missing.errors.hasSuffix("mapping-registry: 1 error, 1 warning; checked mappings.json (14 mappings)\n"))
    }

    @Test func usageErrorsExitTwo() throws {
        let noCatalog = try MenuBinary.run(["validate", "mappings.json"], executable: "mapping-registry")
        #expect(noCatalog.status == 2)
        #expect(noCatalog.errors.hasPrefix("mapping-registry: error: validate needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand\n"))
        let fixed = try MenuBinary.run(["validate", "--catalog", Self.catalog, "--ignore", "invalid-json", "mappings.json"], executable: "mapping-registry")
        #expect(fixed.status == 2)
        #expect(fixed.errors.hasPrefix("mapping-registry: error: --ignore invalid-json: 'invalid-json' cannot be ignored: it leaves no usable registry (the file is not JSON, so nothing in it can be read)\n"))
    }
}
