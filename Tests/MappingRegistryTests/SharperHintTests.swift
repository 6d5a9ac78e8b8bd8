import Foundation
import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// The mistakes that used to get a vague or no hint (issue 10), each with
/// the exact diagnostic it now gets.
struct HintCase: CustomTestStringConvertible, Sendable {
    enum Document: Sendable { case mappings, data }
    let name: String
    let document: Document
    /// The document, markers where diagnostics must point.
    let json: String
    /// Every error's `description`, markers standing for `line:column`.
    let expected: [String]
    var testDescription: String { name }
}

@Suite struct SharperHintTests {
    static let cases: [HintCase] = [
        .init(
            name: "swapped letters in a key",
            document: .mappings,
            json: configuration(#"{1️⃣"viwe": "DishRow", "model": "Dish"}"#),
            // The misspelt key is the one error: "no 'view'" would say it twice.
            expected: ["mappings.json:1️⃣: error: unknown key 'viwe'; did you mean 'view'? [unknown-key]"]
        ),
        .init(
            name: "swapped letters in another key",
            document: .mappings,
            json: configuration(#"{"view": "DishRow", 1️⃣"modle": "Dish"}"#),
            expected: ["mappings.json:1️⃣: error: unknown key 'modle'; did you mean 'model'? [unknown-key]"]
        ),
        .init(
            name: "swapped letters in a model name",
            document: .mappings,
            json: configuration(#"{"view": "DishRow", "model": 1️⃣"Dihs"}"#),
            expected: ["mappings.json:1️⃣: error: unknown model 'Dihs'; did you mean 'Dish'? [unknown-model]"]
        ),
        .init(
            name: "a key repeated inside an item's value",
            document: .data,
            json: #"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Soup", "price": 6, 1️⃣"price": 7}}]}]}"#,
            expected: ["data.json:1️⃣: error: key 'price' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "a key repeated inside a predicate argument",
            document: .mappings,
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isVegan", "argument": {"a": 1, 1️⃣"a": 2}}}"#),
            expected: ["mappings.json:1️⃣: error: key 'a' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "an integer too large for a priority",
            document: .mappings,
            json: configuration(#"{"view": "DishRow", "model": "Dish", "priority": 1️⃣99999999999999999999}"#),
            expected: ["mappings.json:1️⃣: error: 'priority' is an integer out of range (99999999999999999999); it must be between -9223372036854775808 and 9223372036854775807 [wrong-type]"]
        ),
        .init(
            name: "an integer too large for a section",
            document: .mappings,
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"section": 1️⃣-99999999999999999999}}"#),
            expected: ["mappings.json:1️⃣: error: 'section' is an integer out of range (-99999999999999999999); it must be between 0 and 9223372036854775807 [wrong-type]"]
        ),
        .init(
            name: "an unquoted word",
            document: .mappings,
            json: configuration(#"{"view": 1️⃣DishRow, "model": "Dish"}"#),
            expected: [#"mappings.json:1️⃣: error: invalid literal 'DishRow'; if it is a string, put it in double quotes: "DishRow" [invalid-json]"#]
        ),
        .init(
            name: "a custom kind that is a built-in kind with a capital",
            document: .mappings,
            json: configuration(#"{"view": "TitleView", "model": "String", "kind": 1️⃣"Header"}"#),
            expected: ["mappings.json:1️⃣: error: kind 'Header' differs from the built-in kind 'header' only by case; write 'header' (a custom kind must not differ from a built-in kind only by case) [reserved-kind]"]
        ),
        .init(
            name: "a supplementary kind that is a built-in kind with a capital",
            document: .data,
            json: #"{"sections": [{"supplementary": {1️⃣"Footer": {"model": "String", "value": "x"}}}]}"#,
            expected: ["data.json:1️⃣: error: 'Footer' is not a custom supplementary kind: it differs from 'footer' only by case; put it in the section's 'footer' key [reserved-kind]"]
        ),
        .init(
            name: "a model registered under its own type name is named once",
            document: .data,
            json: #"{"sections": [{"items": [{"model": "Food", "value": 1️⃣{"name": "Tea"}}]}]}"#,
            expected: ["data.json:1️⃣: error: model 'Food' was registered without a Decodable conformance, so data cannot create it; name a Decodable model or register one [undecodable-model]"]
        ),
        .init(
            name: "a renamed model names its Swift type",
            document: .data,
            json: #"{"sections": [{"items": [{"model": "Creature", "value": 1️⃣{"name": "Tom"}}]}]}"#,
            expected: ["data.json:1️⃣: error: model 'Creature' ('Animal') was registered without a Decodable conformance, so data cannot create it; name a Decodable model or register one [undecodable-model]"]
        ),
    ]

    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(model: Animal.self, named: "Creature")
        return plugins
    }

    @Test(arguments: cases)
    func theMistakeGetsTheSharperHint(_ testCase: HintCase) {
        let marked = MarkedText(testCase.json)
        let diagnostics: [Diagnostic]
        switch testCase.document {
        case .mappings:
            diagnostics = loadDiagnostics(marked.text, plugins: Self.plugins())
        case .data:
            do {
                _ = try DataDocument(data: Data(marked.text.utf8), plugins: Self.plugins())
                diagnostics = []
            } catch {
                diagnostics = error.diagnostics
            }
        }
        #expect(diagnostics.filter { $0.severity == .error }.map(\.description) == testCase.expected.map(marked.expand))
    }

    @Test func aUTF16FileIsToldToBeSavedAsUTF8() {
        let text = configuration(#"{"view": "DishRow", "model": "Dish"}"#)
        let utf16 = Data([0xFF, 0xFE] + text.utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] })
        do {
            _ = try MappingRegistry(configuration: utf16, plugins: fixtureCatalog())
            Issue.record("a UTF-16 file loaded")
        } catch {
            #expect(error.description == "mappings.json:1:1: error: the file looks like UTF-16 (it starts with the little-endian byte order mark FF FE); save it as UTF-8 [invalid-json]")
        }
    }

    @Test(arguments: [("viwe", "view"), ("modle", "model"), ("Dihs", "Dish"), ("isVegna", "isVegan"), ("prioirty", "priority")])
    func aTranspositionIsOneEdit(typo: String, meant: String) {
        #expect(Suggestion.editDistance(Array(typo.lowercased().unicodeScalars), Array(meant.lowercased().unicodeScalars), limit: 3) == 1)
        #expect(Suggestion.closest(to: typo, in: [meant, "kind", "section"]) == meant)
    }

    @Test func aDataDocumentMayNameItsSchema() throws {
        let json = #"{"$schema": "schemas/data.schema.json", "sections": [{"items": [{"model": "Int", "value": 3}]}]}"#
        let document = try DataDocument(data: Data(json.utf8), plugins: fixtureCatalog())
        #expect(document.entries.count == 1)
    }
}
