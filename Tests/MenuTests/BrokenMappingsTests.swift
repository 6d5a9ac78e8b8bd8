import Foundation
import TestSupport
import Testing

/// One way to break the sample's `mappings.json`, and exactly what
/// `menu validate` must say about it.
struct BrokenMappingsCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// Text of the root `mappings.json` to replace (must occur once)…
    let replace: String
    /// …with this, markers where diagnostics must point.
    let with: String
    /// Every diagnostic line about the file, `FILE` standing for its path
    /// and markers for `line:column`.
    let expected: [String]
    var testDescription: String { name }
}

@Suite struct BrokenMappingsTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "menu-tests")

    static let cases: [BrokenMappingsCase] = [
        .init(
            name: "unknown-view",
            replace: #""view": "DishRow""#, with: #""view": 1️⃣"DishRo""#,
            expected: ["FILE:1️⃣: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]"]
        ),
        .init(
            name: "unknown-predicate",
            replace: #""predicate": "isVegan""#, with: #""predicate": 1️⃣"isVegam""#,
            expected: ["FILE:1️⃣: error: unknown predicate 'isVegam'; did you mean 'isVegan'? [unknown-predicate]"]
        ),
        .init(
            name: "unknown-model",
            replace: #""model": "Food""#, with: #""model": 1️⃣"Fod""#,
            expected: ["FILE:1️⃣: error: unknown model 'Fod'; did you mean 'Food'? [unknown-model]"]
        ),
        .init(
            name: "unknown-key",
            replace: #""model": "Dish", "priority": 1"#, with: #""model": "Dish", 1️⃣"priorty": 1"#,
            expected: ["FILE:1️⃣: error: unknown key 'priorty'; did you mean 'priority'? [unknown-key]"]
        ),
        .init(
            name: "wrong-type",
            replace: #""priority": 3"#, with: #""priority": 1️⃣"3""#,
            expected: [#"FILE:1️⃣: error: 'priority' must be an integer, found a string ("3") [wrong-type]"#]
        ),
        .init(
            name: "invalid-section",
            replace: #""condition": { "section": 0 }"#, with: #""condition": { "section": 1️⃣-1 }"#,
            expected: ["FILE:1️⃣: error: 'section' must be 0 or greater, found -1 [invalid-section]"]
        ),
        .init(
            name: "unsupported-version",
            replace: #""version": 1"#, with: #""version": 1️⃣2"#,
            expected: ["FILE:1️⃣: error: version 2 is not supported; this MappingRegistry reads version 1 [unsupported-version]"]
        ),
        .init(
            name: "missing-key",
            replace: #"{ "view": "PriceRow", "model": "Food" }"#, with: #"1️⃣{ "view": "PriceRow" }"#,
            expected: ["FILE:1️⃣: error: the mapping has no 'model' [missing-key]"]
        ),
        .init(
            name: "invalid-json",
            replace: "\"countImpression\" } }\n  ]", with: "\"countImpression\" } }1️⃣,\n  ]",
            expected: ["FILE:1️⃣: error: trailing comma before ']' [invalid-json]"]
        ),
        .init(
            name: "reuse-identifier-conflict",
            replace: #""model": "HappyHour", "priority": 1"#,
            with: #""model": "HappyHour", "priority": 1, "reuseIdentifier": 1️⃣"promotion""#,
            expected: ["FILE:1️⃣: error: reuse identifier 'promotion' gives view 'HappyHourRow' here and view 'PromotionBox' at FILE:10:72; one reuse identifier must always give one view type [reuse-identifier-conflict]", "FILE:10:72: note: 'promotion' gives view 'PromotionBox' here"]
        ),
        .init(
            name: "duplicate-mapping",
            replace: #"    { "view": "Footnote""#,
            with: #"    1️⃣{ "view": "SectionTitle", "model": "String", "kind": "header" },"# + "\n" + #"    { "view": "Footnote""#,
            expected: ["FILE:1️⃣: error: view 'SectionTitle' shows model 'String' as header with the same condition here and at FILE:13:5; remove one [duplicate-mapping]", "FILE:13:5: note: 'SectionTitle' is declared here"]
        ),
        .init(
            name: "overlapping-mappings",
            replace: #"{ "view": "SpicyDishRow", "model": "Dish", "condition": { "predicate": "isSpicy" }, "priority": 2,"#,
            with: #"1️⃣{ "view": "SpicyDishRow", "model": "Dish", "priority": 2,"#,
            expected: ["FILE:1️⃣: error: 'SpicyDishRow' here and 'VeganDishRow' at FILE:7:5 both show 'Dish' as cell with priority 2 wherever predicate 'isVegan' holds; give one a higher priority or make the conditions disjoint [overlapping-mappings]", "FILE:7:5: note: 'VeganDishRow' is declared here"]
        ),
        .init(
            name: "incompatible-model",
            replace: #"{ "view": "HappyHourRow", "model": "HappyHour""#,
            with: #"{ "view": 1️⃣"DishRow", "model": "HappyHour""#,
            expected: ["FILE:1️⃣: error: view 'DishRow' takes 'Dish', which model 'HappyHour' can never be [incompatible-model]"]
        ),
        .init(
            name: "wrong-type argument",
            replace: #""argument": 20"#, with: #""argument": 1️⃣"20""#,
            expected: [#"FILE:1️⃣: error: the argument of predicate 'priceAbove' must be a number, found a string ("20") [wrong-type]"#]
        ),
        .init(
            name: "unknown-decorator",
            replace: #""priority": 1, "decorators": ["soldOut"]"#, with: #""priority": 1, "decorators": [1️⃣"soldout"]"#,
            expected: ["FILE:1️⃣: error: unknown decorator 'soldout'; did you mean 'soldOut'? [unknown-decorator]"]
        ),
        .init(
            name: "several mistakes at once",
            replace: #""view": "ChefSpecialRow", "model": "Dish", "condition": { "section": 0 }"#,
            with: #""view": 1️⃣"ChefSpecial", "model": "Dish", "condition": { "section": 2️⃣"0" }"#,
            expected: [
                "FILE:1️⃣: error: unknown view 'ChefSpecial'; did you mean 'ChefSpecialRow'? [unknown-view]",
                #"FILE:2️⃣: error: 'section' must be a non-negative integer, found a string ("0") [wrong-type]"#,
            ]
        ),
    ]

    @Test(arguments: cases)
    func brokenMappingsFailValidationWithExactDiagnostics(_ testCase: BrokenMappingsCase) throws {
        let original = try String(contentsOf: MenuBinary.packageRoot.appendingPathComponent("mappings.json"), encoding: .utf8)
        #expect(original.components(separatedBy: testCase.replace).count == 2, "the text to replace must occur exactly once")
        let marked = MarkedText(original.replacingOccurrences(of: testCase.replace, with: testCase.with))
        let file = temporary.url("mappings.json")
        try Data(marked.text.utf8).write(to: file)

        let run = try MenuBinary.run(["validate", "--mappings", file.path])
        #expect(run.status == 1)
        let lines = MenuBinary.withoutPossibleAmbiguity(run.errors).split(separator: "\n").map(String.init).filter { $0.hasPrefix(file.path + ":") }
        let expected = testCase.expected.map { marked.expand($0).replacingOccurrences(of: "FILE", with: file.path) }
        #expect(lines == expected)
    }
}
