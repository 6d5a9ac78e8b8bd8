import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures

/// What event handlers did, in order: handlers are `@Sendable` closures,
/// so the tests give them this lock-guarded log to write to.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []

    func record(_ entry: String) {
        lock.withLock { entries.append(entry) }
    }

    var recorded: [String] { lock.withLock { entries } }
}

/// What a view-taking handler saw: which view instance, and the model the
/// view was last updated with.
struct SeenView: Hashable, Sendable {
    let view: ObjectIdentifier
    let shows: String?
}

/// A dish row that remembers its last dish and renders its own identity,
/// so a test can tell whether a handler was given the view the pool
/// renders with, updated with the item.
final class IdentityRow: TextView, ModelTransfer {
    private(set) var shown: Dish?
    init() {}
    func update(with model: Dish) { shown = model }
    func render() -> String { "\(ObjectIdentifier(self)) \(shown?.name ?? "-")" }

    var seen: SeenView { SeenView(view: ObjectIdentifier(self), shows: shown?.name) }
}

/// A view class that is not a `TextView`, as a `UITableViewCell` subclass
/// would be: a host creates and configures it, the library cannot render it.
final class HostDishCell: ModelTransfer {
    private(set) var title = ""
    init() {}
    func update(with model: Dish) { title = "\(model.name) · \(model.price)" }
}

/// `MappingEvent<Bool>("canMove")`, as an app would name it.
extension MappingEvent where Output == Bool {
    static var canMove: Self { Self("canMove") }
}

/// A one-line summary of an event's result that two registries can be
/// compared by: the handler's answer, the unhandled mapping's index and
/// view, or the failure's code, position and message, with each mapping's
/// location written as `#index` (a Swift and a JSON mapping are declared
/// in different places, and messages name where).
func summary<Output>(_ result: EventResult<Output>, in registry: MappingRegistry) -> String {
    switch result {
    case .handled(let output): "handled \(output)"
    case .unhandled(let mapping): "unhandled #\(mapping.index) \(mapping.view) \(mapping.reuseIdentifier)"
    case .failed(let diagnostic): "failed \(diagnostic.code) \(diagnostic.position.map(String.init(describing:)) ?? "-"): \(withoutLocations(diagnostic.message, of: registry))"
    }
}

/// A message with each of the registry's mapping locations replaced by `#index`.
func withoutLocations(_ message: String, of registry: MappingRegistry) -> String {
    var message = message
    // Longest first, so `F.swift:3:12` is not read as `F.swift:3:1` and a `2`.
    for mapping in registry.mappings.sorted(by: { $0.location.description.count > $1.location.description.count }) {
        message = message.replacingOccurrences(of: mapping.location.description, with: "#\(mapping.index)")
    }
    return message
}
