/// Test input written with keycap markers (`1️⃣` … `9️⃣`) where locations
/// are expected, so tests compute lines and columns instead of counting by hand.
///
/// The markers are stripped, and each marker's location in the remaining
/// text is computed here, independently of the code under test: lines break
/// at `\n`, `\r\n` and a lone `\r`; columns count Unicode scalars; a leading
/// byte order mark takes bytes but no column.
///
/// ```swift
/// let marked = MarkedText(#"{"view": 1️⃣"DishRo"}"#)
/// marked.text                                   // {"view": "DishRo"}
/// marked.expand("mappings.json:1️⃣: error: …")   // mappings.json:1:10: error: …
/// ```
public struct MarkedText: Sendable {
    /// Where a marker stood.
    public struct Location: Hashable, Sendable {
        /// The 1-based line.
        public let line: Int
        /// The 1-based column, in Unicode scalars.
        public let column: Int
        /// The 0-based UTF-8 byte offset.
        public let offset: Int
    }

    /// The markers, in order of their digit.
    public static let markers = ["1️⃣", "2️⃣", "3️⃣", "4️⃣", "5️⃣", "6️⃣", "7️⃣", "8️⃣", "9️⃣"]

    /// The input without markers, as UTF-8.
    public let bytes: [UInt8]
    /// The location of each marker, keyed by its digit.
    public let locations: [Int: Location]

    /// Strips the markers from `marked` and records where they were.
    ///
    /// - Parameter marked: Text with markers.
    public init(_ marked: String) {
        let scalars = Array(marked.unicodeScalars)
        var text = String.UnicodeScalarView()
        var locations: [Int: Location] = [:]
        var line = 1
        var column = 1
        var offset = 0
        var previousWasCarriageReturn = false
        var position = 0
        while position < scalars.count {
            let scalar = scalars[position]
            let isMarker = position + 2 < scalars.count
                && ("1"..."9").contains(scalar)
                && scalars[position + 1] == "\u{FE0F}"
                && scalars[position + 2] == "\u{20E3}"
            if isMarker, let digit = Int(String(scalar)) {
                locations[digit] = Location(line: line, column: column, offset: offset)
                position += 3
                continue
            }
            text.append(scalar)
            switch scalar {
            case "\r":
                line += 1
                column = 1
            case "\n":
                if !previousWasCarriageReturn {
                    line += 1
                    column = 1
                }
            case "\u{FEFF}" where offset == 0:
                break
            default:
                column += 1
            }
            previousWasCarriageReturn = scalar == "\r"
            offset += String(scalar).utf8.count
            position += 1
        }
        self.bytes = Array(String(text).utf8)
        self.locations = locations
    }

    /// The input without markers, as text.
    public var text: String { String(decoding: bytes, as: UTF8.self) }

    /// `line:column` of a marker such as `"1️⃣"`, or `?:?` when the text has none.
    ///
    /// - Parameter marker: One of ``markers``.
    /// - Returns: The location as `line:column`.
    public func location(_ marker: String) -> String {
        guard let digit = marker.unicodeScalars.first.flatMap({ Int(String($0)) }),
              let location = locations[digit] else { return "?:?" }
        return "\(location.line):\(location.column)"
    }

    /// `expected` with every marker replaced by its `line:column`.
    ///
    /// - Parameter expected: Text naming markers, such as an expected diagnostic.
    /// - Returns: The text with locations filled in.
    public func expand(_ expected: String) -> String {
        var result = expected
        for marker in Self.markers where result.contains(marker) {
            result = result.split(separator: marker, omittingEmptySubsequences: false)
                .joined(separator: location(marker))
        }
        return result
    }
}
