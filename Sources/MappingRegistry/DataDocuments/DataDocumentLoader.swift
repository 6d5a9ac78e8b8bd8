import Foundation
import ModelStorage

/// Reads a data document, creates every value through the catalog's
/// `Decodable` models, and collects every problem before giving up.
///
/// The reference loader: a tree of the whole document first, then every
/// check. ``DataDocument`` runs it for a document the fast path
/// (``DataDocumentFastLoader``) declined, that is, for every document with
/// a problem; its diagnostics are the contract.
///
/// A value is decoded in place first (``JSONSpanDecoder`` succeeds and fails
/// exactly where `JSONDecoder` does); one that fails is handed to
/// `JSONDecoder` as its own bytes, whose error the diagnostic words. Tests
/// turn in-place decoding off, to hold the fast path to `JSONDecoder` alone.
package struct DataDocumentLoader {
    static let rootKeys = DataDocumentKey.names(in: .document)
    static let sectionKeys = DataDocumentKey.names(in: .section)
    static let entryKeys = DataDocumentKey.names(in: .entry)

    let source: String
    let plugins: PluginCatalog
    let bytes: [UInt8]
    /// The severity policy every diagnostic goes through as it is reported.
    let policy: DiagnosticPolicy
    private(set) var diagnostics: [Diagnostic] = []
    /// How many reported diagnostics are errors under the policy.
    private(set) var errorCount = 0
    private(set) var entries: [DataDocument.Entry] = []
    private(set) var sectionCount = 0
    /// Whether values are decoded in place before `JSONDecoder` is asked.
    let decodesInPlace: Bool
    private var values = InPlaceValueDecoder()

    init(
        source: String,
        plugins: PluginCatalog,
        bytes: [UInt8],
        policy: DiagnosticPolicy = DiagnosticPolicy(),
        decodesInPlace: Bool = true
    ) {
        self.source = source
        self.plugins = plugins
        self.bytes = bytes
        self.policy = policy
        self.decodesInPlace = decodesInPlace
    }

    /// Reads the whole document, filling ``entries`` and ``diagnostics``.
    mutating func run() {
        let root: JSONNode
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            report(.invalidJSON(error, file: source))
            return
        }
        guard let members = root.objectMembers else {
            report(.wrongType(expected: "a JSON object with 'sections'", found: root, at: location(of: root, "")))
            return
        }
        let fields = checkKeys(members, known: Self.rootKeys, in: "")
        if let schema = fields["$schema"], schema.stringValue == nil {
            report(.wrongType(expected: "a string (the URL of a JSON Schema)", found: schema, key: "$schema", at: location(of: schema, "/$schema")))
        }
        guard let sectionsNode = fields["sections"] else {
            report(.missingKey("sections", in: "the data document", at: location(of: root, "")))
            return
        }
        guard let sections = sectionsNode.arrayElements else {
            report(.wrongType(expected: "an array of sections", found: sectionsNode, key: "sections", at: location(of: sectionsNode, "/sections")))
            return
        }
        sectionCount = sections.count
        for (index, node) in sections.enumerated() {
            checkSection(node, index: index)
        }
    }

    /// A storage holding every entry read.
    static func makeStorage(entries: [DataDocument.Entry], sectionCount: Int) -> MemoryStorage {
        let storage = MemoryStorage()
        // Each section's items in an array of its own size: no slack from growing.
        var itemCounts = [Int](repeating: 0, count: sectionCount)
        for entry in entries where entry.kind == .cell && itemCounts.indices.contains(entry.position.section) {
            itemCounts[entry.position.section] += 1
        }
        var items = itemCounts.map { count in
            var section: [Any] = []
            section.reserveCapacity(count)
            return section
        }
        var supplementary: [ViewKind: [Any?]] = [:]
        var kinds: [ViewKind] = []
        for entry in entries {
            let section = entry.position.section
            guard items.indices.contains(section) else { continue }
            if entry.kind == .cell {
                // A `null` item is stored as a nil optional, so resolving it reports `nil-model`.
                items[section].append(entry.value ?? (Optional<Any>.none as Any))
            } else if let value = entry.value {
                if supplementary[entry.kind] == nil {
                    supplementary[entry.kind] = [Any?](repeating: nil, count: sectionCount)
                    kinds.append(entry.kind)
                }
                supplementary[entry.kind]?[section] = value
            }
        }
        storage.setItemsForAllSections(items)
        for kind in kinds {
            storage.setSupplementaryModels(supplementary[kind] ?? [], ofKind: kind.rawValue)
        }
        return storage
    }

    // MARK: - Structure

    private mutating func checkSection(_ node: JSONNode, index: Int) {
        let pointer = JSONPointer.appending("/sections", index: index)
        guard let members = node.objectMembers else {
            report(.wrongType(expected: "a section object with 'items'", found: node, at: location(of: node, pointer)))
            return
        }
        let fields = checkKeys(members, known: Self.sectionKeys, in: pointer)
        let supplementaryPosition = ItemPosition(item: 0, section: index)
        if let header = fields["header"] {
            checkEntry(header, pointer: pointer + "/header", kind: .header, position: supplementaryPosition)
        }
        if let footer = fields["footer"] {
            checkEntry(footer, pointer: pointer + "/footer", kind: .footer, position: supplementaryPosition)
        }
        if let supplementary = fields["supplementary"] {
            checkSupplementary(supplementary, pointer: pointer + "/supplementary", section: index)
        }
        if let itemsNode = fields["items"] {
            guard let items = itemsNode.arrayElements else {
                report(.wrongType(expected: "an array of items", found: itemsNode, key: "items", at: location(of: itemsNode, pointer + "/items")))
                return
            }
            // Positions count the items stored: one a policy let pass unread is left out.
            var stored = 0
            for (item, element) in items.enumerated() {
                let entriesBefore = entries.count
                checkEntry(
                    element,
                    pointer: JSONPointer.appending(pointer + "/items", index: item),
                    kind: .cell,
                    position: ItemPosition(item: stored, section: index)
                )
                if entries.count > entriesBefore { stored += 1 }
            }
        }
    }

    private mutating func checkSupplementary(_ node: JSONNode, pointer: String, section: Int) {
        guard let members = node.objectMembers else {
            report(.wrongType(
                expected: "an object from custom kind to model, such as {\"banner\": {\"model\": …, \"value\": …}}",
                found: node,
                key: "supplementary",
                at: location(of: node, pointer)
            ))
            return
        }
        var seen: Set<String> = []
        for member in members {
            let memberPointer = JSONPointer.appending(pointer, key: member.key)
            let keyLocation = SourceLocation(file: source, line: member.keyLocation.line, column: member.keyLocation.column, pointer: memberPointer)
            let kind = ViewKind(rawValue: member.key)
            if member.key.isEmpty || kind.builtInIgnoringCase != nil {
                let errorsBefore = errorCount
                report(.reservedKind(member.key, at: keyLocation))
                // A kind that differs from a built-in only by case is still a
                // custom kind when a policy lets it pass; a built-in never is.
                guard errorCount == errorsBefore, !member.key.isEmpty, kind.builtInIgnoringCase != kind else { continue }
            }
            guard seen.insert(member.key).inserted else {
                report(.duplicateKey(member.key, at: keyLocation))
                continue
            }
            checkEntry(member.value, pointer: memberPointer, kind: kind, position: ItemPosition(item: 0, section: section))
        }
    }

    /// Checks one `{"model": …, "value": …}` entry and, when it is sound, decodes and records it.
    private mutating func checkEntry(_ node: JSONNode, pointer: String, kind: ViewKind, position: ItemPosition) {
        let errorsBefore = errorCount
        let objectLocation = location(of: node, pointer)
        if node.isNull {
            entries.append(DataDocument.Entry(kind: kind, position: position, model: nil, value: nil, location: objectLocation))
            return
        }
        guard let members = node.objectMembers else {
            report(.wrongType(expected: "an object {\"model\": …, \"value\": …}", found: node, at: objectLocation))
            return
        }
        let fields = checkKeys(members, known: Self.entryKeys, in: pointer)
        let owner = kind == .cell ? "the item" : "the \(kind)"
        var plugin: ModelPlugin?
        var modelName: String?
        if let modelNode = fields["model"] {
            let at = location(of: modelNode, pointer + "/model")
            if let name = modelNode.stringValue, !name.isEmpty {
                modelName = name
                plugin = lookUpModel(name, at: at)
            } else {
                report(.wrongType(expected: "a non-empty string", found: modelNode, key: "model", at: at))
            }
        } else {
            report(.missingKey("model", in: owner, at: objectLocation))
        }
        guard let valueNode = fields["value"] else {
            report(.missingKey("value", in: owner, at: objectLocation))
            return
        }
        // Which of two values was meant is not known (or no field can hold
        // a number): the value is not decoded.
        let hidden = valueNode.checkBeforeDecoding(numberCode: .undecodableValue, pointer: pointer + "/value", file: source) {
            report($0)
        }
        guard let plugin, let modelName, !hidden else { return }
        guard let decode = plugin.decode else {
            report(.undecodableModel(plugin, at: location(of: valueNode, pointer + "/value")))
            return
        }
        do {
            let value = try decodedInPlace(valueNode.byteRange, with: plugin) ?? decode(Data(bytes[valueNode.byteRange]))
            // An entry with an error is never stored; one whose keys a policy lets pass is.
            guard errorCount == errorsBefore else { return }
            entries.append(DataDocument.Entry(kind: kind, position: position, model: modelName, value: value, location: objectLocation))
        } catch {
            report(decodingDiagnostic(error, model: modelName, value: valueNode, pointer: pointer + "/value"))
        }
    }

    /// The value decoded in place, or `nil` when that fails (or is not
    /// possible), so that `JSONDecoder` says why.
    private mutating func decodedInPlace(_ range: Range<Int>, with plugin: ModelPlugin) -> Any? {
        guard decodesInPlace, let decodeJSON = plugin.decodeJSON, range.upperBound <= bytes.count else { return nil }
        let bytes = bytes
        return bytes.withUnsafeBufferPointer { buffer in
            try? values.decode(UnsafeBufferPointer(rebasing: buffer[range]), with: decodeJSON)
        }
    }

    private mutating func lookUpModel(_ name: String, at location: SourceLocation) -> ModelPlugin? {
        if let plugin = plugins.models[name] { return plugin }
        let decodable = plugins.models.values.filter { $0.decode != nil }.map(\.name)
        report(.unknownPlugin("model", code: .unknownModel, named: name, candidates: decodable, noneRegistered: "the PluginCatalog has no Decodable models", at: location))
        return nil
    }

    // MARK: - Decoding errors

    /// Turns a decoding failure into a diagnostic at the offending field.
    private func decodingDiagnostic(_ error: any Error, model: String, value: JSONNode, pointer: String) -> Diagnostic {
        func at(_ path: [any CodingKey]) -> (node: JSONNode, location: SourceLocation, subject: String) {
            let components = path.map { key in key.intValue.map(JSONPathComponent.index) ?? .key(key.stringValue) }
            let found = value.descendant(at: components)
            let subject = found.pointer.isEmpty
                ? "the value of model '\(model)'"
                : "'\(found.pointer.dropFirst())' in the value of model '\(model)'"
            return (found.node, location(of: found.node, pointer + found.pointer), subject)
        }
        guard let error = error as? DecodingError else {
            let place = at([])
            return .undecodableValue("cannot create model '\(model)' from this value: \(error)", at: place.location)
        }
        switch error {
        case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
            let place = at(context.codingPath)
            return .undecodableValue("\(place.subject) must be \(JSONValueDescription.describe(type)), found \(place.node.describedForMessage)", at: place.location)
        case .keyNotFound(let key, let context):
            let place = at(context.codingPath)
            return .undecodableValue("\(place.subject) has no '\(key.stringValue)', which the model requires", at: place.location)
        case .dataCorrupted(let context):
            let place = at(context.codingPath)
            return .undecodableValue("\(place.subject) is not valid: \(context.debugDescription)", at: place.location)
        @unknown default:
            return .undecodableValue("cannot create model '\(model)' from this value: \(error)", at: at([]).location)
        }
    }

    // MARK: - Helpers

    /// Reports unknown and repeated keys; returns the first value of each known key.
    private mutating func checkKeys(_ members: [JSONMember], known: [String], in pointer: String) -> ObjectFields {
        var found: [Diagnostic] = []
        let fields = ObjectFields.check(members, known: known, in: pointer, file: source) { found.append($0) }
        found.forEach { report($0) }
        return fields
    }

    private func location(of node: JSONNode, _ pointer: String) -> SourceLocation {
        SourceLocation(of: node, pointer: pointer, file: source)
    }

    /// Records a diagnostic as the policy has it (or not at all, when ignored).
    private mutating func report(_ diagnostic: Diagnostic) {
        guard let kept = policy.apply(to: diagnostic) else { return }
        if kept.severity == .error { errorCount += 1 }
        diagnostics.append(kept)
    }
}

// MARK: - Diagnostic factories

extension Diagnostic {
    static func reservedKind(_ key: String, at location: SourceLocation) -> Diagnostic {
        let builtIn = ViewKind(rawValue: key).builtInIgnoringCase
        let fix = key.isEmpty || builtIn == .cell
            ? "name a custom supplementary kind such as 'banner'"
            : "put it in the section's '\(builtIn?.rawValue ?? key)' key"
        let differsInCase = builtIn.map { $0.rawValue != key } ?? false
        let reason = differsInCase ? ": it differs from '\(builtIn?.rawValue ?? "")' only by case" : ""
        return Diagnostic(
            severity: .error,
            code: .reservedKind,
            message: "'\(key)' is not a custom supplementary kind\(reason); \(fix)",
            location: location
        )
    }

    static func undecodableModel(_ plugin: ModelPlugin, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .undecodableModel,
            message: "\(plugin.describedForMessage) was registered without a Decodable conformance, so data cannot create it; name a Decodable model or register one",
            location: location
        )
    }

    static func undecodableValue(_ message: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, code: .undecodableValue, message: message, location: location)
    }
}
