/// One section of a ``MemoryStorage``: its items and its supplementary
/// models (header, footer, custom kinds).
///
/// A section is a value: reading it from a storage gives you a copy, and
/// changing the copy does not change the storage. Hand a changed section
/// back with ``MemoryStorage/insertSection(_:at:)``.
///
/// ```swift
/// var section = SectionModel(items: ["Soup", "Salad"])
/// section.setSupplementaryModel("Starters", ofKind: SupplementaryKind.header)
/// try storage.insertSection(section, at: 0)
/// ```
public struct SectionModel {
    /// The items of the section, in display order.
    public var items: [Any]
    private var supplementaries = SupplementaryModels()

    /// Creates a section.
    ///
    /// - Parameter items: The items, in display order.
    public init(items: [Any] = []) {
        self.items = items
    }

    /// The number of items in the section.
    public var numberOfItems: Int { items.count }

    /// Whether the section holds no items; its supplementary models do not count.
    public var isEmpty: Bool { items.isEmpty }

    /// The item at an index, or `nil` when the index is out of range.
    ///
    /// - Parameter index: A zero-based item index.
    /// - Returns: The stored item.
    public func item(at index: Int) -> Any? {
        items.indices.contains(index) ? items[index] : nil
    }

    /// The items that are of a type, in display order; the others are skipped.
    ///
    /// The test is a dynamic cast, so a class type also picks its
    /// subclasses and a protocol existential (such as `(any Food).self`)
    /// picks every conforming value.
    ///
    /// ```swift
    /// let section = SectionModel(items: ["Soup", 4, "Salad"])
    /// print(section.items(ofType: String.self))
    /// ```
    /// ```text
    /// ["Soup", "Salad"]
    /// ```
    ///
    /// - Parameter type: The type to keep.
    /// - Returns: The matching items, cast to `type`.
    public func items<T>(ofType type: T.Type) -> [T] {
        items.compactMap { $0 as? T }
    }

    /// The kinds that hold a model, in the order they were first set.
    ///
    /// Removing a kind's model (setting `nil`) removes the kind; setting it
    /// again later puts it at the end.
    public var supplementaryKinds: [String] { supplementaries.kinds }

    /// The supplementary model of a kind, or `nil` when there is none.
    ///
    /// - Parameter kind: The kind, such as ``SupplementaryKind/header``.
    /// - Returns: The model, or `nil`.
    public func supplementaryModel(ofKind kind: String) -> Any? {
        supplementaries.model(ofKind: kind)
    }

    /// Sets the supplementary model of a kind, or removes it with `nil`.
    ///
    /// - Parameters:
    ///   - model: The model, or `nil` to remove the kind's model.
    ///   - kind: The kind, such as ``SupplementaryKind/footer`` or any custom string.
    public mutating func setSupplementaryModel(_ model: Any?, ofKind kind: String) {
        supplementaries.setModel(model, ofKind: kind)
    }

    /// The header model, the supplementary model of kind ``SupplementaryKind/header``.
    public var headerModel: Any? {
        get { supplementaryModel(ofKind: SupplementaryKind.header) }
        set { setSupplementaryModel(newValue, ofKind: SupplementaryKind.header) }
    }

    /// The footer model, the supplementary model of kind ``SupplementaryKind/footer``.
    public var footerModel: Any? {
        get { supplementaryModel(ofKind: SupplementaryKind.footer) }
        set { setSupplementaryModel(newValue, ofKind: SupplementaryKind.footer) }
    }
}
