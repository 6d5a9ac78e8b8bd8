import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

/// A `TextView` whose subclass is registered: the conformance is inherited.
class BaseRow: TextView, ModelTransfer {
    private var text = ""
    required init() {}
    func update(with model: Dish) { text = "base \(model.name)" }
    func render() -> String { text }
}

final class DerivedRow: BaseRow {}

/// Registers a view as generic code does: knowing only that it is a
/// `ModelTransfer` class, not whether it is a `TextView`.
private func registerAnyView<V: ModelTransfer & SendableMetatype>(_ view: V.Type, in plugins: inout PluginCatalog) {
    plugins.register(view: view)
}

/// Registers a model as generic code does: knowing nothing of `Decodable`.
private func registerAnyModel<M>(_ model: M.Type, named name: String, in plugins: inout PluginCatalog) {
    plugins.register(model: model, named: name)
}

/// Declares a mapping as generic code does: knowing only that the view is a `ModelTransfer` class.
private func mapAnyView<V: ModelTransfer & SendableMetatype>(_ view: V.Type, kind: ViewKind = .cell) -> MappingDeclaration {
    Map(view, kind: kind)
}

/// `register(model:)`, `register(view:)` and `Map(view)` each have one
/// entry point that reads `Decodable` and `TextView` from the type itself,
/// so generic code that does not state the conformance gets what code
/// naming the type gets, not a weaker registration chosen silently.
@Suite struct ConformanceDetectionTests {
    static let soup = Dish(name: "Soup", price: 6.5, vegan: true)

    @Test func aTextViewRegisteredByGenericCodeRendersAsWhenNamed() throws {
        var generic = PluginCatalog()
        registerAnyView(DishRow.self, in: &generic)
        var named = PluginCatalog()
        named.register(view: DishRow.self)
        let mappings = configuration(#"{"view": "DishRow", "model": "Dish"}"#)
        for plugins in [generic, named] {
            let pool = ReusePool(registry: try loadRegistry(mappings, plugins: plugins))
            #expect(try pool.render(Self.soup, at: at(0, 0)).get() == "dish Soup")
        }
    }

    @Test func aSubclassOfATextViewIsATextView() throws {
        var plugins = PluginCatalog()
        registerAnyView(DerivedRow.self, in: &plugins)
        let registry = try loadRegistry(configuration(#"{"view": "DerivedRow", "model": "Dish"}"#), plugins: plugins)
        #expect(try ReusePool(registry: registry).render(Self.soup, at: at(0, 0)).get() == "base Soup")
    }

    @Test func aViewClassThatIsNoTextViewStaysUnrenderable() throws {
        var plugins = PluginCatalog()
        registerAnyView(HostDishCell.self, in: &plugins)
        let registry = try loadRegistry(configuration(#"{"view": "HostDishCell", "model": "Dish"}"#), plugins: plugins)
        let rendered = ReusePool(registry: registry).render(Self.soup, at: at(0, 0))
        #expect(throws: Diagnostic.self) { try rendered.get() }
        if case .failure(let diagnostic) = rendered { #expect(diagnostic.code == .unrenderableView) }
        // A host still configures it.
        let mapping = try #require(registry.resolve(Self.soup, at: at(0, 0)).mapping)
        #expect(mapping.update(HostDishCell(), with: Self.soup))
    }

    @Test func aTextViewMappedByGenericCodeRendersAsWhenNamed() throws {
        let registry = try MappingRegistry(plugins: PluginCatalog(), sources: [
            .declarations([mapAnyView(DishRow.self), mapAnyView(HostDishCell.self, kind: "host")]),
        ])
        let pool = ReusePool(registry: registry)
        #expect(try pool.render(Self.soup, at: at(0, 0)).get() == "dish Soup")
        if case .failure(let diagnostic) = pool.render(Self.soup, at: at(0, 0), kind: "host") {
            #expect(diagnostic.code == .unrenderableView)
        } else {
            Issue.record("a view class that is no TextView rendered")
        }
        #expect(registry.mappings.map { "\($0.view) \($0.model) \($0.kind)" } == ["DishRow Dish cell", "HostDishCell Dish host"])
    }

    @Test func aDecodableModelRegisteredByGenericCodeLoadsFromData() throws {
        var plugins = PluginCatalog()
        registerAnyModel(Dish.self, named: "Dish", in: &plugins)
        registerAnyModel(Int?.self, named: "MaybeInt", in: &plugins)
        let json = #"{"sections": [{"items": [{"model": "Dish", "value": {"name": "Soup", "price": 6.5, "vegan": true}}, {"model": "MaybeInt", "value": 3}]}]}"#
        let document = try DataDocument(data: Data(json.utf8), plugins: plugins)
        #expect((document.storage.item(at: at(0, 0)) as? Dish)?.name == "Soup")
        #expect(document.storage.item(at: at(1, 0)) as? Int == 3)
    }

    @Test func aModelThatIsNotDecodableCannotBeLoadedFromData() {
        var plugins = PluginCatalog()
        registerAnyModel(Drink.self, named: "Drink", in: &plugins)
        registerAnyModel((any Food).self, named: "Food", in: &plugins)
        for model in ["Drink", "Food"] {
            let json = #"{"sections": [{"items": [{"model": "\#(model)", "value": {"name": "Tea"}}]}]}"#
            #expect {
                _ = try DataDocument(data: Data(json.utf8), plugins: plugins)
            } throws: { error in
                (error as? ConfigurationError)?.diagnostics.map(\.code) == [.undecodableModel]
            }
        }
    }
}
