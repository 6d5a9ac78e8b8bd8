import Foundation

/// Prints diagnostics compiler-style, each followed by its source line and
/// a caret under the column, and counts them for the summary line.
struct DiagnosticPrinter {
    /// The bytes of every file diagnostics may point into, by the name they use.
    var sources: [String: [UInt8]] = [:]

    /// One diagnostic, with the source line and a caret when the file is known.
    func format(_ diagnostic: Diagnostic) -> String {
        var text = diagnostic.description + "\n"
        guard let location = diagnostic.location,
              let bytes = sources[location.file],
              let line = JSONParser.lineText(location.line, in: bytes)
        else { return text }
        var caret = ""
        for (offset, scalar) in line.unicodeScalars.enumerated() where offset < location.column - 1 {
            caret.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
        }
        text += "\(line)\n\(caret)^\n"
        return text
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
