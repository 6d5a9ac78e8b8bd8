import TestSupport
import Testing
@testable import MappingRegistry

/// The numbers the in-place decoder reads itself must be the ones a
/// correctly rounded parser (Swift's, and strtod behind `JSONDecoder`) gives.
@Suite struct JSONNumberReaderTests {
    @Test func fastPathDoublesAndFloatsAreCorrectlyRounded() {
        let count = StressTesting.count(quick: 20_000, stress: 2_000_000)
        var random = SplitMix64(seed: 0xF10A7)
        var fastDoubles = 0
        var fastFloats = 0
        for _ in 0..<count {
            let literal = randomLiteral(&random)
            let bytes = Array(literal.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let span = JSONSpan(bytes: buffer)
                if let double = JSONNumberReader.exactDouble(span, from: 0, to: buffer.count) {
                    fastDoubles += 1
                    #expect(double.bitPattern == Double(literal)?.bitPattern, "\(literal)")
                }
                if let float = JSONNumberReader.exactFloat(span, from: 0, to: buffer.count) {
                    fastFloats += 1
                    #expect(float.bitPattern == Float(literal)?.bitPattern, "\(literal)")
                }
            }
        }
        // Most literals took the fast path, so the comparison means something.
        #expect(fastDoubles > count / 2)
        #expect(fastFloats > count / 4)
    }

    @Test func plainIntegersAreReadOnlyWhenTheyFit() {
        let literals = ["0", "-0", "127", "128", "-128", "-129", "255", "256", "-1", "9223372036854775807", "-9223372036854775808", "9223372036854775808", "1.0", "1e2", "007"]
        for literal in literals {
            let bytes = Array(literal.utf8)
            bytes.withUnsafeBufferPointer { buffer in
                let span = JSONSpan(bytes: buffer)
                #expect(JSONNumberReader.plainInteger(Int8.self, span, from: 0, to: buffer.count) == Int8(literal), "\(literal)")
                #expect(JSONNumberReader.plainInteger(Int.self, span, from: 0, to: buffer.count) == Int(literal), "\(literal)")
                // A minus sign on an unsigned type, even on zero, is left to JSONDecoder.
                let unsigned = literal.hasPrefix("-") ? nil : UInt8(literal)
                #expect(JSONNumberReader.plainInteger(UInt8.self, span, from: 0, to: buffer.count) == unsigned, "\(literal)")
            }
        }
    }

    /// A JSON number literal: up to 17 digits, a fraction, an exponent.
    private func randomLiteral(_ random: inout SplitMix64) -> String {
        var literal = random.chance(0.3) ? "-" : ""
        let digits = random.int(in: 1...17)
        let point = random.chance(0.6) ? random.int(in: 1...digits) : digits
        for index in 0..<digits {
            if index == point { literal += "." }
            literal += String(index == 0 && digits > 1 && point > 1 ? random.int(in: 1...9) : random.int(in: 0...9))
        }
        if random.chance(0.4) {
            literal += ["e", "E", "e+", "e-"][random.int(in: 0...3)] + String(random.int(in: 0...40))
        }
        return literal
    }
}
