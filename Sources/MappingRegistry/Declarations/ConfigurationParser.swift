import Foundation

/// The JSON front end: reads a `mappings.json` document into
/// declarations that know where each of their parts is written.
///
/// It reports what is wrong with the document's shape (`invalid-json`,
/// `unsupported-version`, `missing-key`, `unknown-key`, `duplicate-key`,
/// `wrong-type`, and `invalid-condition` for a condition object with no
/// condition in it). Whether the names exist and the mappings agree is the
/// ``MappingChecker``'s job, the same for JSON and for Swift declarations.
struct ConfigurationParser {
    /// The configuration format version this library reads.
    static let supportedVersion = 1
    static let rootKeys = MappingsKey.names(in: .document)
    static let mappingKeys = MappingsKey.names(in: .mapping)
    static let conditionKeys = MappingsKey.names(in: .condition)
    /// The keys that are a condition of their own (`argument` only goes with `predicate`).
    static let testKeys = ConditionKey.tests.map(\.rawValue)

    /// What one document holds.
    struct Result {
        /// One declaration per mapping object, well-formed or not.
        var declarations: [Declaration] = []
        /// Whether the document had a `mappings` array; without one,
        /// "unused plugin" warnings would be noise.
        var readMappings = false
        /// Every predicate name written in a condition, broken conditions
        /// included: a mistake next to a predicate does not make it unused.
        var predicateNames: Set<String> = []
    }

    let source: String
    private var result = Result()
    /// Where every problem with the document goes, under the load's policy.
    private var log: DiagnosticLog
    /// How many problems left a value unread (everything but key problems).
    private var unreadCount = 0

    private init(source: String, log: DiagnosticLog) {
        self.source = source
        self.log = log
    }

    /// Reads a document.
    ///
    /// - Parameters:
    ///   - data: The document's bytes.
    ///   - source: The file name diagnostics use.
    ///   - log: Where every problem with the document's shape is reported.
    /// - Returns: The declarations, each marked well-formed or not under the
    ///   log's policy (an unknown key the policy lets pass leaves it whole).
    /// Reads the Swift-declared mappings a catalog file carries: its
    /// `"mappings"`, each a mapping object with its `"location"`
    /// (`Feed/Mappings.swift:12:5`), where every diagnostic about it is
    /// placed, as for the Swift declaration itself. Event handlers are left
    /// out: a Swift closure cannot be read back, and no check across
    /// mappings needs them.
    ///
    /// - Returns: The declarations; problems with the file go to `log`.
    static func parseCatalogMappings(_ data: Data, source: String, log: inout DiagnosticLog) -> [Declaration] {
        var parser = ConfigurationParser(source: source, log: log)
        defer { log = parser.log }
        guard let root = try? JSONParser.parse(data), let elements = root.objectMembers?.first(where: { $0.key == "mappings" })?.value.arrayElements else {
            return []
        }
        var declarations: [Declaration] = []
        for (index, element) in elements.enumerated() {
            let pointer = JSONPointer.appending("/mappings", index: index)
            guard var declaration = parser.mapping(element, pointer: pointer, extraKeys: ["location"]) else { continue }
            let locationNode = element.objectMembers?.first { $0.key == "location" }?.value
            guard let written = locationNode?.stringValue, let location = SourceLocation(swiftLocation: written) else {
                parser.report(.missingKey("location", in: "the catalog's mapping", at: declaration.sites.object, hint: "write where it is declared: \"File.swift:12:5\""))
                continue
            }
            declaration.sites = DeclarationSites(swiftCallSite: location.file, line: location.line, column: location.column)
            declaration.events = []
            declarations.append(declaration)
        }
        return declarations
    }

    static func parse(_ data: Data, source: String, log: inout DiagnosticLog) -> Result {
        var parser = ConfigurationParser(source: source, log: log)
        parser.run(data)
        log = parser.log
        return parser.result
    }

    // MARK: - Document

    private mutating func run(_ data: Data) {
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            report(.invalidJSON(error, file: source))
            return
        }
        guard let members = root.objectMembers else {
            report(.wrongType(expected: "a JSON object with 'version' and 'mappings'", found: root, at: location(of: root, "")))
            return
        }
        let fields = checkKeys(members, known: Self.rootKeys, in: "")
        if let schema = fields["$schema"], schema.stringValue == nil {
            report(.wrongType(expected: "a string (the URL of a JSON Schema)", found: schema, key: "$schema", at: location(of: schema, "/$schema")))
        }
        // Another version's mappings follow other rules: checking them
        // against version 1's would only add noise to the one real error.
        guard checkVersion(fields["version"], object: root) else { return }
        guard let mappingsNode = fields["mappings"] else {
            report(.missingKey("mappings", in: "the configuration", at: location(of: root, "")))
            return
        }
        guard let elements = mappingsNode.arrayElements else {
            report(.wrongType(expected: "an array of mappings", found: mappingsNode, key: "mappings", at: location(of: mappingsNode, "/mappings")))
            return
        }
        result.readMappings = true
        result.declarations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            if let declaration = mapping(element, pointer: JSONPointer.appending("/mappings", index: index)) {
                result.declarations.append(declaration)
            }
        }
    }

    /// Reports a missing or malformed version; `false` when the document
    /// declares a version this parser does not read.
    private mutating func checkVersion(_ node: JSONNode?, object: JSONNode) -> Bool {
        guard let node else {
            report(.missingKey("version", in: "the configuration", at: location(of: object, ""), hint: "add \"version\": \(Self.supportedVersion)"))
            return true
        }
        guard let version = integer(node, key: "version", at: location(of: node, "/version")) else { return true }
        if version != Self.supportedVersion {
            report(Diagnostic(
                severity: .error,
                code: .unsupportedVersion,
                message: "version \(version) is not supported; this MappingRegistry reads version \(Self.supportedVersion)",
                location: location(of: node, "/version")
            ))
            return false
        }
        return true
    }

    // MARK: - One mapping

    /// A declaration for a mapping object, flagged when anything in it was
    /// reported; `nil` when it is not even an object.
    ///
    /// - Parameter primary: For a `"fallback"` object, the mapping it stands
    ///   in for: each key the object does not write is the primary's value,
    ///   at the primary's site, and `view` and `model` are not required.
    private mutating func mapping(
        _ node: JSONNode,
        pointer: String,
        extraKeys: [String] = [],
        inheriting primary: Declaration? = nil
    ) -> Declaration? {
        var sites = primary?.sites ?? DeclarationSites(object: location(of: node, pointer))
        sites.object = location(of: node, pointer)
        guard let members = node.objectMembers else {
            report(.wrongType(expected: "a mapping object", found: node, at: sites.object))
            return nil
        }
        let errorsBefore = log.errorCount
        let unreadBefore = unreadCount
        let fields = checkKeys(members, known: Self.mappingKeys + extraKeys, in: pointer)

        var view: Declaration.ViewReference? = primary?.view
        var model: Declaration.ModelReference? = primary?.model
        if primary == nil {
            view = requiredName("view", fields, members: members, pointer: pointer, sites: &sites, site: \.view).map { .named($0) }
            model = requiredName("model", fields, members: members, pointer: pointer, sites: &sites, site: \.model).map { .named($0) }
        } else {
            if fields["view"] != nil { view = optionalName("view", fields, pointer: pointer, sites: &sites, site: \.view).map { .named($0) } }
            if fields["model"] != nil { model = optionalName("model", fields, pointer: pointer, sites: &sites, site: \.model).map { .named($0) } }
        }
        var kind = primary?.kind ?? .cell
        if fields["kind"] != nil {
            kind = optionalName("kind", fields, pointer: pointer, sites: &sites, site: \.kind).map(ViewKind.init(rawValue:)) ?? .cell
        }
        var reuseIdentifier = primary?.reuseIdentifier
        if fields["reuseIdentifier"] != nil {
            reuseIdentifier = optionalName("reuseIdentifier", fields, pointer: pointer, sites: &sites, site: \.reuseIdentifier)
        }
        var priority = primary?.priority ?? 0
        if let node = fields["priority"] {
            priority = integer(node, key: "priority", at: location(of: node, pointer + "/priority")) ?? 0
        }
        var condition: MappingCondition? = if let primary { primary.condition } else { MappingCondition.none }
        if let node = fields["condition"] {
            let parsed = self.condition(node, pointer: pointer + "/condition")
            condition = parsed?.condition
            sites.condition = parsed?.site
        }
        var decorators = primary?.decorators ?? []
        if fields["decorators"] != nil || primary == nil {
            sites.decorators = []
            decorators = decoratorNames(fields["decorators"], pointer: pointer + "/decorators", sites: &sites)
        }
        var events = primary?.events ?? []
        if fields["events"] != nil || primary == nil {
            events = eventEntries(fields["events"], pointer: pointer + "/events")
        }

        var declaration = Declaration(
            view: view, model: model, kind: kind, reuseIdentifier: reuseIdentifier,
            condition: condition, priority: priority, decorators: decorators, sites: sites
        )
        declaration.events = events
        // A key problem the policy made a warning leaves the mapping whole.
        declaration.isWellFormed = unreadCount == unreadBefore && log.errorCount == errorsBefore
            && (primary?.isWellFormed ?? true)
        if let node = fields["fallback"] {
            let fallbackPointer = pointer + "/fallback"
            if primary != nil {
                // A fallback's own "fallback": the key is known, so name the rule.
                let keyAt = members.first { $0.key == "fallback" }.map {
                    SourceLocation(file: source, line: $0.keyLocation.line, column: $0.keyLocation.column, pointer: fallbackPointer)
                } ?? location(of: node, fallbackPointer)
                report(Diagnostic(
                    severity: .error,
                    code: .unknownKey,
                    message: "a fallback has no 'fallback' of its own; move what it should fall back to into this fallback, or write \"fallback\": \"skip\" on the mapping",
                    location: keyAt
                ))
                declaration.isWellFormed = false
            } else {
                declaration.fallback = fallback(node, pointer: fallbackPointer, primary: declaration)
                if declaration.fallback == nil { declaration.isWellFormed = false }
            }
        }
        return declaration
    }

    /// A mapping's `"fallback"`: `"skip"`, or a mapping object inheriting
    /// the primary's keys; `nil` after reporting anything else.
    private mutating func fallback(_ node: JSONNode, pointer: String, primary: Declaration) -> Declaration.Fallback? {
        if node.stringValue == "skip" {
            return .skip(location(of: node, pointer))
        }
        guard node.objectMembers != nil else {
            report(.wrongType(
                expected: "a mapping object (its keys replace this mapping's) or \"skip\"",
                found: node, key: "fallback", at: location(of: node, pointer)
            ))
            return nil
        }
        return mapping(node, pointer: pointer, inheriting: primary).map { .mapping($0) }
    }

    private mutating func decoratorNames(_ node: JSONNode?, pointer: String, sites: inout DeclarationSites) -> [String] {
        guard let node else { return [] }
        guard let elements = node.arrayElements else {
            report(.wrongType(expected: "an array of decorator names", found: node, key: "decorators", at: location(of: node, pointer)))
            return []
        }
        var names: [String] = []
        for (index, element) in elements.enumerated() {
            let at = location(of: element, JSONPointer.appending(pointer, index: index))
            if let name = nonEmptyString(element, key: "decorators", element: true, at: at) {
                names.append(name)
                sites.decorators.append(at)
            }
        }
        return names
    }

    /// The `"events"` object: each key an event, each value a handler's name.
    private mutating func eventEntries(_ node: JSONNode?, pointer: String) -> [EventDeclaration] {
        guard let node else { return [] }
        guard let members = node.objectMembers else {
            report(.wrongType(expected: "an object of event names to handler names", found: node, key: "events", at: location(of: node, pointer)))
            return []
        }
        var entries: [EventDeclaration] = []
        var seen: Set<String> = []
        for member in members {
            let memberPointer = JSONPointer.appending(pointer, key: member.key)
            let keyAt = SourceLocation(file: source, line: member.keyLocation.line, column: member.keyLocation.column, pointer: memberPointer)
            guard seen.insert(member.key).inserted else {
                report(.duplicateKey(member.key, at: keyAt))
                continue
            }
            let valueAt = location(of: member.value, memberPointer)
            guard !member.key.isEmpty else {
                report(.wrongType(expected: "an event name", found: member.value, key: "events", at: keyAt))
                continue
            }
            if let name = nonEmptyString(member.value, key: member.key, at: valueAt) {
                entries.append(EventDeclaration(event: member.key, handler: .named(name), site: keyAt, handlerSite: valueAt))
            }
        }
        return entries
    }

    // MARK: - Conditions

    /// Reads a condition object: one key is that condition, several mean
    /// all of them. `nil` after reporting when nothing usable is in it.
    ///
    /// - Parameters:
    ///   - key: The key whose value this is (`condition`, `not`, or the
    ///     `all`/`any` whose element it is), named when it is not an object.
    ///   - isElement: Whether it is an element of `key`'s array.
    private mutating func condition(
        _ node: JSONNode,
        pointer: String,
        key: String = "condition",
        isElement: Bool = false
    ) -> (condition: MappingCondition, site: ConditionSite)? {
        let objectLocation = location(of: node, pointer)
        guard let members = node.objectMembers else {
            report(.wrongType(
                expected: "a condition object such as {\"section\": 0} or {\"predicate\": \"name\"}",
                found: node, key: key, element: isElement, at: objectLocation
            ))
            return nil
        }
        let fields = checkKeys(members, known: Self.conditionKeys, in: pointer)
        let present = members.map(\.key).filter { fields[$0] != nil && $0 != "argument" }
        var parts: [(condition: MappingCondition, site: ConditionSite)] = []
        var broken = false
        for key in Self.orderedUnique(present) {
            guard let value = fields[key] else { continue }
            if let part = conditionPart(key, value, fields: fields, object: objectLocation, pointer: pointer) {
                parts.append(part)
            } else {
                broken = true
            }
        }
        if fields["argument"] != nil, fields["predicate"] == nil {
            report(.invalidCondition("'argument' goes with 'predicate': name the predicate it is for", at: objectLocation))
            broken = true
        }
        if present.isEmpty, fields["argument"] == nil {
            let names = Self.testKeys.map { "'\($0)'" }.joined(separator: ", ")
            report(.invalidCondition("the condition has none of \(names)", at: objectLocation))
            return nil
        }
        if parts.count == 1, !broken { return parts[0] }
        guard !parts.isEmpty else { return nil }
        var site = ConditionSite(location: objectLocation, object: objectLocation)
        site.children = parts.map(\.site)
        return (.all(parts.map(\.condition)), site)
    }

    /// One key of a condition object, read as its row of ``ConditionKey``
    /// says.
    private mutating func conditionPart(
        _ key: String,
        _ node: JSONNode,
        fields: ObjectFields,
        object: SourceLocation,
        pointer: String
    ) -> (condition: MappingCondition, site: ConditionSite)? {
        // Only known keys reach here (see `checkKeys`).
        guard let conditionKey = ConditionKey(rawValue: key) else { return nil }
        let at = location(of: node, JSONPointer.appending(pointer, key: key))
        var site = ConditionSite(location: at, object: object)
        switch conditionKey.form {
        case .index:
            guard let value = integer(node, key: key, at: at, lowest: 0),
                  let condition = conditionKey.condition(values: [value]) else { return nil }
            return (condition, site)
        case .indexes(let axis):
            guard let elements = node.arrayElements else {
                report(.wrongType(expected: "an array of \(axis.noun) numbers", found: node, key: key, at: at))
                return nil
            }
            var values: [Int] = []
            // Every element is checked, so each bad one is reported. The
            // numbers that read are kept for the checker (the declaration is
            // already marked malformed), so it reports their problems too.
            for (index, element) in elements.enumerated() {
                let elementAt = location(of: element, JSONPointer.appending(at.pointer, index: index))
                guard let value = integer(element, key: key, element: true, at: elementAt, lowest: 0) else {
                    continue
                }
                values.append(value)
                site.elements.append(elementAt)
            }
            // Every element unreadable: "empty" would be a second, wrong error.
            if values.isEmpty, !elements.isEmpty { return nil }
            return conditionKey.condition(values: values).map { ($0, site) }
        case .predicateArgument:
            // Read with its predicate.
            return nil
        case .predicateName:
            guard let name = nonEmptyString(node, key: "predicate", at: at) else { return nil }
            result.predicateNames.insert(name)
            var argument: PredicateArgument?
            if let argumentNode = fields["argument"] {
                // Which of two values was meant is not known (or no value
                // can hold the number): no argument is bound.
                let hidden = argumentNode.checkBeforeDecoding(numberCode: .wrongType, pointer: pointer + "/argument", file: source) {
                    report($0)
                }
                if hidden { return nil }
                argument = PredicateArgument(argumentNode)
                site.argument = location(of: argumentNode, pointer + "/argument")
            }
            return (.predicate(name, argument: argument), site)
        case .conditions(let isAll):
            guard let elements = node.arrayElements else {
                report(.wrongType(expected: "an array of conditions", found: node, key: key, at: at))
                return nil
            }
            var conditions: [MappingCondition] = []
            site.location = at
            // Every element is read, so each problem in any of them is
            // reported; the elements that read are kept for the checker, as
            // for `sections`.
            for (index, element) in elements.enumerated() {
                guard let child = condition(element, pointer: JSONPointer.appending(at.pointer, index: index), key: key, isElement: true) else {
                    continue
                }
                conditions.append(child.condition)
                site.children.append(child.site)
            }
            if conditions.isEmpty, !elements.isEmpty { return nil }
            return (isAll ? .all(conditions) : .any(conditions), site)
        case .negated:
            if node.isNull {
                report(.invalidCondition("'not' needs a condition to negate, found null", at: object))
                return nil
            }
            guard let child = condition(node, pointer: at.pointer, key: "not") else { return nil }
            site.children = [child.site]
            return (.not(child.condition), site)
        }
    }

    private static func orderedUnique(_ keys: [String]) -> [String] {
        var seen: Set<String> = []
        return keys.filter { seen.insert($0).inserted }
    }

    // MARK: - Values

    /// Reports unknown and repeated keys; returns the first value of each known key.
    private mutating func checkKeys(_ members: [JSONMember], known: [String], in pointer: String) -> ObjectFields {
        var found: [Diagnostic] = []
        let fields = ObjectFields.check(members, known: known, in: pointer, file: source) { found.append($0) }
        for diagnostic in found { log.report(diagnostic) }
        return fields
    }

    private mutating func requiredName(
        _ key: String,
        _ fields: ObjectFields,
        members: [JSONMember],
        pointer: String,
        sites: inout DeclarationSites,
        site: WritableKeyPath<DeclarationSites, SourceLocation?>
    ) -> String? {
        guard fields[key] != nil else {
            // A misspelt key (`"modle"`) is already reported with the right
            // spelling; saying the right key is missing would say it twice.
            let misspelt = members.contains { member in
                !Self.mappingKeys.contains(member.key) && Suggestion.closest(to: member.key, in: Self.mappingKeys) == key
            }
            if !misspelt { report(.missingKey(key, in: "the mapping", at: sites.object)) }
            return nil
        }
        return optionalName(key, fields, pointer: pointer, sites: &sites, site: site)
    }

    private mutating func optionalName(
        _ key: String,
        _ fields: ObjectFields,
        pointer: String,
        sites: inout DeclarationSites,
        site: WritableKeyPath<DeclarationSites, SourceLocation?>
    ) -> String? {
        guard let node = fields[key] else { return nil }
        let at = location(of: node, JSONPointer.appending(pointer, key: key))
        sites[keyPath: site] = at
        return nonEmptyString(node, key: key, at: at)
    }

    /// An integer value, or `nil` after reporting `wrong-type`.
    ///
    /// - Parameters:
    ///   - element: Whether the value is an element of `key`'s array.
    ///   - lowest: The smallest value the key takes: `0` for sections.
    ///     (A negative section is an integer in range, reported later as
    ///     `invalid-section`; this only words the type error.)
    private mutating func integer(
        _ node: JSONNode,
        key: String,
        element: Bool = false,
        at: SourceLocation,
        lowest: Int = Int.min
    ) -> Int? {
        let expected = lowest == 0 ? "a non-negative integer" : "an integer"
        if let value = node.numberValue?.intValue { return value }
        if let number = node.numberValue, number.isIntegerLiteral {
            let subject = element ? "an element of '\(key)'" : "'\(key)'"
            report(Diagnostic(
                severity: .error,
                code: .wrongType,
                message: "\(subject) is an integer out of range (\(number.literal)); it must be between \(lowest) and \(Int.max)",
                location: at
            ))
            return nil
        }
        report(.wrongType(expected: expected, found: node, key: key, element: element, at: at))
        return nil
    }

    private mutating func nonEmptyString(_ node: JSONNode, key: String, element: Bool = false, at: SourceLocation) -> String? {
        guard let string = node.stringValue, !string.isEmpty else {
            report(.wrongType(expected: "a non-empty string", found: node, key: key, element: element, at: at))
            return nil
        }
        return string
    }

    private func location(of node: JSONNode, _ pointer: String) -> SourceLocation {
        SourceLocation(of: node, pointer: pointer, file: source)
    }

    private mutating func report(_ diagnostic: Diagnostic) {
        unreadCount += 1
        log.report(diagnostic)
    }
}

extension PredicateArgument {
    /// The argument a JSON value spells.
    init(_ node: JSONNode) {
        switch node.value {
        case .null, .invalid: self = .null
        case .bool(let value): self = .bool(value)
        case .string(let value): self = .string(value)
        case .number(let number):
            if let integer = number.intValue {
                self = .integer(integer)
            } else {
                self = .number(number.doubleValue ?? .infinity)
            }
        case .array(let elements): self = .array(elements.map(PredicateArgument.init))
        case .object(let members):
            // As JSONDecoder does, a repeated key keeps its last value.
            self = .object(Dictionary(members.map { ($0.key, PredicateArgument($0.value)) }, uniquingKeysWith: { _, last in last }))
        }
    }
}

// MARK: - Diagnostic factories

extension Diagnostic {
    static func invalidJSON(_ error: JSONSyntaxError, file: String) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .invalidJSON,
            message: error.message,
            location: SourceLocation(file: file, line: error.location.line, column: error.location.column, pointer: "")
        )
    }

    /// `'key' must be …, found …`; for an element of an array value,
    /// `each element of 'key' must be …, found …`.
    static func wrongType(
        expected: String,
        found node: JSONNode,
        key: String? = nil,
        element: Bool = false,
        at location: SourceLocation
    ) -> Diagnostic {
        let subject = key.map { element ? "each element of '\($0)' must be " : "'\($0)' must be " } ?? "expected "
        return Diagnostic(
            severity: .error,
            code: .wrongType,
            message: "\(subject)\(expected), found \(node.describedForMessage)",
            location: location
        )
    }

    static func missingKey(_ key: String, in owner: String, at location: SourceLocation, hint: String? = nil) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .missingKey,
            message: "\(owner) has no '\(key)'" + (hint.map { "; \($0)" } ?? ""),
            location: location
        )
    }

    static func invalidCondition(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, code: .invalidCondition, message: message, location: location)
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
        case .invalid: "an invalid value"
        }
    }
}
