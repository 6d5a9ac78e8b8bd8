import Foundation
import MappingRegistry
import ModelStorage
import Testing

// The listings of "Driving a host list": a UITableView data source, compiled
// against the test host in Support/TableHost.swift (UIKit's names and
// signatures, main-actor isolated like UIKit) and driven by the tests below.

// doc-listing: host-cells
final class DishCell: UITableViewCell, ModelTransfer {
    // ModelTransfer's update(with:) is nonisolated, and a cell belongs to the
    // main actor: the data source calls this from cellForRowAt, on the main actor.
    nonisolated func update(with model: Dish) {
        MainActor.assumeIsolated { textLabel?.text = "\(model.name)  \(model.price)" }
    }
}

final class DrinkCell: UITableViewCell, ModelTransfer {
    nonisolated func update(with model: Drink) {
        MainActor.assumeIsolated { textLabel?.text = "\(model.name) (drink)" }
    }
}
// doc-listing-end: host-cells

// doc-listing: host-mappings
/// The app's state that the handlers change: what was ordered, what is on screen.
@MainActor final class MenuSession {
    private(set) var ordered: [String] = []
    var onScreen: Set<String> = []

    func order(_ name: String) { ordered.append(name) }
}

func menuRegistry(session: MenuSession) throws -> MappingRegistry {
    // Handlers are @Sendable and run where send is called: here from the
    // table's delegate methods, on the main actor.
    try MappingRegistry(plugins: PluginCatalog()) {
        Map(DishCell.self)
            .on(.didSelect) { dish, _ in MainActor.assumeIsolated { session.order(dish.name) } }
            .on(.willDisplay) { dish, _ in MainActor.assumeIsolated { _ = session.onScreen.insert(dish.name) } }
            .on(.didEndDisplaying) { dish, _ in MainActor.assumeIsolated { _ = session.onScreen.remove(dish.name) } }
        Map(DrinkCell.self)
            .on(.didSelect) { cell, drink, _ in
                MainActor.assumeIsolated {
                    session.order(drink.name)
                    cell.accessoryType = .checkmark
                }
            }
    }
}
// doc-listing-end: host-mappings

// doc-listing: host-data-source
/// A table's data source and delegate for whatever items the registry maps.
final class MappedDataSource: NSObject, UITableViewDataSource, UITableViewDelegate {
    static let problemCell = "MappingProblem"
    let registry: MappingRegistry
    let storage: MemoryStorage

    init(registry: MappingRegistry, storage: MemoryStorage, tableView: UITableView) {
        self.registry = registry
        self.storage = storage
        super.init()
        // One cell class per reuse identifier: each mapping names its view's class.
        for mapping in registry.mappings where mapping.kind == .cell {
            tableView.register(mapping.viewType, forCellReuseIdentifier: mapping.reuseIdentifier)
        }
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: Self.problemCell)
        tableView.dataSource = self
        tableView.delegate = self
    }

    func numberOfSections(in tableView: UITableView) -> Int { storage.numberOfSections }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        storage.numberOfItems(inSection: section)
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let (item, position) = row(at: indexPath)
        switch registry.resolve(item, at: position) {
        case .resolved(let mapping):
            let cell = tableView.dequeueReusableCell(withIdentifier: mapping.reuseIdentifier, for: indexPath)
            _ = mapping.update(cell, with: item)
            return cell
        case .missing(let diagnostic), .ambiguous(_, let diagnostic):
            // Never a crash, never a guess: the row says what is wrong.
            let cell = tableView.dequeueReusableCell(withIdentifier: Self.problemCell, for: indexPath)
            cell.textLabel?.text = "⚠︎ \(diagnostic.code)"
            return cell
        }
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        send(.didSelect, at: indexPath, view: tableView.cellForRow(at: indexPath))
    }

    func tableView(_ tableView: UITableView, willDisplay cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        send(.willDisplay, at: indexPath, view: cell)
    }

    func tableView(_ tableView: UITableView, didEndDisplaying cell: UITableViewCell, forRowAt indexPath: IndexPath) {
        send(.didEndDisplaying, at: indexPath, view: cell)
    }

    private func send(_ event: MappingEvent<Void>, at indexPath: IndexPath, view: UITableViewCell?) {
        let (item, position) = row(at: indexPath)
        _ = registry.send(event, to: item, at: position, view: view)   // .failed for a problem row: nothing to do
    }

    func row(at indexPath: IndexPath) -> (Any, ItemPosition) {
        let position = ItemPosition(item: indexPath.row, section: indexPath.section)
        return (storage.item(at: position) as Any, position)
    }
}
// doc-listing-end: host-data-source

/// The article's data source, driven through the test host the way UIKit
/// drives it in an app.
@MainActor @Suite struct HostListListings {
    let session = MenuSession()
    let storage = MemoryStorage()
    let tableView = UITableView()
    let dataSource: MappedDataSource

    init() throws {
        // doc-listing: host-setup
        storage.setItems([Dish(name: "Soup", price: 6.5), Drink(name: "Tea", price: 3), Dish(name: "Stew", price: 9)], forSection: 0)
        storage.setItems([Promotion(title: "Happy hour"), Drink(name: "Lemonade", price: 4)], forSection: 1)
        let registry = try menuRegistry(session: session)
        let dataSource = MappedDataSource(registry: registry, storage: storage, tableView: tableView)   // keep it: the table holds it weakly
        // doc-listing-end: host-setup
        self.dataSource = dataSource
    }

    /// Puts every row on screen in turn and reads each cell's text as it is displayed.
    func displayEveryRow() -> [String] {
        tableView.allIndexPaths.map { indexPath in
            tableView.display(rowAt: indexPath)?.textLabel?.text ?? "no cell"
        }
    }

    @Test func everyRowIsConfiguredByItsMappingAndAMissingRowSaysWhy() {
        #expect(displayEveryRow() == ["Soup  6.5", "Tea (drink)", "Stew  9.0", "⚠︎ missing-mapping", "Lemonade (drink)"])
        #expect(tableView.unregisteredIdentifiers.isEmpty)
    }

    @Test func oneCellPerReuseIdentifierIsCreatedAndReused() throws {
        _ = displayEveryRow()
        #expect(tableView.cellsCreated == ["DishCell": 1, "DrinkCell": 1, "MappingProblem": 1])
        let soup = try #require(tableView.display(rowAt: IndexPath(row: 0, section: 0)))
        let stew = try #require(tableView.display(rowAt: IndexPath(row: 2, section: 0)))
        #expect(soup === stew)
        #expect(stew is DishCell)
        #expect(stew.textLabel?.text == "Stew  9.0")
        #expect(stew.reuseIdentifier == "DishCell")
    }

    @Test func selectionReachesTheMappingsHandlerWithTheVisibleCell() throws {
        let tea = IndexPath(row: 1, section: 0)
        let cell = try #require(tableView.display(rowAt: tea))
        tableView.select(rowAt: IndexPath(row: 0, section: 0))   // Soup: not on screen, and its handler needs no cell
        tableView.select(rowAt: tea)
        tableView.select(rowAt: IndexPath(row: 0, section: 1))   // the promotion no mapping shows: nothing happens
        #expect(session.ordered == ["Soup", "Tea"])
        #expect(cell.accessoryType == .checkmark)
    }

    @Test func aDrinkSelectedOffScreenIsNotHandledForWantOfItsCell() {
        tableView.select(rowAt: IndexPath(row: 1, section: 1))
        #expect(session.ordered.isEmpty)
        let result = dataSource.registry.send(.didSelect, to: Drink(name: "Lemonade", price: 4), at: ItemPosition(item: 1, section: 1))
        guard case .failed(let diagnostic) = result else {
            Issue.record("a view-taking handler sent no cell fails, not \(result)")
            return
        }
        #expect(diagnostic.code == .missingView)
    }

    @Test func displayEventsFollowTheRowsOnScreen() {
        let soup = IndexPath(row: 0, section: 0)
        let stew = IndexPath(row: 2, section: 0)
        tableView.display(rowAt: soup)
        tableView.display(rowAt: stew)
        tableView.display(rowAt: IndexPath(row: 1, section: 0))
        #expect(session.onScreen == ["Soup", "Stew"])
        tableView.endDisplaying(rowAt: soup)
        #expect(session.onScreen == ["Stew"])
    }

    @Test func theRegistryDeclaresOneCellClassPerReuseIdentifier() throws {
        let mappings = dataSource.registry.mappings
        #expect(mappings.map(\.reuseIdentifier) == ["DishCell", "DrinkCell"])
        #expect(mappings.compactMap { $0.viewType.map(ObjectIdentifier.init) } == [ObjectIdentifier(DishCell.self), ObjectIdentifier(DrinkCell.self)])
    }
}
