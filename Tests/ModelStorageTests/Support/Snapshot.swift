import ModelStorage

/// A comparable copy of a storage's contents: items and supplementary
/// models as strings, supplementary kinds in storage order.
struct Snapshot: Equatable, CustomStringConvertible {
    struct Section: Equatable {
        var items: [String]
        var kinds: [String]
        var supplementaries: [String]
    }

    var sections: [Section]

    init(sections: [Section]) {
        self.sections = sections
    }

    init(_ storage: any Storage) {
        sections = (0..<storage.numberOfSections).map { section in
            let items = (0..<storage.numberOfItems(inSection: section)).map { item in
                storage.item(at: ItemPosition(item: item, section: section)).map { String(describing: $0) } ?? "<nil>"
            }
            let kinds = storage.supplementaryKinds(inSection: section)
            let models = kinds.map { kind in
                storage.supplementaryModel(ofKind: kind, inSection: section).map { String(describing: $0) } ?? "<nil>"
            }
            return Section(items: items, kinds: kinds, supplementaries: models)
        }
    }

    var description: String {
        sections.enumerated().map { index, section in
            "\(index): \(section.items) \(zip(section.kinds, section.supplementaries).map { "\($0)=\($1)" })"
        }.joined(separator: " | ")
    }
}
