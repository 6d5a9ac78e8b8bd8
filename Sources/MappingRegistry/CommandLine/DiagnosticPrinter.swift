import Foundation

/// Prints diagnostics compiler-style, each followed by its source line and
/// a caret under the column, and counts them for the summary line.
struct DiagnosticPrinter {
    /// The bytes of every file diagnostics may point into, by the name they use.
    var sources: [String: [UInt8]] = [:]

    /// How many characters of a source line are shown around the column.
    static let excerptWidth = 160

    /// One diagnostic, with the source line and a caret when the file is
    /// known and the line is printable text. A long line is shown as a
    /// window of ``excerptWidth`` characters around the column, with `...`
    /// where it was cut.
    func format(_ diagnostic: Diagnostic) -> String {
        let text = diagnostic.description + "\n"
        guard let location = diagnostic.location,
              let bytes = sources[location.file],
              let line = JSONParser.lineText(location.line, in: bytes)
        else { return text }
        let scalars = Array(line.unicodeScalars)
        // Binary junk or stray control characters would garble the terminal.
        guard !scalars.contains(where: { $0 == "\u{FFFD}" || ($0.value < 0x20 && $0 != "\t") || $0.value == 0x7F }) else {
            return text
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
        return text + "\(excerpt)\n\(caret)^\n"
    }

    /// Every diagnostic in printing order, without a summary.
    func format(all diagnostics: [Diagnostic]) -> String {
        Self.ordered(diagnostics).map(format).joined()
    }

    /// Diagnostics with a location sorted by file, line and column, then
    /// those without one (such as unused plugins), so a file's problems come first.
    static func ordered(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        Diagnostic.sorted(diagnostics.filter { $0.location != nil })
            + Diagnostic.sorted(diagnostics.filter { $0.location == nil })
    }

    /// `2 errors, 1 warning`.
    static func summary(errors: Int, warnings: Int) -> String {
        "\(count(errors, "error")), \(count(warnings, "warning"))"
    }

    /// `1 item`, `2 items`.
    static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }
}
