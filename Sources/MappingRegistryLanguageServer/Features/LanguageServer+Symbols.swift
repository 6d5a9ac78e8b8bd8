import MappingRegistry

/// Document symbols: a mappings file's mappings as an outline,
/// `DishRow for Dish (cell)`; a data document's sections and their models.
extension LanguageServer {
    // SymbolKind values.
    static let objectSymbol = 19
    static let arraySymbol = 18
    static let fieldSymbol = 8

    func documentSymbols(_ document: TextDocument) -> JSONValue {
        guard let root = document.syntax.root, root.kind == .object else { return .array([]) }
        let lines = document.lines
        func symbol(_ name: String, _ kind: Int, _ node: JSONNode, selection: Range<Int>?, detail: String? = nil, children: [JSONValue] = []) -> JSONValue {
            var members: [(String, JSONValue)] = [("name", .string(name.isEmpty ? "?" : name))]
            if let detail { members.append(("detail", .string(detail))) }
            members += [
                ("kind", .integer(kind)),
                ("range", Self.json(lines.range(of: node.range))),
                ("selectionRange", Self.json(lines.range(of: selection ?? node.range))),
            ]
            if !children.isEmpty { members.append(("children", .array(children))) }
            return .object(members)
        }
        switch document.kind {
        case .mappings:
            let mappings = root.value(MappingsKey.mappings.rawValue)?.elements ?? []
            return .array(mappings.filter { $0.kind == .object }.map { mapping in
                let view = mapping.value(MappingsKey.view.rawValue)
                let model = mapping.value(MappingsKey.model.rawValue)?.string ?? "?"
                let kind = mapping.value(MappingsKey.kind.rawValue)?.string ?? ViewKind.cell.rawValue
                let priority = mapping.value(MappingsKey.priority.rawValue).map { String(decoding: document.bytes[$0.range], as: UTF8.self) }
                return symbol("\(view?.string ?? "?") for \(model) (\(kind))", Self.objectSymbol, mapping,
                              selection: view?.range, detail: priority.map { "priority \($0)" })
            })
        case .data:
            let sections = root.value("sections")?.elements ?? []
            return .array(sections.enumerated().filter { $0.element.kind == .object }.map { index, section in
                // In the order written: header, footer, each supplementary
                // view by its kind, each item.
                var children: [JSONValue] = []
                for member in section.members {
                    guard let value = member.presentValue else { continue }
                    switch DataDocumentKey(rawValue: member.key) {
                    case .header?, .footer?:
                        if value.kind == .object {
                            children.append(symbol("\(member.key): \(value.value("model")?.string ?? "?")", Self.fieldSymbol, value, selection: nil))
                        }
                    case .supplementary?:
                        for kind in value.members {
                            guard let entry = kind.presentValue, entry.kind == .object else { continue }
                            children.append(symbol("\(kind.key): \(entry.value("model")?.string ?? "?")", Self.fieldSymbol, entry, selection: nil))
                        }
                    case .items?:
                        for (item, entry) in value.elements.enumerated() where entry.kind == .object {
                            children.append(symbol("item \(item): \(entry.value("model")?.string ?? "?")", Self.fieldSymbol, entry, selection: nil))
                        }
                    default:
                        break
                    }
                }
                return symbol("section \(index)", Self.arraySymbol, section, selection: nil, children: children)
            })
        }
    }
}
