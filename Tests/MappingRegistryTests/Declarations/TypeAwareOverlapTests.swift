import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// A protocol no fixture class conforms to, and a pet that is also food.
protocol Edible {}
class Pet: @unchecked Sendable {}
final class Goldfish: Pet, Edible, @unchecked Sendable {}

final class PetRow: TextView, ModelTransfer {
    init() {}
    func update(with model: Pet) {}
    func render() -> String { "pet" }
}

final class EdibleRow: TextView, ModelTransfer {
    init() {}
    func update(with model: any Edible) {}
    func render() -> String { "edible" }
}

/// `overlapping-mappings` decided on model types, not names: it is reported
/// exactly when some value provably takes both mappings.
@Suite struct TypeAwareOverlapTests {
    func plugins(registeringGoldfish: Bool = false) -> PluginCatalog {
        var plugins = PluginCatalog()
        plugins.register(model: Promotion.self, named: "Promotion")
        plugins.register(model: HappyHour.self, named: "HappyHour")
        plugins.register(model: Pet.self, named: "Pet")
        plugins.register(model: (any Edible).self, named: "Edible")
        if registeringGoldfish { plugins.register(model: Goldfish.self, named: "Goldfish") }
        plugins.register(view: PromotionBox.self, named: "PromotionBox")
        plugins.register(view: HappyHourRow.self, named: "HappyHourRow")
        plugins.register(view: PetRow.self, named: "PetRow")
        plugins.register(view: EdibleRow.self, named: "EdibleRow")
        return plugins
    }

    func load(_ mappings: String...) -> [Diagnostic] {
        loadDiagnostics(configuration(mappings.joined(separator: ", ")), plugins: plugins()).filter { $0.severity == .error }
    }

    @Test func aClassAndItsSubclassUnconditionalAtEqualPriorityOverlap() {
        let errors = load(#"{"view": "PromotionBox", "model": "Promotion"}"#, #"{"view": "HappyHourRow", "model": "HappyHour"}"#)
        #expect(errors.map(\.description) == [
            "mappings.json:4:53: error: 'HappyHourRow' here and 'PromotionBox' at mappings.json:4:5 both show 'HappyHour' as cell with priority 0 everywhere; give one a higher priority or make the conditions disjoint [overlapping-mappings]",
        ])
    }

    @Test func theSameInSwiftDeclarations() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try MappingRegistry(plugins: plugins()) {
                Map(PromotionBox.self)
                Map(HappyHourRow.self)
            }
        }
        #expect(error.errorCodes == ["overlapping-mappings"])
    }

    @Test func aSubclassMappingWithAHigherPriorityIsFine() {
        #expect(load(#"{"view": "PromotionBox", "model": "Promotion"}"#, #"{"view": "HappyHourRow", "model": "HappyHour", "priority": 1}"#).isEmpty)
    }

    /// Whether `Dish` conforms to `Food` is known only from a value (a
    /// cast), never at load time: no overlap is claimed, and none is
    /// disproved either (the two load, and the render decides by priority).
    @Test func aStructAndAProtocolItMayConformToAreNotCalledOverlapping() {
        let diagnostics = loadDiagnostics(configuration(
            #"{"view": "FoodRow", "model": "Food"}"#,
            #"{"view": "DishRow", "model": "Dish"}"#
        ))
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty)
    }

    @Test func aClassAndAnUnrelatedProtocolAreNotCalledOverlapping() {
        // A subclass of Pet could conform to Edible, but none is known to.
        #expect(load(#"{"view": "PetRow", "model": "Pet"}"#, #"{"view": "EdibleRow", "model": "Edible"}"#).isEmpty)
    }

    /// A registered model that is a subclass and conforms would make the
    /// overlap provable, but its conformance is known only from a value:
    /// still no overlap claimed.
    @Test func aRegisteredModelThatMayBeBothProvesNoOverlap() {
        let errors = loadDiagnostics(
            configuration(#"{"view": "PetRow", "model": "Pet"}"#, #"{"view": "EdibleRow", "model": "Edible"}"#),
            plugins: plugins(registeringGoldfish: true)
        ).filter { $0.severity == .error }
        #expect(errors.isEmpty)
    }

    @Test func twoUnrelatedStructsNeverOverlap() {
        #expect(loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "NumberRow", "model": "Int"}"#
        )).filter { $0.severity == .error }.isEmpty)
    }

    /// Whether `Int` conforms to `Food` is undecidable at load time: the
    /// mapping loads (no configuration is rejected on a guess), and it
    /// never applies, as resolving finds.
    @Test func aStructThatMayNotConformToAProtocolIsNotRejected() throws {
        let registry = try loadRegistry(configuration(#"{"view": "FoodRow", "model": "Int"}"#))
        #expect(registry.resolve(3, at: at(0, 0)).diagnostic?.code == .missingMapping)
    }

    @Test func aFallbackOnAnyAtALowerPriorityIsFineAndAtEqualPriorityOverlapsEverything() throws {
        var plugins = fixtureCatalog()
        plugins.register(model: Any.self, named: "Anything")
        let fine = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "Plain", "model": "Anything", "priority": -1}"#
        ), plugins: plugins).filter { $0.severity == .error }
        #expect(fine.isEmpty)
        let clash = loadDiagnostics(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "Plain", "model": "Anything"}"#
        ), plugins: plugins).filter { $0.severity == .error }
        #expect(clash.map(\.code) == ["overlapping-mappings"])
    }
}
