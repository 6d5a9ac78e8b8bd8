import Foundation
import MappingRegistry
import MappingRegistryTesting
import ModelStorage
import RegistryFixtures
import Testing

/// `expectResolution` records nothing when the item resolves to the view
/// expected, and otherwise exactly one issue, at the caller's line, that
/// says what happened instead.
@Suite struct ExpectResolutionTests {
    @Test func aRightExpectationRecordsNothing() throws {
        let registry = try testingRegistry()
        let issues = RecordedIssues()
        withKnownIssue(isIntermittent: true) {
            expectResolution(of: Dish(name: "Soup", price: 5), at: at(0, 0), in: registry, is: "DishRow")
            expectResolution(of: Dish(name: "Salad", price: 7, vegan: true), at: at(0, 1), in: registry, is: "Plain")
            expectResolution(of: Optional(Drink(name: "Tea")) as Any, at: at(1, 0), in: registry, is: "FoodRow")
            expectResolution(of: "Starters", at: at(0, 0), in: registry, is: "TitleView", kind: .header)
        } matching: { issues.match($0) }
        #expect(issues.all.isEmpty)
    }

    @Test func aWrongViewRecordsExactlyOneIssueAtTheCallersLine() throws {
        let registry = try testingRegistry()
        let issues = RecordedIssues()
        var line = 0
        withKnownIssue {
            line = #line; expectResolution(of: Dish(name: "Soup", price: 5), at: at(3, 1), in: registry, is: "FoodRow")
        } matching: { issues.match($0) }
        #expect(issues.all.count == 1)
        #expect(issues.all.first?.line == line)
        #expect(issues.all.first?.text == "'Dish' at section 1, item 3 resolved to DishRow (mappings.json:4:5), expected FoodRow")
    }

    @Test func aMissingMappingRecordsTheRegistrysDiagnostic() throws {
        let registry = try testingRegistry()
        let cat = Cat(name: "Tom")
        let diagnostic = try #require(registry.resolve(cat, at: at(2, 0)).diagnostic)
        let issues = RecordedIssues()
        var line = 0
        withKnownIssue {
            line = #line; expectResolution(of: cat, at: at(2, 0), in: registry, is: "AnimalRow")
        } matching: { issues.match($0) }
        #expect(issues.all.count == 1)
        #expect(issues.all.first?.line == line)
        #expect(issues.all.first?.text == "'Cat' at section 0, item 2 is missing: \(diagnostic.message) [missing-mapping], expected AnimalRow")
        #expect(diagnostic.message.hasPrefix("no cell mapping for 'Cat' at section 0, item 2: "))
    }

    @Test func anAmbiguousItemAndASupplementaryKindSayWhichKindAndSection() throws {
        let registry = try testingRegistry()
        let issues = RecordedIssues()
        withKnownIssue {
            expectResolution(of: 3, at: at(1, 1), in: registry, is: "BigNumber")
            expectResolution(of: "Starters", at: at(0, 2), in: registry, is: "TitleView", kind: .footer)
        } matching: { issues.match($0) }
        let texts = issues.all.map(\.text)
        #expect(texts.count == 2)
        #expect(texts.first?.hasPrefix("'Int' at section 1, item 1 is ambiguous: 2 cell mappings apply to 'Int' at section 1, item 1 with priority 0: ") == true)
        #expect(texts.first?.hasSuffix(" [ambiguous-mapping], expected BigNumber") == true)
        #expect(texts.last?.hasPrefix("'String' footer in section 2 is missing: no footer mapping for 'String' in section 2: ") == true)
    }
}

/// `expectResolution` tells two mappings of one view apart by their reuse
/// identifiers, or by where they are declared.
@Suite struct ExpectResolutionOfOneMappingTests {
    /// The plain dish row (Swift), the hero one of section 1 (Swift), and a
    /// food row of a lower priority from `mappings.json`.
    static func registry() throws -> (registry: MappingRegistry, hero: MappingDeclaration) {
        let hero = Map(DishRow.self, when: .section(1), priority: 1, reuseIdentifier: "hero")
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [
            .declarations([Map(DishRow.self), hero]),
            .json(Data(configuration(#"{ "view": "FoodRow", "model": "Food", "priority": -1 }"#).utf8), name: "mappings.json"),
        ])
        return (registry, hero)
    }

    @Test func theRightReuseIdentifierOrPlaceRecordsNothing() throws {
        let (registry, hero) = try Self.registry()
        let soup = Dish(name: "Soup", price: 5)
        let issues = RecordedIssues()
        withKnownIssue(isIntermittent: true) {
            expectResolution(of: soup, at: at(0, 1), in: registry, is: "DishRow", reuseIdentifier: "hero")
            expectResolution(of: soup, at: at(0, 0), in: registry, is: "DishRow", reuseIdentifier: "DishRow")
            expectResolution(of: soup, at: at(0, 1), in: registry, is: "DishRow", declaredAt: hero.location.description)
            expectResolution(of: Drink(name: "Tea"), at: at(0, 0), in: registry, is: "FoodRow", declaredAt: "mappings.json:4:5")
        } matching: { issues.match($0) }
        #expect(issues.all.isEmpty)
    }

    @Test func thePlainRowIsNotTheHeroRow() throws {
        let (registry, hero) = try Self.registry()
        let issues = RecordedIssues()
        var line = 0
        withKnownIssue {
            line = #line; expectResolution(of: Dish(name: "Soup", price: 5), at: at(0, 0), in: registry, is: "DishRow", reuseIdentifier: "hero")
        } matching: { issues.match($0) }
        #expect(issues.all.count == 1)
        #expect(issues.all.first?.line == line)
        let plain = try #require(registry.mappings.first)
        #expect(issues.all.first?.text == "'Dish' at section 0, item 0 resolved to DishRow (\(plain.location)), expected DishRow \"hero\"")
        #expect(plain.location != hero.location)
    }

    @Test func theHeroRowIsNotThePlainRow() throws {
        let (registry, hero) = try Self.registry()
        let issues = RecordedIssues()
        withKnownIssue {
            expectResolution(of: Dish(name: "Soup", price: 5), at: at(0, 1), in: registry, is: "DishRow", reuseIdentifier: "DishRow")
        } matching: { issues.match($0) }
        #expect(issues.all.map(\.text) == ["'Dish' at section 1, item 0 resolved to DishRow \"hero\" (\(hero.location)), expected DishRow"])
    }

    @Test func aMappingDeclaredElsewhereRecordsWhereItWasExpected() throws {
        let (registry, _) = try Self.registry()
        let issues = RecordedIssues()
        withKnownIssue {
            expectResolution(of: Drink(name: "Tea"), at: at(0, 0), in: registry, is: "FoodRow", declaredAt: "mappings.json:5:5")
        } matching: { issues.match($0) }
        #expect(issues.all.map(\.text) == ["'Drink' at section 0, item 0 resolved to FoodRow (mappings.json:4:5), expected FoodRow declared at mappings.json:5:5"])
    }

    /// The identity a report prints names a Swift mapping too.
    @Test func theReportsIdentityOfASwiftMappingMatches() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [.declarations([Map(DishRow.self)])])
        let issues = RecordedIssues()
        withKnownIssue(isIntermittent: true) {
            expectResolution(
                of: Dish(name: "Soup", price: 5), at: at(0, 0), in: registry, is: "DishRow",
                declaredAt: "MappingRegistryTestingTests/ExpectResolutionTests.swift"
            )
        } matching: { issues.match($0) }
        #expect(issues.all.isEmpty)
    }
}

/// `expectNoProblems` records one issue per model that does not resolve,
/// each at the caller's line, in the order a renderer shows them.
@Suite struct ExpectNoProblemsTests {
    @Test func eachFailingModelRecordsOneIssueAtTheCallersLine() throws {
        let registry = try testingRegistry()
        let issues = RecordedIssues()
        var line = 0
        withKnownIssue {
            line = #line; expectNoProblems(in: registry, storage: testingStorage())
        } matching: { issues.match($0) }
        let recorded = issues.all
        #expect(recorded.count == 3)
        #expect(recorded.allSatisfy { $0.line == line })
        let texts = recorded.map(\.text)
        #expect(texts.count == 3)
        guard texts.count == 3 else { return }
        #expect(texts[0].hasPrefix("'Cat' at section 0, item 2 is missing: no cell mapping for 'Cat' at section 0, item 2: "))
        #expect(texts[0].hasSuffix(" [missing-mapping]"))
        #expect(texts[1].hasPrefix("'Int' at section 1, item 1 is ambiguous: 2 cell mappings apply to 'Int' "))
        #expect(texts[2] == "nil at section 1, item 2 is missing: the cell model at section 1, item 2 is nil; store a value or remove the entry [nil-model]")
    }

    @Test func aStorageThatResolvesRecordsNothing() throws {
        let registry = try testingRegistry()
        let storage = SectionsStorage(sections: [
            .init(items: [Dish(name: "Soup", price: 5), Drink(name: "Tea")], supplementaries: [(kind: "header", model: "Starters")]),
        ])
        let issues = RecordedIssues()
        withKnownIssue(isIntermittent: true) {
            expectNoProblems(in: registry, storage: storage)
        } matching: { issues.match($0) }
        #expect(issues.all.isEmpty)
    }
}
