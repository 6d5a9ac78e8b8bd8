import Foundation

/// Reading a catalog file, with located diagnostics for a broken one.
extension CatalogDescription {
    /// Reads a catalog file written by ``rendered()``.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - source: The file name diagnostics use.
    /// - Throws: ``ConfigurationError``: `invalid-json`; `wrong-type` or
    ///   `missing-key` for a value of the wrong shape; `unsupported-version`;
    ///   `duplicate-plugin` for a name or type listed twice; `missing-key`
    ///   for a type id that `types` does not list.
    package init(data: Data, source: String) throws(ConfigurationError) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            throw ConfigurationError(diagnostics: [.invalidJSON(error, file: source)])
        }
        func at(_ path: [any CodingKey]) -> (node: JSONNode, location: SourceLocation) {
            let found = root.descendant(at: path.map { key in key.intValue.map(JSONPathComponent.index) ?? .key(key.stringValue) })
            return (found.node, SourceLocation(of: found.node, pointer: found.pointer, file: source))
        }
        do {
            self = try JSONDecoder().decode(CatalogDescription.self, from: data)
        } catch let error as DecodingError {
            let diagnostic: Diagnostic
            switch error {
            case .keyNotFound(let key, let context):
                let place = at(context.codingPath)
                diagnostic = .missingKey(key.stringValue, in: place.location.pointer.isEmpty ? "the catalog" : "'\(place.location.pointer)'", at: place.location)
            case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
                let place = at(context.codingPath)
                diagnostic = .wrongType(expected: JSONValueDescription.describe(type), found: place.node, key: context.codingPath.last?.stringValue, at: place.location)
            default:
                let place = at(error.codingPath ?? [])
                diagnostic = Diagnostic(severity: .error, code: .wrongType, message: "the catalog cannot be read: \(error)", location: place.location)
            }
            throw ConfigurationError(diagnostics: [diagnostic])
        } catch {
            throw ConfigurationError(diagnostics: [Diagnostic(severity: .error, code: .wrongType, message: "the catalog cannot be read: \(error)")])
        }
        try check(source: source, at: { at($0).location })
    }

    /// Checks the version, duplicate names and that every type id is listed.
    private func check(source: String, at: ([any CodingKey]) -> SourceLocation) throws(ConfigurationError) {
        struct Key: CodingKey {
            var stringValue: String
            var intValue: Int?
            init(_ string: String) { stringValue = string }
            init(_ index: Int) { stringValue = String(index); intValue = index }
            init?(stringValue: String) { self.init(stringValue) }
            init?(intValue: Int) { self.init(intValue) }
        }
        var diagnostics: [Diagnostic] = []
        if catalogVersion != Self.supportedVersion {
            diagnostics.append(Diagnostic(
                severity: .error,
                code: .unsupportedVersion,
                message: "catalog version \(catalogVersion) is not supported; this MappingRegistry reads version \(Self.supportedVersion)",
                location: at([Key("catalogVersion")])
            ))
        }
        let typeIDs = Set(types.map(\.id))
        func checkList(_ list: String, _ category: String, names: [String], takes: [String]) {
            var seen: Set<String> = []
            for (index, name) in names.enumerated() where !seen.insert(name).inserted {
                diagnostics.append(Diagnostic(
                    severity: .error,
                    code: .duplicatePlugin,
                    message: "\(category) '\(name)' is listed twice in the catalog; keep one",
                    location: at([Key(list), Key(index), Key("name")])
                ))
            }
            for (index, id) in takes.enumerated() where !typeIDs.contains(id) {
                diagnostics.append(Diagnostic(
                    severity: .error,
                    code: .missingKey,
                    message: "the catalog's 'types' has no '\(id)', which \(category) '\(names[index])' names",
                    location: at([Key(list), Key(index)])
                ))
            }
        }
        checkList("models", "model", names: models.map(\.name), takes: models.map(\.type))
        checkList("views", "view", names: views.map(\.name), takes: views.map(\.takes))
        checkList("predicates", "predicate", names: predicates.map(\.name), takes: predicates.map(\.takes))
        checkList("decorators", "decorator", names: decorators.map(\.name), takes: decorators.map(\.takes))
        checkList("handlers", "handler", names: (handlers ?? []).map(\.name), takes: (handlers ?? []).map(\.takes))
        checkList("types", "type", names: types.map(\.id), takes: [])
        guard diagnostics.isEmpty else { throw ConfigurationError(diagnostics: diagnostics) }
    }
}

extension CatalogDescription {
    /// The Swift-declared mappings a catalog file carries, as declarations
    /// located at their Swift call sites: checked with the JSON files of a
    /// `validate --catalog` run, before them.
    ///
    /// - Parameters:
    ///   - data: The catalog file, already read by ``init(data:source:)``.
    ///   - source: Its name, for diagnostics about the file itself.
    /// - Throws: ``ConfigurationError`` when a mapping entry is malformed.
    package static func swiftMappings(in data: Data, source: String) throws(ConfigurationError) -> [MappingDeclaration] {
        var log = DiagnosticLog(policy: DiagnosticPolicy())
        let declarations = ConfigurationParser.parseCatalogMappings(data, source: source, log: &log)
        if log.hasErrors { throw ConfigurationError(diagnostics: log.diagnostics) }
        return declarations.map(MappingDeclaration.init)
    }
}

extension CatalogDescription {
    /// Reads a catalog file's bytes, for ``init(data:source:)``: a missing
    /// or empty file (as `APP catalog > catalog.json` leaves it while a
    /// build reads it) is one `unreadable-file` error that says how to
    /// write it, as is any other file that cannot be read.
    ///
    /// - Parameters:
    ///   - path: The file, as given; messages name it so.
    ///   - app: The app's command, such as `menu`, for the command the
    ///     message suggests; `nil` when it is not known (the
    ///     `mapping-registry` tool, the build plugin).
    /// - Returns: The file's bytes, not empty.
    /// - Throws: ``ConfigurationError`` with one `unreadable-file` diagnostic.
    package static func contents(ofFileAt path: String, app: String?) throws(ConfigurationError) -> Data {
        guard FileManager.default.fileExists(atPath: path) else {
            throw ConfigurationError(diagnostics: [Diagnostic(
                severity: .error,
                code: .unreadableFile,
                message: "cannot read the catalog '\(path)': no such file; \(howToWrite(path, app: app))"
            )])
        }
        let data = try FileReader.read(URL(fileURLWithPath: path), limit: FileReader.configurationLimit)
        guard data.contains(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
            throw ConfigurationError(diagnostics: [Diagnostic(
                severity: .error,
                code: .unreadableFile,
                message: "the catalog '\(path)' is empty; \(howToWrite(path, app: app))",
                location: SourceLocation(file: path, line: 1, column: 1, pointer: "")
            )])
        }
        return data
    }

    /// How to write the catalog file at a path, for messages: the app's
    /// `catalog --output` subcommand, which replaces the file only once
    /// it is whole, or the app's drift test.
    package static func howToWrite(_ path: String, app: String?) -> String {
        let output = "catalog --output \(path)"
        return if let app {
            "write it with `\(app) \(output)` or the app's catalog drift test"
        } else {
            "write it with the app's `\(output)` subcommand or its catalog drift test"
        }
    }
}
