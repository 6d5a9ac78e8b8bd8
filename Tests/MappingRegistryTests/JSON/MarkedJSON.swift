@testable import MappingRegistry
import RegistryFixtures
import TestSupport

/// Marker-located JSON input for parser tests: ``MarkedText`` with its
/// locations as the parser's `TextLocation`.
struct MarkedJSON {
    /// The input without markers, as UTF-8.
    let bytes: [UInt8]
    /// The location of each marker, keyed by its digit.
    let locations: [Int: TextLocation]

    /// Strips the markers from `marked` and records where they were.
    init(_ marked: String) {
        let text = MarkedText(marked)
        bytes = text.bytes
        locations = text.locations.mapValues { TextLocation(line: $0.line, column: $0.column, offset: $0.offset) }
    }

    /// The input without markers, as text.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
