import Foundation
import MappingRegistry
@testable import MappingRegistryCommandLine
import RegistryFixtures
import TestSupport
import Testing

/// One change to a mappings file and the lines `diff` prints for it.
///
/// `{D}`, `{OLD}` and `{NEW}` stand for the files' paths. Markers: 1️⃣ 2️⃣
/// 3️⃣ are in the data document (the header and the two dishes), 4️⃣ 5️⃣ in
/// the old mappings file, 6️⃣ 7️⃣ 8️⃣ in the new one. Both files have the
/// header's mapping first unless a case says otherwise.
struct DiffCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The mapping objects of each file, beside the header's mapping.
    let old: [String]
    let new: [String]
    /// The lines, data location first, then the counts line.
    let expected: [String]
    /// Whether the header's mapping is added before the new file's mappings.
    var newHasHeader = true
    /// What `mapping-registry diff --catalog` prints, where a predicate
    /// decides; `nil` when it prints ``expected`` (nothing a predicate decides changes).
    var fromCatalog: [String]?
    var testDescription: String { name }
}

/// `diff OLD NEW`: every stored model the new mappings file renders
/// differently, in each output format, run in-process.
@Suite struct DiffTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "diff-tests")

    static let header = #"{ "view": "TitleView", "model": "String", "kind": "header" }"#
    static let dishRow = #"{ "view": "DishRow", "model": "Dish" }"#

    /// A header and two dishes, the first vegan.
    static let data = MarkedText("""
        {"sections": [{"header": 1️⃣{"model": "String", "value": "Starters"},
                       "items": [2️⃣{"model": "Dish", "value": {"name": "Soup", "price": 6.5, "vegan": true}},
                                 3️⃣{"model": "Dish", "value": {"name": "Steak", "price": 21, "vegan": false}}]}]}
        """)

    /// The fixture plugins the cases use: a view taking any value, a
    /// predicate, a decorator and a handler.
    static func tool() -> CommandLineTool {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(model: String.self, named: "String")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: TitleView.self, named: "TitleView")
        plugins.register(view: "Plain", for: Any.self) { value, _ in "plain \(value)" }
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.vegan }
        plugins.register(predicate: "isCheap", for: Dish.self) { dish, _ in dish.price < 10 }
        plugins.register(decorator: "loud", for: Dish.self) { text, _, _ in text.uppercased() }
        plugins.register(handler: "open", for: .didSelect, model: Dish.self) { _, _ in }
        return CommandLineTool(name: "tool", plugins: plugins)
    }

    func run(_ arguments: [String], tool: CommandLineTool = tool()) -> CommandLineToolTests.Run {
        CommandLineToolCatalogTests().run(arguments, tool: tool)
    }

    /// `template` with each marker replaced by its `line:column` in the
    /// text that has it.
    static func expand(_ template: String, in texts: [MarkedText]) -> String {
        var result = template
        for marker in MarkedText.markers where result.contains(marker) {
            guard let text = texts.first(where: { $0.location(marker) != "?:?" }) else { continue }
            result = result.replacingOccurrences(of: marker, with: text.location(marker))
        }
        return result
    }

    static let cases: [DiffCase] = [
        .init(
            name: "another view for one item",
            old: ["4️⃣" + dishRow],
            new: [dishRow, #"6️⃣{ "view": "Plain", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 1 }"#],
            expected: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow ({OLD}:4️⃣) → Plain ({NEW}:6️⃣)",
                "1 of 3 stored models render differently (1 changed mapping)",
            ],
            fromCatalog: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow ({OLD}:4️⃣) may change → Plain ({NEW}:6️⃣) when isVegan holds",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow ({OLD}:4️⃣) may change → Plain ({NEW}:6️⃣) when isVegan holds",
                "2 of 3 stored models may change, depending on predicates",
            ]
        ),
        .init(
            name: "the same view with a decorator",
            old: ["4️⃣" + dishRow],
            new: [#"6️⃣{ "view": "DishRow", "model": "Dish", "decorators": ["loud"] }"#],
            expected: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow decorators [] ({OLD}:4️⃣) → DishRow decorators [loud] ({NEW}:6️⃣)",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow decorators [] ({OLD}:4️⃣) → DishRow decorators [loud] ({NEW}:6️⃣)",
                "2 of 3 stored models render differently (2 changed mapping)",
            ]
        ),
        .init(
            name: "the same view with a handler",
            old: ["4️⃣" + dishRow],
            new: [#"6️⃣{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "events": { "didSelect": "open" } }"#, #"{ "view": "DishRow", "model": "Dish", "condition": { "not": { "predicate": "isVegan" } } }"#],
            expected: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow handlers {} ({OLD}:4️⃣) → DishRow handlers {didSelect: open} ({NEW}:6️⃣)",
                "1 of 3 stored models render differently (1 changed mapping)",
            ],
            fromCatalog: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow handlers {} ({OLD}:4️⃣) may change → DishRow handlers {didSelect: open} ({NEW}:6️⃣) when isVegan holds",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow handlers {} ({OLD}:4️⃣) may change → DishRow handlers {didSelect: open} ({NEW}:6️⃣) when isVegan holds",
                "2 of 3 stored models may change, depending on predicates",
            ]
        ),
        .init(
            name: "the same view from another reuse pool",
            old: ["4️⃣" + dishRow],
            new: [#"6️⃣{ "view": "DishRow", "model": "Dish", "reuseIdentifier": "dish" }"#],
            expected: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow reuse 'DishRow' ({OLD}:4️⃣) → DishRow reuse 'dish' ({NEW}:6️⃣)",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow reuse 'DishRow' ({OLD}:4️⃣) → DishRow reuse 'dish' ({NEW}:6️⃣)",
                "2 of 3 stored models render differently (2 changed mapping)",
            ]
        ),
        .init(
            name: "now missing and now resolved",
            old: [#"4️⃣{ "view": "DishRow", "model": "Dish", "condition": { "not": { "predicate": "isVegan" } } }"#],
            new: [#"6️⃣{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "isVegan" } }"#],
            expected: [
                "{D}:2️⃣: section 0, item 0 'Dish': no mapping [missing-mapping] → DishRow ({NEW}:6️⃣)",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow ({OLD}:4️⃣) → no mapping [missing-mapping]",
                "2 of 3 stored models render differently (1 now missing, 1 now resolved)",
            ],
            // Each dish changes whatever isVegan answers, one way or the other.
            fromCatalog: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow ({OLD}:4️⃣) → no mapping [missing-mapping] when isVegan does not hold",
                "{D}:2️⃣: section 0, item 0 'Dish': no mapping [missing-mapping] → DishRow ({NEW}:6️⃣) when isVegan holds",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow ({OLD}:4️⃣) → no mapping [missing-mapping] when isVegan does not hold",
                "{D}:3️⃣: section 0, item 1 'Dish': no mapping [missing-mapping] → DishRow ({NEW}:6️⃣) when isVegan holds",
                "2 of 3 stored models render differently (2 as predicates decide)",
            ]
        ),
        .init(
            name: "now ambiguous",
            old: ["4️⃣" + dishRow],
            new: [
                dishRow,
                #"{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 1 }"#,
                #"7️⃣{ "view": "Plain", "model": "Dish", "condition": { "predicate": "isCheap" }, "priority": 1 }"#,
            ],
            expected: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow ({OLD}:4️⃣) → ambiguous: DishRow, Plain [ambiguous-mapping]",
                "1 of 3 stored models render differently (1 now ambiguous)",
            ],
            fromCatalog: [
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow ({OLD}:4️⃣) may change → Plain ({NEW}:7️⃣) when isCheap holds and isVegan does not hold",
                "{D}:2️⃣: section 0, item 0 'Dish': DishRow ({OLD}:4️⃣) may change → ambiguous: DishRow, Plain [ambiguous-mapping] when isCheap and isVegan hold",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow ({OLD}:4️⃣) may change → Plain ({NEW}:7️⃣) when isCheap holds and isVegan does not hold",
                "{D}:3️⃣: section 0, item 1 'Dish': DishRow ({OLD}:4️⃣) may change → ambiguous: DishRow, Plain [ambiguous-mapping] when isCheap and isVegan hold",
                "2 of 3 stored models may change, depending on predicates",
            ]
        ),
        .init(
            name: "a header's mapping removed",
            old: ["5️⃣" + header, dishRow],
            new: [dishRow],
            expected: [
                "{D}:1️⃣: section 0, header 'String': TitleView ({OLD}:5️⃣) → no mapping [missing-mapping]",
                "1 of 3 stored models render differently (1 now missing)",
            ],
            newHasHeader: false
        ),
        .init(
            name: "moved and reordered, rendering the same",
            old: [dishRow, #"{ "view": "Plain", "model": "Dish", "condition": { "predicate": "isVegan" }, "priority": 1 }"#],
            new: [#"{ "view": "Plain", "model": "Dish", "priority": 1, "condition": { "predicate": "isVegan" } }"#, #"{ "model": "Dish", "view": "DishRow" }"#],
            expected: ["no stored model renders differently (3 compared)"]
        ),
    ]

    /// Writes the case's files; returns their paths and marked texts.
    func files(_ diffCase: DiffCase) throws -> (old: String, new: String, data: String, texts: [MarkedText]) {
        // The header's mapping is in both files unless the case says otherwise.
        func document(_ mappings: [String], header: Bool = true) -> MarkedText {
            let withHeader = !header || mappings.contains { $0.contains("TitleView") } ? mappings : [Self.header] + mappings
            return MarkedText("{\n  \"version\": 1,\n  \"mappings\": [\n    " + withHeader.joined(separator: ",\n    ") + "\n  ]\n}\n")
        }
        let old = document(diffCase.old)
        let new = document(diffCase.new, header: diffCase.newHasHeader)
        return (
            try temporary.file(old.text, name: "old.json"),
            try temporary.file(new.text, name: "new.json"),
            try temporary.file(Self.data.text, name: "data.json"),
            [Self.data, old, new]
        )
    }

    func expected(_ diffCase: DiffCase, old: String, new: String, data: String, texts: [MarkedText], fromCatalog: Bool = false) -> String {
        (fromCatalog ? diffCase.fromCatalog ?? diffCase.expected : diffCase.expected).map { template in
            Self.expand(template, in: texts)
                .replacingOccurrences(of: "{D}", with: data)
                .replacingOccurrences(of: "{OLD}", with: old)
                .replacingOccurrences(of: "{NEW}", with: new) + "\n"
        }.joined()
    }

    @Test(arguments: cases)
    func textPrintsExactlyTheItemsThatRenderDifferently(_ diffCase: DiffCase) throws {
        let (old, new, data, texts) = try files(diffCase)
        let result = run(["diff", old, new, "--data", data])
        #expect(result.output == expected(diffCase, old: old, new: new, data: data, texts: texts))
        #expect(result.errors == "")
        #expect(result.code == (diffCase.expected.count > 1 ? .failure : .success))
    }

    @Test func sameFileTwiceIsExitZero() throws {
        let path = try temporary.file(configuration(Self.header, Self.dishRow), name: "m.json")
        let data = try temporary.file(Self.data.text, name: "data.json")
        let result = run(["diff", path, path, "--data", data])
        #expect(result.code == .success)
        #expect(result.output == "no stored model renders differently (3 compared)\n")
    }

    @Test func jsonCarriesBothSidesAndTheCounts() throws {
        let (old, new, data, texts) = try files(Self.cases[4])
        let result = run(["diff", old, new, "--data", data, "--format", "json"])
        #expect(result.code == .failure)
        #expect(result.errors == "")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        #expect(document["old"] as? String == old)
        #expect(document["new"] as? String == new)
        #expect(document["data"] as? [String] == [data])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 2)
        let resolved = try #require(items.first)
        #expect(resolved["file"] as? String == data)
        #expect("\(resolved["line"] ?? ""):\(resolved["column"] ?? "")" == Self.data.location("2️⃣"))
        #expect(resolved["pointer"] as? String == "/sections/0/items/0")
        #expect(resolved["section"] as? Int == 0)
        #expect(resolved["item"] as? Int == 0)
        #expect(resolved["kind"] as? String == "cell")
        #expect(resolved["model"] as? String == "Dish")
        #expect(resolved["change"] as? String == "now-resolved")
        let before = try #require(resolved["old"] as? [String: Any])
        #expect(before["code"] as? String == "missing-mapping")
        #expect((before["message"] as? String)?.isEmpty == false)
        let after = try #require(resolved["new"] as? [String: Any])
        #expect(after["view"] as? String == "DishRow")
        #expect(after["reuseIdentifier"] as? String == "DishRow")
        #expect(after["decorators"] as? [String] == [])
        #expect((after["handlers"] as? [String: Any])?.isEmpty == true)
        #expect(after["file"] as? String == new)
        #expect("\(after["line"] ?? ""):\(after["column"] ?? "")" == texts[2].location("6️⃣"))
        #expect(items[1]["change"] as? String == "now-missing")
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["compared": 3, "changed": 2, "changed-mapping": 0, "now-missing": 1, "now-ambiguous": 0, "now-resolved": 1])
    }

    @Test func jsonListsTheHandlersAndTheViewsThatTie() throws {
        let (old, new, data, _) = try files(Self.cases[2])
        let handlers = run(["diff", old, new, "--data", data, "--format", "json"])
        let document = try #require(try JSONSerialization.jsonObject(with: Data(handlers.output.utf8)) as? [String: Any])
        let item = try #require((document["items"] as? [[String: Any]])?.first)
        #expect((item["new"] as? [String: Any])?["handlers"] as? [String: String] == ["didSelect": "open"])
        let (old2, new2, data2, _) = try files(Self.cases[5])
        let tie = run(["diff", old2, new2, "--data", data2, "--format", "json"])
        let tied = try #require(try JSONSerialization.jsonObject(with: Data(tie.output.utf8)) as? [String: Any])
        let ambiguous = try #require(((tied["items"] as? [[String: Any]])?.first)?["new"] as? [String: Any])
        #expect(ambiguous["code"] as? String == "ambiguous-mapping")
        #expect(ambiguous["views"] as? [String] == ["DishRow", "Plain"])
    }

    @Test func githubAnnotatesEachItemAtItsPlaceInTheData() throws {
        let (old, new, data, texts) = try files(Self.cases[4])
        let result = run(["diff", old, new, "--data", data, "--format", "github"])
        #expect(result.code == .failure)
        let resolved = Self.data.locations[2].map { "line=\($0.line),col=\($0.column)" } ?? ""
        let missing = Self.data.locations[3].map { "line=\($0.line),col=\($0.column)" } ?? ""
        let file = GitHubAnnotations.escapeProperty(data)
        #expect(result.output == """
            ::notice file=\(file),\(resolved),title=renders differently::section 0, item 0 'Dish': no mapping [missing-mapping] → DishRow (\(new):\(texts[2].location("6️⃣"))) [now-resolved]
            ::warning file=\(file),\(missing),title=renders differently::section 0, item 1 'Dish': DishRow (\(old):\(texts[1].location("4️⃣"))) → no mapping [missing-mapping] [now-missing]

            """)
        #expect(result.errors == "tool: 2 of 3 stored models render differently (1 now missing, 1 now resolved)\n")
    }

    @Test func everyDataDocumentIsCompared() throws {
        let (old, new, data, _) = try files(Self.cases[1])
        let second = try temporary.file(Self.data.text, name: "second.json")
        let result = run(["diff", old, new, "--data", data, "--data", second])
        let lines = result.output.split(separator: "\n")
        #expect(lines.count == 5)
        #expect(lines.prefix(2).allSatisfy { $0.hasPrefix(data + ":") })
        #expect(lines.dropFirst(2).prefix(2).allSatisfy { $0.hasPrefix(second + ":") })
        #expect(lines.last == "4 of 6 stored models render differently (4 changed mapping)")
    }

    @Test func withoutDataTheBundledDataIsCompared() throws {
        var tool = Self.tool()
        tool.bundledData = InputFile(name: "bundled-data.json", text: Self.data.text)
        let (old, new, _, _) = try files(Self.cases[0])
        let result = run(["diff", old, new], tool: tool)
        #expect(result.code == .failure)
        #expect(result.output.hasPrefix("bundled-data.json:\(Self.data.location("2️⃣")): "))
    }

    /// A command line `diff` cannot run: exit 2 and the message, nothing on stdout.
    @Test(arguments: [
        (["diff"], "tool: error: diff needs two mappings files, the old and the new (diff OLD.json NEW.json); found none\n"),
        (["diff", "a.json"], "tool: error: diff needs two mappings files, the old and the new (diff OLD.json NEW.json); found 'a.json'\n"),
        (["diff", "a.json", "b.json", "c.json"], "tool: error: diff needs two mappings files, the old and the new (diff OLD.json NEW.json); found 'a.json', 'b.json', 'c.json'\n"),
        (["diff", "a.json", "b.json"], "tool: error: no data to diff; pass --data FILE\n"),
        (["diff", "a.json", "b.json", "--format", "sarif"], "tool: error: '--format sarif' does not apply to 'diff': its findings are changes, not problems; use 'text', 'json' or 'github'\n"),
        (["diff", "a.json", "b.json", "--mappings", "m.json"], "tool: error: option '--mappings' does not apply to 'diff'; it is an option of 'render', 'browse' and 'validate'\n"),
        (["diff", "a.json", "b.json", "--catalog", "c.json"], "tool: error: option '--catalog' does not apply to 'diff'; it is an option of 'validate', 'schema' and 'lsp'\n"),
    ])
    func aCommandLineDiffCannotRunIsAUsageError(arguments: [String], message: String) {
        let result = run(arguments)
        #expect(result.code == .usage)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix(message + "usage: tool diff [--data FILE] [--format text|json|github] OLD NEW\n"))
    }

    @Test func aFileThatDoesNotLoadIsReportedAndNothingIsCompared() throws {
        let old = try temporary.file(configuration(Self.dishRow), name: "old.json")
        let broken = MarkedText(configuration(#"{ "view": 1️⃣"DishRo", "model": "Dish" }"#))
        let new = try temporary.file(broken.text, name: "new.json")
        let missing = temporary.url("never-written").path
        let result = run(["diff", old, new, "--data", missing])
        #expect(result.code == .usage)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix(broken.expand("\(new):1️⃣: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]\n")))
        #expect(result.errors.contains("error: cannot read '\(missing)'"))
        #expect(result.errors.hasSuffix("tool: error: nothing compared: '\(new)', '\(missing)' cannot be read or does not load; fix it and run diff again\n"))
    }

    // MARK: - From a catalog

    /// The tool's catalog, as its `catalog` subcommand writes it.
    func catalogFile() throws -> String {
        try temporary.file(run(["catalog"]).output, name: "catalog.json")
    }

    /// `mapping-registry diff --catalog`: what model names, kinds and
    /// sections decide is printed as the app prints it; where a predicate
    /// decides, each way the item may change, and when.
    @Test(arguments: cases)
    func fromACatalogDecidedItemsPrintAsTheAppPrintsThem(_ diffCase: DiffCase) throws {
        let (old, new, data, texts) = try files(diffCase)
        let result = run(["diff", old, new, "--data", data, "--catalog", try catalogFile()], tool: .standalone)
        #expect(result.output == expected(diffCase, old: old, new: new, data: data, texts: texts, fromCatalog: true))
        #expect(result.errors == "")
        #expect(result.code == ((diffCase.fromCatalog ?? diffCase.expected).count > 1 ? .failure : .success))
    }

    @Test func fromACatalogJSONSaysWhichChangesAreCertainAndWhen() throws {
        let (old, new, data, texts) = try files(Self.cases[4])
        let result = run(["diff", old, new, "--data", data, "--catalog", try catalogFile(), "--format", "json"], tool: .standalone)
        #expect(result.code == .failure)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.count == 4)
        #expect(items.allSatisfy { $0["certain"] as? Bool == true })
        #expect(items.map { $0["when"] as? String } == ["isVegan does not hold", "isVegan holds", "isVegan does not hold", "isVegan holds"])
        #expect(items.map { $0["cases"] as? [[String: Bool]] } == [[["isVegan": false]], [["isVegan": true]], [["isVegan": false]], [["isVegan": true]]])
        #expect(items.map { $0["change"] as? String } == ["now-missing", "now-resolved", "now-missing", "now-resolved"])
        #expect((items[1]["new"] as? [String: Any])?["file"] as? String == new)
        #expect("\((items[1]["new"] as? [String: Any])?["line"] ?? ""):\((items[1]["new"] as? [String: Any])?["column"] ?? "")" == texts[2].location("6️⃣"))
        let summary = try #require(document["summary"] as? [String: Int])
        #expect(summary == ["compared": 3, "changed": 2, "may-change": 0, "changed-mapping": 0, "now-missing": 0, "now-ambiguous": 0, "now-resolved": 0])

        let (old2, new2, data2, _) = try files(Self.cases[0])
        let may = run(["diff", old2, new2, "--data", data2, "--catalog", try catalogFile(), "--format", "json"], tool: .standalone)
        let mayDocument = try #require(try JSONSerialization.jsonObject(with: Data(may.output.utf8)) as? [String: Any])
        let mayItems = try #require(mayDocument["items"] as? [[String: Any]])
        #expect(mayItems.map { $0["certain"] as? Bool } == [false, false])
        #expect(mayItems.map { $0["when"] as? String } == ["isVegan holds", "isVegan holds"])
        #expect((mayDocument["summary"] as? [String: Int])?["may-change"] == 2)
        #expect((mayDocument["summary"] as? [String: Int])?["changed"] == 0)
    }

    @Test func fromACatalogGitHubTitlesWhatMayChange() throws {
        let (old, new, data, texts) = try files(Self.cases[0])
        let result = run(["diff", old, new, "--data", data, "--catalog", try catalogFile(), "--format", "github"], tool: .standalone)
        #expect(result.code == .failure)
        let place = Self.data.locations[2].map { "line=\($0.line),col=\($0.column)" } ?? ""
        let first = result.output.split(separator: "\n").first.map(String.init)
        #expect(first == "::notice file=\(GitHubAnnotations.escapeProperty(data)),\(place),title=may render differently::section 0, item 0 'Dish': "
            + "DishRow (\(old):\(texts[1].location("4️⃣"))) may change → Plain (\(new):\(texts[2].location("6️⃣"))) when isVegan holds [changed-mapping]")
        #expect(result.errors == "mapping-registry: 2 of 3 stored models may change, depending on predicates\n")
    }

    /// An item written `null` renders nothing under both files: it is
    /// compared, and decided, without a predicate.
    @Test func fromACatalogANullItemIsComparedAndDecided() throws {
        let marked = MarkedText(#"{"sections": [{"items": [null, 1️⃣{"model": "Dish", "value": {}}]}]}"#)
        let data = try temporary.file(marked.text, name: "data.json")
        let old = try temporary.file(configuration(Self.dishRow), name: "old.json")
        let new = try temporary.file(configuration(#"{ "view": "Plain", "model": "Dish" }"#), name: "new.json")
        let result = run(["diff", old, new, "--data", data, "--catalog", try catalogFile()], tool: .standalone)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("\(data):\(marked.location("1️⃣")): section 0, item 1 'Dish': DishRow (\(old):") == true)
        #expect(lines.last == "1 of 2 stored models render differently (1 changed mapping)")
    }

    /// More predicates than are tried one combination at a time: the item
    /// may render differently, and the line names them instead of guessing.
    @Test func fromACatalogTooManyPredicatesAreNamedNotTried() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: "Plain", for: Any.self) { value, _ in "plain \(value)" }
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Int.self) { dish, price, _ in dish.price > Double(price) }
        let tool = CommandLineTool(name: "tool", plugins: plugins)
        let catalog = try temporary.file(run(["catalog"], tool: tool).output, name: "catalog.json")
        let limit = DescribedResolver.questionLimit
        let raised = (1...(limit + 1)).map { #"{ "view": "Plain", "model": "Dish", "condition": { "predicate": "priceAbove", "argument": \#($0) }, "priority": \#($0) }"# }
        let old = try temporary.file(configuration(Self.dishRow), name: "old.json")
        let new = try temporary.file(configuration(([Self.dishRow] + raised).joined(separator: ",\n")), name: "new.json")
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Soup", "price": 6}}]}]}"#, name: "data.json")
        let result = run(["diff", old, new, "--data", data, "--catalog", catalog], tool: .standalone)
        #expect(result.code == .failure)
        let lines = result.output.split(separator: "\n").map(String.init)
        let names = (1...(limit + 1)).map { "priceAbove(\($0))" }.sorted()
        #expect(lines.first?.hasSuffix(
            "section 0, item 0 'Dish': may render differently: its mappings ask \(limit + 1) predicates (\(PredicateCases.list(names))), "
                + "more than the \(limit) whose every combination of answers is tried"
        ) == true)
        #expect(lines.last == "1 of 1 stored model may change, depending on predicates")
    }

    /// A tool with a protocol model, `Food`, that its `Dish` conforms to:
    /// a catalog cannot say so (conformance is known only from a value),
    /// only that a `Dish` may be a `Food`.
    static func foodTool() -> CommandLineTool {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(model: (any Food).self, named: "Food")
        plugins.register(model: Int.self, named: "Int")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: "FoodRow", for: (any Food).self) { food, _ in "food \(food.name)" }
        plugins.register(view: "Number", for: Int.self) { number, _ in "number \(number)" }
        return CommandLineTool(name: "tool", plugins: plugins)
    }

    /// A type relation the catalog leaves open is an unknown like a
    /// predicate: the item may change, when the `Dish` is a `Food` (or is
    /// not); what the app prints with the real value is one of the ways.
    /// A model type that cannot share a value with the item's does not apply.
    @Test(arguments: [
        (
            [#"{ "view": "DishRow", "model": "Dish" }"#],
            [#"{ "view": "DishRow", "model": "Dish" }"#, #"{ "view": "FoodRow", "model": "Food", "priority": 1 }"#, #"{ "view": "Number", "model": "Int", "priority": 2 }"#],
            "DishRow (OLD:1) may change → FoodRow (NEW:2) when 'Dish' is a 'Food'",
            "DishRow (OLD:1) → FoodRow (NEW:2)"
        ),
        (
            [#"{ "view": "FoodRow", "model": "Food" }"#],
            [#"{ "view": "FoodRow", "model": "Food" }"#, #"{ "view": "DishRow", "model": "Dish", "priority": -1 }"#],
            "no mapping [missing-mapping] may change → DishRow (NEW:2) when 'Dish' is not a 'Food'",
            nil
        ),
    ])
    func fromACatalogWhetherATypeConformsToAProtocolIsAnUnknown(old: [String], new: [String], fromCatalog: String, fromTheApp: String?) throws {
        let tool = Self.foodTool()
        let catalog = try temporary.file(run(["catalog"], tool: tool).output, name: "catalog.json")
        let described = try String(contentsOfFile: catalog, encoding: .utf8)
        #expect(described.contains(#""contains": []"#) && described.contains("Food"), "the catalog should leave Dish and Food related only by sharing a value")
        let oldFile = MarkedText(configuration(old.enumerated().map { "\(["1️⃣", "2️⃣", "3️⃣"][$0.offset])\($0.element)" }.joined(separator: ",\n")))
        let newFile = MarkedText(configuration(new.enumerated().map { "\(["1️⃣", "2️⃣", "3️⃣"][$0.offset])\($0.element)" }.joined(separator: ",\n")))
        let oldPath = try temporary.file(oldFile.text, name: "old.json")
        let newPath = try temporary.file(newFile.text, name: "new.json")
        let data = MarkedText(#"{"sections": [{"items": [1️⃣{"model": "Dish", "value": {"name": "Soup", "price": 6, "vegan": false}}]}]}"#)
        let dataPath = try temporary.file(data.text, name: "data.json")
        func expand(_ text: String) -> String {
            var text = text
            for (index, marker) in ["1️⃣", "2️⃣", "3️⃣"].enumerated() {
                text = text.replacingOccurrences(of: "OLD:\(index + 1))", with: "\(oldPath):\(oldFile.location(marker)))")
                text = text.replacingOccurrences(of: "NEW:\(index + 1))", with: "\(newPath):\(newFile.location(marker)))")
            }
            return "\(dataPath):\(data.location("1️⃣")): section 0, item 0 'Dish': " + text
        }
        let standalone = run(["diff", oldPath, newPath, "--data", dataPath, "--catalog", catalog], tool: .standalone)
        #expect(standalone.errors == "")
        #expect(standalone.code == .failure)
        #expect(standalone.output == expand(fromCatalog) + "\n1 of 1 stored model may change, depending on predicates\n")
        let app = run(["diff", oldPath, newPath, "--data", dataPath], tool: tool)
        #expect(app.errors == "")
        #expect(app.output.split(separator: "\n").dropLast().map(String.init) == (fromTheApp.map { [expand($0)] } ?? []))
    }

    @Test func fromACatalogJSONNamesTheTypeRelationInItsCases() throws {
        let tool = Self.foodTool()
        let catalog = try temporary.file(run(["catalog"], tool: tool).output, name: "catalog.json")
        let old = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#), name: "old.json")
        let new = try temporary.file(configuration(#"{ "view": "DishRow", "model": "Dish" }"#, #"{ "view": "FoodRow", "model": "Food", "priority": 1 }"#), name: "new.json")
        let data = try temporary.file(#"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Soup", "price": 6, "vegan": false}}]}]}"#, name: "data.json")
        let result = run(["diff", old, new, "--data", data, "--catalog", catalog, "--format", "json"], tool: .standalone)
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
        let items = try #require(document["items"] as? [[String: Any]])
        #expect(items.map { $0["certain"] as? Bool } == [false])
        #expect(items.map { $0["when"] as? String } == ["'Dish' is a 'Food'"])
        #expect(items.map { $0["cases"] as? [[String: Bool]] } == [[["'Dish' is a 'Food'": true]]])
    }

    /// A command line `mapping-registry diff` cannot run: exit 2 and the message.
    @Test(arguments: [
        (["diff", "a.json", "b.json", "--data", "d.json"], "mapping-registry: error: diff needs --catalog FILE: a catalog file written by the app's 'catalog' subcommand\n"),
        (["diff", "a.json", "b.json", "--catalog", "c.json"], "error: cannot read the catalog 'c.json': no such file; write it with the app's `catalog --output c.json` subcommand or its catalog drift test [unreadable-file]\n"),
        (["validate", "--catalog", "c.json", "--data", "d.json", "m.json"], "mapping-registry: error: option '--data' is not available here: stored values need the app's own types: check them with the app's 'validate --data' ('diff' takes --data, and compares items by their model names)\n"),
    ])
    func aStandaloneDiffThatCannotRunIsAUsageError(arguments: [String], message: String) {
        let result = run(arguments, tool: .standalone)
        #expect(result.code == .usage)
        #expect(result.output == "")
        #expect(result.errors.hasPrefix(message) || result.errors.contains(message))
    }
}
