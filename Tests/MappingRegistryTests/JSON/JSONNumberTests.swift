import Testing
@testable import MappingRegistry
import RegistryFixtures

/// Numbers keep their literal; `intValue` is exact and `doubleValue` finite.
@Suite struct JSONNumberTests {
    /// Parses a single number document.
    private func number(_ literal: String) throws -> JSONNumber {
        try #require(try JSONParser.parse(Array(literal.utf8)).numberValue)
    }

    @Test(arguments: [
        ("0", 0),
        ("-0", 0),
        ("42", 42),
        ("-17", -17),
        ("9223372036854775807", Int.max),
        ("-9223372036854775808", Int.min),
    ] as [(String, Int)])
    func integerLiteralsThatFitHaveAnIntValue(_ literal: String, _ expected: Int) throws {
        let parsed = try number(literal)
        #expect(parsed.literal == literal)
        #expect(parsed.intValue == expected)
    }

    @Test(arguments: ["9223372036854775808", "-9223372036854775809", "1.0", "1e2", "-0.0", "2E-3"])
    func otherLiteralsHaveNoIntValue(_ literal: String) throws {
        let parsed = try number(literal)
        #expect(parsed.literal == literal)
        #expect(parsed.intValue == nil)
    }

    @Test func literalIsKeptVerbatim() throws {
        #expect(try number("1.50").literal == "1.50")
        #expect(try number("123456789012345678901234567890").literal == "123456789012345678901234567890")
    }

    @Test func doubleValueIsNilOnlyWhenNotFinite() throws {
        #expect(try number("1e2").doubleValue == 100)
        #expect(try number("-2.5E-1").doubleValue == -0.25)
        #expect(try number("9223372036854775808").doubleValue == 9_223_372_036_854_775_808)
        #expect(try number("-0").doubleValue?.sign == .minus)
        #expect(try number("1e400").doubleValue == nil)
        #expect(try number("-1e400").doubleValue == nil)
    }
}
