import Foundation
import MappingRegistry
import ModelStorage
import Testing

// doc-listing: dt-event-names
extension MappingEvent where Output == Bool {
    static var shouldHighlight: Self { Self("shouldHighlight") }
    static var canEdit: Self { Self("canEdit") }
}

extension MappingEvent where Output == Int {
    /// The row's height, in the host's unit (points in UIKit, lines in a terminal).
    static var height: Self { Self("height") }
}

extension MappingEvent where Output == Void {
    static var didDeselect: Self { Self("didDeselect") }
    static var didHighlight: Self { Self("didHighlight") }
    static var accessoryButtonTapped: Self { Self("accessoryButtonTapped") }
}
// doc-listing-end: dt-event-names

// doc-listing: dt-events-host
extension MappedDataSource {
    func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
        let (item, position) = row(at: indexPath)
        guard let height = registry.send(.height, to: item, at: position).output else { return UITableView.automaticDimension }
        return CGFloat(height)
    }

    func tableView(_ tableView: UITableView, shouldHighlightRowAt indexPath: IndexPath) -> Bool {
        let (item, position) = row(at: indexPath)
        return registry.send(.shouldHighlight, to: item, at: position).output ?? true
    }

    func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool {
        let (item, position) = row(at: indexPath)
        return registry.send(.canMove, to: item, at: position).output ?? false
    }
}
// doc-listing-end: dt-events-host

/// The listings of "Coming from DTTableViewManager": the five registrations
/// of its table as one registry, and its events.
@Suite struct DTTableViewManagerListings {
    struct Post { var title: String }
    struct Banner { var text: String }
    struct Photo { var caption: String }

    /// A small text view for any model: its description.
    class Cell<Model>: TextView, ModelTransfer {
        private var line = ""
        required init() {}
        func update(with model: Model) { line = "\(model)" }
        func render() -> String { line }
    }

    final class PostCell: Cell<Post> {}
    final class FirstSectionCell: Cell<Banner> {}
    final class NibCell: Cell<Photo> {}
    final class SectionHeader: Cell<String> {}
    final class VeganFoodCell: Cell<any Food> {}

    func registry() throws -> MappingRegistry {
        // doc-listing: dt-table-view-manager
        var plugins = PluginCatalog()
        plugins.register(predicate: "isVegan", for: (any Food).self) { food, _ in food.isVegan }
        let registry = try MappingRegistry(plugins: plugins) {
            Map(PostCell.self)
            Map(FirstSectionCell.self, when: .section(0))
            Map(NibCell.self, when: .section(0), reuseIdentifier: "NibCell One")
            Map(SectionHeader.self, kind: .header)
            Map(VeganFoodCell.self, when: .predicate("isVegan"), priority: 1)
        }
        // doc-listing-end: dt-table-view-manager
        return registry
    }

    func eventsRegistry(opened: NameLog) throws -> MappingRegistry {
        // doc-listing: dt-events
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(PostCell.self)
                .on(.didSelect) { cell, post, position in opened.add(post.title) }
                .on(.height) { post, _ in post.title.count > 30 ? 88 : 44 }              // heightForCell
                .on(.shouldHighlight) { post, _ in !post.title.isEmpty }
                .on(.canMove) { _, position in position.section > 0 }
                .on(.canEdit) { _, _ in true }                                          // canEditCell
        }
        // doc-listing-end: dt-events
        return registry
    }

    func twoSelectionHandlers(opened: NameLog, shared: NameLog) throws -> MappingRegistry {
        // doc-listing: dt-duplicate-handler
        let registry = try MappingRegistry(plugins: PluginCatalog()) {
            Map(PostCell.self)
                .on(.didSelect) { post, _ in opened.add(post.title) }
                .on(.didSelect) { post, _ in shared.add(post.title) }           // DTTableViewManager would never call this one
        }
        // doc-listing-end: dt-duplicate-handler
        return registry
    }

    @Test func theEventsAnswerAsTheTableSays() throws {
        let opened = NameLog()
        let registry = try eventsRegistry(opened: opened)
        let short = Post(title: "Hello")
        let long = Post(title: "A title longer than thirty characters")
        let first = ItemPosition(item: 0, section: 0)
        #expect(registry.send(.didSelect, to: short, at: first, view: PostCell()).output != nil)
        #expect(opened.all == ["Hello"])
        #expect(registry.send(.height, to: short, at: first).output == 44)
        #expect(registry.send(.height, to: long, at: first).output == 88)
        #expect(registry.send(.shouldHighlight, to: Post(title: ""), at: first).output == false)
        #expect(registry.send(.canMove, to: short, at: first).output == false)
        #expect(registry.send(.canMove, to: short, at: ItemPosition(item: 0, section: 1)).output == true)
        #expect(registry.send(.canEdit, to: short, at: first).output == true)
        // Declared by nobody: unhandled, so the host keeps UIKit's default.
        #expect(registry.send(.didDeselect, to: short, at: first).output == nil)
        #expect(registry.send(.accessoryButtonTapped, to: short, at: first).output == nil)
        #expect(registry.send(.didHighlight, to: short, at: first).output == nil)
    }

    @MainActor @Test func aDataSourceForwardsTheDelegateQuestions() throws {
        let storage = MemoryStorage()
        storage.setItems([Post(title: "Hello"), Post(title: "")], forSection: 0)
        storage.setItems([Post(title: "A title longer than thirty characters"), Photo(caption: "Sunset")], forSection: 1)
        let tableView = UITableView()
        let dataSource = MappedDataSource(registry: try eventsRegistry(opened: NameLog()), storage: storage, tableView: tableView)
        let paths = tableView.allIndexPaths
        #expect(paths.map { dataSource.tableView(tableView, heightForRowAt: $0) } == [44, 44, 88, UITableView.automaticDimension])
        #expect(paths.map { dataSource.tableView(tableView, shouldHighlightRowAt: $0) } == [true, false, true, true])
        #expect(paths.map { dataSource.tableView(tableView, canMoveRowAt: $0) } == [false, false, true, false])
    }

    @Test func aSecondHandlerForOneEventIsALoadErrorAtTheSecond() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try twoSelectionHandlers(opened: NameLog(), shared: NameLog())
        }
        #expect(error.errors.map(\.code) == [.duplicateEventHandler])
        let article = "Sources/MappingRegistry/MappingRegistry.docc/ComingFromDTTableViewManager.md"
        let shown = try #require(try Documentation.block(after: "<!-- dt-duplicate-handler-output -->", language: "text", in: article))
        #expect(error.description + "\n" == shown)
    }

    @Test func theFiveRegistrationsLoadAndResolve() throws {
        let registry = try registry()
        #expect(registry.mappings.map(\.reuseIdentifier).contains("NibCell One"))
        let soup = registry.resolve(Dish(name: "Soup", price: 6.5, vegan: true), at: ItemPosition(item: 0, section: 2))
        guard case .resolved(let mapping) = soup else {
            Issue.record("a vegan dish resolves to VeganFoodCell, not \(soup)")
            return
        }
        #expect(mapping.view == "VeganFoodCell")
    }
}
