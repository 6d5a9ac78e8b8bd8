@testable import MappingRegistry

/// Test input written with keycap markers (`1️⃣` … `9️⃣`) where locations are expected.
///
/// The markers are stripped, and each marker's location in the remaining text is computed here,
/// independently of the parser: lines break at `\n`, `\r\n` and lone `\r`; columns count Unicode
/// scalars; a leading byte order mark takes bytes but no column.
struct MarkedJSON {
    /// The input without markers, as UTF-8.
    let bytes: [UInt8]
    /// The location of each marker, keyed by its digit.
    let locations: [Int: TextLocation]

    /// Strips the markers from `marked` and records where they were.
    init(_ marked: String) {
        let scalars = Array(marked.unicodeScalars)
        var text = String.UnicodeScalarView()
        var locations: [Int: TextLocation] = [:]
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
                locations[digit] = TextLocation(line: line, column: column, offset: offset)
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
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
