import ModelStorage

/// What place in a list a view fills: a cell, a section header or footer,
/// or any custom supplementary kind.
///
/// Write a kind as a string literal; `"cell"`, `"header"` and `"footer"`
/// are the built-in kinds, any other string is a custom kind.
///
/// ```swift
/// registry.resolve(title, at: ItemPosition(item: 0, section: 2), kind: .header)
/// registry.resolve(badge, at: ItemPosition(item: 0, section: 2), kind: "badge")
/// ```
public struct ViewKind: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The kind's name, as written in `mappings.json`.
    public var rawValue: String

    /// Creates a kind from its name.
    ///
    /// - Parameter rawValue: The name, such as `"cell"` or `"badge"`.
    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    /// Creates a kind from a string literal.
    ///
    /// - Parameter value: The name.
    public init(stringLiteral value: String) {
        self.init(rawValue: value)
    }

    /// A list item: `"cell"`.
    // Computed rather than stored: a literal this short is built in
    // registers, where a stored static is a lazily initialized global that
    // every `resolve(_:at:)` (whose default kind it is) would check first.
    public static var cell: ViewKind { ViewKind(rawValue: "cell") }
    /// A section header: `"header"`, stored under `SupplementaryKind.header`.
    public static let header = ViewKind(rawValue: SupplementaryKind.header)
    /// A section footer: `"footer"`, stored under `SupplementaryKind.footer`.
    public static let footer = ViewKind(rawValue: SupplementaryKind.footer)

    /// Whether this is a supplementary kind (anything but ``cell``).
    public var isSupplementary: Bool { self != .cell }

    /// The kind's name.
    public var description: String { rawValue }
}
