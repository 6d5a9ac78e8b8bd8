import Foundation

/// Formats diagnostics compiler-style, each followed by the line of source
/// it points into and a caret under the column, as a string: no printing,
/// no files read.
///
/// Give the formatter the contents of every file the diagnostics may point
/// into, by the name their locations use; a diagnostic into a file it does
/// not know prints as its one-line ``Diagnostic/description``.
///
/// ```swift
/// var formatter = DiagnosticFormatter()
/// formatter.addSource(data, named: "mappings.json")
/// let text = formatter.format(error.diagnostics)
/// ```
/// ```text
/// mappings.json:4:14: error: unknown view 'DishRo'; did you mean 'DishRow'? [unknown-view]
///     { "view": "DishRo", "model": "Dish" },
///               ^
/// ```
///
/// A diagnostic's notes follow it, one `file:line:column: note: message`
/// line each (`note: message` without a location), with their own source
/// line and caret:
///
/// ```text
/// mappings.json:9:5: error: view 'DishRow' shows model 'Dish' as cell with the same condition here and at mappings.json:4:5; remove one [duplicate-mapping]
///     { "view": "DishRow", "model": "Dish" }
///     ^
/// mappings.json:4:5: note: 'DishRow' is declared here
///     { "view": "DishRow", "model": "Dish" },
///     ^
/// ```
///
/// A long line is shown as a window of ``excerptWidth`` characters around
/// the column, with `...` where it was cut; a line that is not printable
/// text (binary junk, control characters) is not echoed.
///
/// The diagnostic line itself (file name and message, which can quote a
/// configuration's strings) never sends a terminal a character that does
/// not print as itself: control characters (C0, DEL, C1), line and
/// paragraph separators and invisible format characters (bidirectional
/// overrides, zero-width spaces) are written as escapes: a tab as `\t`, a
/// line feed as `\n`, a carriage return as `\r`, anything else as
/// `\u{1B}` (its code point in hexadecimal). Other text, including emoji
/// sequences and their joiners, is written unchanged; a backslash is not
/// escaped, so `\u{1B}` in the message was either an escape or the six
/// characters typed.
public struct DiagnosticFormatter: Sendable {
    /// The bytes of every file diagnostics may point into, by the name they use.
    private var sources: [String: Data] = [:]

    /// How many characters of a source line are shown around the column.
    public static let excerptWidth = 160
    /// Lines longer than this many bytes are not echoed: finding the
    /// column in them would cost more than the echo is worth.
    public static let longestEchoedLine = 4_096

    /// Creates a formatter that knows no sources yet.
    public init() {}

    /// Adds the contents of a file diagnostics may point into.
    ///
    /// - Parameters:
    ///   - contents: The file's bytes.
    ///   - name: The name diagnostics use for it (``SourceLocation/file``).
    public mutating func addSource(_ contents: Data, named name: String) {
        // Kept as given: `Data` is shared, not copied, so a large input file
        // is not held twice while it is also being loaded.
        sources[name] = contents
    }

    /// One diagnostic, with its source line and a caret when the file is
    /// known and the line is printable text, then one
    /// `file:line:column: note: message` line per note, each with its own
    /// source line and caret likewise; ends with a line break.
    ///
    /// - Parameter diagnostic: The diagnostic.
    /// - Returns: One to three lines, and one to three per note.
    public func format(_ diagnostic: Diagnostic) -> String {
        var indexes: [String: LineIndex] = [:]
        return format(diagnostic, indexes: &indexes)
    }

    /// Every diagnostic in printing order (see ``ordered(_:)``). Each
    /// file's line starts are found once, so formatting stays linear in
    /// the input.
    ///
    /// - Parameter diagnostics: The diagnostics, in any order.
    /// - Returns: The formatted diagnostics, one after another.
    public func format(_ diagnostics: [Diagnostic]) -> String {
        var indexes: [String: LineIndex] = [:]
        return Self.ordered(diagnostics).map { format($0, indexes: &indexes) }.joined()
    }

    /// Diagnostics with a location sorted by file, line and column, then
    /// those without one (such as unused plugins), so a file's problems come first.
    ///
    /// - Parameter diagnostics: The diagnostics, in any order.
    /// - Returns: The same diagnostics in printing order.
    public static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        Diagnostic.sorted(diagnostics.filter { $0.location != nil })
            + Diagnostic.sorted(diagnostics.filter { $0.location == nil })
    }

    /// Where each line of a source starts.
    struct LineIndex {
        /// Byte offsets of line starts; `starts[0]` is line 1.
        let starts: [Int]

        init(_ contents: Data) {
            self.starts = contents.withUnsafeBytes { bytes in
                var starts = [JSONParser.hasByteOrderMark(bytes) ? 3 : 0]
                var offset = starts[0]
                while offset < bytes.count {
                    let byte = bytes[offset]
                    offset += 1
                    if byte == UInt8(ascii: "\r"), offset < bytes.count, bytes[offset] == UInt8(ascii: "\n") { offset += 1 }
                    if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { starts.append(offset) }
                }
                return starts
            }
        }

        /// The byte offsets of a 1-based line, without its line break.
        func range(ofLine number: Int, in contents: Data) -> Range<Int>? {
            guard number >= 1, number <= starts.count else { return nil }
            return contents.withUnsafeBytes { bytes in
                let start = min(starts[number - 1], bytes.count)
                var end = number < starts.count ? min(starts[number], bytes.count) : bytes.count
                while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
                return start..<end
            }
        }
    }

    /// Whether a character would not print as itself on a terminal: a
    /// control character (C0, DEL, C1), a line or paragraph separator, or an
    /// invisible format character (a bidirectional override or mark, a
    /// zero-width space, a byte order mark, a soft hyphen). The zero-width
    /// joiner and non-joiner and the emoji tag characters are left alone:
    /// ordinary text and emoji sequences use them.
    ///
    /// - Parameter scalar: The character.
    /// - Returns: `true` when it should be escaped before printing.
    package static func isNonPrinting(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return true
        case .format:
            return !(scalar.value == 0x200C || scalar.value == 0x200D || (0xE0020...0xE007F).contains(scalar.value))
        default:
            return false
        }
    }

    /// The text with every character that ``isNonPrinting(_:)`` escaped:
    /// `\t`, `\n`, `\r`, or `\u{XX}` with the code point in uppercase
    /// hexadecimal (at least two digits). Text without such characters is
    /// returned unchanged.
    ///
    /// - Parameters:
    ///   - text: Text from user input: a message, a file name.
    ///   - kept: Characters to leave as they are (GitHub's workflow
    ///     commands escape line breaks their own way).
    /// - Returns: Text safe to print on a terminal.
    package static func escapingNonPrintingCharacters(_ text: String, keeping kept: Set<Unicode.Scalar> = []) -> String {
        guard text.unicodeScalars.contains(where: { isNonPrinting($0) && !kept.contains($0) }) else { return text }
        var escaped = ""
        for scalar in text.unicodeScalars {
            guard isNonPrinting(scalar), !kept.contains(scalar) else {
                escaped.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\t": escaped += "\\t"
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            default:
                escaped += "\\u{" + JSONParser.hex(scalar.value, digits: 2) + "}"
            }
        }
        return escaped
    }

    private func format(_ diagnostic: Diagnostic, indexes: inout [String: LineIndex]) -> String {
        var text = Self.escapingNonPrintingCharacters(diagnostic.description) + "\n"
        text += excerpt(at: diagnostic.location, indexes: &indexes)
        for note in diagnostic.notes {
            text += Self.escapingNonPrintingCharacters(note.description) + "\n"
            text += excerpt(at: note.location, indexes: &indexes)
        }
        return text
    }

    /// The source line of a location and a caret under its column, each
    /// ending with a line break; empty when the file is not known or the
    /// line is not printable text.
    private func excerpt(at location: SourceLocation?, indexes: inout [String: LineIndex]) -> String {
        guard let location, let bytes = sources[location.file] else { return "" }
        let index = indexes[location.file] ?? LineIndex(bytes)
        indexes[location.file] = index
        // An empty line (an empty file) has nothing to point at.
        guard let line = index.range(ofLine: location.line, in: bytes), !line.isEmpty,
              line.count <= Self.longestEchoedLine else { return "" }
        let text = bytes.withUnsafeBytes { String(decoding: $0[line], as: UTF8.self) }
        let scalars = Array(text.unicodeScalars)
        // Binary junk, stray control characters or bidirectional overrides
        // would garble the terminal.
        guard !scalars.contains(where: { $0 == "\u{FFFD}" || ($0 != "\t" && Self.isNonPrinting($0)) }) else {
            return ""
        }
        let column = min(max(location.column - 1, 0), scalars.count)
        let start = max(0, min(column - Self.excerptWidth / 2, scalars.count - Self.excerptWidth))
        let end = min(scalars.count, start + Self.excerptWidth)
        var excerpt = start > 0 ? "..." : ""
        var caret = start > 0 ? "   " : ""
        for (offset, scalar) in scalars[start..<end].enumerated() {
            excerpt.unicodeScalars.append(scalar)
            if start + offset < column { caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ") }
        }
        if end < scalars.count { excerpt += "..." }
        return "\(excerpt)\n\(caret)^\n"
    }
}
