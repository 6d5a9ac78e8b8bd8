import Foundation
import MappingRegistry
import RegistryFixtures
import ModelStorage
import TestSupport
import Testing

/// One invalid configuration and exactly what loading it must print.
struct InvalidConfigurationCase: CustomTestStringConvertible, Sendable {
    let name: String
    /// The configuration, with markers where diagnostics must point.
    let json: String
    /// The full `description` of every diagnostic, markers standing for `line:column`.
    let expected: [String]
    var testDescription: String { name }
}

@Suite struct ConfigurationLoaderTests {
    static let cases: [InvalidConfigurationCase] = [
        .init(
            name: "invalid-json",
            json: #"{"version": 1, "mappings": [1️⃣}"#,
            expected: ["mappings.json:1️⃣: error: unexpected character '}'; expected a value [invalid-json]"]
        ),
        .init(
            name: "root is not an object",
            json: "1️⃣[1, 2]",
            expected: ["mappings.json:1️⃣: error: expected a JSON object with 'version' and 'mappings', found an array [wrong-type]"]
        ),
        .init(
            name: "unsupported-version",
            json: #"{"version": 1️⃣2, "mappings": []}"#,
            expected: ["mappings.json:1️⃣: error: version 2 is not supported; this MappingRegistry reads version 1 [unsupported-version]"]
        ),
        .init(
            name: "version of the wrong type",
            json: #"{"version": 1️⃣"1", "mappings": []}"#,
            expected: [#"mappings.json:1️⃣: error: 'version' must be an integer, found a string ("1") [wrong-type]"#]
        ),
        .init(
            name: "missing-key at the root",
            json: #"1️⃣{"version": 1}"#,
            expected: ["mappings.json:1️⃣: error: the configuration has no 'mappings' [missing-key]"]
        ),
        .init(
            name: "missing-key in a mapping",
            json: configuration(#"1️⃣{"view": "DishRow"}"#),
            expected: ["mappings.json:1️⃣: error: the mapping has no 'model' [missing-key]"]
        ),
        .init(
            name: "unknown-key with a suggestion",
            json: configuration(#"{"view": "DishRow", "model": "Dish", 1️⃣"priorty": 1}"#),
            expected: ["mappings.json:1️⃣: error: unknown key 'priorty'; did you mean 'priority'? [unknown-key]"]
        ),
        .init(
            name: "unknown-key without a suggestion",
            json: configuration(#"{"view": "DishRow", "model": "Dish", 1️⃣"colour": "red"}"#),
            expected: ["mappings.json:1️⃣: error: unknown key 'colour'; expected one of 'view', 'model', 'kind', 'reuseIdentifier', 'condition', 'priority', 'decorators', 'events', 'fallback' [unknown-key]"]
        ),
        .init(
            name: "wrong-type for priority",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "priority": 1️⃣1.5}"#),
            expected: ["mappings.json:1️⃣: error: 'priority' must be an integer, found a number (1.5) [wrong-type]"]
        ),
        .init(
            name: "wrong-type for view",
            json: configuration(#"{"view": 1️⃣null, "model": "Dish"}"#),
            expected: ["mappings.json:1️⃣: error: 'view' must be a non-empty string, found null [wrong-type]"]
        ),
        .init(
            name: "wrong-type for a mapping",
            json: configuration(#"1️⃣"DishRow""#),
            expected: [#"mappings.json:1️⃣: error: expected a mapping object, found a string ("DishRow") [wrong-type]"#]
        ),
        .init(
            name: "unknown-view with a suggestion",
            json: configuration(#"{"view": 1️⃣"DishRo", "model": "Dish"}"#),
            expected: ["mappings.json:1️⃣: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]"]
        ),
        .init(
            name: "unknown-model with a suggestion",
            json: configuration(#"{"view": "DishRow", "model": 1️⃣"dish"}"#),
            expected: ["mappings.json:1️⃣: error: unknown model 'dish'; did you mean 'Dish'? [unknown-model]"]
        ),
        .init(
            name: "unknown-predicate with a suggestion",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": 1️⃣"isVegam"}}"#),
            expected: ["mappings.json:1️⃣: error: unknown predicate 'isVegam'; did you mean 'isVegan'? [unknown-predicate]"]
        ),
        .init(
            name: "invalid-section",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"section": 1️⃣-1}}"#),
            expected: ["mappings.json:1️⃣: error: 'section' must be 0 or greater, found -1 [invalid-section]"]
        ),
        .init(
            name: "empty condition",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": 1️⃣{}}"#),
            expected: ["mappings.json:1️⃣: error: the condition has none of 'section', 'sections', 'items', 'predicate', 'all', 'any', 'not' [invalid-condition]"]
        ),
        .init(
            name: "incompatible-model for a ModelTransfer view",
            json: configuration(#"{"view": 1️⃣"TitleView", "model": "Int"}"#),
            expected: ["mappings.json:1️⃣: error: view 'TitleView' takes 'String', which model 'Int' can never be [incompatible-model]"]
        ),
        .init(
            name: "incompatible-model for a predicate",
            json: configuration(#"{"view": "NumberRow", "model": "Int", "condition": {"predicate": 1️⃣"isShort"}}"#),
            expected: ["mappings.json:1️⃣: error: predicate 'isShort' takes 'String', which model 'Int' can never be [incompatible-model]"]
        ),
        .init(
            name: "incompatible-model for unrelated classes",
            json: configuration(#"{"view": 1️⃣"AnimalRow", "model": "Dish"}"#),
            expected: ["mappings.json:1️⃣: error: view 'AnimalRow' takes 'Animal', which model 'Dish' can never be [incompatible-model]"]
        ),
        .init(
            name: "reuse-identifier-conflict",
            json: configuration(
                #"{"view": "DishRow", "model": "Dish", "reuseIdentifier": 1️⃣"row"}"#,
                #"{"view": "NumberRow", "model": "Int", "reuseIdentifier": 2️⃣"row"}"#
            ),
            expected: ["mappings.json:2️⃣: error: reuse identifier 'row' gives view 'NumberRow' here and view 'DishRow' at mappings.json:1️⃣; one reuse identifier must always give one view type [reuse-identifier-conflict]"]
        ),
        .init(
            name: "duplicate-mapping",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
                #"2️⃣{"view": "DishRow", "model": "Dish", "priority": 3}"#
            ),
            expected: ["mappings.json:2️⃣: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:1️⃣; remove one [duplicate-mapping]"]
        ),
        .init(
            name: "overlapping-mappings, both unconditional",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
                #"2️⃣{"view": "Plain", "model": "Dish"}"#
            ),
            expected: ["mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 everywhere; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
        ),
        .init(
            name: "overlapping-mappings, a predicate inside an unconditional mapping",
            json: configuration(
                #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
                #"2️⃣{"view": "Plain", "model": "Dish", "condition": {"predicate": "isVegan"}}"#
            ),
            expected: ["mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 wherever predicate 'isVegan' holds; give one a higher priority or make the conditions disjoint [overlapping-mappings]"]
        ),
        .init(
            name: "duplicate-key",
            json: configuration(#"{"view": "DishRow", "model": "Dish", 1️⃣"view": "FoodRow"}"#),
            expected: ["mappings.json:1️⃣: error: key 'view' appears twice in one object; keep one [duplicate-key]"]
        ),
    ]

    @Test(arguments: cases)
    func invalidConfigurationIsReportedExactly(_ testCase: InvalidConfigurationCase) {
        let marked = MarkedText(testCase.json)
        let diagnostics = loadDiagnostics(marked.text).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == testCase.expected.map(marked.expand))
    }

    @Test func anOptionalModelIsNotIncompatibleWithAViewOfItsWrappedType() throws {
        var plugins = fixtureCatalog()
        plugins.register(model: Optional<Dish>.self, named: "MaybeDish")
        let registry = try loadRegistry(configuration(#"{"view": "DishRow", "model": "MaybeDish"}"#), plugins: plugins)
        #expect(registry.mappings.count == 1)
    }

    @Test func incompatibleModelNamesTheSwiftTypeWhenTheConfigurationRenamesIt() {
        var plugins = fixtureCatalog()
        plugins.register(model: Int.self, named: "Count")
        let diagnostics = loadDiagnostics(configuration(#"{"view": "TitleView", "model": "Count"}"#), plugins: plugins)
        #expect(diagnostics.first?.message == "view 'TitleView' takes 'String', which model 'Count' ('Int') can never be")
    }

    @Test func manyCustomKindsLoadAndResolve() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Int.self, named: "Int")
        plugins.register(view: "Row", for: Int.self) { number, _ in "\(number)" }
        let mappings = (0..<3_000).map { #"{"view": "Row", "model": "Int", "kind": "k\#($0)"}"# }
        let registry = try loadRegistry(configuration(mappings.joined(separator: ",")), plugins: plugins)
        #expect(registry.resolve(1, at: at(0, 0), kind: "k2999").mapping?.kind == "k2999")
        #expect(registry.resolve(1, at: at(0, 0), kind: "k3000").diagnostic?.code == "missing-mapping")
    }

    @Test func threeMistakesGiveThreeDiagnosticsWithTheirOwnLocations() {
        let marked = MarkedText(configuration(
            #"{"view": 1️⃣"DishRo", "model": "Dish"}"#,
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 2️⃣-3}}"#,
            #"{"view": "TitleView", "model": "String", 3️⃣"knd": "header"}"#
        ))
        let diagnostics = loadDiagnostics(marked.text).filter { $0.severity == .error }
        #expect(diagnostics.map(\.code) == ["unknown-view", "invalid-section", "unknown-key"])
        #expect(diagnostics.map { "\($0.location?.line ?? 0):\($0.location?.column ?? 0)" }
            == ["1️⃣", "2️⃣", "3️⃣"].map(marked.location))
        #expect(diagnostics.map { $0.location?.pointer } == ["/mappings/0/view", "/mappings/1/condition/section", "/mappings/2/knd"])
    }

    @Test func errorsAreThrownTogetherWithTheWarnings() {
        let diagnostics = loadDiagnostics(configuration(#"{"view": "DishRo", "model": "Dish"}"#))
        #expect(diagnostics.first?.code == "unknown-view")
        #expect(diagnostics.dropFirst().allSatisfy { $0.severity == .warning })
        #expect(diagnostics.contains { $0.code == "unused-view" && $0.message.contains("'FoodRow'") })
        // The did-you-mean view was meant: it is not also called unused.
        #expect(!diagnostics.contains { $0.code == "unused-view" && $0.message.contains("'DishRow'") })
    }

    @Test func aViewNamedByABrokenMappingIsNotReportedUnused() {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dsh", "condition": {"predicate": "isVegan"}}"#
        ))
        #expect(diagnostics.first?.code == "unknown-model")
        #expect(!diagnostics.contains { $0.message.contains("'DishRow'") || $0.message.contains("'isVegan'") })
    }

    @Test func aMappingWithAnUnknownKeyTakesNoPartInCrossChecks() {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "FoodRow", "model": "Dish", "colour": "red"}"#
        )).filter { $0.severity == .error }
        #expect(diagnostics.map(\.code) == ["unknown-key"])
    }

    @Test func unusedViewsAndPredicatesAreWarnings() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: FoodRow.self, named: "FoodRow")
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.vegan }
        let registry = try loadRegistry(configuration(#"{"view": "DishRow", "model": "Dish"}"#), plugins: plugins)
        #expect(registry.warnings.map(\.description) == [
            "warning: predicate 'isVegan' is registered but no mapping in mappings.json uses it [unused-predicate]",
            "warning: view 'FoodRow' is registered but no mapping in mappings.json uses it [unused-view]",
        ])
    }

    @Test func registeringOneNameTwiceIsADiagnosticNotACrash() {
        var plugins = fixtureCatalog()
        plugins.register(view: "DishRow", for: Dish.self) { dish, _ in dish.name }
        let diagnostics = loadDiagnostics(configuration(#"{"view": "DishRow", "model": "Dish"}"#), plugins: plugins)
        #expect(diagnostics.first?.description
            == "error: view 'DishRow' is registered twice in the PluginCatalog; the second registration was ignored, so give it another name [duplicate-plugin]")
    }

    @Test func defaultsAreFilledIn() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "DishRow", "model": "Dish", "kind": "badge", "reuseIdentifier": "dish-badge", "condition": {"section": 2, "predicate": "isVegan"}, "priority": -4}"#
        ))
        let mappings = registry.mappings
        try #require(mappings.count == 2)
        #expect(mappings.map(\.view) == ["DishRow", "DishRow"])
        #expect(mappings.map(\.model) == ["Dish", "Dish"])
        #expect(mappings.map(\.kind) == [.cell, "badge"])
        #expect(mappings.map(\.reuseIdentifier) == ["DishRow", "dish-badge"])
        #expect(mappings.map(\.condition) == [.none, .all([.section(2), .predicate("isVegan")])])
        #expect(mappings.map(\.priority) == [0, -4])
        #expect(mappings.map(\.index) == [0, 1])
        #expect(mappings.map(\.location.description) == ["mappings.json:4:5", "mappings.json:5:5"])
        #expect(mappings.map(\.decorators) == [[], []])
    }

    @Test(arguments: [
        // Different sections never overlap.
        (#"{"section": 0}"#, #"{"section": 1}"#),
        // Different predicates cannot be proven to overlap.
        (#"{"predicate": "isBig"}"#, #"{"predicate": "isSmall"}"#),
    ])
    func disjointConditionsAtOnePriorityLoad(first: String, second: String) throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "BigNumber", "model": "Int", "condition": \#(first)}"#,
            #"{"view": "SmallNumber", "model": "Int", "condition": \#(second)}"#
        ))
        #expect(registry.mappings.count == 2)
    }

    @Test func sectionOverlapIsReportedOnlyWithinOneSection() {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "BigNumber", "model": "Int", "condition": {"section": 1}}"#,
            #"{"view": "SmallNumber", "model": "Int", "condition": {"section": 0}}"#,
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 1, "predicate": "isBig"}}"#
        )).filter { $0.severity == .error }
        #expect(diagnostics.map(\.code) == ["overlapping-mappings"])
        #expect(diagnostics.first?.message.hasPrefix("'NumberRow' here and 'BigNumber' at mappings.json:4:5 both show 'Int' as cell with priority 0 in section 1 wherever predicate 'isBig' holds") == true)
    }

    @Test func unreadableFileIsADiagnostic() {
        let url = URL(fileURLWithPath: "/nonexistent/mappings.json")
        #expect {
            _ = try MappingRegistry(contentsOf: url, plugins: fixtureCatalog())
        } throws: { error in
            (error as? ConfigurationError)?.description == "error: cannot read '/nonexistent/mappings.json': no such file [unreadable-file]"
        }
    }

    @Test func deeplyNestedInputIsRejectedWithoutCrashing() {
        let json = String(repeating: "[", count: 100_000)
        let diagnostics = loadDiagnostics(json)
        #expect(diagnostics.map(\.code) == ["invalid-json"])
    }

    @Test func aLargeConfigurationLoads() throws {
        var plugins = PluginCatalog()
        plugins.register(view: "Row", for: Int.self) { number, _ in "\(number)" }
        plugins.register(model: Int.self, named: "Int")
        let mappings = (0..<2_000).map { #"{"view": "Row", "model": "Int", "condition": {"section": \#($0)}}"# }
        let registry = try loadRegistry(configuration(mappings.joined(separator: ",")), plugins: plugins)
        #expect(registry.mappings.count == 2_000)
    }
}

@Suite struct MisspeltKeyTests {
    @Test func aMissingKeyIsStillReportedWhenNoUnknownKeyIsItsMisspelling() {
        let diagnostics = loadDiagnostics(configuration(#"{"view": "DishRow", "colour": "Dish"}"#)).filter { $0.severity == .error }
        #expect(diagnostics.map(\.code) == ["missing-key", "unknown-key"])
    }

    @Test func aPredicateNamedOnlyInABrokenConditionIsNotReportedUnused() {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": {"all": [{"predicate": "isVegan"}, {"sectoin": 1}]}}"#
        ))
        #expect(diagnostics.contains { $0.code == .invalidCondition })
        #expect(!diagnostics.contains { $0.message.contains("predicate 'isVegan' is registered but") })
    }
}
