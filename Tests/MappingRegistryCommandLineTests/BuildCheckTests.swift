import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import TestSupport
import Testing

/// `mapping-registry build-check`, which the build-tool plugin runs: what it
/// reports with and without the target's catalog, for mappings files and the
/// data documents beside them, its exit codes, and its output file.
@Suite struct BuildCheckTests {
    /// The app the catalog file describes: one model, two views.
    enum Bakery {
        struct Pastry: Decodable, Sendable {
            var name: String
        }

        static var catalog: Data {
            get throws {
                var plugins = PluginCatalog()
                plugins.register(model: Pastry.self, named: "Pastry")
                plugins.register(view: "PastryRow", for: Pastry.self) { pastry, _ in pastry.name }
                plugins.register(view: "PastryCard", for: Pastry.self) { pastry, _ in pastry.name }
                return try plugins.catalogDocument()
            }
        }
    }

    /// A folder of its own per test, as the plugin's target folder.
    struct Folder {
        let directory = TemporaryDirectory(prefix: "build-check")

        var url: URL { directory.url }

        func write(_ name: String, _ contents: Data) throws -> String {
            try directory.write(contents, to: name).path
        }

        var output: String { directory.url("CheckedMappings.swift").path }

        func remove() {
            directory.remove()
        }
    }

    /// One run: the files it is given, what it must print, its exit code.
    struct Case: CustomTestStringConvertible, Sendable {
        var name: String
        /// `mappings.json`, with markers (1️⃣–4️⃣) where diagnostics point.
        var mappings: String
        /// A data document beside it (`pastries-data.json`), markers 5️⃣–9️⃣.
        var data: String?
        var withCatalog: Bool
        /// The diagnostic lines, each starting with the file's name (the
        /// folder is put before it, and for `{folder}`), markers for locations.
        var expected: [String]
        var exit: Int32
        var testDescription: String { name }
    }

    static let mappingsWithTypo = """
        {
          "version": 1,
          "mappings": [
            { "view": 1️⃣"PastryRo", "model": "Pastry" },
            { "view": "PastryCard", "model": "Pastry", "priority": 2️⃣"high" }
          ]
        }
        """
    static let cleanMappings = """
        {
          "version": 1,
          "mappings": [
            { "view": "PastryRow", "model": "Pastry" },
            { "view": "PastryCard", "model": "Pastry", "kind": "header" }
          ]
        }
        """
    static let dataWithProblems = """
        {
          "sections": [
            { "items": [
              { "model": 5️⃣"Pastri", "value": { "name": "Croissant" } },
              { "model": "Pastry", "value": { "flavour": "plain" } },
              { "model": "Pastry", "value": { "name": "Eclair" }, 6️⃣"colour": "brown" }
            ] }
          ]
        }
        """

    static let cases: [Case] = [
        Case(
            name: "with the catalog: names and types, each problem at its line",
            mappings: mappingsWithTypo, data: nil, withCatalog: true,
            expected: [
                "mappings.json:1️⃣: error: unknown view 'PastryRo'; did you mean 'PastryRow'? [unknown-view]",
                "mappings.json:2️⃣: error: 'priority' must be an integer, found a string (\"high\") [wrong-type]",
            ],
            exit: 1
        ),
        Case(
            name: "without a catalog: syntax, keys and types only, said once",
            mappings: mappingsWithTypo, data: nil, withCatalog: false,
            expected: [
                "mappings.json:2️⃣: error: 'priority' must be an integer, found a string (\"high\") [wrong-type]",
                "mappings.json: remark: checked JSON syntax, keys and value types only: there is no catalog.json beside it or in a folder above it in the target; commit the app's catalog there to check names and types too (DocC: Check mappings when you build)",
            ],
            exit: 1
        ),
        Case(
            name: "a data document with the catalog: model names and keys, not values",
            mappings: cleanMappings, data: dataWithProblems, withCatalog: true,
            expected: [
                "pastries-data.json:5️⃣: error: unknown model 'Pastri'; did you mean 'Pastry'? [unknown-model]",
                "pastries-data.json:6️⃣: error: unknown key 'colour'; expected one of 'model', 'value' [unknown-key]",
            ],
            exit: 1
        ),
        Case(
            name: "a data document without a catalog: keys, not model names",
            mappings: cleanMappings, data: dataWithProblems, withCatalog: false,
            expected: [
                "pastries-data.json:6️⃣: error: unknown key 'colour'; expected one of 'model', 'value' [unknown-key]",
                "mappings.json: remark: checked JSON syntax, keys and value types only: there is no catalog.json beside it or in a folder above it in the target; commit the app's catalog there to check names and types too (DocC: Check mappings when you build)",
            ],
            exit: 1
        ),
        Case(
            name: "a plugin no mapping uses: a warning about the catalog, and the build goes on",
            mappings: """
                { "version": 1, "mappings": [{ "view": "PastryRow", "model": "Pastry" }] }
                """,
            data: nil, withCatalog: true,
            expected: [
                "catalog.json: warning: view 'PastryCard' is registered but no mapping in {folder}/mappings.json uses it [unused-view]",
            ],
            exit: 0
        ),
    ]

    @Test(arguments: cases)
    func reportsEachProblemAtItsLine(_ check: Case) throws {
        let folder = Folder()
        defer { folder.remove() }
        let mappings = MarkedText(check.mappings)
        var arguments = ["--output", folder.output]
        if check.withCatalog {
            arguments += ["--catalog", try folder.write("catalog.json", try Bakery.catalog)]
        }
        var marked = ["mappings.json": mappings]
        if let data = check.data {
            let text = MarkedText(data)
            marked["pastries-data.json"] = text
            arguments += ["--data", try folder.write("pastries-data.json", Data(text.bytes))]
        }
        arguments.append(try folder.write("mappings.json", Data(mappings.bytes)))

        var run = BuildCheck()
        let code = run.run(arguments)

        let printed = run.errors.split(separator: "\n").map(String.init).filter { !$0.hasPrefix(" ") }
        let expected = check.expected.map { line in
            let name = String(line.prefix { $0 != ":" })
            let located = folder.url.path + "/" + (marked[name]?.expand(line) ?? line)
            return located.replacingOccurrences(of: "{folder}", with: folder.url.path)
        }
        #expect(printed == expected)
        #expect(code.rawValue == check.exit)
        #expect(FileManager.default.fileExists(atPath: folder.output) == (check.exit == 0))
    }

    @Test func aCleanCheckWritesItsOutputOnceAndLeavesItAfterwards() throws {
        let folder = Folder()
        defer { folder.remove() }
        let catalog = try folder.write("catalog.json", try Bakery.catalog)
        let mappings = try folder.write("mappings.json", Data(Self.cleanMappings.utf8))
        let arguments = ["--output", folder.output, "--catalog", catalog, mappings]

        var first = BuildCheck()
        #expect(first.run(arguments) == .success)
        #expect(first.errors.isEmpty)
        #expect(try String(contentsOfFile: folder.output, encoding: .utf8) == """
            // Written by MappingRegistryPlugin when `mapping-registry build-check` passed; no code.
            // checked: catalog.json
            // checked: mappings.json

            """)
        // Passed again with the same files, the output is not written again:
        // the target has nothing to compile.
        let past = Date(timeIntervalSince1970: 1_000_000_000)
        try FileManager.default.setAttributes([.modificationDate: past], ofItemAtPath: folder.output)
        var again = BuildCheck()
        #expect(again.run(arguments) == .success)
        let attributes = try FileManager.default.attributesOfItem(atPath: folder.output)
        #expect(attributes[.modificationDate] as? Date == past)
    }

    @Test func aJSONFileBesideThatIsNotADataDocumentIsNotChecked() throws {
        let folder = Folder()
        defer { folder.remove() }
        let other = try folder.write("settings.json", Data(#"{ "mappings": "elsewhere", "theme": 3 }"#.utf8))
        let mappings = try folder.write("mappings.json", Data(Self.cleanMappings.utf8))
        var run = BuildCheck()
        #expect(run.run(["--output", folder.output, "--data", other, mappings]) == .success)
        #expect(run.errors.split(separator: "\n").allSatisfy { $0.contains(": remark: ") })
    }

    /// A command line the plugin would never write, and its usage error.
    static let usageCases: [(arguments: [String], message: String)] = [
        (["mappings.json"], "'--output FILE.swift' is required"),
        (["--output", "Out.swift"], "name at least one mappings file"),
        (["--output", "Out.swift", "--strict", "mappings.json"], "unknown option '--strict'"),
        (["--output", "Out.swift", "mappings.json", "--catalog"], "'--catalog' needs a file"),
    ]

    @Test(arguments: usageCases)
    func aWrongCommandLineIsAUsageError(arguments: [String], message: String) {
        var run = BuildCheck()
        #expect(run.run(arguments) == .usage)
        #expect(run.errors == """
            mapping-registry build-check: error: \(message)
            usage: mapping-registry build-check --output FILE.swift [--catalog FILE] [--data FILE]… MAPPINGS…

            """)
    }

    /// `APP catalog > catalog.json` empties the file before the app runs; a
    /// build then reads an empty catalog, and says how to write it instead.
    @Test(arguments: ["", "\n"])
    func anEmptyCatalogIsOneErrorThatSaysHowToWriteIt(contents: String) throws {
        let folder = Folder()
        defer { folder.remove() }
        let catalog = try folder.write("catalog.json", Data(contents.utf8))
        let mappings = try folder.write("mappings.json", Data(MarkedText(Self.mappingsWithTypo).text.utf8))
        var run = BuildCheck()
        #expect(run.run(["--output", folder.output, "--catalog", catalog, mappings]) == .usage)
        #expect(run.errors == "\(catalog):1:1: error: the catalog '\(catalog)' is empty; write it with the app's `catalog --output \(catalog)` subcommand or its catalog drift test [unreadable-file]\n")
        #expect(!FileManager.default.fileExists(atPath: folder.output))
    }

    @Test func anUnreadableMappingsFileIsAUsageError() throws {
        let folder = Folder()
        defer { folder.remove() }
        let missing = folder.url.appendingPathComponent("mappings.json").path
        var run = BuildCheck()
        #expect(run.run(["--output", folder.output, missing]) == .usage)
        #expect(run.errors.hasPrefix("error: cannot read '\(missing)': no such file [unreadable-file]\n"))
        #expect(!FileManager.default.fileExists(atPath: folder.output))
    }
}
