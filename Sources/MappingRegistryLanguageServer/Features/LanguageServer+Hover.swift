import Foundation
import MappingRegistry

/// Hover and go-to-definition: what a name is and takes, what a key means,
/// what a diagnostic's code means and how to fix it; where a plugin was
/// registered, and where the other mapping of a diagnostic's note is.
extension LanguageServer {
    func hover(_ document: TextDocument, at offset: Int) -> JSONValue {
        var sections: [String] = []
        var range: LSPRange?
        if let context = CursorContext(offset: offset, in: document.syntax), let token = context.token {
            if let text = describeToken(context, in: document) {
                sections.append(text)
                range = document.lines.range(of: token.range)
            }
        }
        for published in diagnostics(of: document, at: offset) {
            guard let info = Diagnostic.Code.table.first(where: { $0.code == published.diagnostic.code }) else { continue }
            sections.append("**\(info.code.rawValue)** (\(info.severity)): \(info.summary)\n\n\(info.help)")
            range = range ?? published.range
        }
        guard !sections.isEmpty else { return .null }
        let contents: JSONValue = switch hoverFormat {
        case .markdown: .object([("kind", "markdown"), ("value", .string(sections.joined(separator: "\n\n---\n\n")))])
        case .plainText: .object([("kind", "plaintext"), ("value", .string(sections.map(Self.plainText).joined(separator: "\n\n")))])
        }
        var members: [(String, JSONValue)] = [("contents", contents)]
        if let range { members.append(("range", Self.json(range))) }
        return .object(members)
    }

    /// Markdown of a hover section or a completion item as plain text: its
    /// emphasis and code spans (`**`, backticks) are all the markup it has.
    static func plainText(_ markdown: String) -> String {
        markdown.replacingOccurrences(of: "**", with: "").replacingOccurrences(of: "`", with: "")
    }

    /// The published diagnostics of the current text whose range holds an offset.
    func diagnostics(of document: TextDocument, at offset: Int) -> [PublishedDiagnostic] {
        let lines = document.lines
        return document.currentDiagnostics.filter { published in
            let start = lines.offset(of: published.range.start)
            let end = lines.offset(of: published.range.end)
            return start <= offset && offset <= max(end, start)
        }
    }

    /// Markdown about the key or name under the cursor.
    func describeToken(_ context: CursorContext, in document: TextDocument) -> String? {
        guard let token = context.token, let name = token.string ?? nil else { return nil }
        switch context.place {
        case .key:
            switch document.kind {
            case .mappings:
                guard let key = MappingsKey.described(named: name) else { return nil }
                return Self.describeKey(key.name, required: key.isRequired, key.summary)
            case .data:
                guard let place = Self.dataPlace(context.path), let key = DataDocumentKey(rawValue: name), key.place == place else { return nil }
                return Self.describeKey(key.rawValue, required: key.isRequired, key.summary)
            }
        case .value, .element:
            guard let (category, entry) = plugin(at: context) else { return nil }
            var text = "**\(entry.name)**: \(describe(entry, category))"
            if let site = entry.registeredAt.flatMap(RegistrationSite.init) { text += "\n\nRegistered in `\(site.path)`" }
            return text
        }
    }

    /// A key's hover: `**view** (required): A registered view name.`
    static func describeKey(_ name: String, required: Bool, _ summary: String) -> String {
        "**\(name)**" + (required ? " (required)" : "") + ": " + summary
    }

    /// The plugin the name under the cursor names, by the key it is the value of.
    func plugin(at context: CursorContext) -> (CatalogIndex.Category, CatalogIndex.Entry)? {
        guard let name = context.token?.string else { return nil }
        let category: CatalogIndex.Category?
        switch context.place {
        case .value(let key, _):
            if context.path.count == 3, context.path[2] == .key(MappingsKey.events.rawValue) {
                category = .handler
            } else {
                category = switch key {
                case MappingsKey.view.rawValue: .view
                case MappingsKey.model.rawValue: .model
                case ConditionKey.predicate.rawValue: .predicate
                default: nil
                }
            }
        case .element:
            category = context.path.last == .key(MappingsKey.decorators.rawValue) ? .decorator : nil
        case .key:
            category = nil
        }
        guard let category, let entry = catalog.entry(category, name) else { return nil }
        return (category, entry)
    }

    func definition(_ document: TextDocument, at offset: Int) -> JSONValue {
        var locations: [JSONValue] = []
        if let context = CursorContext(offset: offset, in: document.syntax), let (category, entry) = plugin(at: context),
           let location = registrationLocation(category, entry) {
            locations.append(location)
        }
        for published in diagnostics(of: document, at: offset) {
            for note in published.diagnostic.notes {
                guard let location = note.location, let target = place(of: location) else { continue }
                locations.append(Self.location(uri: target.uri, range: target.range))
            }
        }
        return locations.isEmpty ? .null : .array(locations)
    }
}
