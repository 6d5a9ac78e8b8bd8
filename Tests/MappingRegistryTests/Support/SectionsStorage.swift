import ModelStorage

/// A minimal `Storage` for renderer tests, independent of `MemoryStorage`.
struct SectionsStorage: Storage {
    struct Section {
        var items: [Any]
        var supplementaries: [(kind: String, model: Any)] = []
    }

    var sections: [Section]

    var numberOfSections: Int { sections.count }

    func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].items.count : 0
    }

    func item(at position: ItemPosition) -> Any? {
        guard sections.indices.contains(position.section),
              sections[position.section].items.indices.contains(position.item) else { return nil }
        return sections[position.section].items[position.item]
    }

    func supplementaryModel(ofKind kind: String, inSection section: Int) -> Any? {
        guard sections.indices.contains(section) else { return nil }
        return sections[section].supplementaries.first { $0.kind == kind }?.model
    }

    func supplementaryKinds(inSection section: Int) -> [String] {
        guard sections.indices.contains(section) else { return [] }
        return sections[section].supplementaries.map(\.kind)
    }
}
