import Foundation
/// Where a plugin was registered, as a catalog's `registeredAt` names it:
/// a Swift file, and a line only in catalogs written before lines were
/// left out (`Sources/App/Plugins.swift:42`). The line is found when asked,
/// in the file as it is then, by what the registration writes:
///
/// - a string-named plugin by its literal as the call's first argument or
///   after `named:`, in a call whose first label is the plugin's category:
///   `register(predicate: "isVegan", …)`, `register(view: "PlainRow", …)`,
///   `register(model: Dish.self, named: "Dish")`;
/// - a model or view named after its type by that type, as the call's
///   first argument: `register(model: Dish.self)`, `register(view:
///   DishRow.self)`, `register(model: (any Food).self)`, or a Swift
///   `Map(DishRow.self)`.
///
/// An older catalog's line is preferred when the registration is on it.
struct RegistrationSite {
    /// The file as the catalog writes it: relative to the package's root,
    /// or absolute in catalogs written before.
    var path: String
    /// The 1-based line of an older catalog; `nil` in current ones.
    var line: Int?

    /// Reads a `registeredAt`; `nil` when it names no file.
    init?(_ registeredAt: String) {
        if let colon = registeredAt.lastIndex(of: ":"), let line = Int(registeredAt[registeredAt.index(after: colon)...]) {
            path = String(registeredAt[..<colon])
            self.line = line >= 1 ? line : nil
        } else {
            path = registeredAt
            line = nil
        }
        if path.isEmpty { return nil }
    }

    /// What a search found: the bytes of the name as the registration
    /// writes it (a string literal, quotes included, or a type name).
    struct Match: Equatable {
        var range: Range<Int>
        /// Whether it is the string literal of the name (what rename edits).
        var isLiteral: Bool
    }

    /// The registration of a plugin in a Swift file's bytes: the first
    /// literal match (on the older catalog's line, when there is one
    /// there), else the first type match likewise; `nil` when the file
    /// writes neither.
    ///
    /// - Parameters:
    ///   - category: The plugin's category, the first label of its call.
    ///   - name: The plugin's name.
    ///   - typeNames: Type names the registration may name it by (see ``typeNames(_:_:)``).
    ///   - bytes: The Swift file.
    ///   - line: The line to prefer, as the byte range of that line.
    static func find(
        _ category: CatalogIndex.Category, named name: String, typeNames: [String], in bytes: [UInt8], preferring line: Range<Int>? = nil
    ) -> Match? {
        let literals = literalMatches(category, name, in: bytes)
        let types = category == .model || category == .view ? typeNames.flatMap { typeMatches(category, $0, in: bytes) }.sorted { $0.lowerBound < $1.lowerBound } : []
        if let line {
            if let onLine = literals.first(where: { line.contains($0.lowerBound) }) { return Match(range: onLine, isLiteral: true) }
            if let onLine = types.first(where: { line.contains($0.lowerBound) }) { return Match(range: onLine, isLiteral: false) }
        }
        if let literal = literals.first { return Match(range: literal, isLiteral: true) }
        return types.first.map { Match(range: $0, isLiteral: false) }
    }

    /// The Swift type names a registration may name a plugin by: a model's
    /// type or a view's, and the name itself, without module or generic
    /// arguments (`Dish` for `Menu.Dish`).
    static func typeNames(_ category: CatalogIndex.Category, _ entry: CatalogIndex.Entry) -> [String] {
        let ids: [String?] = switch category {
        case .model: [entry.type, entry.name]
        case .view: [entry.viewType, entry.name]
        case .predicate, .decorator, .handler: []
        }
        var names: [String] = []
        for id in ids.compactMap(\.self) {
            let plain = id.prefix { $0 != "<" && $0 != "#" }
            let last = String(plain.split(separator: ".").last ?? plain[...])
            if !last.isEmpty, isIdentifier(last), !names.contains(last) { names.append(last) }
        }
        return names
    }

    // MARK: - Scanning

    /// The name as a Swift string literal writes it.
    static func swiftLiteral(_ name: String) -> String {
        "\"" + name.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    /// Every `"name"` written as the first argument of a call labelled by
    /// the category, or after `named:` in such a call.
    private static func literalMatches(_ category: CatalogIndex.Category, _ name: String, in bytes: [UInt8]) -> [Range<Int>] {
        let literal = Array(swiftLiteral(name).utf8)
        return occurrences(of: literal, in: bytes).compactMap { start in
            guard let label = label(before: start, in: bytes) else { return nil }
            if label.name == category.rawValue, isFirstArgument(label.start, in: bytes) {
                return start..<start + literal.count
            }
            if label.name == "named", firstLabel(ofCallAround: label.start, in: bytes) == category.rawValue {
                return start..<start + literal.count
            }
            return nil
        }
    }

    /// Every `Type.self` (`Module.Type.self`, `(any Type).self`) written as
    /// the first argument of a call labelled by the category, or of `Map(`.
    private static func typeMatches(_ category: CatalogIndex.Category, _ type: String, in bytes: [UInt8]) -> [Range<Int>] {
        let word = Array(type.utf8)
        return occurrences(of: word, in: bytes).compactMap { start in
            let end = start + word.count
            guard start == 0 || !isIdentifierByte(bytes[start - 1]) else { return nil }
            guard end == bytes.count || !isIdentifierByte(bytes[end]) else { return nil }
            // After it: `.self`, or `).self` for a parenthesized existential.
            var after = skipSpace(from: end, in: bytes)
            if after < bytes.count, bytes[after] == UInt8(ascii: ")") { after = skipSpace(from: after + 1, in: bytes) }
            guard bytes[after...].starts(with: Array(".self".utf8)),
                  after + 5 == bytes.count || !isIdentifierByte(bytes[after + 5]) else { return nil }
            // Before it: module qualifiers, `any`, an opening parenthesis.
            var before = start
            while before > 0, bytes[before - 1] == UInt8(ascii: ".") {
                var qualifier = before - 1
                while qualifier > 0, isIdentifierByte(bytes[qualifier - 1]) { qualifier -= 1 }
                guard qualifier < before - 1 else { return nil }
                before = qualifier
            }
            before = skipSpaceBackward(from: before, in: bytes)
            if before >= 3, bytes[before - 3..<before].elementsEqual("any".utf8), before == 3 || !isIdentifierByte(bytes[before - 4]) {
                before = skipSpaceBackward(from: before - 3, in: bytes)
                guard before > 0, bytes[before - 1] == UInt8(ascii: "(") else { return nil }
                before = skipSpaceBackward(from: before - 1, in: bytes)
            }
            if category == .view, before > 0, bytes[before - 1] == UInt8(ascii: "("),
               identifier(endingAt: skipSpaceBackward(from: before - 1, in: bytes), in: bytes)?.name == "Map" {
                return start..<end
            }
            guard let label = label(endingAt: before, in: bytes), label.name == category.rawValue,
                  isFirstArgument(label.start, in: bytes) else { return nil }
            return start..<end
        }
    }

    /// The argument label written before a value that starts at `offset`
    /// (`label:` and spaces), with where the label starts.
    private static func label(before offset: Int, in bytes: [UInt8]) -> (name: String, start: Int)? {
        label(endingAt: skipSpaceBackward(from: offset, in: bytes), in: bytes)
    }

    /// The label whose colon ends at `offset` (spaces before the colon allowed).
    private static func label(endingAt offset: Int, in bytes: [UInt8]) -> (name: String, start: Int)? {
        guard offset > 0, bytes[offset - 1] == UInt8(ascii: ":") else { return nil }
        return identifier(endingAt: skipSpaceBackward(from: offset - 1, in: bytes), in: bytes)
    }

    /// The identifier that ends at `offset`.
    private static func identifier(endingAt offset: Int, in bytes: [UInt8]) -> (name: String, start: Int)? {
        var start = offset
        while start > 0, isIdentifierByte(bytes[start - 1]) { start -= 1 }
        guard start < offset else { return nil }
        return (String(decoding: bytes[start..<offset], as: UTF8.self), start)
    }

    /// Whether an argument starting at `offset` is its call's first.
    private static func isFirstArgument(_ offset: Int, in bytes: [UInt8]) -> Bool {
        let before = skipSpaceBackward(from: offset, in: bytes)
        return before > 0 && bytes[before - 1] == UInt8(ascii: "(")
    }

    /// The first argument label of the call whose arguments hold `offset`:
    /// back to the opening parenthesis no nested one closes (at most a few
    /// thousand bytes back), then its label; `nil` when there is none.
    private static func firstLabel(ofCallAround offset: Int, in bytes: [UInt8]) -> String? {
        var depth = 0
        var index = offset
        let limit = max(0, offset - 4096)
        while index > limit {
            index -= 1
            switch bytes[index] {
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 {
                    guard bytes[index] == UInt8(ascii: "(") else { return nil }
                    let start = skipSpace(from: index + 1, in: bytes)
                    var end = start
                    while end < bytes.count, isIdentifierByte(bytes[end]) { end += 1 }
                    let colon = skipSpace(from: end, in: bytes)
                    guard end > start, colon < bytes.count, bytes[colon] == UInt8(ascii: ":") else { return nil }
                    return String(decoding: bytes[start..<end], as: UTF8.self)
                }
                depth -= 1
            default: break
            }
        }
        return nil
    }

    private static func occurrences(of needle: [UInt8], in bytes: [UInt8]) -> [Int] {
        guard let first = needle.first, bytes.count >= needle.count else { return [] }
        var found: [Int] = []
        var start = 0
        while start <= bytes.count - needle.count {
            if bytes[start] == first, bytes[start..<start + needle.count].elementsEqual(needle) { found.append(start) }
            start += 1
        }
        return found
    }

    private static func skipSpace(from offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index < bytes.count, isSpace(bytes[index]) { index += 1 }
        return index
    }

    private static func skipSpaceBackward(from offset: Int, in bytes: [UInt8]) -> Int {
        var index = offset
        while index > 0, isSpace(bytes[index - 1]) { index -= 1 }
        return index
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Letters, digits, `_`, and every byte of a non-ASCII character (Swift
    /// identifiers may hold those).
    private static func isIdentifierByte(_ byte: UInt8) -> Bool {
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || byte == 0x5F || byte >= 0x80
    }

    private static func isIdentifier(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy(isIdentifierByte)
    }
}
