import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// Sending events from a host: `ReusePool.send` with the pool's own view,
/// `MappingRegistry.send` with the host's view, and every way a send fails.
@Suite struct EventSendTests {
    /// `MappingEvent<SeenView>("inspect")`: a handler's report of the view it was given.
    static let inspect = MappingEvent<SeenView>("inspect")

    static let soup = Dish(name: "Soup", price: 5)
    static let salad = Dish(name: "Salad", price: 7, vegan: true)

    /// The ID a pool's `IdentityRow` rendered with.
    static func renderedView(_ result: Result<String, Diagnostic>) throws -> String {
        let text = try result.get()
        return String(text.prefix { $0 != " " })
    }

    // MARK: - ReusePool.send

    @Test func thePoolHandsAViewTakingHandlerItsOwnViewUpdatedWithTheItem() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(IdentityRow.self).on(Self.inspect) { (row: IdentityRow, _: Dish, _) in row.seen }
        }
        let pool = ReusePool(registry: registry)
        let rendered = try Self.renderedView(pool.render(Self.soup, at: at(0, 0)))

        // The handler gets the view the pool renders with, showing the salad, not the soup.
        let seen = try #require(pool.send(Self.inspect, to: Self.salad, at: at(1, 0)).output)
        #expect("\(seen.view)" == rendered)
        #expect(seen.shows == "Salad")
        // An Optional item is unwrapped before the view is updated with it.
        let stew = Optional(Dish(name: "Stew", price: 9))
        #expect(pool.send(Self.inspect, to: stew as Any, at: at(2, 0)).output?.shows == "Stew")
        #expect(pool.viewsCreated == 1)
        // And rendering goes on with that same view.
        #expect(try Self.renderedView(pool.render(Self.soup, at: at(0, 0))) == rendered)
    }

    @Test func aSendBeforeAnyRenderCreatesTheViewThePoolThenRendersWith() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(IdentityRow.self).on(Self.inspect) { (row: IdentityRow, _: Dish, _) in row.seen }
        }
        let pool = ReusePool(registry: registry)
        #expect(pool.viewsCreated == 0)
        let seen = try #require(pool.send(Self.inspect, to: Self.salad, at: at(0, 0)).output)
        #expect(pool.viewsCreated == 1)
        #expect(try Self.renderedView(pool.render(Self.soup, at: at(1, 0))) == "\(seen.view)")
        #expect(pool.viewsCreated == 1)
    }

    @Test func eachReuseIdentifierHasItsOwnViewForHandlers() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(IdentityRow.self).on(Self.inspect) { (row: IdentityRow, _: Dish, _) in row.seen }
            Map(IdentityRow.self, when: .section(1), priority: 1, reuseIdentifier: "second")
                .on(Self.inspect) { (row: IdentityRow, _: Dish, _) in row.seen }
        }
        let pool = ReusePool(registry: registry)
        let first = try #require(pool.send(Self.inspect, to: Self.soup, at: at(0, 0)).output)
        let second = try #require(pool.send(Self.inspect, to: Self.salad, at: at(0, 1)).output)
        #expect(first.view != second.view)
        #expect(pool.viewsCreated == 2)
        #expect(try Self.renderedView(pool.render(Self.soup, at: at(3, 1))) == "\(second.view)")
        #expect(try Self.renderedView(pool.render(Self.soup, at: at(3, 0))) == "\(first.view)")
    }

    @Test func aModelOnlyHandlerNeedsNoView() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map("Plain", for: Dish.self).on(.canMove) { (dish: Dish, position) in !dish.vegan && position.section == 0 }
            Map(HostDishCell.self, kind: "detail").on(.canMove) { (dish: Dish, _) in dish.vegan }
        }
        let pool = ReusePool(registry: registry)
        #expect(pool.send(.canMove, to: Self.soup, at: at(0, 0)).output == true)
        #expect(registry.send(.canMove, to: Self.soup, at: at(0, 1)).output == false)
        #expect(pool.send(.canMove, to: Self.salad, at: at(0, 0), kind: "detail").output == true)
        #expect(pool.viewsCreated == 0)
    }

    @Test func aViewTakingHandlerOfAViewThePoolCannotCreateIsMissingView() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(HostDishCell.self).on(.didSelect) { row, dish, position in }
        }
        let pool = ReusePool(registry: registry)
        let cell = pool.send(.didSelect, to: Self.soup, at: at(0, 0))
        #expect(summary(cell, in: registry) == "failed missing-view section 0, item 0: the 'didSelect' handler of 'HostDishCell' (#0) takes a 'HostDishCell' view, and was sent none for the cell at section 0, item 0; pass the item's view with send(_:to:at:view:), or send through its ReusePool")
    }

    // MARK: - MappingRegistry.send

    @Test func theRegistryHandsAViewTakingHandlerTheHostsView() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(IdentityRow.self).on(Self.inspect) { (row: IdentityRow, _: Dish, _) in row.seen }
        }
        let row = IdentityRow()
        row.update(with: Self.soup)
        let seen = try #require(registry.send(Self.inspect, to: Self.soup, at: at(0, 0), view: row).output)
        #expect(seen == row.seen)
    }

    @Test func aViewTakingHandlerSentNoViewOrAnotherViewIsMissingView() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(DishRow.self).on(.didSelect) { (_: DishRow, _: Dish, _) in }
        }
        let none = registry.send(.didSelect, to: Self.soup, at: at(2, 1))
        let other = registry.send(.didSelect, to: Self.soup, at: at(2, 1), view: NumberRow())
        let diagnostic = try #require(none.failure)
        #expect(diagnostic.code == .missingView)
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.position == at(2, 1))
        #expect(diagnostic.location == registry.mappings[0].location)
        #expect(summary(none, in: registry) == "failed missing-view section 1, item 2: the 'didSelect' handler of 'DishRow' (#0) takes a 'DishRow' view, and was sent none for the cell at section 1, item 2; pass the item's view with send(_:to:at:view:), or send through its ReusePool")
        #expect(summary(other, in: registry) == "failed missing-view section 1, item 2: the 'didSelect' handler of 'DishRow' (#0) takes a 'DishRow' view, and was sent a 'NumberRow' for the cell at section 1, item 2; pass the item's view with send(_:to:at:view:), or send through its ReusePool")
        #expect(registry.send(.didSelect, to: Self.soup, at: at(2, 1), view: DishRow()).output != nil)
    }

    @Test func anEventSentWithAnotherOutputTypeThanItsHandlerReturnsIsIncompatibleEvent() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(DishRow.self).on(.canMove) { (dish: Dish, _) in !dish.vegan }
        }
        let asVoid = MappingEvent<Void>("canMove")
        let asInt = MappingEvent<Int>("canMove")
        let expected = "the 'canMove' handler of 'DishRow' (#0) returns 'Bool', but the event was sent as MappingEvent<"
        for result in [summary(registry.send(asVoid, to: Self.soup, at: at(0, 0)), in: registry),
                       summary(ReusePool(registry: registry).send(asVoid, to: Self.soup, at: at(0, 0)), in: registry)] {
            #expect(result == "failed incompatible-event section 0, item 0: " + expected + "()>")
        }
        #expect(summary(registry.send(asInt, to: Self.soup, at: at(0, 0)), in: registry) == "failed incompatible-event section 0, item 0: " + expected + "Int>")
        #expect(registry.send(.canMove, to: Self.soup, at: at(0, 0)).output == true)
    }

    @Test func anEventTheMappingHasNoHandlerForIsUnhandledWithTheMapping() throws {
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(DishRow.self).on(.didSelect) { (_: Dish, _) in }
            Map(FoodRow.self, for: Drink.self)
            Map(TitleView.self, kind: .header)
        }
        let pool = ReusePool(registry: registry)
        let tea = Drink(name: "Tea")
        let results: [(EventResult<Void>, Int)] = [
            (registry.send(.willDisplay, to: Self.soup, at: at(0, 0)), 0),
            (pool.send(.didEndDisplaying, to: Self.soup, at: at(0, 0)), 0),
            (registry.send(.didSelect, to: tea, at: at(1, 0)), 1),
            (pool.send(.didSelect, to: tea, at: at(1, 0)), 1),
            (pool.send(.didSelect, to: "Starters", at: at(0, 0), kind: .header), 2),
        ]
        for (result, index) in results {
            guard case .unhandled(let mapping) = result else {
                Issue.record("expected unhandled, got \(result)")
                continue
            }
            #expect(mapping == registry.mappings[index])
            #expect(result.output == nil)
        }
        // A custom event nothing declares is unhandled too.
        #expect(summary(registry.send(MappingEvent<String>("share"), to: Self.soup, at: at(0, 0)), in: registry) == "unhandled #0 DishRow DishRow")
    }

    /// What resolving fails with, a send fails with: the same diagnostic,
    /// from the registry and from a pool, before any handler runs.
    @Test func resolutionFailuresArePassedThroughUnchanged() throws {
        let log = EventLog()
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map(NumberRow.self, when: .predicate("isBig")).on(.didSelect) { (number: Int, _) in log.record("big \(number)") }
            Map("BigNumber", for: Int.self, when: .not(.predicate("isSmall"))).on(.didSelect) { (number: Int, _) in log.record("big \(number)") }
            Map(DishRow.self).on(.didSelect) { (_: DishRow, dish: Dish, _) in log.record("dish \(dish.name)") }
        }
        let pool = ReusePool(registry: registry)
        let cases: [(item: Any, position: ItemPosition, kind: ViewKind, code: Diagnostic.Code)] = [
            ("text", at(0, 0), .cell, .missingMapping),
            (3, at(1, 0), .cell, .missingMapping),
            (9, at(2, 0), .cell, .ambiguousMapping),
            (Optional<Dish>.none as Any, at(3, 0), .cell, .nilModel),
            (Optional(Optional<Int>.none) as Any, at(4, 1), .cell, .nilModel),
            (Self.soup, at(0, 2), .header, .missingMapping),
        ]
        for (item, position, kind, code) in cases {
            let expected: Diagnostic
            switch registry.resolve(item, at: position, kind: kind) {
            case .missing(let diagnostic), .ambiguous(_, let diagnostic): expected = diagnostic
            case .resolved(let mapping):
                Issue.record("\(item) resolved to \(mapping)")
                continue
            }
            #expect(expected.code == code)
            #expect(registry.send(.didSelect, to: item, at: position, kind: kind, view: DishRow()).failure == expected)
            #expect(pool.send(.didSelect, to: item, at: position, kind: kind).failure == expected)
            #expect(pool.render(item, at: position, kind: kind).failureValue == expected)
        }
        #expect(log.recorded.isEmpty)
        #expect(pool.viewsCreated == 0)
    }

    /// The app's state, for a predicate that reads a render context.
    struct Kitchen: Sendable {
        var soldOut: Set<String> = []
    }

    @Test func theContextGivenToSendDecidesWhichMappingsHandlerRunsAndItsAbsenceIsMissingContext() throws {
        var plugins = fixtureCatalog()
        plugins.register(predicate: "isSoldOut", for: Dish.self, context: Kitchen.self) { dish, kitchen, _ in kitchen.soldOut.contains(dish.name) }
        let registry = try MappingRegistry(plugins: plugins) {
            Map(DishRow.self).on(.canMove) { (_: Dish, _) in true }
            Map(FoodRow.self, for: Dish.self, when: .predicate("isSoldOut"), priority: 1).on(.canMove) { (_: Dish, _) in false }
        }
        let pool = ReusePool(registry: registry)
        let kitchen = Kitchen(soldOut: ["Soup"])
        #expect(registry.send(.canMove, to: Self.soup, at: at(0, 0), context: kitchen).output == false)
        #expect(pool.send(.canMove, to: Self.soup, at: at(0, 0), context: Kitchen()).output == true)
        #expect(pool.send(.canMove, to: Self.salad, at: at(1, 0), context: kitchen).output == true)
        for context in [nil, "a string" as (any Sendable)?] {
            let resolution = context.map { registry.resolve(Self.soup, at: at(0, 0), context: $0) } ?? registry.resolve(Self.soup, at: at(0, 0))
            let expected = try #require(resolution.diagnostic)
            #expect(expected.code == .missingContext)
            #expect(registry.send(.canMove, to: Self.soup, at: at(0, 0), context: context).failure == expected)
            #expect(pool.send(.canMove, to: Self.soup, at: at(0, 0), context: context).failure == expected)
        }
    }

    // MARK: - Any view class

    @Test func aViewClassThatIsNotATextViewIsConfiguredByTheHostAndUnrenderable() throws {
        var plugins = fixtureCatalog()
        plugins.register(view: HostDishCell.self)
        let registry = try MappingRegistry(plugins: plugins) {
            Map(HostDishCell.self)
            Map(NumberRow.self)
        }
        let mapping = registry.mappings[0]
        #expect(mapping.view == "HostDishCell")
        let viewType: any AnyObject.Type = try #require(mapping.viewType)
        #expect(ObjectIdentifier(viewType) == ObjectIdentifier(HostDishCell.self))
        #expect(registry.mappings[1].viewType.map(ObjectIdentifier.init) == ObjectIdentifier(NumberRow.self))

        // Mapping.update configures a view of its type with a model it takes, and nothing else.
        let cell = HostDishCell()
        #expect(mapping.update(cell, with: Optional(Self.soup) as Any))
        #expect(cell.title == "Soup · 5.0")
        #expect(!mapping.update(cell, with: 3))
        #expect(!mapping.update(NumberRow(), with: Self.salad))
        #expect(!mapping.update(cell, with: Optional<Dish>.none as Any))
        #expect(cell.title == "Soup · 5.0")

        // The library's renderers cannot make text of it.
        let pool = ReusePool(registry: registry)
        let expected = "view 'HostDishCell' of the cell at section 0, item 1 is not a TextView, so it gives no text; a host creates and configures it (Mapping.update(_:with:)), or map the item to a TextView"
        let failure = try #require(pool.render(Self.soup, at: at(1, 0)).failureValue)
        #expect(failure.code == .unrenderableView)
        #expect(failure.message == expected)
        #expect(failure.location == mapping.location)
        #expect(pool.viewsCreated == 0)

        let storage = MemoryStorage()
        storage.setItems([3, Self.soup] as [Any], forSection: 0)
        let result = TextRenderer(registry: registry).render(storage)
        #expect(result.diagnostics.map(\.code) == [.unrenderableView])
        #expect(result.diagnostics.first?.message == expected)
        #expect(result.renderedCount == 1)
    }

    @Test func aNamedHandlerOfAViewClassMappingRunsFromThePool() throws {
        var plugins = fixtureCatalog()
        plugins.register(view: HostDishCell.self)
        plugins.register(handler: "dishCanMove", for: .canMove, model: Dish.self) { dish, _ in !dish.vegan }
        let registry = try loadRegistry(configuration(#"{"view": "HostDishCell", "model": "Dish", "events": {"canMove": "dishCanMove"}}"#), plugins: plugins)
        let pool = ReusePool(registry: registry)
        #expect(pool.send(.canMove, to: Self.salad, at: at(0, 0)).output == false)
        #expect(pool.send(.canMove, to: Self.soup, at: at(0, 0)).output == true)
    }

    // MARK: - The model a handler is given

    /// A handler reads its model in place when the item is exactly of its
    /// model type, and casts otherwise: each way, it gets the item itself.
    @Test func aHandlerIsGivenTheItemItselfExactOrSubclassInlineOrBoxedOrWrapped() throws {
        let identity = MappingEvent<ObjectIdentifier>("identity")
        let price = MappingEvent<Double>("price")
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map("Plain", for: Animal.self).on(identity) { (animal: Animal, _) in ObjectIdentifier(animal) }
            // A Dish is larger than an `Any`'s inline buffer: the `Any` boxes it.
            Map("Plain", for: Dish.self).on(price) { (dish: Dish, position) in dish.price + Double(position.item) }
            Map("Plain", for: Int.self).on(price) { (number: Int, _) in Double(number) }
        }
        weak var released: Cat?
        do {
            let animal = Animal(name: "Rex"), cat = Cat(name: "Tom")
            released = cat
            for _ in 0..<1_000 {
                #expect(registry.send(identity, to: animal, at: at(0, 0)).output == ObjectIdentifier(animal))
                #expect(registry.send(identity, to: cat, at: at(0, 0)).output == ObjectIdentifier(cat))
                #expect(registry.send(identity, to: Optional(Optional(cat)) as Any, at: at(0, 0)).output == ObjectIdentifier(cat))
            }
        }
        // Sending neither leaks nor over-releases the item.
        #expect(released == nil)
        #expect(registry.send(price, to: Self.salad, at: at(2, 0)).output == 9)
        #expect(registry.send(price, to: Optional(Self.soup) as Any, at: at(1, 0)).output == 6)
        #expect(registry.send(price, to: 42, at: at(0, 0)).output == 42)
        #expect(registry.send(MappingEvent<Int>("price"), to: 42, at: at(0, 0)).failure?.code == .incompatibleEvent)
    }

    @Test(arguments: [Optional(3), nil])
    func aHandlerWhoseOutputIsOptionalAnswersNilAsAnAnswer(answer: Int?) throws {
        let lookup = MappingEvent<Int?>("lookup")
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map("Plain", for: Int.self).on(lookup) { _, _ in answer }
        }
        let result = registry.send(lookup, to: 42, at: at(0, 0))
        guard case .handled(let output) = result else {
            Issue.record("expected handled(\(String(describing: answer))), got \(result)")
            return
        }
        #expect(output == answer)
        #expect(ReusePool(registry: registry).send(lookup, to: 42, at: at(0, 0), context: "any").output == .some(answer))
    }

    @Test func aHandlerOfAProtocolModelIsGivenEachConformingValue() throws {
        let name = MappingEvent<String>("name")
        let registry = try MappingRegistry(plugins: fixtureCatalog()) {
            Map("Plain", for: (any Food).self).on(name) { (food: any Food, position) in "\(food.name) \(position.item)" }
        }
        let foods: [any Food] = [Self.soup, Self.salad]
        for (index, food) in foods.enumerated() {
            #expect(registry.send(name, to: food, at: at(index, 0)).output == "\(food.name) \(index)")
            #expect(registry.send(name, to: Optional(food) as Any, at: at(index, 0)).output == "\(food.name) \(index)")
        }
    }
}

extension EventResult {
    /// The diagnostic of a failed send.
    var failure: Diagnostic? {
        if case .failed(let diagnostic) = self { return diagnostic }
        return nil
    }
}

extension Result where Failure == Diagnostic {
    var failureValue: Diagnostic? {
        if case .failure(let diagnostic) = self { return diagnostic }
        return nil
    }
}
