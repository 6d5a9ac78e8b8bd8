import Testing
@testable import MappingRegistry
import RegistryFixtures

/// Checks the test helper itself against hand-counted locations.
@Suite struct MarkedJSONTests {
    @Test func markerAtTheStartIsLineOneColumnOne() {
        let marked = MarkedJSON("1️⃣[]")
        #expect(marked.text == "[]")
        #expect(marked.locations[1] == TextLocation(line: 1, column: 1, offset: 0))
    }

    @Test func markersCountLinesScalarsAndBytes() {
        let marked = MarkedJSON("ab\r\n é1️⃣x\r2️⃣y\n\n3️⃣")
        #expect(marked.text == "ab\r\n éx\ry\n\n")
        #expect(marked.locations[1] == TextLocation(line: 2, column: 3, offset: 7))
        #expect(marked.locations[2] == TextLocation(line: 3, column: 1, offset: 9))
        #expect(marked.locations[3] == TextLocation(line: 5, column: 1, offset: 12))
    }

    @Test func digitBeforeAMarkerStaysInTheText() {
        let marked = MarkedJSON("01️⃣1")
        #expect(marked.text == "01")
        #expect(marked.locations[1] == TextLocation(line: 1, column: 2, offset: 1))
    }

    @Test func byteOrderMarkTakesBytesButNoColumn() {
        let marked = MarkedJSON("\u{FEFF}1️⃣1")
        #expect(marked.locations[1] == TextLocation(line: 1, column: 1, offset: 3))
    }
}
