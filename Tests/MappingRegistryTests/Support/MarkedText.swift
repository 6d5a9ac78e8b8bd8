import Foundation

/// Text with location markers (`1️⃣`, `2️⃣`, …) removed, and where each one
/// stood as a 1-based line and column (columns count Unicode scalars).
///
/// ```swift
/// let marked = MarkedText(#"{"view": 1️⃣"DishRo"}"#)
/// marked.text                // {"view": "DishRo"}
/// marked.location("1️⃣")      // "1:10"
/// ```
struct MarkedText {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    let text: String
    private var locations: [String: (line: Int, column: Int)] = [:]

    init(_ marked: String) {
        var output = ""
        var line = 1
        var column = 1
        var rest = Substring(marked)
        outer: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                locations[marker] = (line, column)
                rest = rest.dropFirst(marker.count)
                continue outer
            }
            output.append(character)
            rest = rest.dropFirst()
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        text = output
    }

    /// `line:column` of a marker, or `?:?` when the text has no such marker.
    func location(_ marker: String) -> String {
        locations[marker].map { "\($0.line):\($0.column)" } ?? "?:?"
    }

    /// Replaces each marker in `expected` with its `line:column`.
    func expand(_ expected: String) -> String {
        var result = expected
        for marker in Self.markers {
            result = result.replacingOccurrences(of: marker, with: location(marker))
        }
        return result
    }
}

