import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import MappingRegistryLanguageServer
import Testing
import TestSupport
@testable import menu

/// One decision everywhere: over the project's own fixtures (the sample,
/// every broken-mappings case, fallbacks, data documents beside valid and
/// broken mappings), the library load, `menu validate`, `mapping-registry
/// validate` and the language server give the same codes, locations and
/// messages.
@Suite struct OneDecisionEverywhereTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    /// A mappings file and the data document beside it.
    struct Fixture: CustomTestStringConvertible, Sendable {
        var name: String
        var mappings: String
        var data: String
        var testDescription: String { name }
    }

    /// One diagnostic as every front end can say it: code, severity,
    /// `file:line:column` (none for a diagnostic about no place) and the
    /// message's first line.
    struct Said: Hashable, Comparable, CustomStringConvertible {
        var code: String
        var severity: String
        var place: String?
        var message: String

        var description: String { "\(place ?? "-"): \(severity): \(message) [\(code)]" }
        static func < (lhs: Said, rhs: Said) -> Bool { lhs.description < rhs.description }

        init(code: String, severity: String, file: String?, line: Int?, column: Int?, message: String) {
            self.code = code
            self.severity = severity
            if let file, let line, let column { place = "\(file):\(line):\(column)" }
            self.message = String(message.split(separator: "\n", omittingEmptySubsequences: false).first ?? "")
        }
    }

    static let root = MenuBinary.packageRoot
    static func text(_ path: String) -> String {
        (try? String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }

    static var fixtures: [Fixture] {
        let sample = text("mappings.json")
        let data = text("Examples/Menu/Data/menu-data.json")
        var fixtures = [
            Fixture(name: "the sample", mappings: sample, data: data),
            Fixture(name: "the catch-all sample", mappings: text("Examples/Menu/mappings-with-catch-all.json"), data: data),
        ]
        for broken in BrokenMappingsTests.cases {
            let mappings = MarkedText(sample.replacingOccurrences(of: broken.replace, with: broken.with)).text
            fixtures.append(Fixture(name: "broken: \(broken.name)", mappings: mappings, data: data))
        }
        let spicy = #"{ "view": "SpicyDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2,"#
        let happyHour = #"{ "view": "HappyHourRow", "model": "HappyHour", "priority": 1 }"#
        fixtures += [
            Fixture(name: "a fallback used", mappings: sample.replacingOccurrences(
                of: spicy, with: #"{ "view": "ChiliDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2, "fallback": { "view": "SpicyDishRow" },"#
            ), data: data),
            Fixture(name: "a mapping skipped", mappings: sample.replacingOccurrences(
                of: happyHour, with: #"{ "view": "HappyHourBanner", "model": "HappyHour", "priority": 1, "fallback": "skip" }"#
            ), data: data),
            Fixture(name: "a fallback that overlaps", mappings: sample.replacingOccurrences(
                of: spicy, with: #"{ "view": "ChiliDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2, "fallback": { "view": "SpicyDishRow", "priority": 1 },"#
            ), data: data),
            Fixture(name: "a fallback inheriting an unknown decorator", mappings: sample.replacingOccurrences(
                of: spicy, with: #"{ "view": "ChiliDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2, "decorators": ["chili"], "fallback": { "view": "SpicyDishRow" },"#
            ), data: data),
            Fixture(name: "an unknown model among the items", mappings: sample, data: data.replacingOccurrences(
                of: #"{ "model": "Dish", "value": { "name": "Truffle risotto""#, with: #"{ "model": "Dsh", "value": { "name": "Truffle risotto""#
            )),
            Fixture(name: "data beside mappings that are not JSON", mappings: String(sample.dropLast(3)), data: data),
        ]
        return fixtures
    }

    /// Writes a fixture to a directory of its own: `mappings.json` and `data.json`.
    func write(_ fixture: Fixture) throws -> (mappings: String, data: String) {
        let directory = temporary.url
        let mappings = directory.appendingPathComponent("mappings.json")
        let data = directory.appendingPathComponent("data.json")
        try Data(fixture.mappings.utf8).write(to: mappings)
        try Data(fixture.data.utf8).write(to: data)
        return (mappings.path, data.path)
    }

    // MARK: - The front ends

    /// The library: the load, then the data document checked and resolved.
    static func library(_ mappings: String, _ data: String) -> [Said] {
        let tool = MenuCommand.makeTool()
        var said: [Diagnostic]
        var registry: MappingRegistry?
        do {
            let loaded = try MappingRegistry(plugins: tool.plugins, sources: tool.sources + [.json(Data(fixtureText(mappings).utf8), name: mappings)])
            said = loaded.warnings
            registry = loaded
        } catch {
            said = error.diagnostics
        }
        let check = DataDocument.check(Data(fixtureText(data).utf8), plugins: tool.plugins, source: data)
        said += check.diagnostics
        if let registry {
            said += DataDocument.resolve(check.entries, with: registry, context: tool.context)
        } else {
            said.append(.uncheckedItems(in: data, mappings: mappings))
        }
        return said.map(Self.said).sorted()
    }

    static func fixtureText(_ path: String) -> String {
        (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
    }

    static func said(_ diagnostic: Diagnostic) -> Said {
        Said(code: diagnostic.code.rawValue, severity: "\(diagnostic.severity)", file: diagnostic.location?.file,
             line: diagnostic.location?.line, column: diagnostic.location?.column, message: diagnostic.message)
    }

    /// A command's `--format json` report, read back.
    static func command(_ tool: CommandLineTool, _ arguments: [String]) -> (code: ExitCode, said: [Said]) {
        var output = ""
        var errors = ""
        let code = tool.run(arguments: arguments + ["--format", "json"], standardOutput: &output, standardError: &errors)
        let report = (try? JSONSerialization.jsonObject(with: Data(output.utf8))) as? [String: Any]
        let diagnostics = report?["diagnostics"] as? [[String: Any]] ?? []
        return (code, diagnostics.map { entry in
            Said(code: entry["code"] as? String ?? "?", severity: entry["severity"] as? String ?? "?", file: entry["file"] as? String,
                 line: entry["line"] as? Int, column: entry["column"] as? Int, message: entry["message"] as? String ?? "")
        }.sorted())
    }

    /// The language server `menu lsp` runs, in process: both files opened,
    /// every check run, what was published for each.
    static func languageServer(_ mappings: String, _ data: String) -> [Said] {
        let tool = MenuCommand.makeTool()
        var server = LanguageServer(configuration: tool.languageServerConfiguration(defaultMappings: tool.bundledMappings))
        func send(_ object: [String: Any]) -> [JSONValue] {
            let body = (try? JSONSerialization.data(withJSONObject: object)).map { [UInt8]($0) } ?? []
            return server.receive(body: body) + server.checkPendingNow()
        }
        _ = send(["jsonrpc": "2.0", "id": 1, "method": "initialize", "params": ["capabilities": [String: Any]()]])
        _ = send(["jsonrpc": "2.0", "method": "initialized", "params": [String: Any]()])
        var published: [String: [[String: Any]]] = [:]
        for path in [mappings, data] {
            let open: [String: Any] = ["textDocument": ["uri": "file://" + path, "languageId": "json", "version": 1, "text": fixtureText(path)]]
            for message in send(["jsonrpc": "2.0", "method": "textDocument/didOpen", "params": open]) {
                guard let object = (try? JSONSerialization.jsonObject(with: Data(message.compact().utf8))) as? [String: Any],
                      object["method"] as? String == "textDocument/publishDiagnostics",
                      let params = object["params"] as? [String: Any], let uri = params["uri"] as? String else { continue }
                published[String(uri.dropFirst("file://".count))] = params["diagnostics"] as? [[String: Any]] ?? []
            }
        }
        return published.flatMap { path, diagnostics in
            diagnostics.map { entry in
                let start = (entry["range"] as? [String: Any])?["start"] as? [String: Int]
                let code = entry["code"] as? String ?? "?"
                // A diagnostic about no place is shown on the "mappings" key; the others say where they are.
                let unplaced = code.hasPrefix("unused-")
                let severity = switch entry["severity"] as? Int { case 1: "error"; case 2: "warning"; default: "note" }
                return Said(code: code, severity: severity, file: unplaced ? nil : path,
                            line: start.map { ($0["line"] ?? 0) + 1 }, column: start.map { ($0["character"] ?? 0) + 1 },
                            message: entry["message"] as? String ?? "")
            }
        }.sorted()
    }

    // MARK: - The comparison

    @Test(arguments: fixtures)
    func everyFrontEndSaysTheSame(_ fixture: Fixture) throws {
        let (mappings, data) = try write(fixture)
        let library = Self.library(mappings, data)
        let aboutMappings = library.filter { $0.place == nil || $0.place?.hasPrefix(mappings + ":") == true }

        let validate = Self.command(MenuCommand.makeTool(), ["validate", "--mappings", mappings, "--data", data])
        #expect(validate.said == library, "menu validate")
        #expect((validate.code == .success) == !library.contains { $0.severity == "error" })

        let catalog = Self.root.appendingPathComponent("Examples/Menu/Schemas/menu.catalog.json").path
        let standalone = Self.command(.standalone, ["validate", "--catalog", catalog, mappings])
        #expect(standalone.said == aboutMappings, "mapping-registry validate")

        #expect(Self.languageServer(mappings, data) == library, "the language server")

        // diff of the file with itself: nothing changes when both files
        // load; when one does not, exactly its diagnostics, and nothing compared.
        let diff = Self.diff(mappings, data)
        let resolving = Set(Diagnostic.Code.table.filter { $0.stages == [.render] }.map(\.code.rawValue))
        let mappingsFail = aboutMappings.contains { $0.severity == "error" }
        let dataOwn = library.filter { $0.place?.hasPrefix(data + ":") == true && !resolving.contains($0.code) && $0.code != "unchecked-items" }
        let dataFails = dataOwn.contains { $0.severity == "error" }
        let expected = ((mappingsFail ? aboutMappings.filter { $0.place != nil } : []) + (dataFails ? dataOwn : [])).sorted()
        #expect(diff.code == (mappingsFail || dataFails ? .usage : .success), "diff")
        #expect(diff.said == expected, "diff")
    }

    /// `menu diff M M --data D`: its exit code and the located diagnostics it prints.
    static func diff(_ mappings: String, _ data: String) -> (code: ExitCode, said: [Said]) {
        var output = ""
        var errors = ""
        let code = MenuCommand.makeTool().run(arguments: ["diff", mappings, mappings, "--data", data], standardOutput: &output, standardError: &errors)
        let pattern = /^(.+):(\d+):(\d+): (error|warning): (.*) \[([a-z-]+)\]$/
        let said = errors.split(separator: "\n").compactMap { line -> Said? in
            guard let match = try? pattern.wholeMatch(in: String(line)) else { return nil }
            return Said(code: String(match.6), severity: String(match.4), file: String(match.1),
                        line: Int(match.2), column: Int(match.3), message: String(match.5))
        }
        return (code, said.sorted())
    }

    @Test func theFixturesCoverEveryKindOfCase() {
        let fixtures = Self.fixtures
        #expect(fixtures.count == 2 + BrokenMappingsTests.cases.count + 6)
        #expect(fixtures.allSatisfy { !$0.mappings.isEmpty && !$0.data.isEmpty })
    }
}
