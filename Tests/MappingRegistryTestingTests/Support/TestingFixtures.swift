import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures

/// The mappings the helpers' tests resolve with: a dish row for dishes, a
/// vegan row in section 1, a catch-all food row of a lower priority, two
/// tied number rows (their overlap a warning, so `Int` resolves ambiguously),
/// a header; `Cat` has no mapping.
func testingRegistry() throws -> MappingRegistry {
    var policy = DiagnosticPolicy()
    try policy.treat(.overlappingMappings, as: .warning)
    let json = configuration(
        #"{ "view": "DishRow", "model": "Dish", "priority": 1 }"#,
        #"{ "view": "FoodRow", "model": "Food" }"#,
        #"{ "view": "Plain", "model": "Dish", "condition": { "all": [{ "section": 1 }, { "predicate": "isVegan" }] }, "priority": 2 }"#,
        #"{ "view": "BigNumber", "model": "Int" }"#,
        #"{ "view": "SmallNumber", "model": "Int" }"#,
        #"{ "view": "TitleView", "model": "String", "kind": "header" }"#
    )
    return try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
}

/// Two sections: a header and a dish, a drink, a cat; then a vegan dish,
/// a number and a stored nil.
func testingStorage() -> SectionsStorage {
    SectionsStorage(sections: [
        .init(items: [Dish(name: "Soup", price: 5), Drink(name: "Tea"), Cat(name: "Tom")], supplementaries: [(kind: "header", model: "Starters")]),
        .init(items: [Dish(name: "Salad", price: 7, vegan: true), 3, Optional<Dish>.none as Any]),
    ])
}
