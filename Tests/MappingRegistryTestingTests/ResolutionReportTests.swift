import MappingRegistry
import MappingRegistryTesting
import ModelStorage
import RegistryFixtures
import Testing

/// `ResolutionReport`: the whole table, asserted as text.
@Suite struct ResolutionReportTests {
    @Test func theReportHasOneAlignedLinePerModel() throws {
        let report = ResolutionReport(registry: try testingRegistry(), storage: testingStorage())
        #expect(report.description == """
            position           model   mapping
            section 0, header  String  TitleView (mappings.json:9:5)
            section 0, item 0  Dish    DishRow (mappings.json:4:5)
            section 0, item 1  Drink   FoodRow (mappings.json:5:5)
            section 0, item 2  Cat     missing-mapping
            section 1, item 0  Dish    Plain (mappings.json:6:5)
            section 1, item 1  Int     ambiguous-mapping
            section 1, item 2  nil     nil-model

            """)
    }

    @Test func explainSaysWhyEachOtherMappingLost() throws {
        let storage = SectionsStorage(sections: [.init(items: [Dish(name: "Soup", price: 5), 3])])
        let report = ResolutionReport(registry: try testingRegistry(), storage: storage, explain: true)
        #expect(report.description == """
            position           model  mapping
            section 0, item 0  Dish   DishRow (mappings.json:4:5)
                - 'FoodRow' (mappings.json:5:5) applies, but with priority 0, below 1
                - 'Plain' (mappings.json:6:5) requires section 1
                - 'BigNumber' (mappings.json:7:5) wants model 'Int'
                - 'SmallNumber' (mappings.json:8:5) wants model 'Int'
            section 0, item 1  Int    ambiguous-mapping
                - 'DishRow' (mappings.json:4:5) wants model 'Dish'
                - 'FoodRow' (mappings.json:5:5) wants model 'Food'
                - 'Plain' (mappings.json:6:5) wants model 'Dish'
                - 'BigNumber' (mappings.json:7:5) applies with priority 0, as 1 other does
                - 'SmallNumber' (mappings.json:8:5) applies with priority 0, as 1 other does

            """)
    }

    @Test func aFailedConditionNamesItsFailingPredicate() throws {
        let storage = SectionsStorage(sections: [.init(items: []), .init(items: [Dish(name: "Soup", price: 5)])])
        let report = ResolutionReport(registry: try testingRegistry(), storage: storage, explain: true)
        #expect(report.description.contains("\n    - 'Plain' (mappings.json:6:5): predicate 'isVegan' is false\n"))
    }

    @Test func equalInputsGiveEqualReportsAndAChangedItemDoesNot() throws {
        let registry = try testingRegistry()
        let first = ResolutionReport(registry: registry, storage: testingStorage())
        #expect(first == ResolutionReport(registry: try testingRegistry(), storage: testingStorage()))
        var storage = testingStorage()
        storage.sections[0].items[2] = Dish(name: "Stew", price: 9)
        let changed = ResolutionReport(registry: registry, storage: storage)
        #expect(first != changed)
        #expect(changed.description.contains("\nsection 0, item 2  Dish    DishRow (mappings.json:4:5)\n"))
    }
}
