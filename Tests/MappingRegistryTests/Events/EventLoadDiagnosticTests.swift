import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import TestSupport
import Testing

/// One Swift declaration with an event mistake, written on the line of the
/// case so that the expected locations are read from this file's text.
struct SwiftEventCase: CustomTestStringConvertible, Sendable {
    let name: String
    let declarations: [MappingDeclaration]
    /// Each error's `description`, then its notes' descriptions, in order;
    /// `@on1`, `@on2`… stand for the `.on(` calls on the case's line.
    let expected: [String]
    let line: Int
    var testDescription: String { name }

    init(_ name: String, _ declarations: [MappingDeclaration], _ expected: [String], line: Int = #line) {
        self.name = name
        self.declarations = declarations
        self.expected = expected
        self.line = line
    }
}

/// Every load code about events, at its exact line and column: from JSON
/// (marker-located) and, where Swift can make the mistake, from `.on(…)`.
@Suite struct EventLoadDiagnosticTests {
    /// The fixture catalog plus three named handlers: two built-in events
    /// and a custom one that returns `Bool`.
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(handler: "openDish", for: .didSelect, model: Dish.self) { _, _ in }
        plugins.register(handler: "trackDish", for: .willDisplay, model: Dish.self) { _, _ in }
        plugins.register(handler: "dishCanMove", for: .canMove, model: Dish.self) { dish, _ in !dish.vegan }
        return plugins
    }

    static func dish(events: String) -> String {
        configuration(#"{"view": "DishRow", "model": "Dish", "events": "# + events + "}")
    }

    // MARK: - JSON

    static let jsonCases: [InvalidConfigurationCase] = [
        .init(
            name: "unknown-handler with a suggestion",
            json: dish(events: #"{"didSelect": 1️⃣"opneDish"}"#),
            expected: ["mappings.json:1️⃣: error: unknown handler 'opneDish'; did you mean 'openDish'? [unknown-handler]"]
        ),
        .init(
            name: "unknown-handler without a suggestion",
            json: dish(events: #"{"didSelect": 1️⃣"showDetail"}"#),
            expected: ["mappings.json:1️⃣: error: unknown handler 'showDetail' [unknown-handler]"]
        ),
        .init(
            name: "unknown-event with a suggestion",
            json: dish(events: #"{1️⃣"didSelet": "openDish"}"#),
            expected: ["mappings.json:1️⃣: error: unknown event 'didSelet'; did you mean 'didSelect'? [unknown-event]"]
        ),
        .init(
            name: "unknown-event near a custom event a handler serves",
            json: dish(events: #"{1️⃣"canMov": "dishCanMove"}"#),
            expected: ["mappings.json:1️⃣: error: unknown event 'canMov'; did you mean 'canMove'? [unknown-event]"]
        ),
        .init(
            name: "unknown-event without a suggestion lists the known events",
            json: dish(events: #"{1️⃣"onTap": "openDish"}"#),
            expected: ["mappings.json:1️⃣: error: unknown event 'onTap'; known events: canMove, didEndDisplaying, didSelect, willDisplay [unknown-event]"]
        ),
        .init(
            name: "unknown-event and unknown-handler in one entry",
            json: dish(events: #"{1️⃣"didSelet": 2️⃣"opneDish"}"#),
            expected: [
                "mappings.json:1️⃣: error: unknown event 'didSelet'; did you mean 'didSelect'? [unknown-event]",
                "mappings.json:2️⃣: error: unknown handler 'opneDish'; did you mean 'openDish'? [unknown-handler]",
            ]
        ),
        .init(
            name: "incompatible-event",
            json: dish(events: #"{"willDisplay": 1️⃣"openDish"}"#),
            expected: [#"mappings.json:1️⃣: error: handler 'openDish' handles 'didSelect', not 'willDisplay'; list it under "didSelect" or name a 'willDisplay' handler [incompatible-event]"#]
        ),
        .init(
            name: "incompatible-event for a handler of a custom event",
            json: dish(events: #"{"didSelect": 1️⃣"dishCanMove"}"#),
            expected: [#"mappings.json:1️⃣: error: handler 'dishCanMove' handles 'canMove', not 'didSelect'; list it under "canMove" or name a 'didSelect' handler [incompatible-event]"#]
        ),
        .init(
            name: "incompatible-model for a handler",
            json: configuration(#"{"view": "NumberRow", "model": "Int", "events": {"didSelect": 1️⃣"openDish"}}"#),
            expected: ["mappings.json:1️⃣: error: the 'didSelect' handler takes 'Dish', which model 'Int' can never be [incompatible-model]"]
        ),
        .init(
            name: "a repeated event is duplicate-key",
            json: dish(events: #"{"didSelect": "openDish", 1️⃣"didSelect": "openDish"}"#),
            expected: ["mappings.json:1️⃣: error: key 'didSelect' appears twice in one object; keep one [duplicate-key]"]
        ),
        .init(
            name: "wrong-type for events that are not an object",
            json: dish(events: #"1️⃣["openDish"]"#),
            expected: ["mappings.json:1️⃣: error: 'events' must be an object of event names to handler names, found an array [wrong-type]"]
        ),
        .init(
            name: "wrong-type for a handler that is not a string",
            json: dish(events: #"{"didSelect": 1️⃣3}"#),
            expected: ["mappings.json:1️⃣: error: 'didSelect' must be a non-empty string, found a number (3) [wrong-type]"]
        ),
        .init(
            name: "wrong-type for an empty handler name",
            json: dish(events: #"{"didSelect": 1️⃣""}"#),
            expected: [#"mappings.json:1️⃣: error: 'didSelect' must be a non-empty string, found a string ("") [wrong-type]"#]
        ),
    ]

    @Test(arguments: jsonCases)
    func eachEventLoadCodeFromJSONIsAtItsValue(_ testCase: InvalidConfigurationCase) {
        let marked = MarkedText(testCase.json)
        let diagnostics = loadDiagnostics(marked.text, plugins: Self.plugins()).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == testCase.expected.map(marked.expand))
    }

    @Test func aHandlerNameWithNoHandlersRegisteredSaysSo() {
        let marked = MarkedText(Self.dish(events: #"{"didSelect": 1️⃣"openDish"}"#))
        let diagnostics = loadDiagnostics(marked.text).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == [
            marked.expand("mappings.json:1️⃣: error: unknown handler 'openDish'; the PluginCatalog has no handlers [unknown-handler]"),
        ])
    }

    // MARK: - Swift

    /// Where `.on(` calls are on a line of this file: `file:line:column` of
    /// each opening parenthesis, where Swift puts `#column`.
    static func onCallSites(line: Int) throws -> [String] {
        let source = try String(contentsOfFile: #filePath, encoding: .utf8)
        let scalars = Array(source.components(separatedBy: "\n")[line - 1].unicodeScalars)
        let call = Array(".on(".unicodeScalars)
        return scalars.indices.compactMap { start in
            guard scalars[start...].starts(with: call) else { return nil }
            return "MappingRegistryTests/EventLoadDiagnosticTests.swift:\(line):\(start + call.count)"
        }
    }

    // The event mistakes a Swift declaration can make: a closure is typed,
    // so unknown-handler, unknown-event and incompatible-event cannot happen;
    // on a typed Map(V.self) neither can incompatible-model nor
    // incompatible-view (the compiler rejects the closure), so those cases
    // declare by names, whose closures state their own types.
    static let swiftCases: [SwiftEventCase] = [
        .init("incompatible-model for a model-only handler", [Map("NumberRow", model: "Int").on(.didSelect) { (_: Dish, _) in }], ["@on1: error: the 'didSelect' handler takes 'Dish', which model 'Int' can never be [incompatible-model]"]),
        .init("incompatible-model for a view-taking handler", [Map("NumberRow", model: "Int").on(.canMove) { (_: NumberRow, _: Dish, _) in true }], ["@on1: error: the 'canMove' handler takes 'Dish', which model 'Int' can never be [incompatible-model]"]),
        .init("incompatible-model for a handler of an unrelated class", [Map("AnimalRow", model: "Animal").on(.willDisplay) { (_: Dish, _) in }], ["@on1: error: the 'willDisplay' handler takes 'Dish', which model 'Animal' can never be [incompatible-model]"]),
        .init("duplicate-event-handler", [Map(DishRow.self).on(.didSelect) { (_: Dish, _) in }.on(.didSelect) { (_: DishRow, _: Dish, _) in }], ["@on2: error: this mapping already has a 'didSelect' handler at @on1; a mapping has one handler per event, so remove one [duplicate-event-handler]", "@on1: note: the first 'didSelect' handler is here"]),
        .init("duplicate-event-handler for a custom event", [Map(DishRow.self).on(.canMove) { (_: Dish, _) in true }.on(.willDisplay) { (_: Dish, _) in }.on(.canMove) { (_: Dish, _) in false }], ["@on3: error: this mapping already has a 'canMove' handler at @on1; a mapping has one handler per event, so remove one [duplicate-event-handler]", "@on1: note: the first 'canMove' handler is here"]),
    ]

    @Test(arguments: swiftCases)
    func eachEventLoadCodeFromSwiftIsAtTheOnCall(_ testCase: SwiftEventCase) throws {
        let sites = try Self.onCallSites(line: testCase.line)
        try #require(!sites.isEmpty, "the case's line has .on( calls")
        let expected = testCase.expected.map { text in
            var text = text
            for (index, site) in sites.enumerated().reversed() { text = text.replacingOccurrences(of: "@on\(index + 1)", with: site) }
            return text
        }
        let error = try #require(throws: ConfigurationError.self) {
            try MappingRegistry(plugins: fixtureCatalog(), sources: [.declarations(testCase.declarations)])
        }
        #expect(error.errors.flatMap { [$0.description] + $0.notes.map(\.description) } == expected)
    }

    @Test func oneHandlerPerEventIsAllowedAndHandlersOfASuperclassOrProtocolLoad() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(DishRow.self)
                .on(.didSelect) { (_: DishRow, _: Dish, _) in }
                .on(.willDisplay) { (_: Dish, _) in }
                .on(.didEndDisplaying) { (_: any Food, _) in }
                .on(.canMove) { (_: Dish, _) in true }
            Map(AnimalRow.self, for: Cat.self)
                .on(.didSelect) { (_: Animal, _) in }
        }
        #expect(registry.mappings.count == 2)
        #expect(registry.send(.didEndDisplaying, to: Dish(name: "Soup", price: 5), at: at(0, 0)).output != nil)
        #expect(registry.send(.didSelect, to: Cat(name: "Tom"), at: at(0, 0)).output != nil)
    }

    // MARK: - unused-handler

    @Test func aHandlerNoMappingListsIsAnUnusedHandlerWarning() throws {
        let registry = try loadRegistry(Self.dish(events: #"{"didSelect": "openDish"}"#), plugins: Self.plugins())
        #expect(registry.warnings.filter { $0.code == .unusedHandler }.map(\.description) == [
            "warning: handler 'dishCanMove' is registered but no mapping in mappings.json uses it [unused-handler]",
            "warning: handler 'trackDish' is registered but no mapping in mappings.json uses it [unused-handler]",
        ])
    }

    @Test func handlersOnlySwiftClosuresCouldUseAreUnusedToo() throws {
        var plugins = fixtureCatalog()
        plugins.register(handler: "openDish", for: .didSelect, model: Dish.self) { _, _ in }
        let registry = try MappingRegistry(plugins: plugins) {
            Map(DishRow.self).on(.didSelect) { (_: Dish, _) in }
        }
        #expect(registry.warnings.filter { $0.code == .unusedHandler }.map(\.message) == [
            "handler 'openDish' is registered but no mapping in the Swift declarations uses it",
        ])
    }

    @Test func aHandlerNamedByABrokenMappingOrMisspeltIsNotReportedUnused() {
        var plugins = Self.plugins()
        plugins.register(handler: "closeDish", for: .didEndDisplaying, model: Dish.self) { _, _ in }
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "DishRo", "model": "Dish", "events": {"didSelect": "openDish"}}"#,
            #"{"view": "DishRow", "model": "Dish", "events": {"willDisplay": "trackDsh", "canMove": "dishCanMove"}}"#
        ), plugins: plugins)
        // 'openDish' is named by a mapping with an unknown view, 'trackDish' meant by 'trackDsh'.
        #expect(diagnostics.filter { $0.severity == .error }.map(\.code) == [.unknownView, .unknownHandler])
        #expect(diagnostics.filter { $0.code == .unusedHandler }.map(\.message) == [
            "handler 'closeDish' is registered but no mapping in mappings.json uses it",
        ])
    }
}
