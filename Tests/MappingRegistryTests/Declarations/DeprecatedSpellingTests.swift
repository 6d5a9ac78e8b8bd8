import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// Declarations written one way or another, for comparing spellings.
protocol DeclarationSpelling {
    static func declarations() -> [MappingDeclaration]
}

/// The round-2 spellings `MappingDeclaration(…)`, kept as deprecated
/// aliases of `Map(…)`. Deprecated itself, so using them is no warning; the
/// test reaches it through the protocol, which is not.
enum RoundTwoSpelling: DeclarationSpelling {
    @available(*, deprecated, message: "exercises the deprecated spellings")
    static func declarations() -> [MappingDeclaration] {
        [
            MappingDeclaration(DishRow.self),
            MappingDeclaration(FoodRow.self, for: Drink.self),
            MappingDeclaration("Footnote", for: String.self, kind: .footer),
            MappingDeclaration("NumberRow", model: "Int", priority: 2),
            MappingDeclaration(HostCell.self, kind: "host"),
        ]
    }
}

/// The same mappings as `Map(…)`.
enum RoundFourSpelling: DeclarationSpelling {
    static func declarations() -> [MappingDeclaration] {
        [
            Map(DishRow.self),
            Map(FoodRow.self, for: Drink.self),
            Map("Footnote", for: String.self, kind: .footer),
            Map("NumberRow", model: "Int", priority: 2),
            Map(HostCell.self, kind: "host"),
        ]
    }
}

/// A view class that is not a `TextView`.
final class HostCell: ModelTransfer {
    func update(with model: Dish) {}
}

@Suite struct DeprecatedSpellingTests {
    static func mappings<Spelling: DeclarationSpelling>(_ spelling: Spelling.Type) throws -> [String] {
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [.declarations(spelling.declarations())])
        return registry.mappings.map { "\($0.view) \($0.model) \($0.kind) \($0.priority) \($0.location.line)" }
    }

    @Test func theRoundTwoInitializersDeclareWhatMapDeclares() throws {
        let old = try Self.mappings(RoundTwoSpelling.self)
        let new = try Self.mappings(RoundFourSpelling.self)
        #expect(old.map { $0.split(separator: " ").dropLast() } == new.map { $0.split(separator: " ").dropLast() })
        #expect(new.map { String($0.split(separator: " ").dropLast().joined(separator: " ")) } == [
            "DishRow Dish cell 0", "FoodRow Drink cell 0", "Footnote String footer 0", "NumberRow Int cell 2", "HostCell Dish host 0",
        ])
        // Each located at its own call, not inside the library.
        #expect(Set(old.map { $0.split(separator: " ").last }).count == 5)
    }
}
