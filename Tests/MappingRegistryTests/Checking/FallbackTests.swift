import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// `"fallback"` on a mapping: what an app whose catalog lacks a name the
/// mapping uses shows instead (a configuration written for a later app
/// version), with `used-fallback` and `skipped-mapping` at the first
/// missing name and notes where the fallback stands.
@Suite struct FallbackTests {
    /// Every diagnostic of a load (errors and warnings, with their notes) as
    /// text, without the unused-plugin warnings a small fixture always has.
    static func report(
        _ json: String,
        plugins: PluginCatalog = fixtureCatalog(),
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) -> (loaded: Bool, lines: [String]) {
        let diagnostics: [Diagnostic]
        let loaded: Bool
        do {
            diagnostics = try MappingRegistry(configuration: Data(json.utf8), plugins: plugins, policy: policy).warnings
            loaded = true
        } catch {
            diagnostics = error.diagnostics
            loaded = false
        }
        let lines = diagnostics.filter { !$0.code.rawValue.hasPrefix("unused-") }.flatMap { diagnostic in
            [diagnostic.description] + diagnostic.notes.map(\.description)
        }
        return (loaded, lines)
    }

    @Test func aMappingNamingAViewTheAppLacksUsesItsFallbackWithAWarningAtTheName() throws {
        let marked = MarkedText(configuration(
            #"{"view": 1️⃣"VeganBowlRow", "model": "Dish", "priority": 2, "fallback": 2️⃣{"view": "DishRow"}}"#
        ))
        let found = Self.report(marked.text)
        #expect(found.loaded)
        #expect(found.lines == [
            "mappings.json:1️⃣: warning: this app has no view 'VeganBowlRow', so this mapping's fallback is used instead [used-fallback]",
            "mappings.json:2️⃣: note: the fallback used instead is here",
        ].map(marked.expand))

        // The fallback keeps the primary's priority and shows the item.
        let registry = try loadRegistry(marked.text)
        let mapping = try #require(registry.resolve(Dish(name: "Soup", price: 6), at: at(0, 0)).mapping)
        #expect(mapping.view == "DishRow")
        #expect(mapping.priority == 2)
        #expect(mapping.location.description == marked.expand("mappings.json:2️⃣"))
    }

    @Test func skipLeavesTheMappingOutWithAWarningAndANoteAtSkip() throws {
        let marked = MarkedText(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": 1️⃣"ChefsTableRow", "model": "Dish", "priority": 5, "fallback": 2️⃣"skip"}"#
        ))
        let found = Self.report(marked.text)
        #expect(found.loaded)
        #expect(found.lines == [
            #"mappings.json:1️⃣: warning: this app has no view 'ChefsTableRow', so this mapping is left out, as its "fallback": "skip" says [skipped-mapping]"#,
            #"mappings.json:2️⃣: note: "skip" is here"#,
        ].map(marked.expand))
        let registry = try loadRegistry(marked.text)
        #expect(registry.mappings.map(\.view) == ["DishRow"])
        #expect(registry.resolve(Dish(name: "Soup", price: 6), at: at(0, 0)).mapping?.view == "DishRow")
    }

    /// Each kind of name a mapping can use, missing, is named in the warning.
    static let missingNames: [(String, String)] = [
        (#"{"view": 1️⃣"BowlRow", "model": "Dish", "fallback": "skip"}"#, "no view 'BowlRow'"),
        (#"{"view": "DishRow", "model": 1️⃣"Bowl", "fallback": "skip"}"#, "no model 'Bowl'"),
        (#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": 1️⃣"isKeto"}, "fallback": "skip"}"#, "no predicate 'isKeto'"),
        (#"{"view": "DishRow", "model": "Dish", "decorators": [1️⃣"glutenFree"], "fallback": "skip"}"#, "no decorator 'glutenFree'"),
        (#"{"view": "DishRow", "model": "Dish", "events": {"didSelect": 1️⃣"orderDish"}, "fallback": "skip"}"#, "no handler 'orderDish'"),
        (#"{"view": "DishRow", "model": "Dish", "events": {1️⃣"didLongPress": "orderDish"}, "fallback": "skip"}"#, "no event 'didLongPress' and no handler 'orderDish'"),
        (#"{"view": 1️⃣"DishRw", "model": "Dish", "fallback": "skip"}"#, "no view 'DishRw' (did you mean 'DishRow'?)"),
    ]

    @Test(arguments: missingNames)
    func theWarningNamesWhatTheAppLacks(mapping: String, lacking: String) {
        let marked = MarkedText(configuration(mapping))
        let found = Self.report(marked.text)
        #expect(found.loaded)
        #expect(found.lines.first == marked.expand(
            #"mappings.json:1️⃣: warning: this app has \#(lacking), so this mapping is left out, as its "fallback": "skip" says [skipped-mapping]"#
        ))
    }

    @Test func withoutAFallbackAnUnknownNameStaysAnError() {
        let marked = MarkedText(configuration(#"{"view": 1️⃣"BowlRow", "model": "Dish"}"#))
        let found = Self.report(marked.text)
        #expect(!found.loaded)
        #expect(found.lines == [marked.expand("mappings.json:1️⃣: error: unknown view 'BowlRow' [unknown-view]")])
    }

    @Test func everythingElseAboutThePrimaryIsStillChecked() {
        let marked = MarkedText(configuration(
            #"{"view": 1️⃣"BowlRow", "model": "Dish", "priority": 2️⃣"high", "fallback": 3️⃣{"view": "DishRow"}}"#
        ))
        let found = Self.report(marked.text)
        #expect(!found.loaded)
        #expect(found.lines.contains(marked.expand(#"mappings.json:2️⃣: error: 'priority' must be an integer, found a string ("high") [wrong-type]"#)))
    }

    @Test func anOverlapThatTheFallbackIntroducesIsReportedAtTheFallback() {
        let marked = MarkedText(configuration(
            #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "BowlRow", "model": "Dish", "fallback": 2️⃣{"view": "Plain"}}"#
        ))
        let found = Self.report(marked.text)
        #expect(!found.loaded)
        #expect(found.lines.contains(marked.expand(
            "mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 everywhere; give one a higher priority or make the conditions disjoint [overlapping-mappings]"
        )))
    }

    @Test func whatTheFallbackInheritsIsCheckedWithANoteSayingWhy() {
        let marked = MarkedText(configuration(
            #"{"view": "BowlRow", "model": "Dish", "decorators": [1️⃣"glutenFree"], "fallback": 2️⃣{"view": "DishRow"}}"#
        ))
        let found = Self.report(marked.text)
        #expect(!found.loaded)
        #expect(found.lines.contains(marked.expand("mappings.json:1️⃣: error: unknown decorator 'glutenFree'; the PluginCatalog has no decorators [unknown-decorator]")))
        #expect(found.lines.contains(marked.expand(
            "mappings.json:2️⃣: note: the fallback used instead inherits this from its mapping; write the key in the fallback to replace it"
        )))
    }

    @Test func aFallbackThatReplacesWhatTheAppLacksLoads() throws {
        let json = configuration(
            #"{"view": "BowlRow", "model": "Dish", "decorators": ["glutenFree"], "condition": {"predicate": "isVegan"}, "priority": 1, "fallback": {"view": "DishRow", "decorators": []}}"#,
            #"{"view": "FoodRow", "model": "Dish"}"#
        )
        let registry = try loadRegistry(json)
        #expect(registry.resolve(Dish(name: "Salad", price: 6, vegan: true), at: at(0, 0)).mapping?.view == "DishRow")
        #expect(registry.resolve(Dish(name: "Steak", price: 9), at: at(0, 0)).mapping?.view == "FoodRow")
    }

    /// A mapping whose names the app has is used as written; its fallback
    /// is only read for its shape, since this app never uses it (a
    /// configuration is checked against every app version's catalog with
    /// `validate --catalog A --catalog B`).
    @Test func aMappingTheAppCanShowIgnoresItsFallback() throws {
        let json = configuration(#"{"view": "DishRow", "model": "Dish", "fallback": {"view": "OldDishRow"}}"#)
        let registry = try loadRegistry(json)
        #expect(registry.warnings.filter { !$0.code.rawValue.hasPrefix("unused-") }.isEmpty)
        #expect(registry.resolve(Dish(name: "Soup", price: 6), at: at(0, 0)).mapping?.view == "DishRow")
    }

    static let invalidFallbacks: [InvalidConfigurationCase] = [
        .init(
            name: "a word other than skip",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "fallback": 1️⃣"skp"}"#),
            expected: [#"mappings.json:1️⃣: error: 'fallback' must be a mapping object (its keys replace this mapping's) or "skip", found a string ("skp") [wrong-type]"#]
        ),
        .init(
            name: "an array",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "fallback": 1️⃣[]}"#),
            expected: [#"mappings.json:1️⃣: error: 'fallback' must be a mapping object (its keys replace this mapping's) or "skip", found an array [wrong-type]"#]
        ),
        .init(
            name: "a fallback of a fallback",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "fallback": {1️⃣"fallback": "skip"}}"#),
            expected: [#"mappings.json:1️⃣: error: a fallback has no 'fallback' of its own; move what it should fall back to into this fallback, or write "fallback": "skip" on the mapping [unknown-key]"#]
        ),
        .init(
            name: "a misspelt key in the fallback",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "fallback": {1️⃣"veiw": "FoodRow"}}"#),
            expected: ["mappings.json:1️⃣: error: unknown key 'veiw'; did you mean 'view'? [unknown-key]"]
        ),
        .init(
            name: "a value of the wrong type in the fallback",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "fallback": {"priority": 1️⃣1.5}}"#),
            expected: ["mappings.json:1️⃣: error: 'priority' must be an integer, found a number (1.5) [wrong-type]"]
        ),
    ]

    @Test(arguments: invalidFallbacks)
    func aMalformedFallbackIsAnErrorEvenWhenTheAppHasEveryName(_ testCase: InvalidConfigurationCase) {
        let marked = MarkedText(testCase.json)
        let found = Self.report(marked.text)
        #expect(!found.loaded)
        #expect(found.lines == testCase.expected.map(marked.expand))
    }

    @Test func aPolicyCanMakeUsingAFallbackAnError() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.usedFallback, as: .error)
        let found = Self.report(configuration(#"{"view": "BowlRow", "model": "Dish", "fallback": {"view": "DishRow"}}"#), policy: policy)
        #expect(!found.loaded)
        #expect(found.lines.first?.contains("error: this app has no view 'BowlRow'") == true)
    }

    // MARK: - Fallbacks, fully

    /// The fixture catalog with a decorator and a handler of each kind the
    /// tests below name.
    static func pluginsWithEvents() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(decorator: "leaf", for: Dish.self) { text, _, _ in text + " (leaf)" }
        plugins.register(handler: "dishCanMove", for: .canMove, model: Dish.self) { dish, _ in !dish.vegan }
        plugins.register(handler: "orderDish", for: .didSelect, model: Dish.self) { _, _ in }
        return plugins
    }

    /// A fallback that does not write `events` has the primary's: the
    /// handler the primary names is the one that runs.
    @Test func aFallbackWithoutEventsFiresThePrimarysHandler() throws {
        let json = configuration(#"{"view": "BowlRow", "model": "Dish", "events": {"canMove": "dishCanMove"}, "fallback": {"view": "DishRow"}}"#)
        let registry = try loadRegistry(json, plugins: Self.pluginsWithEvents())
        let soup = Dish(name: "Soup", price: 6)
        let mapping = try #require(registry.resolve(soup, at: at(0, 0)).mapping)
        #expect(mapping.view == "DishRow")
        #expect(mapping.handlerNames.map { "\($0.event): \($0.handler ?? "")" } == ["canMove: dishCanMove"])
        #expect(registry.send(.canMove, to: soup, at: at(0, 0)).output == true)
        #expect(registry.send(.canMove, to: Dish(name: "Salad", price: 7, vegan: true), at: at(0, 0)).output == false)
    }

    /// Every key a fallback does not write is the primary's: kind, reuse
    /// identifier, condition, priority, decorators and events.
    @Test func aFallbackInheritsEveryKeyItDoesNotWrite() throws {
        let json = configuration(#"""
            {"view": "BowlRow", "model": "Dish", "kind": "detail", "reuseIdentifier": "bowl",
             "condition": {"predicate": "isVegan"}, "priority": 3, "decorators": ["leaf"],
             "events": {"didSelect": "orderDish"}, "fallback": {"view": "DishRow"}}
            """#)
        let registry = try loadRegistry(json, plugins: Self.pluginsWithEvents())
        let mapping = try #require(registry.mappings.first)
        #expect(registry.mappings.count == 1)
        #expect(mapping.view == "DishRow")
        #expect(mapping.model == "Dish")
        #expect(mapping.kind == "detail")
        #expect(mapping.reuseIdentifier == "bowl")
        #expect(mapping.condition == .predicate("isVegan"))
        #expect(mapping.priority == 3)
        #expect(mapping.decorators == ["leaf"])
        #expect(mapping.handlerNames.map { "\($0.event): \($0.handler ?? "")" } == ["didSelect: orderDish"])
    }

    /// A primary with three names the app lacks: the warning is at the
    /// first, with a note at each of the others and one where the
    /// fallback stands, each at its own line and column.
    @Test(arguments: [
        (#"2️⃣"skip""#, #"this mapping is left out, as its "fallback": "skip" says [skipped-mapping]"#, #""skip" is here"#),
        (#"2️⃣{"view": "DishRow", "decorators": [], "events": {}}"#, "this mapping's fallback is used instead [used-fallback]", "the fallback used instead is here"),
    ])
    func everyMissingNameHasItsPlaceInTheWarning(fallback: String, outcome: String, fallbackNote: String) {
        let marked = MarkedText(configuration(
            #"{"view": 1️⃣"BowlRow", "model": "Dish", "decorators": [3️⃣"crunchy"], "events": {"didSelect": 4️⃣"orderBowl"}, "fallback": \#(fallback)}"#
        ))
        let found = Self.report(marked.text, plugins: Self.pluginsWithEvents())
        #expect(found.loaded)
        #expect(found.lines == [
            "mappings.json:1️⃣: warning: this app has no view 'BowlRow', no decorator 'crunchy' and no handler 'orderBowl', so \(outcome)",
            "mappings.json:3️⃣: note: no decorator 'crunchy' in this app",
            "mappings.json:4️⃣: note: no handler 'orderBowl' in this app",
            "mappings.json:2️⃣: note: \(fallbackNote)",
        ].map(marked.expand))
    }

    /// A mapping whose names the app has is the mapping, whatever else is
    /// wrong with it: its error is reported, and its fallback stays unused.
    static let knownNamesWithAnotherError: [InvalidConfigurationCase] = [
        .init(
            name: "a priority of the wrong type",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "priority": 1️⃣"high", "fallback": {"view": "FoodRow", "priority": 0}}"#),
            expected: [#"mappings.json:1️⃣: error: 'priority' must be an integer, found a string ("high") [wrong-type]"#]
        ),
        .init(
            name: "a view that cannot take the model",
            json: configuration(#"{"view": 1️⃣"AnimalRow", "model": "Dish", "fallback": {"view": "DishRow"}}"#),
            expected: ["mappings.json:1️⃣: error: view 'AnimalRow' takes 'Animal', which model 'Dish' can never be [incompatible-model]"]
        ),
        .init(
            name: "a predicate that cannot take the model",
            json: configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": 1️⃣"isBig"}, "fallback": {"view": "FoodRow", "condition": {"predicate": "isVegan"}}}"#),
            expected: ["mappings.json:1️⃣: error: predicate 'isBig' takes 'Int', which model 'Dish' can never be [incompatible-model]"]
        ),
    ]

    @Test(arguments: knownNamesWithAnotherError)
    func aMappingWhoseNamesAreAllKnownNeverUsesItsFallback(_ testCase: InvalidConfigurationCase) {
        let marked = MarkedText(testCase.json)
        let found = Self.report(marked.text)
        #expect(!found.loaded)
        #expect(found.lines == testCase.expected.map(marked.expand))
    }

    /// With the error made a warning, the mapping loads as written, not as its fallback.
    @Test func aDowngradedErrorLeavesTheMappingAsWrittenNotItsFallback() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.incompatibleModel, as: .warning)
        let json = configuration(#"{"view": "AnimalRow", "model": "Dish", "fallback": {"view": "DishRow"}}"#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        #expect(registry.mappings.map(\.view) == ["AnimalRow"])
        #expect(registry.warnings.map(\.code).contains(.incompatibleModel))
        #expect(!registry.warnings.map(\.code).contains(.usedFallback))
    }

    /// A view, predicate, decorator or handler written only in a fallback
    /// this app does not use is kept for older apps: it is used.
    @Test func namesWrittenOnlyInAnUnusedFallbackCountAsUsed() throws {
        var plugins = PluginCatalog()
        plugins.register(model: Dish.self, named: "Dish")
        plugins.register(view: DishRow.self, named: "DishRow")
        plugins.register(view: FoodRow.self, named: "FoodRow")
        plugins.register(predicate: "isVegan", for: Dish.self) { dish, _ in dish.vegan }
        plugins.register(decorator: "leaf", for: Dish.self) { text, _, _ in text }
        plugins.register(handler: "orderDish", for: .didSelect, model: Dish.self) { _, _ in }
        let json = configuration(#"""
            {"view": "DishRow", "model": "Dish",
             "fallback": {"view": "FoodRow", "condition": {"predicate": "isVegan"}, "decorators": ["leaf"], "events": {"didSelect": "orderDish"}}}
            """#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: plugins)
        #expect(registry.warnings.map(\.description) == [])
        #expect(MappingRegistry.unusedPluginWarnings(plugins: plugins, sources: [.json(Data(json.utf8), name: "mappings.json")], policy: DiagnosticPolicy()).isEmpty)
        // Without the fallback, each of them is unused.
        let bare = configuration(#"{"view": "DishRow", "model": "Dish"}"#)
        let unused = try MappingRegistry(configuration: Data(bare.utf8), plugins: plugins).warnings.map(\.code)
        #expect(Set(unused) == [.unusedView, .unusedPredicate, .unusedDecorator, .unusedHandler])
    }
}
