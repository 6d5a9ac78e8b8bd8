/// Something a host list tells a mapping about one of its items: a row
/// was selected, is about to be displayed, scrolled away; or a question it
/// asks, such as whether a row can move (`MappingEvent<Bool>("canMove")`).
///
/// A mapping has at most one handler per event. Attach one in Swift with
/// `Map(…).on(…)`,
/// or register a named handler (``PluginCatalog/register(handler:for:model:filePath:line:_:)``)
/// and list it in `mappings.json` under `"events"`. A host fires it with
/// ``MappingRegistry/send(_:to:at:kind:view:context:)`` or ``ReusePool/send(_:to:at:kind:context:)``.
///
/// ```swift
/// extension MappingEvent where Output == Bool {
///     static var canMove: Self { Self("canMove") }
/// }
/// ```
public struct MappingEvent<Output: Sendable>: Hashable, Sendable {
    /// The event's name, as `mappings.json` writes it under `"events"`.
    public let name: String

    /// Names an event whose handlers return `Output`.
    ///
    /// - Parameter name: The name `mappings.json` uses.
    public init(_ name: String) {
        self.name = name
    }
}

extension MappingEvent where Output == Void {
    /// The user selected the item's row (`didSelect`).
    public static var didSelect: Self { Self("didSelect") }
    /// The item's row is about to be displayed (`willDisplay`).
    public static var willDisplay: Self { Self("willDisplay") }
    /// The item's row left the screen (`didEndDisplaying`).
    public static var didEndDisplaying: Self { Self("didEndDisplaying") }
}

/// The events this library names, for did-you-mean and the schema.
package enum BuiltInEvent {
    package static let names = ["didSelect", "willDisplay", "didEndDisplaying"]
}
