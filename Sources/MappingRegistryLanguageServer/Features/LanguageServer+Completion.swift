import MappingRegistry

/// Completion, read from the tolerant syntax tree so that it works while
/// the document is broken: keys where a key may stand (mappings files from
/// ``MappingsKey``, data documents from ``DataDocumentKey``), and names
/// where a value may: views that can show the mapping's model, models,
/// predicates that can take it (with their argument's type), decorators,
/// handlers, kinds, events.
extension LanguageServer {
    /// One name offered.
    struct Candidate {
        var label: String
        /// The protocol's CompletionItemKind.
        var kind: Int
        var detail: String?
        var documentation: String?
        /// The JSON written in place of the token under the cursor.
        var text: String

        /// What a client matches the typed text against: the label as
        /// written inside a JSON string, without quotes.
        var filterText: String {
            String(JSONValue.string(label).compact().dropFirst().dropLast())
        }
    }

    // CompletionItemKind values.
    static let propertyKind = 10
    static let valueKind = 12
    static let enumMemberKind = 20
    static let classKind = 7
    static let structKind = 22
    static let functionKind = 3
    static let eventKind = 23

    func completion(_ document: TextDocument, at offset: Int) -> JSONValue {
        let syntax = document.syntax
        guard let context = CursorContext(offset: offset, in: syntax) else { return Self.completionList([]) }
        var replaced: Range<Int> = offset..<offset
        if let token = context.token {
            replaced = token.terminated ? token.range : token.range.lowerBound..<max(offset, token.range.lowerBound)
        } else if let word = syntax.tokens.first(where: { $0.kind == .word && $0.range.lowerBound < offset && offset <= $0.range.upperBound }) {
            replaced = word.range
        }
        // Inside a string the edit starts after its opening quote, so what
        // a client filters by is the name as typed: eglot matches the
        // symbol at point, which has no quote; VS Code and Neovim match the
        // text of the edit's range before the cursor. Both then match the
        // unquoted `filterText`.
        let afterQuote = replaced.lowerBound < offset && document.bytes[replaced.lowerBound] == UInt8(ascii: "\"")
        let candidates = self.candidates(context, in: document)
        let range = document.lines.range(of: afterQuote ? replaced.lowerBound + 1..<replaced.upperBound : replaced)
        let items: [JSONValue] = candidates.map { candidate in
            let newText = afterQuote && candidate.text.hasPrefix("\"") ? String(candidate.text.dropFirst()) : candidate.text
            var members: [(String, JSONValue)] = [
                ("label", .string(candidate.label)),
                ("kind", .integer(candidate.kind)),
            ]
            if let detail = candidate.detail { members.append(("detail", .string(detail))) }
            if let documentation = candidate.documentation {
                let markup: JSONValue = switch completionDocumentationFormat {
                case .markdown: .object([("kind", "markdown"), ("value", .string(documentation))])
                case .plainText: .object([("kind", "plaintext"), ("value", .string(Self.plainText(documentation)))])
                }
                members.append(("documentation", markup))
            }
            members.append(("filterText", .string(candidate.filterText)))
            members.append(("textEdit", .object([("range", Self.json(range)), ("newText", .string(newText))])))
            return .object(members)
        }
        return Self.completionList(items)
    }

    static func completionList(_ items: [JSONValue]) -> JSONValue {
        .object([("isIncomplete", false), ("items", .array(items))])
    }

    /// What may stand at a place.
    func candidates(_ context: CursorContext, in document: TextDocument) -> [Candidate] {
        switch context.place {
        case .key(let object):
            let syntax = document.syntax
            let present = Set(object.members.filter { syntax.keyRange(of: $0) != context.token?.range }.map(\.key))
            let hasColon = object.members.first { syntax.keyRange(of: $0) == context.token?.range }.flatMap(syntax.colon(of:)) != nil
            return keyCandidates(document.kind, path: context.path, inFallback: context.primary != nil)
                .filter { !present.contains($0.label) }
                .map { candidate in
                    var candidate = candidate
                    if !hasColon { candidate.text += ": " }
                    return candidate
                }
        case .value(let key, let object):
            return valueCandidates(document.kind, key: key, object: object, context: context)
        case .element:
            guard case .key(let key)? = context.path.last else { return [] }
            if document.kind == .mappings, key == MappingsKey.decorators.rawValue {
                let model = mappingModel(context)
                return plugins(.decorator, kind: Self.functionKind, acceptingModel: model)
            }
            return []
        }
    }

    /// The keys of the object at a path.
    ///
    /// - Parameter inFallback: Whether the object is a mapping's
    ///   `"fallback"`, which requires nothing and has no fallback of its own.
    func keyCandidates(_ kind: DocumentKind, path: [CursorContext.Step], inFallback: Bool = false) -> [Candidate] {
        func key(_ name: String, required: Bool, summary: String) -> Candidate {
            Candidate(
                label: name,
                kind: Self.propertyKind,
                detail: required ? "required" : nil,
                documentation: summary,
                text: JSONValue.string(name).compact()
            )
        }
        switch kind {
        case .mappings:
            guard let place = Self.mappingsPlace(path) else {
                if path.count == 3, path[2] == .key(MappingsKey.events.rawValue) {
                    return BuiltInEvent.names.map { Candidate(label: $0, kind: Self.eventKind, detail: "event", text: JSONValue.string($0).compact()) }
                }
                return []
            }
            if inFallback, place == .mapping {
                return MappingsKey.described(in: place).filter { $0.name != MappingsKey.fallback.rawValue }.map {
                    key($0.name, required: false, summary: $0.summary)
                }
            }
            return MappingsKey.described(in: place).map { key($0.name, required: $0.isRequired, summary: $0.summary) }
        case .data:
            guard let place = Self.dataPlace(path) else { return [] }
            return DataDocumentKey.keys(in: place).map { key($0.rawValue, required: $0.isRequired, summary: $0.summary) }
        }
    }

    /// The names that may be the value of a key.
    func valueCandidates(_ kind: DocumentKind, key: String, object: JSONNode, context: CursorContext) -> [Candidate] {
        switch kind {
        case .data:
            guard key == DataDocumentKey.model.rawValue, Self.dataPlace(context.path) == .entry else { return [] }
            return catalog.names(.model).compactMap { catalog.entry(.model, $0) }.filter(\.decodable).map { model in
                Candidate(label: model.name, kind: Self.structKind, detail: "model: \(model.type ?? "")", text: JSONValue.string(model.name).compact())
            }
        case .mappings:
            let place = Self.mappingsPlace(context.path)
            if place == .document, key == MappingsKey.version.rawValue {
                return [Candidate(label: "1", kind: Self.valueKind, detail: "the format version", text: "1")]
            }
            if place == nil, context.path.count == 3, context.path[2] == .key(MappingsKey.events.rawValue) {
                return plugins(.handler, kind: Self.functionKind, acceptingModel: nil)
            }
            let model = mappingModel(context)
            if place == .condition, ConditionKey(rawValue: key) == .predicate {
                return plugins(.predicate, kind: Self.functionKind, acceptingModel: model)
            }
            switch (place, MappingsKey(rawValue: key)) {
            case (.mapping?, .view?):
                return plugins(.view, kind: Self.classKind, acceptingModel: model)
            case (.mapping?, .model?):
                let viewName = object.value(MappingsKey.view.rawValue)?.string ?? context.primary?.value(MappingsKey.view.rawValue)?.string
                let view = viewName.flatMap { catalog.entry(.view, $0) }
                return catalog.names(.model).compactMap { catalog.entry(.model, $0) }
                    .filter { catalog.plugin(taking: view?.type, accepts: $0.name) }
                    .map { Candidate(label: $0.name, kind: Self.structKind, detail: "model: \($0.type ?? "")", text: JSONValue.string($0.name).compact()) }
            case (.mapping?, .kind?):
                return ViewKind.builtIns.map { kind in
                    Candidate(label: kind.rawValue, kind: Self.enumMemberKind, detail: kind == .cell ? "the default" : "supplementary kind", text: JSONValue.string(kind.rawValue).compact())
                }
            case (.mapping?, .fallback?) where context.primary == nil:
                return [Candidate(label: "skip", kind: Self.valueKind, detail: "leave the mapping out where the app lacks a name it uses", text: JSONValue.string("skip").compact())]
            default:
                return []
            }
        }
    }

    /// The plugins of a category that can take a model (all of them without one), with what each takes.
    func plugins(_ category: CatalogIndex.Category, kind: Int, acceptingModel model: String?) -> [Candidate] {
        catalog.names(category).compactMap { catalog.entry(category, $0) }
            .filter { catalog.plugin(taking: $0.type, accepts: model) }
            .map { entry in
                Candidate(label: entry.name, kind: kind, detail: describe(entry, category), text: JSONValue.string(entry.name).compact())
            }
    }

    /// `view: takes Dish`, `predicate: takes Dish, argument Double`.
    func describe(_ entry: CatalogIndex.Entry, _ category: CatalogIndex.Category) -> String {
        var text = category.rawValue
        if category == .model {
            text += ": " + (entry.type ?? "")
            if entry.decodable { text += ", created by data documents" }
            return text
        }
        if entry.type != nil { text += ": takes " + catalog.typeName(entry.type) }
        if category == .predicate { text += entry.argument.map { ", argument \($0)" } ?? ", no argument" }
        return text
    }

    /// What kind of object of a mappings file a path leads to: the
    /// document, a mapping, or a condition (at any depth); `nil` otherwise.
    /// The kind of data-document object at a path: the root, a section
    /// (an element of `sections`), or an entry (a section's `header` or
    /// `footer`, an element of `items`, a value of `supplementary`).
    static func dataPlace(_ path: [CursorContext.Step]) -> DataDocumentKey.Place? {
        switch path.count {
        case 0: return .document
        case 2 where path[0] == .key(DataDocumentKey.sections.rawValue): return .section
        case 3 where path[2] == .key(DataDocumentKey.header.rawValue) || path[2] == .key(DataDocumentKey.footer.rawValue): return .entry
        case 4 where path[2] == .key(DataDocumentKey.items.rawValue) || path[2] == .key(DataDocumentKey.supplementary.rawValue): return .entry
        default: return nil
        }
    }

    static func mappingsPlace(_ path: [CursorContext.Step]) -> MappingsKey.Place? {
        if path.isEmpty { return .document }
        guard path.count >= 2, path[0] == .key(MappingsKey.mappings.rawValue), case .index = path[1] else { return nil }
        if path.count == 2 { return .mapping }
        guard path[2] == .key(MappingsKey.condition.rawValue) else { return nil }
        var index = 3
        while index < path.count {
            switch path[index] {
            case .key(ConditionKey.not.rawValue):
                index += 1
            case .key(ConditionKey.all.rawValue), .key(ConditionKey.any.rawValue):
                guard index + 1 < path.count, case .index = path[index + 1] else { return nil }
                index += 2
            default:
                return nil
            }
        }
        return .condition
    }

    /// The mapping object the place is in, for its model: in a fallback, the fallback.
    func mappingObject(_ context: CursorContext) -> JSONNode? {
        guard context.path.count >= 2, context.path[0] == .key(MappingsKey.mappings.rawValue), context.containers.count >= 3 else { return nil }
        return context.containers[2]
    }

    /// The model of the mapping the place is in: a fallback's own, else the
    /// one it inherits.
    func mappingModel(_ context: CursorContext) -> String? {
        mappingObject(context)?.value(MappingsKey.model.rawValue)?.string
            ?? context.primary?.value(MappingsKey.model.rawValue)?.string
    }
}
