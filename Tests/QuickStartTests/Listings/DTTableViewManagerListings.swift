import MappingRegistry
import ModelStorage
import Testing

/// The listing of "Coming from DTTableViewManager": the five registrations
/// of its table as one registry.
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
