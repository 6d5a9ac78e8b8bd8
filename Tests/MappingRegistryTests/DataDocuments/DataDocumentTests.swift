import Foundation
import MappingRegistry
import RegistryFixtures
import ModelStorage
import TestSupport
import Testing

/// One invalid data document and exactly what loading it must print.
struct InvalidDataCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The document, with markers where diagnostics must point.
    let json: String
    /// The full `description` of every diagnostic, markers standing for `line:column`.
    let expected: [String]
    var testDescription: String { name }
}

@Suite struct DataDocumentTests {
    static let cases: [InvalidDataCase] = [
        .init(
            name: "invalid-json",
            json: #"{"sections": [1️⃣}"#,
            expected: ["data.json:1️⃣: error: unexpected character '}'; expected a value [invalid-json]"]
        ),
        .init(
            name: "root is not an object",
            json: "1️⃣[]",
            expected: ["data.json:1️⃣: error: expected a JSON object with 'sections', found an array [wrong-type]"]
        ),
        .init(
            name: "missing sections",
            json: #"1️⃣{}"#,
            expected: ["data.json:1️⃣: error: the data document has no 'sections' [missing-key]"]
        ),
        .init(
            name: "sections of the wrong type",
            json: #"{"sections": 1️⃣{}}"#,
            expected: ["data.json:1️⃣: error: 'sections' must be an array of sections, found an object [wrong-type]"]
        ),
        .init(
            name: "unknown key in a section, with a suggestion",
            json: #"{"sections": [{1️⃣"itms": []}]}"#,
            expected: ["data.json:1️⃣: error: unknown key 'itms'; did you mean 'items'? [unknown-key]"]
        ),
        .init(
            name: "unknown model, with a suggestion",
            json: #"{"sections": [{"items": [{"model": 1️⃣"Dsh", "value": {}}]}]}"#,
            expected: ["data.json:1️⃣: error: unknown model 'Dsh'; did you mean 'Dish'? [unknown-model]"]
        ),
        .init(
            name: "model registered without Decodable",
            json: #"{"sections": [{"items": [{"model": "Food", "value": 1️⃣{"name": "Tea"}}]}]}"#,
            expected: ["data.json:1️⃣: error: model 'Food' was registered without a Decodable conformance, so data cannot create it; name a Decodable model or register one [undecodable-model]"]
        ),
        .init(
            name: "entry without a value",
            json: #"{"sections": [{"header": 1️⃣{"model": "String"}}]}"#,
            expected: ["data.json:1️⃣: error: the header has no 'value' [missing-key]"]
        ),
        .init(
            name: "field of the wrong type points at the field",
            json: """
                {"sections": [{"items": [
                  {"model": "Dish", "value": {"name": "Soup", "price": 1️⃣"six"}}
                ]}]}
                """,
            expected: [#"data.json:1️⃣: error: 'price' in the value of model 'Dish' must be a number, found a string ("six") [undecodable-value]"#]
        ),
        .init(
            name: "a number beyond Double's range points at the number",
            json: #"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Soup", "price": 1️⃣1e999, "vegan": [2️⃣-1E400]}}]}]}"#,
            expected: [
                "data.json:1️⃣: error: the number 1e999 is out of range; a number must be within ±1.7976931348623157e308 [undecodable-value]",
                "data.json:2️⃣: error: the number -1E400 is out of range; a number must be within ±1.7976931348623157e308 [undecodable-value]",
            ]
        ),
        .init(
            name: "missing field points at the object",
            json: #"{"sections": [{"items": [{"model": "Dish", "value": 1️⃣{"name": "Soup"}}]}]}"#,
            expected: ["data.json:1️⃣: error: the value of model 'Dish' has no 'price', which the model requires [undecodable-value]"]
        ),
        .init(
            name: "null where a value is required",
            json: #"{"sections": [{"items": [{"model": "String", "value": 1️⃣null}]}]}"#,
            expected: ["data.json:1️⃣: error: the value of model 'String' must be a string, found null [undecodable-value]"]
        ),
        .init(
            name: "reserved kind in supplementary",
            json: #"{"sections": [{"supplementary": {1️⃣"header": {"model": "String", "value": "x"}}}]}"#,
            expected: ["data.json:1️⃣: error: 'header' is not a custom supplementary kind; put it in the section's 'header' key [reserved-kind]"]
        ),
        .init(
            name: "every problem at once",
            json: """
                {"sections": [
                  {"items": [{"model": 1️⃣"Dsh", "value": 1}, 2️⃣7]},
                  {3️⃣"footr": null, "items": [{"model": "Int", "value": 4️⃣"x"}]}
                ]}
                """,
            expected: [
                "data.json:1️⃣: error: unknown model 'Dsh'; did you mean 'Dish'? [unknown-model]",
                #"data.json:2️⃣: error: expected an object {"model": …, "value": …}, found a number (7) [wrong-type]"#,
                "data.json:3️⃣: error: unknown key 'footr'; did you mean 'footer'? [unknown-key]",
                #"data.json:4️⃣: error: the value of model 'Int' must be an integer, found a string ("x") [undecodable-value]"#,
            ]
        ),
    ]

    @Test(arguments: cases)
    func invalidDataIsReportedExactly(_ testCase: InvalidDataCase) {
        let marked = MarkedText(testCase.json)
        var descriptions: [String] = []
        do {
            _ = try DataDocument(data: Data(marked.text.utf8), plugins: fixtureCatalog())
        } catch {
            descriptions = error.diagnostics.map(\.description)
        }
        #expect(descriptions == testCase.expected.map(marked.expand))
    }

    @Test func aValidDocumentFillsTheStorage() throws {
        let marked = MarkedText("""
            {"sections": [
              {"header": {"model": "String", "value": "Starters"},
               "items": [{"model": "Dish", "value": {"name": "Soup", "price": 6.5, "vegan": true}}, 1️⃣null],
               "footer": null},
              {"items": [{"model": "Int", "value": 3}],
               "supplementary": {"badge": {"model": "String", "value": "new"}}}
            ]}
            """)
        let document = try DataDocument(data: Data(marked.text.utf8), plugins: fixtureCatalog(), source: "menu.json")
        let storage = document.storage
        #expect(storage.numberOfSections == 2)
        #expect(storage.headerModel(forSection: 0) as? String == "Starters")
        #expect(storage.footerModel(forSection: 0) == nil)
        #expect(storage.item(at: at(0, 0)) as? Dish == Dish(name: "Soup", price: 6.5, vegan: true))
        #expect(storage.numberOfItems(inSection: 0) == 2)
        #expect(storage.item(at: at(0, 1)) as? Int == 3)
        #expect(storage.supplementaryModel(ofKind: "badge", inSection: 1) as? String == "new")
        #expect(document.location(of: at(1, 0))?.description == "menu.json:\(marked.location("1️⃣"))")
        #expect(document.location(of: at(1, 0))?.pointer == "/sections/0/items/1")
        #expect(document.location(of: at(0, 1), kind: "badge")?.pointer == "/sections/1/supplementary/badge")
    }

    @Test func aNullItemResolvesToNilModel() throws {
        let document = try DataDocument(data: Data(#"{"sections": [{"items": [null]}]}"#.utf8), plugins: fixtureCatalog())
        let registry = try loadRegistry(configuration(#"{ "view": "DishRow", "model": "Dish" }"#))
        let result = TextRenderer(registry: registry).render(document.storage)
        #expect(result.diagnostics.map(\.code) == ["nil-model"])
    }

    @Test func aFileIsLoadedUnderTheGivenPolicy() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("data-\(UUID().uuidString).json")
        defer { try? FileManager.default.removeItem(at: url) }
        try Data(#"{"sections": [{"itms": [], "items": [{"model": "Dish", "value": {"name": "Soup", "price": 6.5, "vegan": true}}]}]}"#.utf8).write(to: url)
        let strict = try #require(throws: ConfigurationError.self) {
            try DataDocument(contentsOf: url, plugins: fixtureCatalog())
        }
        #expect(strict.diagnostics.map(\.code) == ["unknown-key"])

        var policy = DiagnosticPolicy()
        try policy.treat(.unknownKey, as: .warning)
        let document = try DataDocument(contentsOf: url, plugins: fixtureCatalog(), policy: policy)
        #expect(document.warnings.map(\.code) == ["unknown-key"])
        #expect(document.warnings.first?.location?.file == url.lastPathComponent)
        #expect(document.storage.numberOfItems(inSection: 0) == 1)
    }

    @Test func anUnreadableFileIsOneDiagnostic() {
        let url = URL(fileURLWithPath: "/nonexistent/\(UUID().uuidString).json")
        #expect {
            _ = try DataDocument(contentsOf: url, plugins: fixtureCatalog())
        } throws: { error in
            (error as? ConfigurationError)?.diagnostics.map(\.code) == ["unreadable-file"]
        }
    }
}

@Suite struct DataDocumentKeyPathTests {
    struct Tally: Decodable { var counts: [String: Int] }

    @Test func aBadValueUnderAnIntegerLikeDictionaryKeyIsLocatedAtThatKey() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Tally.self, named: "Tally")
        let json = #"{"sections": [{"items": [{"model": "Tally", "value": {"counts": {"1": "x"}}}]}]}"#
        #expect {
            _ = try DataDocument(data: Data(json.utf8), plugins: plugins, source: "data.json")
        } throws: { error in
            guard let error = error as? ConfigurationError, let diagnostic = error.diagnostics.first else { return false }
            return diagnostic.code == "undecodable-value"
                && diagnostic.location?.pointer == "/sections/0/items/0/value/counts/1"
        }
    }

    @Test func storedItemsAreNotWrappedInOptionals() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Int.self, named: "Int")
        let json = #"{"sections": [{"items": [{"model": "Int", "value": 3}, null]}]}"#
        let document = try DataDocument(data: Data(json.utf8), plugins: plugins, source: "data.json")
        let first = try #require(document.storage.item(at: ItemPosition(item: 0, section: 0)))
        #expect(type(of: first) == Int.self)
        let second = try #require(document.storage.item(at: ItemPosition(item: 1, section: 0)))
        #expect(type(of: second) == Optional<Any>.self)
    }
}
