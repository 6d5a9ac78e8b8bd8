import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// The same mappings and events declared twice, with `.on(…)` closures in
/// Swift and with named handlers listed under `"events"` in JSON, must
/// answer every event the same way for every item at every position.
@Suite struct SwiftAndJSONEventsTests {
    /// The fixture catalog plus a second predicate on `Int`, so that `8`
    /// (big and even) is claimed by two mappings.
    static func basePlugins() -> PluginCatalog {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isEven", for: Int.self) { number, _ in number.isMultiple(of: 2) }
        return plugins
    }

    /// The mappings in Swift: view-taking handlers where a view is at hand
    /// (their text comes from the view, so it proves the view was updated
    /// with the item), model-only handlers elsewhere.
    static func swiftRegistry(log: EventLog) throws -> MappingRegistry {
        try MappingRegistry(plugins: basePlugins()) {
            Map(DishRow.self, priority: 1)
                .on(.didSelect) { (row: DishRow, _: Dish, position) in log.record("select \(row.render()) at \(position)") }
                .on(.canMove) { (dish: Dish, _) in !dish.vegan }
            Map(DishRow.self, when: .section(0), priority: 2, reuseIdentifier: "special")
                .on(.willDisplay) { (dish: Dish, position) in log.record("display special \(dish.name) at \(position)") }
            Map(FoodRow.self)
                .on(.didSelect) { (row: FoodRow, _: any Food, position) in log.record("select \(row.render()) at \(position)") }
                .on(.canMove) { (_: any Food, position) in position.section != 2 }
            // By names, so a closure may take a narrower model (Cat) than the
            // mapping's (Animal), as a named handler may: a typed Map's
            // closures take exactly its model.
            Map("AnimalRow", model: "Animal")
                .on(.didSelect) { (animal: Animal, position) in log.record("select animal \(animal.name) at \(position)") }
                .on(.willDisplay) { (cat: Cat, position) in log.record("display cat \(cat.name) at \(position)") }
            Map(NumberRow.self, when: .predicate("isBig"))
                .on(.canMove) { (number: Int, _) in number.isMultiple(of: 7) }
            Map("SmallNumber", for: Int.self, when: .predicate("isEven"))
                .on(.didSelect) { (number: Int, position) in log.record("select number \(number) at \(position)") }
            Map(TitleView.self, kind: .header)
                .on(.willDisplay) { (title: String, position) in log.record("display header \(title) in section \(position.section)") }
        }
    }

    /// The same mappings in JSON, with a named handler for each closure
    /// (named handlers take no view, so they compute the view's text).
    static func jsonRegistry(log: EventLog) throws -> MappingRegistry {
        var plugins = basePlugins()
        plugins.register(handler: "selectDish", for: .didSelect, model: Dish.self) { dish, position in log.record("select dish \(dish.name) at \(position)") }
        plugins.register(handler: "dishCanMove", for: .canMove, model: Dish.self) { dish, _ in !dish.vegan }
        plugins.register(handler: "displaySpecial", for: .willDisplay, model: Dish.self) { dish, position in log.record("display special \(dish.name) at \(position)") }
        plugins.register(handler: "selectFood", for: .didSelect, model: (any Food).self) { food, position in log.record("select food \(food.name) at \(position)") }
        plugins.register(handler: "foodCanMove", for: .canMove, model: (any Food).self) { _, position in position.section != 2 }
        plugins.register(handler: "selectAnimal", for: .didSelect, model: Animal.self) { animal, position in log.record("select animal \(animal.name) at \(position)") }
        plugins.register(handler: "displayCat", for: .willDisplay, model: Cat.self) { cat, position in log.record("display cat \(cat.name) at \(position)") }
        plugins.register(handler: "bigCanMove", for: .canMove, model: Int.self) { number, _ in number.isMultiple(of: 7) }
        plugins.register(handler: "selectNumber", for: .didSelect, model: Int.self) { number, position in log.record("select number \(number) at \(position)") }
        plugins.register(handler: "displayHeader", for: .willDisplay, model: String.self) { title, position in log.record("display header \(title) in section \(position.section)") }
        let json = configuration(
            #"{"view": "DishRow", "model": "Dish", "priority": 1, "events": {"didSelect": "selectDish", "canMove": "dishCanMove"}}"#,
            #"{"view": "DishRow", "model": "Dish", "condition": {"section": 0}, "priority": 2, "reuseIdentifier": "special", "events": {"willDisplay": "displaySpecial"}}"#,
            #"{"view": "FoodRow", "model": "Food", "events": {"didSelect": "selectFood", "canMove": "foodCanMove"}}"#,
            #"{"view": "AnimalRow", "model": "Animal", "events": {"didSelect": "selectAnimal", "willDisplay": "displayCat"}}"#,
            #"{"view": "NumberRow", "model": "Int", "condition": {"predicate": "isBig"}, "events": {"canMove": "bigCanMove"}}"#,
            #"{"view": "SmallNumber", "model": "Int", "condition": {"predicate": "isEven"}, "events": {"didSelect": "selectNumber"}}"#,
            #"{"view": "TitleView", "model": "String", "kind": "header", "events": {"willDisplay": "displayHeader"}}"#
        )
        return try loadRegistry(json, plugins: plugins)
    }

    /// Items of every shape: a struct (plain, vegan, in an Optional, nil),
    /// a value of a protocol, a class and its subclass, integers that one,
    /// two or no mapping claims, and values no mapping takes.
    static var items: [Any] {
        [
            Dish(name: "Soup", price: 5), Dish(name: "Salad", price: 7, vegan: true),
            Optional(Dish(name: "Stew", price: 9)) as Any, Optional<Dish>.none as Any,
            Drink(name: "Tea"), Animal(name: "Rex"), Cat(name: "Tom"),
            7, 8, 4, 3, 1.5, "Starters",
        ]
    }

    static let positions = [at(0, 0), at(1, 0), at(0, 1), at(3, 2)]

    /// One event sent to one item, and the summary of what it gave.
    struct Answer: Equatable, CustomStringConvertible {
        let question: String
        let answer: String
        var description: String { "\(question) → \(answer)" }
    }

    /// Every event sent to every item at every position: through a reuse
    /// pool (which hands view-taking handlers its view), through the
    /// registry for the events whose handlers take no view, and to headers.
    static func answers(of registry: MappingRegistry) -> [Answer] {
        let pool = ReusePool(registry: registry)
        var answers: [Answer] = []
        func ask<Output>(_ question: String, _ result: EventResult<Output>) {
            answers.append(Answer(question: question, answer: summary(result, in: registry)))
        }
        for item in items {
            for position in positions {
                let place = "\(item) at \(position)"
                ask("\(place) pool didSelect", pool.send(.didSelect, to: item, at: position))
                ask("\(place) pool willDisplay", pool.send(.willDisplay, to: item, at: position))
                ask("\(place) pool canMove", pool.send(.canMove, to: item, at: position))
                ask("\(place) registry willDisplay", registry.send(.willDisplay, to: item, at: position))
                ask("\(place) registry canMove", registry.send(.canMove, to: item, at: position))
                ask("\(place) header willDisplay", registry.send(.willDisplay, to: item, at: position, kind: .header))
            }
        }
        return answers
    }

    @Test func swiftAndJSONDeclareTheSameMappings() throws {
        let swift = try Self.swiftRegistry(log: EventLog())
        let json = try Self.jsonRegistry(log: EventLog())
        func shape(_ mapping: Mapping) -> String {
            "\(mapping.view) \(mapping.model) \(mapping.kind) \(mapping.reuseIdentifier) \(mapping.condition) \(mapping.priority)"
        }
        #expect(swift.mappings.map(shape) == json.mappings.map(shape))
        #expect(swift.mappings.count == 7)
    }

    @Test func swiftAndJSONGiveTheSameResultForEveryItemPositionAndEvent() throws {
        let swiftLog = EventLog()
        let jsonLog = EventLog()
        let swift = Self.answers(of: try Self.swiftRegistry(log: swiftLog))
        let json = Self.answers(of: try Self.jsonRegistry(log: jsonLog))
        #expect(swift.count == json.count)
        for (swiftAnswer, jsonAnswer) in zip(swift, json) where swiftAnswer != jsonAnswer {
            Issue.record("Swift and JSON differ:\n  Swift: \(swiftAnswer)\n  JSON:  \(jsonAnswer)")
        }
        #expect(swiftLog.recorded == jsonLog.recorded)

        // The grid reaches every kind of answer, so the comparison above
        // compares something in each.
        let outcomes = Set(swift.map { $0.answer.split(separator: " ").prefix(2).joined(separator: " ") })
        #expect(outcomes.isSuperset(of: [
            "handled ()", "handled true", "handled false", "unhandled #0", "unhandled #1", "unhandled #2",
            "failed missing-mapping", "failed ambiguous-mapping", "failed nil-model", "failed incompatible-model",
        ]), "\(outcomes.sorted())")
    }

    @Test func theAnswersAreTheHandlersAnswers() throws {
        let log = EventLog()
        let answers = Self.answers(of: try Self.swiftRegistry(log: log))
        func answer(_ question: String) -> String? {
            answers.first { $0.question == question }?.answer
        }
        // A vegan dish may not move; a plain one may; a drink may, except in section 2.
        #expect(answer("Dish(name: \"Salad\", price: 7.0, vegan: true) at section 1, item 0 pool canMove") == "handled false")
        #expect(answer("Dish(name: \"Soup\", price: 5.0, vegan: false) at section 1, item 0 pool canMove") == "handled true")
        #expect(answer("Drink(name: \"Tea\") at section 0, item 0 registry canMove") == "handled true")
        #expect(answer("Drink(name: \"Tea\") at section 2, item 3 registry canMove") == "handled false")
        // In section 0 a dish resolves to the "special" mapping, which has no didSelect handler.
        #expect(answer("Dish(name: \"Soup\", price: 5.0, vegan: false) at section 0, item 0 pool didSelect") == "unhandled #1 DishRow special")
        // The Cat-only willDisplay handler of the Animal mapping cannot take a plain Animal.
        let rex = try #require(answers.first { $0.question.hasPrefix("RegistryFixtures.Animal") && $0.question.hasSuffix("section 0, item 0 pool willDisplay") })
        #expect(rex.answer == "failed incompatible-model section 0, item 0: the 'willDisplay' handler of 'AnimalRow' (#3) takes 'Cat', not 'Animal' at section 0, item 0")
        // The view-taking handlers read the pool's view, updated with the item.
        #expect(log.recorded.contains("select dish Soup at section 1, item 0"))
        #expect(log.recorded.contains("select food Tea at section 2, item 3"))
        #expect(log.recorded.contains("select number 4 at section 0, item 1"))
        #expect(log.recorded.contains("display cat Tom at section 0, item 0"))
        #expect(log.recorded.contains("display header Starters in section 1"))
    }
}
