import Foundation
import MappingRegistry
import ModelStorage
import Testing

// The listings of "Responding to events", and tests that run them.

/// Names of dishes, in order: what the listings' handlers record. Handlers
/// are `@Sendable`, so what they write to is too.
final class NameLog: @unchecked Sendable {
    private let lock = NSLock()
    private var names: [String] = []
    func add(_ name: String) { lock.withLock { names.append(name) } }
    var all: [String] { lock.withLock { names } }
}

// doc-listing: events-custom
extension MappingEvent where Output == Bool {
    /// May the user move this row? (`tableView(_:canMoveRowAt:)` in UIKit.)
    static var canMove: Self { Self("canMove") }
}
// doc-listing-end: events-custom

/// The registry of the Swift listing.
func eventsRegistry(plugins: PluginCatalog, orders: NameLog, impressions: NameLog) throws -> MappingRegistry {
    // doc-listing: events-swift
    let registry = try MappingRegistry(plugins: plugins) {
        Map(DishRow.self)
            .on(.didSelect) { row, dish, position in                      // the view, the model, the position
                orders.add(dish.name)
            }
            .on(.willDisplay) { dish, position in                         // the model and the position
                impressions.add(dish.name)
            }
            .on(.canMove) { dish, _ in !dish.soldOut }                    // a question, answered with a Bool
        Map(PriceRow.self, for: Drink.self)                               // no handlers: every event is unhandled
    }
    // doc-listing-end: events-swift
    return registry
}

/// The named handlers of the JSON listing.
func eventsPlugins(orders: NameLog) -> PluginCatalog {
    var plugins = menuPlugins()
    // doc-listing: events-named-handlers
    plugins.register(handler: "openDish", for: .didSelect, model: Dish.self) { dish, position in
        orders.add(dish.name)
    }
    plugins.register(handler: "dishCanMove", for: .canMove, model: Dish.self) { dish, _ in !dish.soldOut }
    // Takes the row too: only a mapping whose view is a DishRow (or a subclass) may list it.
    plugins.register(handler: "logRow", for: .willDisplay, view: DishRow.self) { row, dish, _ in
        orders.add(row.render())
    }
    // doc-listing-end: events-named-handlers
    return plugins
}

/// What a host does with the results of sending.
func selectRow(_ dish: Dish, at position: ItemPosition, showing row: DishRow, registry: MappingRegistry, pool: ReusePool) -> [String] {
    var notes: [String] = []
    // doc-listing: events-send
    // A row was tapped: send the event with the row's view.
    switch registry.send(.didSelect, to: dish, at: position, view: row) {
    case .handled: notes.append("selected")
    case .unhandled(let mapping): notes.append("'\(mapping.view)' does nothing on didSelect")
    case .failed(let diagnostic): notes.append(diagnostic.description)   // missing-mapping, missing-view, …
    }
    // A question: no handler means the host's own default.
    let canMove = registry.send(.canMove, to: dish, at: position).output ?? false
    // Through the pool that renders the rows, the pool's own view goes along.
    let again = pool.send(.didSelect, to: dish, at: position)
    // doc-listing-end: events-send
    notes.append("canMove \(canMove)")
    notes.append("again \(again.output != nil)")
    return notes
}

@Suite struct EventsListings {
    static let article = "Sources/MappingRegistry/MappingRegistry.docc/RespondingToEvents.md"
    static let soup = Dish(name: "Soup", price: 6.5)
    static let special = Dish(name: "Special", price: 12, soldOut: true)

    @Test func theSwiftHandlersRunAndAnswer() throws {
        let orders = NameLog()
        let impressions = NameLog()
        let registry = try eventsRegistry(plugins: menuPlugins(), orders: orders, impressions: impressions)
        let pool = ReusePool(registry: registry)
        #expect(pool.send(.didSelect, to: Self.soup, at: ItemPosition(item: 0, section: 0)).output != nil)
        #expect(registry.send(.willDisplay, to: Self.special, at: ItemPosition(item: 1, section: 0)).output != nil)
        #expect(registry.send(.canMove, to: Self.special, at: ItemPosition(item: 1, section: 0)).output == false)
        #expect(registry.send(.canMove, to: Self.soup, at: ItemPosition(item: 0, section: 0)).output == true)
        #expect(orders.all == ["Soup"])
        #expect(impressions.all == ["Special"])
        let tea = registry.send(.didSelect, to: Drink(name: "Tea", price: 3), at: ItemPosition(item: 2, section: 0))
        guard case .unhandled(let mapping) = tea else {
            Issue.record("a drink's mapping has no handlers, so: unhandled, not \(tea)")
            return
        }
        #expect(mapping.view == "PriceRow")
    }

    @Test func theJSONListingLoadsWithTheNamedHandlers() throws {
        let orders = NameLog()
        let mapping = try #require(try Documentation.block(after: "<!-- events-json -->", language: "json", in: Self.article))
        let json = #"{"version": 1, "mappings": ["# + mapping + "]}"
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: eventsPlugins(orders: orders))
        #expect(registry.mappings.map(\.view) == ["DishRow"])
        #expect(registry.send(.didSelect, to: Self.special, at: ItemPosition(item: 0, section: 0)).output != nil)
        #expect(registry.send(.canMove, to: Self.special, at: ItemPosition(item: 0, section: 0)).output == false)
        #expect(ReusePool(registry: registry).send(.willDisplay, to: Self.special, at: ItemPosition(item: 0, section: 0)).output != nil)
        #expect(orders.all == ["Special", menuLine(Self.special.name, Self.special.price)])
        // Listed on a mapping of another view, the row-taking handler is a load error at its name.
        let other = json.replacingOccurrences(of: #""view": "DishRow""#, with: #""view": "ChefSpecialRow""#)
        let plugins = eventsPlugins(orders: orders)
        #expect(throws: ConfigurationError.self) { try MappingRegistry(configuration: Data(other.utf8), plugins: plugins) }
        do {
            _ = try MappingRegistry(configuration: Data(other.utf8), plugins: plugins)
        } catch {
            #expect(error.diagnostics.filter { $0.severity == .error }.map(\.code) == [.incompatibleView])
        }
    }

    @Test func theHostsSendsGiveWhatTheArticleSays() throws {
        let orders = NameLog()
        let registry = try eventsRegistry(plugins: menuPlugins(), orders: orders, impressions: NameLog())
        let notes = selectRow(Self.soup, at: ItemPosition(item: 0, section: 0), showing: DishRow(), registry: registry, pool: ReusePool(registry: registry))
        #expect(notes == ["selected", "canMove true", "again true"])
        #expect(orders.all == ["Soup", "Soup"])
    }
}
