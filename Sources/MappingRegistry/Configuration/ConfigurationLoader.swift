import Foundation

/// Reads `mappings.json`, checks it against a ``PluginCatalog``, and
/// collects every problem before giving up.
///
/// The loader never stops at the first error: each mapping is checked on
/// its own, and the checks across mappings (reuse identifiers, duplicates,
/// overlaps) run over the mappings that were valid on their own.
struct ConfigurationLoader {
    /// The configuration format version this loader reads.
    static let supportedVersion = 1
    static let rootKeys = ["version", "mappings"]
    static let mappingKeys = ["view", "model", "kind", "reuseIdentifier", "condition", "priority"]
    static let conditionKeys = ["section", "predicate"]

    /// A mapping that passed every check of its own, ready for the registry.
    struct Entry {
        var mapping: Mapping
        var model: ModelPlugin
        var view: ViewPlugin
        var predicates: [PredicatePlugin]
        /// Where the mapping's object starts.
        var location: SourceLocation
        /// Where its `reuseIdentifier` value is, or the object when implicit.
        var reuseIdentifierLocation: SourceLocation
    }

    /// What a successful load produces.
    struct Result {
        var entries: [Entry]
        var warnings: [Diagnostic]
    }

    let source: String
    let plugins: PluginCatalog
    private var diagnostics: [Diagnostic] = []
    /// Whether the document had a `mappings` array to check.
    private var readMappings = false
    /// Every registered view and predicate a mapping names, valid mapping
    /// or not: a typo elsewhere in a mapping does not make its view unused.
    private var referencedViews: Set<String> = []
    private var referencedPredicates: Set<String> = []

    init(source: String, plugins: PluginCatalog) {
        self.source = source
        self.plugins = plugins
    }

    /// Loads a configuration.
    ///
    /// - Throws: `ConfigurationError` with every error and warning found,
    ///   when there is at least one error.
    static func load(_ data: Data, source: String, plugins: PluginCatalog) throws(ConfigurationError) -> Result {
        var loader = ConfigurationLoader(source: source, plugins: plugins)
        let entries = loader.run(data)
        // Without a readable list of mappings, "unused" would be noise.
        let warnings = loader.readMappings ? loader.unusedPluginWarnings() : []
        let all = loader.diagnostics + warnings
        if all.contains(where: { $0.severity == .error }) {
            throw ConfigurationError(diagnostics: all)
        }
        return Result(entries: entries, warnings: Diagnostic.sorted(warnings))
    }

    // MARK: - Document

    private mutating func run(_ data: Data) -> [Entry] {
        reportDuplicatePlugins()
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            diagnostics.append(.invalidJSON(error, file: source))
            return []
        }
        guard let members = root.objectMembers else {
            report(.wrongType(expected: "a JSON object with 'version' and 'mappings'", found: root, at: location(of: root, "")))
            return []
        }
        let fields = checkKeys(members, known: Self.rootKeys, in: "")
        checkVersion(fields["version"], object: root)

        guard let mappingsNode = fields["mappings"] else {
            report(.missingKey("mappings", in: "the configuration", at: location(of: root, "")))
            return []
        }
        guard let elements = mappingsNode.arrayElements else {
            report(.wrongType(expected: "an array of mappings", found: mappingsNode, at: location(of: mappingsNode, "/mappings")))
            return []
        }
        readMappings = true
        var entries: [Entry] = []
        entries.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let entry = checkMapping(element, index: index) {
                entries.append(entry)
            }
        }
        checkReuseIdentifiers(entries)
        checkDuplicatesAndOverlaps(entries)
        return entries
    }

    private mutating func checkVersion(_ node: JSONNode?, object: JSONNode) {
        guard let node else {
            report(.missingKey("version", in: "the configuration", at: location(of: object, ""), hint: "add \"version\": \(Self.supportedVersion)"))
            return
        }
        let at = location(of: node, "/version")
        guard case .number(let number) = node.value, let version = number.intValue else {
            report(.wrongType(expected: "an integer", found: node, key: "version", at: at))
            return
        }
        if version != Self.supportedVersion {
            report(Diagnostic(
                severity: .error,
                code: "unsupported-version",
                message: "version \(version) is not supported; this MappingRegistry reads version \(Self.supportedVersion)",
                location: at
            ))
        }
    }

    // MARK: - One mapping

    private mutating func checkMapping(_ node: JSONNode, index: Int) -> Entry? {
        let pointer = JSONPointer.appending("/mappings", index: index)
        let objectLocation = location(of: node, pointer)
        guard let members = node.objectMembers else {
            report(.wrongType(expected: "a mapping object", found: node, at: objectLocation))
            return nil
        }
        let errorsBefore = diagnostics.count
        let fields = checkKeys(members, known: Self.mappingKeys, in: pointer)

        let viewName = requiredName("view", fields, object: objectLocation, pointer: pointer)
        let modelName = requiredName("model", fields, object: objectLocation, pointer: pointer)
        if let viewName { referencedViews.insert(viewName.name) }
        let view = viewName.flatMap { lookUp($0.name, in: plugins.views, category: "view", at: $0.location) }
        let model = modelName.flatMap { lookUp($0.name, in: plugins.models, category: "model", at: $0.location) }

        let kind = optionalName("kind", fields, pointer: pointer).map { ViewKind(rawValue: $0.name) } ?? .cell
        let reuse = optionalName("reuseIdentifier", fields, pointer: pointer)
        let priority = optionalInteger("priority", fields, pointer: pointer) ?? 0
        let (condition, predicates) = checkCondition(fields["condition"], pointer: pointer + "/condition", model: model)

        if let view, let model, let viewName, !model.type.canBeTaken(by: view.model) {
            report(.incompatibleModel(
                plugin: "view '\(view.name)'", takes: view.model, model: model, at: viewName.location
            ))
        }
        guard diagnostics.count == errorsBefore, let view, let model, let condition else { return nil }
        let mapping = Mapping(
            view: view.name,
            model: model.name,
            kind: kind,
            reuseIdentifier: reuse?.name,
            condition: condition,
            priority: priority,
            index: index
        )
        return Entry(
            mapping: mapping,
            model: model,
            view: view,
            predicates: predicates,
            location: objectLocation,
            reuseIdentifierLocation: reuse?.location ?? objectLocation
        )
    }

    /// Checks a `condition` object. Returns `(nil, [])` after reporting when it is invalid.
    private mutating func checkCondition(
        _ node: JSONNode?,
        pointer: String,
        model: ModelPlugin?
    ) -> (MappingCondition?, [PredicatePlugin]) {
        guard let node else { return (MappingCondition.none, []) }
        let objectLocation = location(of: node, pointer)
        guard let members = node.objectMembers else {
            report(.wrongType(expected: "a condition object such as {\"section\": 0} or {\"predicate\": \"name\"}", found: node, key: "condition", at: objectLocation))
            return (nil, [])
        }
        let fields = checkKeys(members, known: Self.conditionKeys, in: pointer)
        if fields["section"] == nil && fields["predicate"] == nil {
            if members.allSatisfy({ Self.conditionKeys.contains($0.key) }) {
                report(.emptyCondition(at: objectLocation))
            }
            return (nil, [])
        }
        var parts: [MappingCondition] = []
        var predicates: [PredicatePlugin] = []
        var valid = true
        if let sectionNode = fields["section"] {
            let at = location(of: sectionNode, pointer + "/section")
            if case .number(let number) = sectionNode.value, let section = number.intValue {
                if section >= 0 {
                    parts.append(.section(section))
                } else {
                    valid = false
                    report(Diagnostic(
                        severity: .error,
                        code: "invalid-section",
                        message: "'section' must be 0 or greater, found \(section)",
                        location: at
                    ))
                }
            } else {
                valid = false
                report(.wrongType(expected: "a non-negative integer", found: sectionNode, key: "section", at: at))
            }
        }
        if let predicateNode = fields["predicate"] {
            let at = location(of: predicateNode, pointer + "/predicate")
            if let name = nonEmptyString(predicateNode, key: "predicate", at: at) {
                referencedPredicates.insert(name)
                if let predicate = lookUp(name, in: plugins.predicates, category: "predicate", at: at) {
                    if let model, !model.type.canBeTaken(by: predicate.model) {
                        valid = false
                        report(.incompatibleModel(plugin: "predicate '\(name)'", takes: predicate.model, model: model, at: at))
                    } else {
                        parts.append(.predicate(name))
                        predicates.append(predicate)
                    }
                } else {
                    valid = false
                }
            } else {
                valid = false
            }
        }
        guard valid else { return (nil, []) }
        return (parts.count == 1 ? parts[0] : .all(parts), predicates)
    }

    // MARK: - Across mappings

    private mutating func checkReuseIdentifiers(_ entries: [Entry]) {
        var owners: [String: Entry] = [:]
        for entry in entries {
            let identifier = entry.mapping.reuseIdentifier
            guard let owner = owners[identifier] else {
                owners[identifier] = entry
                continue
            }
            guard owner.mapping.view != entry.mapping.view else { continue }
            report(Diagnostic(
                severity: .error,
                code: "reuse-identifier-conflict",
                message: "reuse identifier '\(identifier)' is used by view '\(entry.mapping.view)' here and by view '\(owner.mapping.view)' at \(owner.location); one reuse identifier must always give one view type",
                location: entry.reuseIdentifierLocation
            ))
        }
    }

    private mutating func checkDuplicatesAndOverlaps(_ entries: [Entry]) {
        struct Identity: Hashable {
            var view: String, model: String, kind: ViewKind, condition: MappingCondition
        }
        struct Group: Hashable {
            var model: String, kind: ViewKind, priority: Int
        }
        var firstWithIdentity: [Identity: Entry] = [:]
        var groups: [Group: [Entry]] = [:]
        for entry in entries {
            let mapping = entry.mapping
            let identity = Identity(view: mapping.view, model: mapping.model, kind: mapping.kind, condition: mapping.condition)
            if let first = firstWithIdentity[identity] {
                report(Diagnostic(
                    severity: .error,
                    code: "duplicate-mapping",
                    message: "mapping \(mapping.index) repeats mapping \(first.mapping.index) at \(first.location): same view '\(mapping.view)', model '\(mapping.model)', kind '\(mapping.kind)' and condition; remove one",
                    location: entry.location
                ))
                continue
            }
            firstWithIdentity[identity] = entry
            guard mapping.condition.isSatisfiable else { continue }
            groups[Group(model: mapping.model, kind: mapping.kind, priority: mapping.priority), default: []].append(entry)
        }
        for (_, group) in groups where group.count > 1 {
            reportOverlaps(in: group)
        }
    }

    /// Reports each pair of one group whose conditions provably overlap: one
    /// implies the other, so wherever the narrower one holds both apply.
    private mutating func reportOverlaps(in group: [Entry]) {
        // Conditions fixing different sections never overlap: compare each
        // entry only with entries of its own section and with section-free ones.
        var anySection: [Entry] = []
        var bySection: [Int: [Entry]] = [:]
        for entry in group {
            if let section = entry.mapping.condition.requiredSection {
                bySection[section, default: []].append(entry)
            } else {
                anySection.append(entry)
            }
        }
        var pairs: [(Entry, Entry)] = []
        for (index, entry) in anySection.enumerated() {
            for earlier in anySection[..<index] { pairs.append((earlier, entry)) }
        }
        for (_, entries) in bySection {
            for (index, entry) in entries.enumerated() {
                for earlier in entries[..<index] { pairs.append((earlier, entry)) }
                for free in anySection { pairs.append(free.mapping.index < entry.mapping.index ? (free, entry) : (entry, free)) }
            }
        }
        for (first, second) in pairs {
            let a = first.mapping.condition, b = second.mapping.condition
            guard a.implies(b) || b.implies(a) else { continue }
            let narrower = a.implies(b) ? a : b
            let place = narrower == .none ? "everywhere" : "wherever \(narrower) holds"
            report(Diagnostic(
                severity: .error,
                code: "overlapping-mappings",
                message: "mappings \(first.mapping.index) and \(second.mapping.index) overlap: '\(first.mapping.view)' (at \(first.location)) and '\(second.mapping.view)' both show '\(second.mapping.model)' as \(second.mapping.kind) with priority \(second.mapping.priority) \(place); give one a higher priority or make the conditions disjoint",
                location: second.location
            ))
        }
    }

    private func unusedPluginWarnings() -> [Diagnostic] {
        let views = plugins.viewNames.filter { !referencedViews.contains($0) }.map { name in
            Diagnostic(severity: .warning, code: "unused-view", message: "view '\(name)' is registered but no mapping in \(source) uses it")
        }
        let predicates = plugins.predicateNames.filter { !referencedPredicates.contains($0) }.map { name in
            Diagnostic(severity: .warning, code: "unused-predicate", message: "predicate '\(name)' is registered but no mapping in \(source) uses it")
        }
        return views + predicates
    }

    private mutating func reportDuplicatePlugins() {
        for duplicate in plugins.duplicates {
            report(Diagnostic(
                severity: .error,
                code: "duplicate-plugin",
                message: "\(duplicate.category) '\(duplicate.name)' is registered twice in the PluginCatalog; the second registration was ignored, so give it another name"
            ))
        }
    }

    // MARK: - Values

    /// Reports unknown and repeated keys; returns the first value of each known key.
    private mutating func checkKeys(_ members: [JSONMember], known: [String], in pointer: String) -> [String: JSONNode] {
        var found: [Diagnostic] = []
        let fields = ObjectFields.check(members, known: known, in: pointer, file: source) { found.append($0) }
        diagnostics += found
        return fields
    }

    private mutating func requiredName(
        _ key: String,
        _ fields: [String: JSONNode],
        object: SourceLocation,
        pointer: String
    ) -> (name: String, location: SourceLocation)? {
        guard fields[key] != nil else {
            report(.missingKey(key, in: "the mapping", at: object))
            return nil
        }
        return optionalName(key, fields, pointer: pointer)
    }

    private mutating func optionalName(
        _ key: String,
        _ fields: [String: JSONNode],
        pointer: String
    ) -> (name: String, location: SourceLocation)? {
        guard let node = fields[key] else { return nil }
        let at = location(of: node, JSONPointer.appending(pointer, key: key))
        return nonEmptyString(node, key: key, at: at).map { ($0, at) }
    }

    private mutating func optionalInteger(_ key: String, _ fields: [String: JSONNode], pointer: String) -> Int? {
        guard let node = fields[key] else { return nil }
        if case .number(let number) = node.value, let value = number.intValue { return value }
        report(.wrongType(expected: "an integer", found: node, key: key, at: location(of: node, JSONPointer.appending(pointer, key: key))))
        return nil
    }

    private mutating func nonEmptyString(_ node: JSONNode, key: String, at: SourceLocation) -> String? {
        guard let string = node.stringValue, !string.isEmpty else {
            report(.wrongType(expected: "a non-empty string", found: node, key: key, at: at))
            return nil
        }
        return string
    }

    private mutating func lookUp<Plugin>(
        _ name: String,
        in table: [String: Plugin],
        category: String,
        at: SourceLocation
    ) -> Plugin? {
        if let plugin = table[name] { return plugin }
        report(.unknownPlugin(category, named: name, candidates: table.keys, noneRegistered: "the PluginCatalog has no \(category)s", at: at))
        return nil
    }

    private func location(of node: JSONNode, _ pointer: String) -> SourceLocation {
        SourceLocation(of: node, pointer: pointer, file: source)
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        diagnostics.append(diagnostic)
    }
}

// MARK: - Diagnostic factories

extension Diagnostic {
    static func invalidJSON(_ error: JSONSyntaxError, file: String) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: "invalid-json",
            message: error.message,
            location: SourceLocation(file: file, line: error.location.line, column: error.location.column, pointer: "")
        )
    }

    static func wrongType(expected: String, found node: JSONNode, key: String? = nil, at location: SourceLocation) -> Diagnostic {
        let subject = key.map { "'\($0)' must be " } ?? "expected "
        return Diagnostic(
            severity: .error,
            code: "wrong-type",
            message: "\(subject)\(expected), found \(node.describedForMessage)",
            location: location
        )
    }

    static func missingKey(_ key: String, in owner: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: "missing-key",
            message: "\(owner) has no '\(key)'" + (hint.map { "; \($0)" } ?? ""),
            location: location
        )
    }

    /// A `condition` object with neither of its keys.
    static func emptyCondition(at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, code: "missing-key", message: "the condition has no 'section' or 'predicate'", location: location)
    }

    static func incompatibleModel(plugin: String, takes pluginModel: ModelType, model: ModelPlugin, at location: SourceLocation) -> Diagnostic {
        // Name the Swift type only when the configuration calls it something else.
        let subject = model.name == model.type.name ? "model '\(model.name)'" : "model '\(model.name)' ('\(model.type.name)')"
        return Diagnostic(
            severity: .error,
            code: "incompatible-model",
            message: "\(plugin) takes '\(pluginModel.name)', which \(subject) can never be",
            location: location
        )
    }
}

extension JSONNode {
    /// The value's type and, for short scalars, the value: `a string ("1")`, `a number (1.5)`, `null`.
    var describedForMessage: String {
        switch value {
        case .object: "an object"
        case .array: "an array"
        case .string(let string): string.count <= 40 ? "a string (\"\(string)\")" : "a string"
        case .number(let number): "a number (\(number.literal))"
        case .bool(let bool): "a boolean (\(bool))"
        case .null: "null"
        }
    }
}
