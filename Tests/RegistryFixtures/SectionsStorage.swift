import ModelStorage

/// A minimal `Storage` for renderer tests, independent of `MemoryStorage`.
public struct SectionsStorage: Storage {
    public struct Section {
        public var items: [Any]
        public var supplementaries: [(kind: String, model: Any)] = []

        public init(items: [Any], supplementaries: [(kind: String, model: Any)] = []) {
            self.items = items
            self.supplementaries = supplementaries
        }
    }

    public var sections: [Section]

    public init(sections: [Section]) {
        self.sections = sections
    }

    public var numberOfSections: Int { sections.count }

    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    public func item(at position: ItemPosition) -> Any? {
        guard sections.indices.contains(position.section),
              sections[position.section].items.indices.contains(position.item) else { return nil }
        return sections[position.section].items[position.item]
    }

    public func supplementaryModel(ofKind kind: String, inSection section: Int) -> Any? {
        guard sections.indices.contains(section) else { return nil }
        return sections[section].supplementaries.first { $0.kind == kind }?.model
    }

    public func supplementaryKinds(inSection section: Int) -> [String] {
        guard sections.indices.contains(section) else { return [] }
        return sections[section].supplementaries.map(\.kind)
    }
}
