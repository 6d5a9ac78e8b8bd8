import Foundation
import ModelStorage

/// The data loader's fast path: one pass over the document's bytes that
/// creates every entry with the models' `Decodable` conformances, reading
/// each value in place (``JSONSpanDecoder``), with no tree of the document,
/// no `Data` per value, and locations only as line and column numbers.
///
/// It loads documents that have no problem at all. At the first thing
/// ``DataDocumentLoader`` would report (a syntax error, an unknown key or
/// model, a value that does not decode, a key written twice, anything the
/// scanner does not accept) it gives up and returns `nil`, and the caller
/// runs ``DataDocumentLoader``, the reference, which finds and words every
/// problem. Whatever it loads, the reference loads the same way: the same
/// entries, in the same order, at the same locations (a test compares them).
struct DataDocumentFastLoader {
    /// What a load made: the entries and how many sections the document has.
    struct Loaded {
        var entries: [DataDocument.Entry]
        var sectionCount: Int
    }

    private typealias Declined = JSONFastScanner.Declined

    private let source: String
    /// What entries have in common, by kind and model: few objects for them all.
    private var shared: [SharedKey: DataDocument.Entry.Shared] = [:]
    private var lastShared: DataDocument.Entry.Shared?
    private struct SharedKey: Hashable {
        var kind: ViewKind
        var model: String?
    }
    private let plugins: PluginCatalog
    private var scanner: JSONFastScanner
    private var entries: [DataDocument.Entry] = []
    private var values = InPlaceValueDecoder()
    /// The last model name's bytes and what they named: most entries repeat it.
    private var lastModelBytes: [UInt8] = []
    private var lastModel: (name: String, plugin: ModelPlugin)?

    private init(scanner: JSONFastScanner, source: String, plugins: PluginCatalog) {
        self.scanner = scanner
        self.source = source
        self.plugins = plugins
    }

    /// Loads a document that has no problem; `nil` for any other.
    ///
    /// - Parameters:
    ///   - bytes: The whole document; borrowed only for the call.
    ///   - source: The file name entries' locations give.
    ///   - plugins: The catalog whose models create the values.
    static func load(_ bytes: UnsafeBufferPointer<UInt8>, source: String, plugins: PluginCatalog) -> Loaded? {
        do {
            var loader = DataDocumentFastLoader(scanner: try JSONFastScanner(bytes: bytes), source: source, plugins: plugins)
            // Appending to an array that doubles holds the old buffer and
            // one twice its size at once: up to three times the entries'
            // memory at the peak, for the document's largest part. Counted
            // first, they are made in one buffer of their own size.
            if let count = try? entryCount(bytes) {
                loader.entries.reserveCapacity(count)
            }
            let sectionCount = try loader.readRoot()
            return Loaded(entries: loader.entries, sectionCount: sectionCount)
        } catch {
            return nil
        }
    }

    /// How many entries a document the fast path loads has, from a pass
    /// that skips every value (about 2% of a load's time); an error when
    /// its structure is one the load declines.
    private static func entryCount(_ bytes: UnsafeBufferPointer<UInt8>) throws(Declined) -> Int {
        var scanner = try JSONFastScanner(bytes: bytes)
        var count = 0
        scanner.skipWhitespace()
        try scanner.enterObject()
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            guard scanner.spells(key, "sections") else {
                try scanner.skipValueUnchecked()
                continue
            }
            try scanner.enterArray()
            var firstSection = true
            while try scanner.nextElement(first: &firstSection) {
                try scanner.enterObject()
                var firstKey = true
                while let key = try scanner.nextKey(first: &firstKey) {
                    if scanner.spells(key, "items") || scanner.spells(key, "supplementary") {
                        // An array's elements or an object's values: one entry each.
                        var firstElement = true
                        if scanner.current == UInt8(ascii: "[") {
                            try scanner.enterArray()
                            while try scanner.nextElement(first: &firstElement) {
                                try scanner.skipValueUnchecked()
                                count += 1
                            }
                        } else {
                            try scanner.enterObject()
                            while try scanner.nextKey(first: &firstElement) != nil {
                                try scanner.skipValueUnchecked()
                                count += 1
                            }
                        }
                    } else {
                        try scanner.skipValueUnchecked()
                        count += 1
                    }
                }
            }
        }
        return count
    }

    // MARK: - Structure

    /// Reads the root object; returns the number of sections.
    private mutating func readRoot() throws(Declined) -> Int {
        scanner.skipWhitespace()
        try scanner.enterObject()
        var sectionCount: Int?
        var hasSchema = false
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.spells(key, "sections"), sectionCount == nil {
                sectionCount = try readSections()
            } else if scanner.spells(key, "$schema"), !hasSchema {
                hasSchema = true
                _ = try scanner.scanString()
            } else {
                // Unknown or repeated: the reference reports it.
                throw Declined()
            }
        }
        guard let sectionCount, scanner.isAtEndAfterWhitespace() else { throw Declined() }
        return sectionCount
    }

    private mutating func readSections() throws(Declined) -> Int {
        try scanner.enterArray()
        var section = 0
        var first = true
        while try scanner.nextElement(first: &first) {
            try readSection(section)
            section += 1
        }
        return section
    }

    /// Reads one section; its entries go in the reference's order: header,
    /// footer, custom supplementary models, then the items.
    private mutating func readSection(_ section: Int) throws(Declined) {
        try scanner.enterObject()
        let firstEntry = entries.count
        let supplementaryPosition = ItemPosition(item: 0, section: section)
        var header: DataDocument.Entry?
        var footer: DataDocument.Entry?
        var supplementary: [DataDocument.Entry]?
        var hasItems = false
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.spells(key, "items"), !hasItems {
                hasItems = true
                try readItems(section: section)
            } else if scanner.spells(key, "header"), header == nil {
                header = try readEntry(kind: .header, position: supplementaryPosition, documentItem: 0)
            } else if scanner.spells(key, "footer"), footer == nil {
                footer = try readEntry(kind: .footer, position: supplementaryPosition, documentItem: 0)
            } else if scanner.spells(key, "supplementary"), supplementary == nil {
                supplementary = try readSupplementary(section: section)
            } else {
                throw Declined()
            }
        }
        let leading = [header, footer].compactMap { $0 } + (supplementary ?? [])
        if !leading.isEmpty {
            entries.insert(contentsOf: leading, at: firstEntry)
        }
    }

    private mutating func readItems(section: Int) throws(Declined) {
        try scanner.enterArray()
        var item = 0
        var first = true
        while try scanner.nextElement(first: &first) {
            // Every item is stored, so its position is its index in the document.
            entries.append(try readEntry(kind: .cell, position: ItemPosition(item: item, section: section), documentItem: item))
            item += 1
        }
    }

    private mutating func readSupplementary(section: Int) throws(Declined) -> [DataDocument.Entry] {
        try scanner.enterObject()
        var read: [DataDocument.Entry] = []
        var kinds: Set<String> = []
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            let name = scanner.string(key)
            let kind = ViewKind(rawValue: name)
            // A built-in kind in any letter case is reserved; a kind written twice is a duplicate key.
            guard !name.isEmpty, kind.builtInIgnoringCase == nil, kinds.insert(name).inserted else { throw Declined() }
            read.append(try readEntry(kind: kind, position: ItemPosition(item: 0, section: section), documentItem: 0))
        }
        return read
    }

    /// Reads one `{"model": …, "value": …}` entry (or `null`) and decodes its value.
    private mutating func readEntry(kind: ViewKind, position: ItemPosition, documentItem: Int) throws(Declined) -> DataDocument.Entry {
        let start = scanner.index
        let line = scanner.line
        let column = scanner.column(at: start)
        func entry(model: String?, value: Any?) -> DataDocument.Entry {
            DataDocument.Entry(shared: shared(kind: kind, model: model), position: position, value: value, line: line, column: column, documentItem: documentItem)
        }
        if scanner.skipNull() {
            return entry(model: nil, value: nil)
        }
        try scanner.enterObject()
        var model: (name: String, plugin: ModelPlugin)?
        var value: Range<Int>?
        var first = true
        while let key = try scanner.nextKey(first: &first) {
            if scanner.spells(key, "model"), model == nil {
                model = try readModel()
            } else if scanner.spells(key, "value"), value == nil {
                let valueStart = scanner.index
                try scanner.skipValue()
                value = valueStart..<scanner.index
            } else {
                throw Declined()
            }
        }
        guard let model, let value else { throw Declined() }
        return entry(model: model.name, value: try decode(value, with: model.plugin))
    }

    /// The object entries of a kind and model share: the last one made
    /// (most entries repeat it), else one made earlier, else a new one.
    private mutating func shared(kind: ViewKind, model: String?) -> DataDocument.Entry.Shared {
        if let lastShared, lastShared.fits(kind: kind, model: model) { return lastShared }
        let key = SharedKey(kind: kind, model: model)
        let found = shared[key] ?? DataDocument.Entry.Shared(file: source, pointer: nil, kind: kind, model: model)
        shared[key] = found
        lastShared = found
        return found
    }

    /// Reads a model name and finds its plugin.
    private mutating func readModel() throws(Declined) -> (name: String, plugin: ModelPlugin) {
        let name = try scanner.scanString()
        let bytes = UnsafeBufferPointer(rebasing: scanner.bytes[name.start..<name.end])
        if let lastModel, bytes.elementsEqual(lastModelBytes) {
            return lastModel
        }
        let text = scanner.string(name)
        guard !text.isEmpty, let plugin = plugins.models[text] else { throw Declined() }
        lastModelBytes = Array(bytes)
        lastModel = (text, plugin)
        return (text, plugin)
    }

    // MARK: - Values

    /// Creates a value from its bytes with the model's `Decodable` conformance.
    private mutating func decode(_ range: Range<Int>, with plugin: ModelPlugin) throws(Declined) -> Any {
        // A model registered without Decodable is the reference's undecodable-model.
        guard let decode = plugin.decode else { throw Declined() }
        let bytes = UnsafeBufferPointer(rebasing: scanner.bytes[range])
        if let decodeJSON = plugin.decodeJSON {
            do {
                return try values.decode(bytes, with: decodeJSON)
            } catch {
                throw Declined()
            }
        }
        // A model whose values only JSONDecoder can make (read from a catalog file).
        do {
            return try decode(Data(bytes))
        } catch {
            throw Declined()
        }
    }
}
