import Foundation
import MappingRegistry
import RegistryFixtures
import TestSupport
import Testing

/// The overlap and duplicate proofs try every answer of at most 10 distinct
/// predicate calls; past that they leave a pair to render time and say so
/// once per load, as the warning `undecided-overlap`.
@Suite struct ProofLimitTests {
    static func plugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "priceAbove", for: Dish.self, argument: Double.self) { dish, limit, _ in dish.price > limit }
        return plugins
    }

    /// `{"any": [priceAbove 1, …, priceAbove count]}`: `count` distinct calls.
    static func anyOfCalls(_ count: Int, from first: Int = 1) -> String {
        let calls = (first..<first + count).map { #"{"predicate": "priceAbove", "argument": \#($0)}"# }
        return #"{"any": [\#(calls.joined(separator: ", "))]}"#
    }

    static func describedCalls(_ count: Int) -> String {
        "any[" + (1...count).map { "predicate 'priceAbove' (\($0))" }.joined(separator: ", ") + "]"
    }

    @Test func tenDistinctPredicateCallsAreStillProvedToOverlap() {
        let marked = MarkedText(configuration(
            #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
            #"2️⃣{"view": "Plain", "model": "Dish", "condition": \#(Self.anyOfCalls(10))}"#
        ))
        let diagnostics = loadDiagnostics(marked.text, plugins: Self.plugins()).filter { $0.severity == .error }
        #expect(diagnostics.map(\.description) == [
            marked.expand("mappings.json:2️⃣: error: 'Plain' here and 'DishRow' at mappings.json:1️⃣ both show 'Dish' as cell with priority 0 wherever \(Self.describedCalls(10)) holds; give one a higher priority or make the conditions disjoint [overlapping-mappings]"),
        ])
    }

    @Test func elevenDistinctPredicateCallsAreLeftToRenderTimeWithOneRemark() throws {
        // Three pairs past the limit (1–2, 1–3, 2–3): one remark, at the first.
        let marked = MarkedText(configuration(
            #"1️⃣{"view": "DishRow", "model": "Dish"}"#,
            #"2️⃣{"view": "Plain", "model": "Dish", "condition": \#(Self.anyOfCalls(11))}"#,
            #"{"view": "DishRow", "model": "Dish", "condition": \#(Self.anyOfCalls(11, from: 20))}"#
        ))
        let registry = try MappingRegistry(configuration: Data(marked.text.utf8), plugins: Self.plugins())
        let remarks = registry.warnings.filter { $0.code == .undecidedOverlap }
        #expect(remarks.map(\.description) == [
            marked.expand("mappings.json:2️⃣: warning: whether 'Plain' here and 'DishRow' at mappings.json:1️⃣ overlap is left to render time: their conditions make 11 distinct predicate calls and overlap and duplicate proofs try at most 10; this is said once per load, for the first such pair [undecided-overlap]"),
        ])
        #expect(remarks.first?.notes.map(\.message) == ["'DishRow' is declared here"])
    }
}
