import MappingRegistry

/// `workspace/symbol`: the catalog's plugins (at their registrations) and
/// the mappings of the workspace's mappings files, whose names contain the
/// query's characters in order, case ignored.
extension LanguageServer {
    /// At most this many symbols are answered.
    static let workspaceSymbolLimit = 500

    func workspaceSymbols(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        let query = (params?.string("query") ?? "").lowercased()
        var symbols: [JSONValue] = []
        func add(_ name: String, kind: Int, container: String, location: JSONValue) {
            guard symbols.count < Self.workspaceSymbolLimit, Self.matches(name.lowercased(), query) else { return }
            symbols.append(.object([
                ("name", .string(name)), ("kind", .integer(kind)),
                ("location", location), ("containerName", .string(container)),
            ]))
        }
        var files: SwiftFiles = [:]
        for category in CatalogIndex.Category.allCases {
            for name in catalog.names(category) {
                guard symbols.count < Self.workspaceSymbolLimit, Self.matches(name.lowercased(), query),
                      let entry = catalog.entry(category, name),
                      let location = registrationLocation(category, entry, files: &files) else { continue }
                add(name, kind: category == .model ? Self.structSymbol : Self.classSymbol, container: category.rawValue, location: location)
            }
        }
        for file in workspaceFiles() where file.kind == .mappings {
            for mapping in file.syntax.root?.value(MappingsKey.mappings.rawValue)?.elements ?? [] where mapping.kind == .object {
                let view = mapping.value(MappingsKey.view.rawValue)?.string ?? "?"
                let model = mapping.value(MappingsKey.model.rawValue)?.string ?? "?"
                let kind = mapping.value(MappingsKey.kind.rawValue)?.string ?? ViewKind.cell.rawValue
                add("\(view) for \(model) (\(kind))", kind: Self.objectSymbol, container: file.path,
                    location: Self.location(uri: file.uri, range: file.lines.range(of: mapping.range)))
            }
        }
        return .success(.array(symbols))
    }

    // SymbolKind values.
    static let classSymbol = 5
    static let structSymbol = 23

    /// Whether the query's characters appear in the name in order.
    static func matches(_ name: String, _ query: String) -> Bool {
        var remaining = query.unicodeScalars.makeIterator()
        var wanted = remaining.next()
        for scalar in name.unicodeScalars where scalar == wanted {
            wanted = remaining.next()
        }
        return wanted == nil
    }
}
