import Foundation
import MappingRegistry

/// What each mapping renders: a code lens per mapping ("3 items", "no
/// item") counted over the open data documents that go with the mappings
/// file, and the items themselves for references of a mapping.
extension LanguageServer {
    /// One stored item a mapping renders: where its entry is.
    struct RenderedItem {
        var uri: String
        var range: LSPRange
    }

    /// The items of the open data documents that go with `document` (by
    /// the rule data documents find their mappings with), grouped by the
    /// index of the mapping object of `document` each resolves to.
    func renderedItems(of document: TextDocument) -> [Int: [RenderedItem]] {
        guard let registry = document.registry else { return [:] }
        var byMapping: [Int: [RenderedItem]] = [:]
        for data in documents.values.sorted(by: { $0.uri < $1.uri }) where data.kind == .data {
            guard case .open(let mappings) = mappingsSource(for: data), mappings === document else { continue }
            let check = DataDocument.check(Data(data.bytes), plugins: configuration.plugins, source: data.sourceName)
            for entry in check.entries where entry.kind == .cell || entry.value != nil {
                let model = entry.value as Any
                let resolution = configuration.context.map { registry.resolve(model, at: entry.position, kind: entry.kind, context: $0) }
                    ?? registry.resolve(model, at: entry.position, kind: entry.kind)
                guard let mapping = resolution.mapping, mapping.location.file == document.sourceName,
                      let index = Self.mappingIndex(ofPointer: mapping.location.pointer) else { continue }
                byMapping[index, default: []].append(RenderedItem(uri: data.uri, range: data.lines.range(of: entry.location)))
            }
        }
        return byMapping
    }

    /// The items one mapping object renders.
    func renderedItems(of document: TextDocument, mapping index: Int) -> [RenderedItem] {
        renderedItems(of: document)[index] ?? []
    }

    /// `/mappings/3` or `/mappings/3/fallback` → 3.
    static func mappingIndex(ofPointer pointer: String) -> Int? {
        let parts = pointer.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count >= 3, parts[1] == Substring(MappingsKey.mappings.rawValue) else { return nil }
        return Int(parts[2])
    }

    /// `textDocument/codeLens`: on each mapping of a mappings file, how
    /// many items of the open data documents it renders.
    func codeLenses(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        guard let uri = params?.object("textDocument")?.string("uri") else {
            return .failure(.invalidParams("'textDocument/codeLens' needs textDocument.uri"))
        }
        guard let document = documents[uri], document.kind == .mappings else { return .success(.array([])) }
        let counts = renderedItems(of: document).mapValues(\.count)
        let mappings = document.syntax.root?.value(MappingsKey.mappings.rawValue)?.elements ?? []
        let lines = document.lines
        return .success(.array(mappings.enumerated().filter { $0.element.kind == .object }.map { index, mapping in
            let count = counts[index] ?? 0
            let title = count == 0 ? "no item" : count == 1 ? "1 item" : "\(count) items"
            let start = lines.range(of: mapping.range.lowerBound..<mapping.range.lowerBound).start
            return .object([
                ("range", Self.json(LSPRange(start: start, end: start))),
                ("command", .object([("title", .string(title)), ("command", "")])),
            ])
        }))
    }
}
