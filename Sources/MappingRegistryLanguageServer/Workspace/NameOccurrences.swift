import MappingRegistry

/// Where a document names plugins: each string that is a view, model,
/// predicate, decorator or handler name, by the key it is the value of,
/// as references and rename find them. Mappings' fallbacks and conditions
/// at any depth are walked; a data document names models only.
enum NameOccurrences {
    /// One name written in a document.
    struct Occurrence {
        var category: CatalogIndex.Category
        var name: String
        /// The string, with its quotes.
        var range: Range<Int>
    }

    /// Every plugin name a document writes, in document order.
    static func all(in root: JSONNode?, kind: DocumentKind) -> [Occurrence] {
        guard let root else { return [] }
        var found: [Occurrence] = []
        switch kind {
        case .mappings:
            for mapping in root.value(MappingsKey.mappings.rawValue)?.elements ?? [] {
                mappingNames(mapping, into: &found)
                if let fallback = mapping.value(MappingsKey.fallback.rawValue), fallback.kind == .object {
                    mappingNames(fallback, into: &found)
                }
            }
        case .data:
            for section in root.value(DataDocumentKey.sections.rawValue)?.elements ?? [] {
                for key in [DataDocumentKey.header, .footer] {
                    if let entry = section.value(key.rawValue) { model(of: entry, into: &found) }
                }
                for member in section.value(DataDocumentKey.supplementary.rawValue)?.members ?? [] {
                    if let entry = member.presentValue { model(of: entry, into: &found) }
                }
                for entry in section.value(DataDocumentKey.items.rawValue)?.elements ?? [] {
                    model(of: entry, into: &found)
                }
            }
        }
        return found
    }

    /// The occurrences of one plugin.
    static func of(_ category: CatalogIndex.Category, named name: String, in root: JSONNode?, kind: DocumentKind) -> [Occurrence] {
        all(in: root, kind: kind).filter { $0.category == category && $0.name == name }
    }

    private static func mappingNames(_ mapping: JSONNode, into found: inout [Occurrence]) {
        add(.view, mapping.value(MappingsKey.view.rawValue), into: &found)
        add(.model, mapping.value(MappingsKey.model.rawValue), into: &found)
        if let condition = mapping.value(MappingsKey.condition.rawValue) { predicates(in: condition, into: &found) }
        for decorator in mapping.value(MappingsKey.decorators.rawValue)?.elements ?? [] {
            add(.decorator, decorator, into: &found)
        }
        for event in mapping.value(MappingsKey.events.rawValue)?.members ?? [] {
            add(.handler, event.presentValue, into: &found)
        }
    }

    /// The predicate names of a condition object, at any depth of `all`, `any` and `not`.
    private static func predicates(in condition: JSONNode, into found: inout [Occurrence]) {
        for member in condition.members {
            guard let value = member.presentValue else { continue }
            switch ConditionKey(rawValue: member.key)?.form {
            case .predicateName?:
                add(.predicate, value, into: &found)
            case .conditions?:
                for element in value.elements { predicates(in: element, into: &found) }
            case .negated?:
                predicates(in: value, into: &found)
            case .index?, .indexes?, .predicateArgument?, nil:
                break
            }
        }
    }

    private static func model(of entry: JSONNode, into found: inout [Occurrence]) {
        add(.model, entry.value(DataDocumentKey.model.rawValue), into: &found)
    }

    private static func add(_ category: CatalogIndex.Category, _ node: JSONNode?, into found: inout [Occurrence]) {
        guard let node, let name = node.string, !name.isEmpty else { return }
        found.append(Occurrence(category: category, name: name, range: node.range))
    }
}
