import Foundation
@testable import MappingRegistry
import RegistryFixtures
import ModelStorage
import Testing

@Suite struct ResolutionTests {
    private func view(_ resolution: Resolution) -> String? {
        resolution.mapping?.view
    }

    @Test func aProtocolTypedModelResolvesForConformingValuesAlsoInsideAnOptional() throws {
        let registry = try loadRegistry(configuration(#"{"view": "FoodRow", "model": "Food"}"#))
        #expect(view(registry.resolve(Dish(name: "Soup", price: 5), at: at(0, 0))) == "FoodRow")
        #expect(view(registry.resolve(Drink(name: "Tea"), at: at(1, 0))) == "FoodRow")
        let optional: Drink?? = Drink(name: "Tea")
        #expect(view(registry.resolve(optional as Any, at: at(2, 0))) == "FoodRow")
        #expect(registry.resolve(42, at: at(3, 0)).diagnostic?.code == "missing-mapping")
    }

    @Test func aSubclassResolvesToItsSuperclassMapping() throws {
        let registry = try loadRegistry(configuration(#"{"view": "AnimalRow", "model": "Animal"}"#))
        #expect(view(registry.resolve(Cat(name: "Tom"), at: at(0, 0))) == "AnimalRow")
        #expect(view(registry.resolve(Animal(name: "Generic"), at: at(1, 0))) == "AnimalRow")
    }

    @Test func aSubclassMappingWinsOnlyByPriorityOverItsSuperclassMapping() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "Plain", "model": "Cat", "priority": 1}"#
        ))
        #expect(view(registry.resolve(Cat(name: "Tom"), at: at(0, 0))) == "Plain")
        #expect(view(registry.resolve(Animal(name: "Rex"), at: at(1, 0))) == "AnimalRow")
    }

    @Test(arguments: [
        (Optional(Optional(7)) as any Sendable, "NumberRow"),
        (Optional(7) as any Sendable, "NumberRow"),
        (7 as any Sendable, "NumberRow"),
    ])
    func optionalsAreUnwrappedAtAnyDepth(value: any Sendable, expected: String) throws {
        let registry = try loadRegistry(configuration(#"{"view": "NumberRow", "model": "Int"}"#))
        #expect(view(registry.resolve(value, at: at(0, 0))) == expected)
    }

    /// An Optional of a class is resolved by the instance's own class, read
    /// in place: a subclass in an `Animal?` finds the subclass's mapping.
    @Test(arguments: [
        (Optional<Animal>.some(Cat(name: "Tom")) as any Sendable, "Plain"),
        (Optional<Optional<Animal>>.some(Cat(name: "Tom")) as any Sendable, "Plain"),
        (Optional<Animal>.some(Animal(name: "Rex")) as any Sendable, "AnimalRow"),
        (Optional<Optional<Animal>>.some(Animal(name: "Rex")) as any Sendable, "AnimalRow"),
        (Optional<any Sendable>.some(Optional<Animal>.some(Cat(name: "Tom"))) as any Sendable, "Plain"),
        (Optional<any Sendable>.some(Animal(name: "Rex")) as any Sendable, "AnimalRow"),
    ])
    func anOptionalOfAClassResolvesByTheInstancesClass(value: any Sendable, expected: String) throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "Plain", "model": "Cat", "priority": 1}"#
        ))
        #expect(view(registry.resolve(value, at: at(0, 0))) == expected)
        #expect(view(registry.resolve(value, at: at(0, 0), by: registry.reference)) == expected)
    }

    @Test(arguments: [
        Optional<Animal>.none as any Sendable,
        Optional<Optional<Animal>>.some(.none) as any Sendable,
        Optional<Optional<Animal>>.none as any Sendable,
        Optional<any Sendable>.some(Optional<Animal>.none) as any Sendable,
    ])
    func aNilOptionalOfAClassGivesNilModel(value: any Sendable) throws {
        let registry = try loadRegistry(configuration(#"{"view": "AnimalRow", "model": "Animal"}"#))
        #expect(registry.resolve(value, at: at(0, 0)).diagnostic?.code == .nilModel)
        // Twice: the second time through the cached unwrapper.
        #expect(registry.resolve(value, at: at(0, 0)).diagnostic?.code == .nilModel)
    }

    /// `Optional<Any>`, as an `[Any?]` storage holds items, is read as the
    /// `Any` it holds.
    @Test func anOptionalAnyIsReadAsTheAnyInside() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "Plain", "model": "Cat", "priority": 1}"#
        ))
        let items: [Any?] = [Cat(name: "Tom"), Animal(name: "Rex"), Optional<Animal>.some(Cat(name: "Kit")) as Any, nil, Optional<Animal>.none as Any]
        let views = items.map { view(registry.resolve($0 as Any, at: at(0, 0))) }
        #expect(views == ["Plain", "AnimalRow", "Plain", nil, nil])
        #expect(items.map { registry.resolve($0 as Any, at: at(0, 0)).diagnostic?.code } == [nil, nil, nil, .nilModel, .nilModel])
    }

    @Test(arguments: [
        Optional<Int>.none as any Sendable,
        Optional<Optional<Int>>.some(.none) as any Sendable,
        Optional<Optional<Int>>.none as any Sendable,
    ])
    func aNilItemGivesNilModel(value: any Sendable) throws {
        let registry = try loadRegistry(configuration(#"{"view": "NumberRow", "model": "Int"}"#))
        let diagnostic = try #require(registry.resolve(value, at: at(2, 1)).diagnostic)
        #expect(diagnostic.description == "error: the cell model at section 1, item 2 is nil; store a value or remove the entry [nil-model]")
        #expect(diagnostic.position == at(2, 1))
    }

    @Test func sectionConditionsSplitItemsBySection() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "BigNumber", "model": "Int", "condition": {"section": 0}}"#,
            #"{"view": "SmallNumber", "model": "Int", "condition": {"section": 1}}"#
        ))
        #expect(view(registry.resolve(3, at: at(0, 0))) == "BigNumber")
        #expect(view(registry.resolve(3, at: at(4, 1))) == "SmallNumber")
        #expect(registry.resolve(3, at: at(0, 2)).diagnostic?.code == "missing-mapping")
    }

    @Test(arguments: [(6, "BigNumber"), (5, "SmallNumber"), (-1, "SmallNumber"), (100, "BigNumber")])
    func predicatesSplitValues(value: Int, expected: String) throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "BigNumber", "model": "Int", "condition": {"predicate": "isBig"}}"#,
            #"{"view": "SmallNumber", "model": "Int", "condition": {"predicate": "isSmall"}}"#
        ))
        #expect(view(registry.resolve(value, at: at(0, 0))) == expected)
    }

    @Test func oneViewRegisteredTwiceWithDifferentConditionsAndReuseIdentifiersWorks() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 0}, "reuseIdentifier": "first"}"#,
            #"{"view": "NumberRow", "model": "Int", "condition": {"section": 1}, "reuseIdentifier": "second"}"#
        ))
        #expect(registry.resolve(1, at: at(0, 0)).mapping?.reuseIdentifier == "first")
        #expect(registry.resolve(1, at: at(0, 1)).mapping?.reuseIdentifier == "second")
    }

    @Test func theHighestPriorityAmongApplyingMappingsWins() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "FoodRow", "model": "Dish", "condition": {"predicate": "isVegan"}, "priority": 1}"#,
            #"{"view": "Plain", "model": "Dish", "condition": {"section": 0}, "priority": 2}"#
        ))
        let vegan = Dish(name: "Salad", price: 7, vegan: true)
        let meat = Dish(name: "Steak", price: 20)
        #expect(view(registry.resolve(vegan, at: at(0, 0))) == "Plain")
        #expect(view(registry.resolve(vegan, at: at(0, 1))) == "FoodRow")
        #expect(view(registry.resolve(meat, at: at(0, 1))) == "DishRow")
    }

    @Test func missingMappingSaysWhyEachMappingOfTheKindDidNotApply() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "BigNumber", "model": "Int", "condition": {"section": 0}}"#,
            // Above 'BigNumber': in section 0 a small number would be claimed by both.
            #"{"view": "SmallNumber", "model": "Int", "condition": {"predicate": "isSmall"}, "priority": 1}"#,
            #"{"view": "TitleView", "model": "String", "kind": "header"}"#
        ))
        let diagnostic = try #require(registry.resolve(9, at: at(4, 1)).diagnostic)
        #expect(diagnostic.description == "error: no cell mapping for 'Int' at section 1, item 4: "
            + "'DishRow' (mappings.json:4:5) wants model 'Dish'; "
            + "'BigNumber' (mappings.json:5:5) requires section 0; "
            + "'SmallNumber' (mappings.json:6:5): predicate 'isSmall' is false [missing-mapping]")
        #expect(diagnostic.position == at(4, 1))
    }

    @Test func missingMappingForAKindWithoutMappings() throws {
        let registry = try loadRegistry(configuration(#"{"view": "DishRow", "model": "Dish"}"#))
        let diagnostic = try #require(registry.resolve("Starters", at: at(0, 3), kind: .footer).diagnostic)
        #expect(diagnostic.description == "error: no footer mapping for 'String' in section 3: mappings.json has no mappings of kind 'footer' [missing-mapping]")
    }

    @Test(arguments: [
        // (declared kind, requested kind, hint expected)
        ("heder", ViewKind.header, true), ("header", ViewKind(rawValue: "heder"), true),
        ("baner", ViewKind(rawValue: "banner"), true), ("note", ViewKind.footer, false),
    ])
    func aKindOneTypoAwayFromADeclaredOneIsPointedOut(declared: String, requested: ViewKind, hinted: Bool) throws {
        let registry = try loadRegistry(configuration(#"{"view": "TitleView", "model": "String", "kind": "\#(declared)"}"#))
        let diagnostic = try #require(registry.resolve("Starters", at: at(0, 3), kind: requested).diagnostic)
        let base = "error: no \(requested) mapping for 'String' in section 3: mappings.json has no mappings of kind '\(requested)'"
        let hint = hinted ? "; it has mappings of kind '\(declared)': a typo in the mappings or in the data?" : ""
        #expect(diagnostic.description == base + hint + " [missing-mapping]")
    }

    @Test func ambiguousMappingNamesEveryTiedCandidateWithItsLocation() throws {
        // Two predicates the checker cannot relate, so the clash shows only
        // for a value both accept.
        var plugins = fixtureCatalog()
        plugins.register(predicate: "hasName", for: (any Food).self) { food, _ in !food.name.isEmpty }
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish", "condition": {"predicate": "isVegan"}}"#,
            #"{"view": "FoodRow", "model": "Food", "condition": {"predicate": "hasName"}}"#,
            #"{"view": "Plain", "model": "Food", "priority": -1}"#
        ), plugins: plugins)
        let resolution = registry.resolve(Dish(name: "Soup", price: 5, vegan: true), at: at(1, 0))
        guard case .ambiguous(let mappings, let diagnostic) = resolution else {
            Issue.record("expected an ambiguous resolution, got \(resolution)")
            return
        }
        #expect(mappings.map(\.view) == ["DishRow", "FoodRow"])
        #expect(diagnostic.description == "mappings.json:4:5: error: 2 cell mappings apply to 'Dish' at section 0, item 1 with priority 0: "
            + "'DishRow' (mappings.json:4:5), 'FoodRow' (mappings.json:5:5); give one a higher priority or a narrower condition [ambiguous-mapping]")
        // A value only one of them takes is not ambiguous.
        #expect(view(registry.resolve(Drink(name: "Tea"), at: at(2, 0))) == "FoodRow")
    }

    @Test func aModelTransferViewAndAHandlerViewCoexistForCellsAndHeaders() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "NumberRow", "model": "Int"}"#,
            #"{"view": "Footnote", "model": "String"}"#,
            #"{"view": "TitleView", "model": "String", "kind": "header"}"#,
            #"{"view": "BigNumber", "model": "Int", "kind": "header"}"#
        ))
        #expect(view(registry.resolve(1, at: at(0, 0))) == "NumberRow")
        #expect(view(registry.resolve("note", at: at(1, 0))) == "Footnote")
        #expect(view(registry.resolve("Mains", at: at(0, 0), kind: .header)) == "TitleView")
        #expect(view(registry.resolve(2, at: at(0, 0), kind: .header)) == "BigNumber")
    }

    @Test func customKindsResolveSeparately() throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "TitleView", "model": "String", "kind": "badge"}"#,
            #"{"view": "Footnote", "model": "String"}"#
        ))
        #expect(view(registry.resolve("new", at: at(0, 0), kind: "badge")) == "TitleView")
        #expect(view(registry.resolve("new", at: at(0, 0))) == "Footnote")
        #expect(registry.customKinds == ["badge"])
    }

    @Test func aViewForASubclassDoesNotTakeItsSuperclass() throws {
        var plugins = fixtureCatalog()
        plugins.register(view: "CatOnly", for: Cat.self) { cat, _ in cat.name }
        let registry = try loadRegistry(configuration(#"{"view": "CatOnly", "model": "Animal"}"#), plugins: plugins)
        #expect(view(registry.resolve(Cat(name: "Tom"), at: at(0, 0))) == "CatOnly")
        let diagnostic = registry.resolve(Animal(name: "Rex"), at: at(1, 0)).diagnostic
        #expect(diagnostic?.message.hasSuffix("'CatOnly' (mappings.json:4:5): the view takes 'Cat'") == true)
    }

    @Test func valueDependentTypesAreCheckedPerValue() throws {
        var plugins = fixtureCatalog()
        plugins.register(model: [Int].self, named: "Numbers")
        plugins.register(view: "Numbers", for: [Int].self) { numbers, _ in "\(numbers.count) numbers" }
        let registry = try loadRegistry(configuration(#"{"view": "Numbers", "model": "Numbers"}"#), plugins: plugins)
        let numbers: [Any] = [1, 2]
        let mixed: [Any] = [1, "two"]
        #expect(view(registry.resolve(numbers, at: at(0, 0))) == "Numbers")
        #expect(registry.resolve(mixed, at: at(1, 0)).diagnostic?.code == "missing-mapping")
        #expect(view(registry.resolve(numbers, at: at(2, 0))) == "Numbers")
    }

    @Test func resolvingFromManyTasksAtOnceGivesTheSameAnswers() async throws {
        let registry = try loadRegistry(configuration(
            #"{"view": "DishRow", "model": "Dish"}"#,
            #"{"view": "FoodRow", "model": "Dish", "condition": {"predicate": "isVegan"}, "priority": 1}"#,
            #"{"view": "AnimalRow", "model": "Animal"}"#,
            #"{"view": "BigNumber", "model": "Int", "condition": {"section": 0}}"#,
            #"{"view": "SmallNumber", "model": "Int", "condition": {"section": 1}}"#
        ))
        let values: [any Sendable] = [
            Dish(name: "a", price: 1), Dish(name: "b", price: 1, vegan: true), Cat(name: "c"),
            Animal(name: "d"), 1, Optional(2) as any Sendable, "missing", Optional<Int>.none as any Sendable,
        ]
        func answers() -> [String] {
            (0..<400).map { index in
                let resolution = registry.resolve(values[index % values.count], at: at(index, index % 3))
                return resolution.mapping?.view ?? resolution.diagnostic?.code.rawValue ?? "?"
            }
        }
        let expected = answers()
        let results = await withTaskGroup(of: [String].self) { group in
            for _ in 0..<16 { group.addTask { answers() } }
            var all: [[String]] = []
            for await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == expected })
        #expect(Set(expected) == ["DishRow", "FoodRow", "AnimalRow", "BigNumber", "SmallNumber", "missing-mapping", "nil-model"])
    }
}
