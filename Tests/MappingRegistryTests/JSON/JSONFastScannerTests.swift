import Foundation
import TestSupport
import Testing
@testable import MappingRegistry

/// The scanner declines exactly what `JSONParser` rejects in a value, or
/// what `checkBeforeDecoding` reports in it, and counts lines and columns
/// as the parser does.
@Suite struct JSONFastScannerTests {
    @Test func randomValuesAreAcceptedExactlyWhenTheParserAcceptsThem() {
        let count = StressTesting.count(quick: 2_000, stress: 200_000)
        var generator = SplitMix64(seed: 0x5CA7)
        var accepted = 0
        for index in 0..<count {
            let seed = generator.next()
            var random = SplitMix64(seed: seed)
            var bytes = Array(RandomJSON.value(depth: 0, using: &random).utf8)
            if random.chance(0.5) { RandomJSON.mutate(&bytes, using: &random) }
            let parsed = parserAccepts(bytes)
            #expect(scannerAccepts(bytes) == parsed, "case \(index), seed \(seed): \(String(decoding: bytes, as: UTF8.self))")
            if parsed { accepted += 1 }
        }
        // Both outcomes were tried.
        #expect(accepted > count / 4)
        #expect(accepted < count * 3 / 4)
    }

    @Test func nestingIsLimitedAsTheParserLimitsIt() {
        let limit = JSONParser.Limits().maxDepth
        for depth in [limit, limit + 1] {
            let bytes = Array((String(repeating: "[", count: depth) + String(repeating: "]", count: depth)).utf8)
            #expect(scannerAccepts(bytes) == parserAccepts(bytes))
            #expect(scannerAccepts(bytes) == (depth <= limit))
        }
    }

    @Test func theScannerTakesADocumentOfExactlyTheSizeLimit() throws {
        let bytes = Array(#"{"sections": []}"#.utf8)
        try bytes.withUnsafeBufferPointer { buffer in
            var atLimit = try JSONFastScanner(bytes: buffer, limits: JSONParser.Limits(maxBytes: bytes.count))
            try atLimit.enterObject()
            #expect(throws: JSONFastScanner.Declined.self) {
                try JSONFastScanner(bytes: buffer, limits: JSONParser.Limits(maxBytes: bytes.count - 1))
            }
        }
    }

    @Test func linesAndColumnsAreTheParsers() throws {
        let text = "\u{FEFF}[1, \"é🍜\",\r\n\t{\"a\": [\n]}, \rnull,  \"\\u00e9\",\n\n  true, -2.5e3 ,[], \"日本\", 7]"
        let bytes = Array(text.utf8)
        let expected = try #require(try JSONParser.parse(bytes).arrayElements).map { "\($0.location.line):\($0.location.column)" }
        var found: [String] = []
        try bytes.withUnsafeBufferPointer { buffer in
            var scanner = try JSONFastScanner(bytes: buffer)
            scanner.skipWhitespace()
            try scanner.enterArray()
            var first = true
            while try scanner.nextElement(first: &first) {
                found.append("\(scanner.line):\(scanner.column(at: scanner.index))")
                try scanner.skipValue()
            }
        }
        #expect(found == expected)
    }

    // MARK: - Helpers

    private func scannerAccepts(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            do {
                var scanner = try JSONFastScanner(bytes: buffer)
                scanner.skipWhitespace()
                try scanner.skipValue()
                return scanner.isAtEndAfterWhitespace()
            } catch {
                return false
            }
        }
    }

    /// Whether the parser reads the value and finds nothing a decoder would hide.
    private func parserAccepts(_ bytes: [UInt8]) -> Bool {
        guard let root = try? JSONParser.parse(bytes) else { return false }
        return !root.checkBeforeDecoding(numberCode: .undecodableValue, pointer: "", file: "f.json") { _ in }
    }
}

/// Random JSON values with every kind of token, and mutations that break them.
enum RandomJSON {
    static func value(depth: Int, using random: inout SplitMix64) -> String {
        let space = ["", " ", "\n", "\r\n", "\t", "\r"][random.int(in: 0...5)]
        switch random.int(in: depth > 4 ? 2...7 : 0...7) {
        case 0:
            let count = random.int(in: 0...3)
            var keys = ["a", "b", "\\u0061", "é", "e\u{301}", "\u{212A}", "K", "~/"].shuffled(using: &random).prefix(count).map { $0 }
            if random.chance(0.1), let key = keys.first { keys.append(key) }
            return "{" + space + keys.map { "\"\($0)\":\(space)" + value(depth: depth + 1, using: &random) }.joined(separator: "," + space) + "}"
        case 1:
            return "[" + (0..<random.int(in: 0...3)).map { _ in value(depth: depth + 1, using: &random) }.joined(separator: "," + space) + space + "]"
        case 2, 3:
            let pieces = ["a", " ", "\\\"", "\\\\", "\\/", "\\b", "\\n", "\\u00e9", "\\ud83c\\udf5c", "\\ud800", "\\udc00", "\\x", "é", "🍜", "\\u12", "\u{7F}"]
            return "\"" + (0..<random.int(in: 0...3)).map { _ in pieces[random.int(in: 0...(pieces.count - 1))] }.joined() + "\""
        case 4, 5:
            let numbers = ["0", "-0", "12", "-7.25", "1e5", "1E-5", "2.5e+3", "01", "1.", "-", "1e", ".5", "1e309", "-1e400", "1e-400", "179769313486231580793728971405303415079934132710037826936173778980444968292764750946649017977587207096330286416692887910946555547851940402630657488671505820681908902000708383676273854845817711531764475730270069855571366959622842914819860834936475292719074168444365510704342711559699508093042880177904174497792"]
            return numbers[random.int(in: 0...(numbers.count - 1))]
        case 6:
            return ["true", "false", "null", "tru", "nul", "True"][random.int(in: 0...5)]
        default:
            return space + value(depth: depth + 1, using: &random) + space
        }
    }

    static func mutate(_ bytes: inout [UInt8], using random: inout SplitMix64) {
        guard !bytes.isEmpty else { return }
        let position = random.int(in: 0...(bytes.count - 1))
        let replacements: [UInt8] = Array(#"{}[],:"\ 0e.-+tn"#.utf8) + [0x00, 0x01, 0x0A, 0x80, 0xC3, 0xED, 0xFF]
        switch random.int(in: 0...2) {
        case 0: bytes.remove(at: position)
        case 1: bytes.insert(replacements[random.int(in: 0...(replacements.count - 1))], at: position)
        default: bytes[position] = replacements[random.int(in: 0...(replacements.count - 1))]
        }
    }
}
