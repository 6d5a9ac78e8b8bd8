import Foundation
@testable import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// Two mappings of one model, kind and priority whose predicates may both
/// hold for one item get the warning `possible-ambiguity` at load, without
/// data: at the later mapping, with a note at the earlier. Predicates
/// registered with `excludes:` never both hold, which silences it.
@Suite struct PossibleAmbiguityTests {
    static func plugins(exclusive: Bool) -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isSponsored", for: Dish.self) { dish, _ in dish.price > 100 }
        plugins.register(predicate: "isOwnPost", for: Dish.self, excludes: exclusive ? ["isSponsored"] : []) { dish, _ in dish.name.isEmpty }
        return plugins
    }

    static let pair = MarkedText(configuration(
        #"1️⃣{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isSponsored"}}"#,
        #"2️⃣{"view": "Plain", "model": "Dish", "condition": {"predicate": "isOwnPost"}}"#
    ))

    func warnings(_ marked: MarkedText, exclusive: Bool = false) throws -> [Diagnostic] {
        let registry = try MappingRegistry(configuration: Data(marked.text.utf8), plugins: Self.plugins(exclusive: exclusive))
        return registry.warnings.filter { $0.code == .possibleAmbiguity }
    }

    @Test func twoPredicatesThatMayBothHoldAreAWarningAtTheLaterWithANoteAtTheEarlier() throws {
        let found = try warnings(Self.pair)
        #expect(found.map(\.description) == [
            Self.pair.expand("mappings.json:2️⃣: warning: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0: if both 'isSponsored' and 'isOwnPost' hold for one item, it is ambiguous; give one a higher priority, or register the predicates with excludes: if they never both hold [possible-ambiguity]"),
        ])
        #expect(found.first?.notes.map(\.message) == ["'DishRow' is declared here"])
        #expect(found.first?.notes.first?.location.map { "\($0.line):\($0.column)" } == Self.pair.expand("1️⃣"))
    }

    @Test func predicatesRegisteredAsExclusiveSilenceIt() throws {
        #expect(try warnings(Self.pair, exclusive: true) == [])
    }

    @Test func whatTheWarningForetellsHappensWhenBothHold() throws {
        let registry = try MappingRegistry(configuration: Data(Self.pair.text.utf8), plugins: Self.plugins(exclusive: false))
        let both = Dish(name: "", price: 200)
        guard case .ambiguous(let tied, _) = registry.resolve(both, at: at(0, 0)) else {
            Issue.record("expected the item for which both hold to be ambiguous")
            return
        }
        #expect(tied.map(\.view) == ["DishRow", "Plain"])
    }

    @Test(arguments: [
        // Another priority decides: nothing to warn about.
        (#"{"view": "Plain", "model": "Dish", "condition": {"predicate": "isOwnPost"}, "priority": 1}"#, 0),
        // A condition that never holds: unsatisfiable, never both.
        (#"{"view": "Plain", "model": "Dish", "condition": {"all": [{"predicate": "isSponsored"}, {"predicate": "isOwnPost"}, {"not": {"predicate": "isSponsored"}}]}}"#, 0),
        // Another kind.
        (#"{"view": "Plain", "model": "Dish", "kind": "header", "condition": {"predicate": "isOwnPost"}}"#, 0),
        // A predicate and its negation never both hold.
        (#"{"view": "Plain", "model": "Dish", "condition": {"not": {"predicate": "isSponsored"}}}"#, 0),
        // Another model no value shares.
        (#"{"view": "NumberRow", "model": "Int", "condition": {"predicate": "isBig"}}"#, 0),
        // One predicate on both: proved to overlap, an error, not this warning.
        (#"{"view": "Plain", "model": "Dish", "condition": {"predicate": "isSponsored"}}"#, 0),
        // In one section only: still a warning.
        (#"{"view": "Plain", "model": "Dish", "condition": {"predicate": "isOwnPost", "section": 2}}"#, 1),
    ])
    func onlyPairsThatMayMeetAreWarnedAbout(_ second: String, expected: Int) throws {
        let marked = MarkedText(configuration(#"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isSponsored"}}"#, second))
        let plugins = Self.plugins(exclusive: false)
        let diagnostics: [Diagnostic]
        do {
            diagnostics = try MappingRegistry(configuration: Data(marked.text.utf8), plugins: plugins).warnings
        } catch {
            diagnostics = error.diagnostics
        }
        #expect(diagnostics.filter { $0.code == .possibleAmbiguity }.count == expected, "\(diagnostics)")
    }

    @Test func theSectionIsNamedWhenOnlyOneIsShared() throws {
        let marked = MarkedText(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isSponsored"}}"#,
            #"{"view": "Plain", "model": "Dish", "condition": {"predicate": "isOwnPost", "section": 2}}"#
        ))
        let message = try #require(try warnings(marked).first?.message)
        #expect(message.contains("with priority 0: in section 2 if both 'isSponsored' and 'isOwnPost' hold for one item"), "\(message)")
    }

    @Test func aPolicyCanMakeItAnError() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.possibleAmbiguity, as: .error)
        #expect(throws: ConfigurationError.self) {
            try MappingRegistry(plugins: Self.plugins(exclusive: false), sources: [.json(Data(Self.pair.text.utf8), name: "mappings.json")], policy: policy)
        }
    }

    @Test func theCatalogCarriesExclusionsSoValidatingWithoutTheAppDecidesTheSame() throws {
        let document = try Self.plugins(exclusive: true).catalogDocument()
        let text = String(decoding: document, as: UTF8.self)
        #expect(text.contains(#""excludes""#))
        let described = PluginCatalog(described: try CatalogDescription(data: document, source: "catalog.json"))
        let registry = try MappingRegistry(configuration: Data(Self.pair.text.utf8), plugins: described)
        #expect(registry.warnings.filter { $0.code == .possibleAmbiguity } == [])
        let open = PluginCatalog(described: try CatalogDescription(data: Self.plugins(exclusive: false).catalogDocument(), source: "catalog.json"))
        let warned = try MappingRegistry(configuration: Data(Self.pair.text.utf8), plugins: open)
        #expect(warned.warnings.filter { $0.code == .possibleAmbiguity }.count == 1)
    }
}
