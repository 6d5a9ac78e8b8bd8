import Foundation
import MappingRegistry

/// References and rename of a plugin name, across every mappings file and
/// data document of the workspace (the open ones as edited, the others as
/// on disk) and the name's Swift registration; references of a mapping:
/// the data-document items it renders.
extension LanguageServer {
    /// The workspace's mappings files and data documents: the open ones,
    /// then the others under the workspace's roots.
    func workspaceFiles() -> [WorkspaceFile] {
        var files = documents.values.sorted { $0.uri < $1.uri }.map { document in
            WorkspaceFile(uri: document.uri, path: document.sourceName, kind: document.kind, syntax: document.syntax, lines: document.lines)
        }
        let open = Set(files.map(\.path))
        for path in workspace.paths(under: workspaceRoots) where !open.contains(path) {
            if let file = workspace.file(at: path, encoding: encoding) { files.append(file) }
        }
        return files
    }

    /// The plugin named by the string under the cursor, with the string's range.
    func namedPlugin(_ document: TextDocument, at offset: Int) -> (category: CatalogIndex.Category, name: String, range: Range<Int>)? {
        guard let context = CursorContext(offset: offset, in: document.syntax), let token = context.token,
              token.kind == .string, let (category, entry) = plugin(at: context) else { return nil }
        return (category, entry.name, token.range)
    }

    // MARK: - References

    /// `textDocument/references`: on a plugin name, every use of it in the
    /// workspace (and, with `includeDeclaration`, its registration); inside
    /// a mapping, the data-document items it renders.
    func references(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        guard let (document, offset) = documentPosition(params) else {
            return .failure(.invalidParams("expected textDocument.uri and a position with line and character"))
        }
        guard let document else { return .success(.null) }
        let includeDeclaration = params?.object("context")?["includeDeclaration"]?.boolValue ?? false
        if let named = namedPlugin(document, at: offset) {
            var locations = uses(of: named.category, named: named.name).map { Self.location(uri: $0.file.uri, range: $0.file.lines.range(of: $0.range)) }
            if includeDeclaration, let entry = catalog.entry(named.category, named.name),
               let registration = registrationLocation(named.category, entry) {
                locations.insert(registration, at: 0)
            }
            return .success(.array(locations))
        }
        if document.kind == .mappings, let index = Self.mappingIndex(at: offset, in: document.syntax) {
            return .success(.array(renderedItems(of: document, mapping: index).map { Self.location(uri: $0.uri, range: $0.range) }))
        }
        return .success(.null)
    }

    /// Every string in the workspace that names the plugin.
    func uses(of category: CatalogIndex.Category, named name: String) -> [(file: WorkspaceFile, range: Range<Int>)] {
        workspaceFiles().flatMap { file in
            NameOccurrences.of(category, named: name, in: file.syntax.root, kind: file.kind).map { (file, $0.range) }
        }
    }

    /// The index of the mapping object (in `mappings`) that holds an offset.
    static func mappingIndex(at offset: Int, in syntax: JSONSyntaxTree) -> Int? {
        syntax.root?.value(MappingsKey.mappings.rawValue)?.elements.firstIndex { $0.kind == .object && $0.contains(offset) }
    }

    // MARK: - Rename

    /// `textDocument/prepareRename`: the name's range and text, or an error
    /// saying why it cannot be renamed.
    func prepareRename(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        guard let (document, offset) = documentPosition(params) else {
            return .failure(.invalidParams("expected textDocument.uri and a position with line and character"))
        }
        guard let document, let named = namedPlugin(document, at: offset) else {
            return .failure(.requestFailed("only a registered plugin's name can be renamed: put the cursor on a view, model, predicate, decorator or handler name"))
        }
        if case .failure(let refusal) = registrationEdit(named.category, named.name, to: named.name) { return .failure(refusal) }
        // The name inside its quotes.
        let inside = named.range.lowerBound + 1..<max(named.range.lowerBound + 1, named.range.upperBound - 1)
        return .success(.object([("range", Self.json(document.lines.range(of: inside))), ("placeholder", .string(named.name))]))
    }

    /// `textDocument/rename`: every use of the name in the workspace's
    /// mappings files and data documents, and the string literal of its
    /// Swift registration; refused when the registration has no such literal.
    func rename(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        guard let (document, offset) = documentPosition(params), let newName = params?.string("newName") else {
            return .failure(.invalidParams("expected textDocument.uri, a position and newName"))
        }
        guard let document, let named = namedPlugin(document, at: offset) else {
            return .failure(.requestFailed("only a registered plugin's name can be renamed: put the cursor on a view, model, predicate, decorator or handler name"))
        }
        guard !newName.isEmpty else { return .failure(.requestFailed("a plugin's name cannot be empty")) }
        if newName != named.name, catalog.entry(named.category, newName) != nil {
            return .failure(.requestFailed("a \(named.category.rawValue) named '\(newName)' is already registered; choose another name"))
        }
        let registration: (uri: String, edit: JSONValue)
        switch registrationEdit(named.category, named.name, to: newName) {
        case .success(let edit): registration = edit
        case .failure(let refusal): return .failure(refusal)
        }
        var changes: [(uri: String, edits: [JSONValue])] = []
        func add(_ uri: String, _ edit: JSONValue) {
            if let index = changes.firstIndex(where: { $0.uri == uri }) {
                changes[index].edits.append(edit)
            } else {
                changes.append((uri, [edit]))
            }
        }
        let text = JSONValue.string(newName).compact()
        for use in uses(of: named.category, named: named.name) {
            add(use.file.uri, Self.textEdit(use.file.lines.range(of: use.range), text))
        }
        add(registration.uri, registration.edit)
        return .success(.object([("changes", .object(changes.map { ($0.uri, .array($0.edits)) }))]))
    }

    /// The edit of the Swift string literal that registers the name, found
    /// in the file its `registeredAt` names (see ``RegistrationSite``); a
    /// refusal saying why when there is no such file or literal.
    func registrationEdit(_ category: CatalogIndex.Category, _ name: String, to newName: String) -> Result<(uri: String, edit: JSONValue), RPCError> {
        let what = "\(category.rawValue) '\(name)'"
        guard let entry = catalog.entry(category, name), let site = entry.registeredAt.flatMap(RegistrationSite.init) else {
            return .failure(.requestFailed("cannot rename \(what): the catalog does not say where it is registered, so its Swift registration would keep the old name; rename it in Swift, then in the mappings"))
        }
        var files: SwiftFiles = [:]
        guard let registration = registration(category, entry, files: &files) else {
            return .failure(.requestFailed("cannot rename \(what): its registration \(site.path) is not a file here; rename it in Swift, then in the mappings"))
        }
        guard let match = registration.match, match.isLiteral else {
            return .failure(.requestFailed(
                "cannot rename \(what): its registration in \(site.path) has no string literal \"\(name)\" (a view registered by its type is named after the type); rename it there, then in the mappings"
            ))
        }
        return .success((registration.uri, Self.textEdit(registration.lines.range(of: match.range), RegistrationSite.swiftLiteral(newName))))
    }

    static func textEdit(_ range: LSPRange, _ text: String) -> JSONValue {
        .object([("range", json(range)), ("newText", .string(text))])
    }

    /// The open document and byte offset of a request's position; the
    /// document is `nil` when it is not open, the whole `nil` when the
    /// params are malformed.
    func documentPosition(_ params: JSONNode?) -> (TextDocument?, Int)? {
        guard let uri = params?.object("textDocument")?.string("uri"),
              let position = params?.object("position"),
              let line = position.int("line"), let character = position.int("character") else { return nil }
        guard let document = documents[uri] else { return (nil, 0) }
        return (document, document.lines.offset(of: LSPPosition(line: line, character: character)))
    }
}
