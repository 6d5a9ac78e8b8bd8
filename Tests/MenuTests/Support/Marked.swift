import Foundation

/// Text with location markers (`1️⃣` … `9️⃣`) taken out, remembering the
/// 1-based line and column (in Unicode scalars) where each stood.
struct Marked {
    static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    let text: String
    private var locations: [String: String] = [:]

    init(_ marked: String) {
        var text = ""
        var line = 1
        var column = 1
        var rest = Substring(marked)
        scanning: while let character = rest.first {
            for marker in Self.markers where rest.hasPrefix(marker) {
                locations[marker] = "\(line):\(column)"
                rest = rest.dropFirst(marker.count)
                continue scanning
            }
            text.append(character)
            rest = rest.dropFirst()
            if character == "\n" {
                line += 1
                column = 1
            } else {
                column += character.unicodeScalars.count
            }
        }
        self.text = text
    }

    /// `expected` with every marker replaced by its `line:column` (`?:?` when absent).
    func expand(_ expected: String) -> String {
        var result = expected
        for marker in Self.markers {
            result = result.replacingOccurrences(of: marker, with: locations[marker] ?? "?:?")
        }
        return result
    }
}
