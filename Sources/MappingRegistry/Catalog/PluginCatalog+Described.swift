import Foundation
import ModelStorage

/// A plugin catalog rebuilt from a catalog file, for checking mappings
/// without the app's code.
extension PluginCatalog {
    /// A catalog whose plugins are the described ones: the checker decides
    /// names, what each view, predicate and decorator takes, argument
    /// presence (and, for standard types, argument values) and every
    /// relation between types exactly as with the app's own catalog, with
    /// the same codes and messages. Nothing can be resolved or rendered
    /// with it: its types accept no value and its views render nothing.
    ///
    /// - Parameter description: A catalog file read by ``CatalogDescription/init(data:source:)``.
    package init(described description: CatalogDescription) {
        self.init()
        var typesByID: [String: ModelType] = [:]
        for entry in description.types {
            let described = DescribedType(
                id: entry.id,
                name: entry.name,
                shapeName: entry.shape,
                contains: Set(entry.contains),
                sharesValues: Set(entry.sharesValuesWith)
            )
            let type = ModelType(described: described)
            typesByID[entry.id] = type
            if let model = entry.model { modelNamesByType[type.id] = model }
        }
        func type(_ id: String) -> ModelType {
            // The file was checked for dangling ids; an unknown one relates to nothing.
            typesByID[id] ?? ModelType(described: DescribedType(id: id, name: id, shapeName: "other", contains: [], sharesValues: []))
        }
        for model in description.models {
            // A Decodable model stays one, though no value can be made without the app's types.
            var decode: (@Sendable (Data) throws -> Any)?
            if model.decodable {
                decode = { _ throws -> Any in throw CatalogDescription.NoValues() }
            }
            models[model.name] = ModelPlugin(name: model.name, type: type(model.type), decode: decode)
        }
        var viewTypes: [String: DescribedType] = [:]
        for view in description.views {
            let token = view.viewType.map { name in
                viewTypes[name] ?? DescribedType(id: name, name: name, shapeName: "class", contains: [], sharesValues: [])
            }
            if let token, let name = view.viewType { viewTypes[name] = token }
            views[view.name] = ViewPlugin(
                name: view.name,
                model: type(view.takes),
                makeSlot: { UnrenderableViewSlot() },
                viewType: token.map(ObjectIdentifier.init),
                viewTypeName: view.viewType
            )
        }
        describedViewTypes = Array(viewTypes.values)
        for predicate in description.predicates {
            recordExclusions(of: predicate.name, predicate.excludes ?? [])
            let argument = predicate.argument
            predicates[predicate.name] = PredicatePlugin(
                name: predicate.name,
                model: type(predicate.takes),
                argumentTypeName: argument,
                argumentType: argument.flatMap(ArgumentType.decodableType(named:))
            ) { json in
                if let argument, let json { try ArgumentType.decode(json, asTypeNamed: argument) }
                return .plain({ _, _ in false }, typed: nil)
            }
        }
        // Where each plugin was registered, as the app's catalog recorded it.
        let sites = description.models.map { ("model", $0.name, $0.registeredAt) }
            + description.views.map { ("view", $0.name, $0.registeredAt) }
            + description.predicates.map { ("predicate", $0.name, $0.registeredAt) }
            + description.decorators.map { ("decorator", $0.name, $0.registeredAt) }
            + (description.handlers ?? []).map { ("handler", $0.name, $0.registeredAt) }
        for (category, name, site) in sites {
            if let site { registrationSites["\(category)\u{0}\(name)"] = site }
        }
        for handler in description.handlers ?? [] {
            // A described handler is only checked: its event, the type it takes and its view.
            let view = handler.view.map { id in
                ViewRequirement(
                    name: id.split(separator: ".").last.map(String.init) ?? id,
                    typeID: id,
                    acceptedTypeIDs: Set(handler.acceptsViewTypes ?? [])
                )
            }
            let checked = EventHandler(
                event: handler.event, name: handler.name, model: type(handler.takes), view: view,
                body: HandlerBody(TypedHandler<Void> { _, _, _ in nil })
            )
            handlers[handler.name] = HandlerPlugin(name: handler.name, handler: checked)
        }
        for decorator in description.decorators {
            decorators[decorator.name] = DecoratorPlugin(name: decorator.name, model: type(decorator.takes)) { text, _, _ in text }
        }
    }
}
