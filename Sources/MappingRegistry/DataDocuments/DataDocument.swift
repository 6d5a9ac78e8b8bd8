import Foundation
import ModelStorage

/// Stored items read from a JSON data document into a `MemoryStorage`,
/// each item created through a model registered in a ``PluginCatalog``.
///
/// A data document lists sections; every item, header, footer and custom
/// supplementary model names its registered model and carries its value,
/// which that model's `Decodable` conformance decodes:
///
/// ```json
/// {
///   "sections": [
///     {
///       "header": { "model": "String", "value": "Starters" },
///       "items": [
///         { "model": "Dish", "value": { "name": "Soup", "price": 6.5, "vegan": true } }
///       ],
///       "footer": { "model": "String", "value": "(v) vegan" },
///       "supplementary": { "banner": { "model": "Promotion", "value": { "title": "Soup and bread 8.00" } } }
///     }
///   ]
/// }
/// ```
///
/// An item written as `null` is stored as a `nil` item (resolving it
/// reports `nil-model`); a `null` header, footer or supplementary model is
/// the same as leaving it out. Loading collects every problem — unknown
/// model names, values that do not decode, keys in the wrong place — and
/// throws them together, each with a file, line, column and JSON pointer.
public struct DataDocument {
    /// One model the document stored, with where it came from.
    public struct Entry {
        /// The kind of place it fills: ``ViewKind/cell`` for items, otherwise a supplementary kind.
        public var kind: ViewKind
        /// Its position; supplementary models use `ItemPosition(item: 0, section: s)`.
        public var position: ItemPosition
        /// The registered model name it was written with, or `nil` for a `null` item.
        public var model: String?
        /// The decoded value; `nil` for a `null` item.
        public var value: Any?
        /// Where the entry's object (or `null`) is in the document.
        public var location: SourceLocation {
            get { SourceLocation(file: origin.file, line: line, column: column, pointer: origin.pointer ?? derivedPointer) }
            set {
                origin = Origin(file: newValue.file, pointer: newValue.pointer)
                line = newValue.line
                column = newValue.column
            }
        }

        // The location is kept as its parts, and its JSON pointer is made
        // from the kind and position only when asked: a string per entry
        // would be most of a large document's memory that no one reads.
        // The file name and a given JSON pointer are kept in one object,
        // which every entry of a document read in one pass shares: one word
        // per entry instead of four.
        private var origin: Origin
        private var line: Int
        private var column: Int
        /// The item's index in the document's `items` array: its position's
        /// item, unless a policy left earlier items out. Unused for supplementary models.
        private var documentItem: Int

        /// Where entries come from: the file, and the JSON pointer when one
        /// was given rather than made from the entry's kind and position.
        final class Origin: Sendable {
            let file: String
            let pointer: String?

            init(file: String, pointer: String?) {
                self.file = file
                self.pointer = pointer
            }
        }

        /// An entry at a location given whole.
        init(kind: ViewKind, position: ItemPosition, model: String?, value: Any?, location: SourceLocation) {
            self.kind = kind
            self.position = position
            self.model = model
            self.value = value
            self.origin = Origin(file: location.file, pointer: location.pointer)
            self.line = location.line
            self.column = location.column
            self.documentItem = position.item
        }

        /// An entry whose pointer is derived from its kind and position when asked.
        init(kind: ViewKind, position: ItemPosition, model: String?, value: Any?, origin: Origin, line: Int, column: Int, documentItem: Int) {
            self.kind = kind
            self.position = position
            self.model = model
            self.value = value
            self.origin = origin
            self.line = line
            self.column = column
            self.documentItem = documentItem
        }

        /// `/sections/2/items/5`, `/sections/2/header`, `/sections/2/supplementary/banner`.
        private var derivedPointer: String {
            let section = "/sections/\(position.section)"
            switch kind {
            case .cell: return "\(section)/items/\(documentItem)"
            case .header: return section + "/header"
            case .footer: return section + "/footer"
            default: return JSONPointer.appending(section + "/supplementary", key: kind.rawValue)
            }
        }
    }

    /// The file name diagnostics use, as given to the initializer.
    public let source: String
    /// The storage filled with every section, item and supplementary model.
    public let storage: MemoryStorage
    /// Every stored model in document order: per section the header, the
    /// footer, the custom supplementary models, then the items.
    public let entries: [Entry]
    /// The problems a ``DiagnosticPolicy`` made warnings, sorted; empty
    /// without a policy (a data document has no warnings of its own).
    public let warnings: [Diagnostic]

    /// Loads a data document.
    ///
    /// Under a ``DiagnosticPolicy`` that makes a problem a warning, the
    /// entry it concerns is left out (later items of its section move up)
    /// unless the problem is only an unknown key, which is skipped.
    ///
    /// - Parameters:
    ///   - data: The document's bytes (UTF-8 JSON).
    ///   - plugins: The catalog whose `Decodable` models create the values.
    ///   - source: The file name to use in diagnostics.
    ///   - policy: Which codes are errors, warnings or ignored. Default: as reported.
    /// - Throws: ``DataDocumentError`` with every problem found, when an
    ///   error remains under the policy.
    public init(
        data: Data,
        plugins: PluginCatalog,
        source: String = "data.json",
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(DataDocumentError) {
        self.source = source
        // A document without a single problem loads on the fast path; any
        // other is read again by the reference loader, which reports them.
        let loaded = data.withUnsafeBytes { raw in
            raw.withMemoryRebound(to: UInt8.self) { bytes in
                DataDocumentFastLoader.load(bytes, source: source, plugins: plugins)
            }
        }
        if let loaded {
            self.entries = loaded.entries
            self.warnings = []
            self.storage = DataDocumentLoader.makeStorage(entries: loaded.entries, sectionCount: loaded.sectionCount)
            return
        }
        var loader = DataDocumentLoader(source: source, plugins: plugins, bytes: [UInt8](data), policy: policy)
        loader.run()
        guard loader.errorCount == 0 else {
            throw DataDocumentError(diagnostics: loader.diagnostics)
        }
        self.entries = loader.entries
        self.warnings = Diagnostic.sorted(loader.diagnostics)
        self.storage = DataDocumentLoader.makeStorage(entries: loader.entries, sectionCount: loader.sectionCount)
    }

    /// Loads a data document from a file.
    ///
    /// Diagnostics name the file by its last path component.
    ///
    /// - Parameters:
    ///   - url: The file to read.
    ///   - plugins: The catalog whose `Decodable` models create the values.
    ///   - policy: Which codes are errors, warnings or ignored. Default: as reported.
    /// - Throws: ``DataDocumentError``: `unreadable-file` when the file cannot
    ///   be read or is too large, or every problem in its contents.
    public init(contentsOf url: URL, plugins: PluginCatalog, policy: DiagnosticPolicy = DiagnosticPolicy()) throws(DataDocumentError) {
        let data: Data
        do {
            data = try FileReader.read(url, limit: FileReader.configurationLimit)
        } catch {
            throw DataDocumentError(diagnostics: error.diagnostics)
        }
        try self.init(data: data, plugins: plugins, source: url.lastPathComponent, policy: policy)
    }

    /// Where the model stored at a position was written.
    ///
    /// - Parameters:
    ///   - position: The item's position, or `ItemPosition(item: 0, section: s)` for a supplementary model.
    ///   - kind: The kind of place. Default ``ViewKind/cell``.
    /// - Returns: The location of its entry, or `nil` when the document stored nothing there.
    public func location(of position: ItemPosition, kind: ViewKind = .cell) -> SourceLocation? {
        entries.first { $0.position == position && $0.kind == kind }?.location
    }
}
