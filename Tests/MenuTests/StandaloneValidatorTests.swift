import Foundation
import MappingRegistry
import MappingRegistryCommandLine
import TestSupport
import Testing
@testable import menu

/// One broken mappings file for `menu validate` and `mapping-registry validate`.
struct CatalogCase: CustomTestStringConvertible, Sendable {
    let name: String
    let json: String
    /// The code the case is about: it must be among the diagnostics.
    let code: Diagnostic.Code
    var testDescription: String { name }
}

/// `mapping-registry validate --catalog` (no app code) says exactly what
/// `menu validate` (the app's own plugins) says about a mappings file, for
/// every code that can be decided from the catalog.
@Suite struct StandaloneValidatorTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    /// A version-1 document of the given mapping objects.
    static func document(_ mappings: String...) -> String {
        "{\n  \"version\": 1,\n  \"mappings\": [\n    " + mappings.joined(separator: ",\n    ") + "\n  ]\n}\n"
    }

    static let dish = #"{ "view": "DishRow", "model": "Dish" }"#

    static let cases: [CatalogCase] = [
        .init(name: "invalid-json: trailing comma", json: document(dish) + "]", code: "invalid-json"),
        .init(name: "invalid-json: unquoted word", json: document(#"{ "view": DishRow, "model": "Dish" }"#), code: "invalid-json"),
        .init(name: "unsupported-version", json: #"{ "version": 2, "mappings": [] }"#, code: "unsupported-version"),
        .init(name: "missing-key: model", json: document(#"{ "view": "DishRow" }"#), code: "missing-key"),
        .init(name: "missing-key: mappings", json: #"{ "version": 1 }"#, code: "missing-key"),
        .init(name: "unknown-key: transposed", json: document(#"{ "viwe": "DishRow", "model": "Dish" }"#), code: "unknown-key"),
        .init(name: "unknown-key in a condition", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "sectoin": 1 } }"#), code: "unknown-key"),
        .init(name: "duplicate-key", json: document(#"{ "view": "DishRow", "model": "Dish", "view": "PriceRow" }"#), code: "duplicate-key"),
        .init(name: "wrong-type: priority", json: document(#"{ "view": "DishRow", "model": "Dish", "priority": "3" }"#), code: "wrong-type"),
        .init(name: "wrong-type: out of range", json: document(#"{ "view": "DishRow", "model": "Dish", "priority": 99999999999999999999 }"#), code: "wrong-type"),
        .init(name: "wrong-type: argument", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "priceAbove", "argument": "20" } }"#), code: "wrong-type"),
        .init(name: "wrong-type: argument null", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "priceAbove", "argument": null } }"#), code: "wrong-type"),
        .init(name: "unknown-view", json: document(#"{ "view": "DishRo", "model": "Dish" }"#), code: "unknown-view"),
        .init(name: "unknown-model: transposed", json: document(#"{ "view": "DishRow", "model": "Dihs" }"#), code: "unknown-model"),
        .init(name: "unknown-predicate", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "isVegam" } }"#), code: "unknown-predicate"),
        .init(name: "unknown-decorator", json: document(#"{ "view": "DishRow", "model": "Dish", "decorators": ["soldOt"] }"#), code: "unknown-decorator"),
        .init(name: "invalid-section", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "sections": [1, -2] } }"#), code: "invalid-section"),
        .init(name: "invalid-condition: empty any", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "any": [] } }"#), code: "invalid-condition"),
        .init(name: "invalid-condition: not null", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "not": null } }"#), code: "invalid-condition"),
        .init(name: "missing-argument", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "priceAbove" } }"#), code: "missing-argument"),
        .init(name: "unexpected-argument", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "predicate": "isVegan", "argument": true } }"#), code: "unexpected-argument"),
        .init(name: "incompatible-model: view", json: document(#"{ "view": "DishRow", "model": "HappyHour" }"#), code: "incompatible-model"),
        // Whether a struct conforms to a protocol is undecidable at load time: no error, app and tool alike.
        .init(name: "no incompatible-model: protocol view, struct model", json: document(#"{ "view": "PriceRow", "model": "String" }"#), code: "unused-view"),
        .init(name: "incompatible-model: predicate", json: document(#"{ "view": "PriceRow", "model": "Drink", "condition": { "predicate": "isVegan" } }"#), code: "incompatible-model"),
        .init(name: "incompatible-model: decorator", json: document(#"{ "view": "SectionTitle", "model": "String", "decorators": ["soldOut"] }"#), code: "incompatible-model"),
        .init(name: "reuse-identifier-conflict", json: document(#"{ "view": "DishRow", "model": "Dish", "reuseIdentifier": "row" }"#, #"{ "view": "PriceRow", "model": "Drink", "reuseIdentifier": "row" }"#), code: "reuse-identifier-conflict"),
        .init(name: "duplicate-mapping", json: document(dish, #"{ "view": "DishRow", "model": "Dish", "priority": 2 }"#), code: "duplicate-mapping"),
        .init(name: "overlapping-mappings: one struct", json: document(dish, #"{ "view": "VeganDishRow", "model": "Dish" }"#), code: "overlapping-mappings"),
        .init(name: "no overlapping-mappings: protocol and conforming struct", json: document(#"{ "view": "PriceRow", "model": "Food" }"#, dish), code: "unused-view"),
        .init(name: "overlapping-mappings: class and subclass", json: document(#"{ "view": "PromotionBox", "model": "Promotion" }"#, #"{ "view": "HappyHourRow", "model": "HappyHour" }"#), code: "overlapping-mappings"),
        .init(name: "overlapping-mappings: catch-all", json: document(#"{ "view": "PlainRow", "model": "Anything" }"#, #"{ "view": "SectionTitle", "model": "String" }"#), code: "overlapping-mappings"),
        .init(name: "overlapping-mappings: implied condition", json: document(#"{ "view": "DishRow", "model": "Dish", "condition": { "section": 1 } }"#, #"{ "view": "VeganDishRow", "model": "Dish", "condition": { "all": [{ "section": 1 }, { "predicate": "isVegan" }] } }"#), code: "overlapping-mappings"),
        .init(name: "reserved-kind", json: document(#"{ "view": "SectionTitle", "model": "String", "kind": "Header" }"#), code: "reserved-kind"),
        .init(name: "unused-view, unused-predicate and unused-decorator", json: document(dish), code: "unused-predicate"),
        .init(name: "disjoint types load", json: document(dish, #"{ "view": "PriceRow", "model": "Drink" }"#, #"{ "view": "PriceRow", "model": "Side" }"#), code: "unused-decorator"),
        .init(
            name: "several mistakes at once",
            json: document(#"{ "view": "ChefSpecial", "model": "Dish", "condition": { "section": "0" } }"#, #"{ "view": "PromotionBox", "model": "Dish" }"#),
            code: "unknown-view"
        ),
    ]

    static let catalog = MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/Schemas/menu.catalog.json").path

    struct Outcome {
        /// The exit status of the text run.
        var code: ExitCode
        var diagnostics: [Diagnostic]
        var text: String
    }

    static func run(_ tool: CommandLineTool, _ arguments: [String]) -> (code: ExitCode, output: String, errors: String) {
        var output = ""
        var errors = ""
        let code = tool.run(arguments: arguments, standardOutput: &output, standardError: &errors)
        return (code, output, errors)
    }

    /// The diagnostics about the mappings file (not the app's bundled data), as JSON and as text.
    static func outcome(_ tool: CommandLineTool, _ arguments: [String], file: String) throws -> Outcome {
        struct Report: Decodable { var diagnostics: [Diagnostic] }
        let json = run(tool, arguments + ["--format", "json"])
        let report = try JSONDecoder().decode(Report.self, from: Data(json.output.utf8))
        let text = run(tool, arguments)
        let about = { (diagnostic: Diagnostic) in diagnostic.location == nil || diagnostic.location?.file == file }
        // Text lines about the file: located ones and their excerpts, and unlocated ones.
        let lines = text.errors.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            .filter { $0.hasPrefix(file + ":") || $0.hasPrefix("error: ") || $0.hasPrefix("warning: ") }
        return Outcome(code: text.code, diagnostics: report.diagnostics.filter(about), text: lines.joined(separator: "\n"))
    }

    @Test(arguments: cases)
    func theToolWithACatalogSaysWhatTheAppSays(_ testCase: CatalogCase) throws {
        let directory = temporary.url
        let file = directory.appendingPathComponent("mappings.json").path
        try Data(testCase.json.utf8).write(to: URL(fileURLWithPath: file))
        let app = try Self.outcome(MenuCommand.makeTool(), ["validate", "--mappings", file], file: file)
        let standalone = try Self.outcome(CommandLineTool.standalone, ["validate", "--catalog", Self.catalog, file], file: file)
        #expect(app.diagnostics.contains { $0.code == testCase.code }, "the case does not produce \(testCase.code)")
        #expect(standalone.diagnostics == app.diagnostics)
        #expect(standalone.text == app.text)
        // The app also checks its bundled data; the tool checks only the file.
        #expect(standalone.code == (app.diagnostics.contains { $0.severity == .error } ? .failure : .success))
        // The app's command with the catalog instead of its plugins agrees too.
        let withCatalog = try Self.outcome(MenuCommand.makeTool(), ["validate", "--catalog", Self.catalog, "--mappings", file], file: file)
        #expect(withCatalog.diagnostics == app.diagnostics)
    }

    @Test func theSampleConfigurationsAreCleanAgainstTheCatalog() {
        let result = Self.run(CommandLineTool.standalone, [
            "validate", "--catalog", Self.catalog,
            MenuBinary.packageRoot.appendingPathComponent("mappings.json").path,
            MenuBinary.packageRoot.appendingPathComponent("Examples/Menu/mappings-with-catch-all.json").path,
        ])
        #expect(result.code == .success)
        #expect(MenuBinary.withoutPossibleAmbiguity(result.errors).hasPrefix("mapping-registry: 0 errors, 2 warnings; checked /"))
    }
}
