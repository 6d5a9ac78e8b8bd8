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
        public var kind: ViewKind {
            get { shared.kind }
            set { shared = Shared(file: shared.file, pointer: shared.pointer, kind: newValue, model: shared.model) }
        }
        /// Its position; supplementary models use `ItemPosition(item: 0, section: s)`.
        public var position: ItemPosition
        /// The registered model name it was written with, or `nil` for a `null` item.
        public var model: String? {
            get { shared.model }
            set { shared = Shared(file: shared.file, pointer: shared.pointer, kind: shared.kind, model: newValue) }
        }
        /// The decoded value; `nil` for a `null` item.
        public var value: Any?
        /// Where the entry's object (or `null`) is in the document.
        public var location: SourceLocation {
            get { SourceLocation(file: shared.file, line: Int(line), column: Int(column), pointer: shared.pointer ?? derivedPointer) }
            set {
                shared = Shared(file: newValue.file, pointer: newValue.pointer, kind: shared.kind, model: shared.model)
                line = UInt32(clamping: newValue.line)
                column = UInt32(clamping: newValue.column)
            }
        }

        /// Where the entry starts, without the JSON pointer ``location``
        /// makes: for callers that locate many entries by line and column.
        package var start: (line: Int, column: Int) { (Int(line), Int(column)) }

        // A large document is mostly entries, so an entry is kept small
        // (72 bytes, of which the value is 32): what entries have in
        // common (file, given pointer, kind, model name) is one object
        // that entries read in one pass share, line and column are 32-bit
        // (a document is at most a few hundred megabytes; a larger number
        // set through `location` is clamped), and the JSON pointer is made
        // from the kind and position only when asked.
        private var shared: Shared
        private var line: UInt32
        private var column: UInt32
        /// The item's index in the document's `items` array: its position's
        /// item, unless a policy left earlier items out. Unused for supplementary models.
        private var documentItem: Int

        /// What entries share: the file, the JSON pointer when one was
        /// given rather than made from the entry's kind and position, the
        /// kind and the model name.
        final class Shared: Sendable {
            let file: String
            let pointer: String?
            let kind: ViewKind
            let model: String?

            init(file: String, pointer: String?, kind: ViewKind, model: String?) {
                self.file = file
                self.pointer = pointer
                self.kind = kind
                self.model = model
            }

            /// Whether entries of this kind and model can share it.
            func fits(kind: ViewKind, model: String?) -> Bool {
                self.kind == kind && self.model == model
            }
        }

        /// An entry at a location given whole.
        init(kind: ViewKind, position: ItemPosition, model: String?, value: Any?, location: SourceLocation) {
            self.shared = Shared(file: location.file, pointer: location.pointer, kind: kind, model: model)
            self.position = position
            self.value = value
            self.line = UInt32(clamping: location.line)
            self.column = UInt32(clamping: location.column)
            self.documentItem = position.item
        }

        /// An entry sharing what it has in common with others, whose
        /// pointer is derived from its kind and position when asked.
        init(shared: Shared, position: ItemPosition, value: Any?, line: Int, column: Int, documentItem: Int) {
            self.shared = shared
            self.position = position
            self.value = value
            self.line = UInt32(clamping: line)
            self.column = UInt32(clamping: column)
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
    /// - Throws: ``ConfigurationError`` with every problem found, when an
    ///   error remains under the policy.
    public init(
        data: Data,
        plugins: PluginCatalog,
        source: String = "data.json",
        policy: DiagnosticPolicy = DiagnosticPolicy()
    ) throws(ConfigurationError) {
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
            throw ConfigurationError(diagnostics: loader.diagnostics)
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
    /// - Throws: ``ConfigurationError``: `unreadable-file` when the file cannot
    ///   be read or is too large, or every problem in its contents.
    public init(contentsOf url: URL, plugins: PluginCatalog, policy: DiagnosticPolicy = DiagnosticPolicy()) throws(ConfigurationError) {
        let data = try FileReader.read(url, limit: FileReader.configurationLimit)
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
