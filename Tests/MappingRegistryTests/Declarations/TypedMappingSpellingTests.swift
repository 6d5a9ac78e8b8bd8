import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// Every spelling a DTTableViewManager user writes, with no parameter type
/// written: `Map(…)` knows its view and model, so each closure's types are
/// inferred. Each closure uses a member only its inferred type has (the
/// view's `render()`, the model's `name`), so a wrong inference does not
/// compile; every handler then runs, sent through a pool and a registry.
@Suite struct TypedMappingSpellingTests {
    /// The spellings of DESIGN's "Typed mappings", and of rounds 2 and 3.
    static func registry(_ log: EventLog) throws -> MappingRegistry {
        var plugins = fixtureCatalog()
        // A named handler that takes the view: its model is the view's, inferred.
        plugins.register(handler: "selectAnimal", for: .didSelect, view: AnimalRow.self) { row, animal, position in
            log.record("named \(row.render()) \(animal.name) at \(position)")
        }
        let showsSpecials = true
        return try MappingRegistry(plugins: plugins, sources: [
            .declarations {
                // (view, model, position) and (model, position), both unannotated.
                Map(DishRow.self)
                    .on(.didSelect) { row, dish, position in log.record("select \(row.render()) \(dish.price) at \(position)") }
                    .on(.willDisplay) { dish, position in log.record("display \(dish.name) at \(position)") }
                    .on(.canMove) { dish, _ in !dish.vegan }
                // A narrower model than the view's: the closure gets a Drink.
                Map(FoodRow.self, for: Drink.self)
                    .on(.didSelect) { row, drink, position in log.record("select \(row.render()) \(drink.name) at \(position)") }
                // A handler view by name: the model is inferred from `for:`.
                Map("SmallNumber", for: Int.self, when: .section(1), priority: 1, reuseIdentifier: "small")
                    .on(.didSelect) { number, position in log.record("select number \(number.magnitude) at \(position)") }
                // A view class that is not a TextView.
                Map(HostDishCell.self, kind: "detail")
                    .on(.didSelect) { cell, dish, _ in log.record("cell \(cell.title) for \(dish.name)") }
                if showsSpecials {
                    Map(TitleView.self, kind: .header)
                        .on(.willDisplay) { title, position in log.record("header \(title.uppercased()) in section \(position.section)") }
                }
                // DESIGN round 3: the types written out still compile.
                MappingRegistry.Map(NumberRow.self)
                    .on(.didSelect) { (row: NumberRow, number: Int, position: ItemPosition) in log.record("select \(row.render()) at \(position)") }
                    .on(.willDisplay) { (number: Int, _) in log.record("display number \(number)") }
                // JSON's named handler on a Swift mapping of its view.
                Map("AnimalRow", model: "Animal", decorators: [])
            },
            // A heterogeneous array literal.
            .declarations([Map("Footnote", for: String.self, kind: .footer), Map("BigNumber", for: Int.self, kind: "badge")]),
            .json(Data(#"{"version": 1, "mappings": [{"view": "AnimalRow", "model": "Animal", "kind": "card", "events": {"didSelect": "selectAnimal"}}]}"#.utf8), name: "mappings.json"),
        ])
    }

    @Test func everyHandlerRunsWithTheTypesItWasInferredWith() throws {
        let log = EventLog()
        let registry = try Self.registry(log)
        let pool = ReusePool(registry: registry)
        let soup = Dish(name: "Soup", price: 6.5, vegan: true)
        #expect(pool.send(.didSelect, to: soup, at: at(0, 0)).output != nil)
        #expect(registry.send(.willDisplay, to: soup, at: at(1, 0)).output != nil)
        #expect(registry.send(.canMove, to: soup, at: at(1, 0)).output == false)
        #expect(pool.send(.didSelect, to: Drink(name: "Tea"), at: at(2, 0)).output != nil)
        #expect(registry.send(.didSelect, to: -3, at: at(0, 1)).output != nil)
        #expect(registry.send(.didSelect, to: soup, at: at(0, 0), kind: "detail", view: HostDishCell()).output != nil)
        #expect(registry.send(.willDisplay, to: "Mains", at: at(0, 2), kind: .header).output != nil)
        #expect(pool.send(.didSelect, to: 8, at: at(3, 0)).output != nil)
        #expect(registry.send(.willDisplay, to: 8, at: at(3, 0)).output != nil)
        #expect(pool.send(.didSelect, to: Cat(name: "Tom"), at: at(0, 0), kind: "card").output != nil)
        #expect(log.recorded == [
            "select dish Soup 6.5 at section 0, item 0",
            "display Soup at section 0, item 1",
            "select food Tea Tea at section 0, item 2",
            "select number 3 at section 1, item 0",
            "cell  for Soup",
            "header MAINS in section 2",
            "select number 8 at section 0, item 3",
            "display number 8",
            "named animal Tom Tom at section 0, item 0",
        ])
    }

    @Test func declarationsOfDifferentTypesShareOneArray() throws {
        let declarations: [MappingDeclaration] = [Map(DishRow.self), Map(NumberRow.self, priority: 2), Map("Plain", for: Any.self, priority: -1)]
        let registry = try MappingRegistry(plugins: fixtureCatalog(), sources: [.declarations(declarations)])
        #expect(registry.mappings.map(\.view) == ["DishRow", "NumberRow", "Plain"])
        #expect(declarations.map(\.location.line) == [#line - 3, #line - 3, #line - 3])
    }
}
