import Foundation
import Testing
@testable import MappingRegistry

/// `JSONSpanDecoder` must answer every request as `JSONDecoder` does (a
/// model may catch an error and carry on), so each case decodes the same
/// JSON with both and compares what came out: the value, or the kind of error.
@Suite struct JSONSpanDecoderTests {
    /// One type and one JSON value, decoded both ways.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let outcomes: @Sendable () -> (span: String, foundation: String)
        var testDescription: String { name }

        init<T: Decodable & SendableMetatype>(_ name: String, _ type: T.Type, _ json: String) {
            self.name = name
            self.outcomes = { (spanOutcome(T.self, json), foundationOutcome(T.self, json)) }
        }
    }

    static let cases: [Case] = [
        // Scalars of every type the containers name.
        Case("every scalar", Scalars.self, #"{"b": true, "s": "x", "d": 1.5, "f": 2.25, "i": -7, "i8": -128, "i16": 32767, "i32": -5, "i64": 9223372036854775807, "u": 0, "u8": 255, "u16": 1, "u32": 4294967295, "u64": 18446744073709551615}"#),
        Case("Int8 overflow", Scalars.self, #"{"b": true, "s": "x", "d": 1, "f": 2, "i": 1, "i8": 128, "i16": 1, "i32": 1, "i64": 1, "u": 0, "u8": 1, "u16": 1, "u32": 1, "u64": 1}"#),
        Case("Int.min", Int.self, "-9223372036854775808"),
        Case("Int.max + 1", Int.self, "9223372036854775808"),
        Case("integral fraction as Int", Int.self, "34.0"),
        Case("exponent as Int", Int.self, "1e2"),
        Case("fraction as Int", Int.self, "1.5"),
        Case("negative zero as UInt", UInt.self, "-0"),
        Case("negative zero as Int", Int.self, "-0"),
        Case("negative as UInt8", UInt8.self, "-1"),
        Case("300 as UInt8", UInt8.self, "300"),
        Case("2^53 + 1 written with an exponent", Int64.self, "9.007199254740993e15"),
        Case("string as Int", Int.self, #""5""#),
        Case("null as Int", Int.self, "null"),
        // Doubles: the fast path and everything JSONDecoder decides.
        Case("0.1", Double.self, "0.1"),
        Case("a price", Double.self, "12.5"),
        Case("negative zero", Double.self, "-0"),
        Case("negative zero with a fraction", Double.self, "-0.0"),
        Case("upper-case exponent", Double.self, "1E5"),
        Case("signed exponent", Double.self, "1e+5"),
        Case("small", Double.self, "0.000001"),
        Case("many digits", Double.self, "123456789012345678901234567890"),
        Case("17 significant digits", Double.self, "0.30000000000000004"),
        Case("largest Double", Double.self, "1.7976931348623157e308"),
        Case("smallest normal", Double.self, "2.2250738585072014e-308"),
        Case("smallest subnormal", Double.self, "4.9e-324"),
        Case("underflow to zero", Double.self, "1e-400"),
        Case("zero with an exponent", Double.self, "0e-400"),
        Case("2^53 + 1", Double.self, "9007199254740993"),
        Case("exponent at the fast path's edge", Double.self, "9007199254740992e22"),
        Case("boolean as Double", Double.self, "true"),
        // Floats.
        Case("Float 0.1", Float.self, "0.1"),
        Case("largest Float", Float.self, "3.4028235e38"),
        Case("Float overflow", Float.self, "1e39"),
        Case("Float underflow", Float.self, "1e-46"),
        Case("2^24 + 1 as Float", Float.self, "16777217"),
        Case("Float with ten decimals", Float.self, "0.1234567891"),
        // Strings.
        Case("escapes", String.self, #""q\" b\\ s\/ \b\f\n\r\t \u00e9 \ud83d\ude00 \u0000""#),
        Case("UTF-8", String.self, #""crème brûlée 🍮""#),
        Case("number as String", String.self, "5"),
        Case("null as String", String.self, "null"),
        Case("null as Bool", Bool.self, "null"),
        // Optionals, collections, enums.
        Case("missing and null optionals", Optionals.self, #"{"b": null, "i": null}"#),
        Case("present optionals", Optionals.self, #"{"s": "x", "b": false, "i": 3, "d": 2, "nested": {"value": 1}}"#),
        Case("optional of the wrong type", Optionals.self, #"{"s": 5}"#),
        Case("arrays", [[Int]].self, "[[1, 2], [], [3]]"),
        Case("array with null", [Int?].self, "[1, null, 3]"),
        Case("array element of the wrong type", [Int].self, #"[1, "2"]"#),
        Case("string-keyed dictionary", SortedDictionary<String, Int>.self, #"{"a": 1, "b": 2, "": 3}"#),
        Case("integer-keyed dictionary", SortedDictionary<Int, String>.self, #"{"1": "a", "-2": "b"}"#),
        Case("integer-keyed dictionary with a word", SortedDictionary<Int, String>.self, #"{"x": "a"}"#),
        Case("set", SortedSet.self, #"["b", "a"]"#),
        Case("string enum", Kind.self, #""vegan""#),
        Case("string enum, unknown case", Kind.self, #""meat""#),
        Case("integer enum", Level.self, "2"),
        Case("object as array", [Int].self, "{}"),
        Case("array as object", Scalars.self, "[]"),
        Case("null as object", Optionals.self, "null"),
        Case("missing key", Point.self, #"{"x": 1}"#),
        // Types JSONDecoder decodes by its own rules.
        Case("Data from base64", Data.self, #""aGVsbG8=""#),
        Case("Data from bad base64", Data.self, #""not base64!""#),
        Case("Date from a number", Date.self, "1000.5"),
        Case("URL", URL.self, #""https://example.com/a?b=c""#),
        Case("Decimal", Decimal.self, "12.345"),
        Case("Foundation types in a struct", FoundationTypes.self, #"{"data": "AAE=", "date": 5, "url": "https://x.org", "decimal": 0.1}"#),
        // Keys: compared as Swift compares strings.
        Case("escaped key", Point.self, #"{"\u0078": 1, "y": 2}"#),
        Case("Kelvin sign for K", Kelvin.self, #"{"\u212A": 1}"#),
        Case("decomposed key for a precomposed name", Accented.self, "{\"cafe\u{301}\": 1}"),
        Case("keys in any order", Point.self, #"{"y": 2, "x": 1}"#),
        // Requests a model makes itself.
        Case("a model that catches errors", Lenient.self, #"{"a": 1.5, "b": "x", "c": null, "d": 7}"#),
        Case("unkeyed container bookkeeping", UnkeyedProbe.self, #"[1, null, "x", [2], {"k": 3}]"#),
        Case("unkeyed container past its end", UnkeyedProbe.self, "[]"),
        Case("subclass decoding through super.init(from:)", Special.self, #"{"title": "a", "hours": 3}"#),
        Case("superDecoder and superDecoder(forKey:)", SuperProbe.self, #"{"super": {"x": 1, "y": 2}, "inner": [1]}"#),
        Case("superDecoder of a missing key", SuperProbe.self, #"{"inner": [1]}"#),
        Case("all keys", AllKeys.self, #"{"b": 1, "a": 2, "zz": 3}"#),
        Case("coding paths", PathProbe.self, #"{"list": [{"inner": 1}]}"#),
    ]

    @Test(arguments: cases)
    func decodesAsJSONDecoderDoes(_ testCase: Case) {
        let outcomes = testCase.outcomes()
        #expect(outcomes.span == outcomes.foundation)
    }

    @Test func aKeptDecoderStillReadsItsValueAfterTheLoad() throws {
        var plugins = PluginCatalog()
        plugins.register(model: KeepsDecoder.self, named: "Keeper")
        let json = #"{"sections": [{"items": [{"model": "Keeper", "value": {"name": "first"}}, {"model": "Keeper", "value": {"name": "second"}}]}]}"#
        let document = try DataDocument(data: Data(json.utf8), plugins: plugins)
        #expect(document.entries.count == 2)
        // The document's bytes are gone; what the models kept reads a copy.
        let names = try KeepsDecoder.kept.take().map {
            try $0.container(keyedBy: KeepsDecoder.CodingKeys.self).decode(String.self, forKey: .name)
        }
        #expect(names == ["first", "second"])
    }
}

// MARK: - Running both decoders

/// What `JSONSpanDecoder` makes of `json`.
private func spanOutcome<T: Decodable>(_ type: T.Type, _ json: String) -> String {
    let bytes = Array(json.utf8)
    return bytes.withUnsafeBufferPointer { buffer in
        let decoder = JSONSpanDecoder()
        decoder.reset(bytes: buffer)
        return outcome { try decoder.decodeRoot(type) }
    }
}

/// What `JSONDecoder` makes of `json`.
private func foundationOutcome<T: Decodable>(_ type: T.Type, _ json: String) -> String {
    outcome { try JSONDecoder().decode(type, from: Data(json.utf8)) }
}

/// The value as `String(reflecting:)` shows it (which tells `-0.0` from
/// `0.0`), or the kind of `DecodingError`.
private func outcome<T>(_ body: () throws -> T) -> String {
    do {
        return "value \(String(reflecting: try body()))"
    } catch let error as DecodingError {
        switch error {
        case .typeMismatch: return "typeMismatch"
        case .valueNotFound: return "valueNotFound"
        case .keyNotFound(let key, _): return "keyNotFound \(key.stringValue)"
        case .dataCorrupted: return "dataCorrupted"
        @unknown default: return "other DecodingError"
        }
    } catch {
        return "other error"
    }
}

// MARK: - Models

private struct Scalars: Decodable {
    var b: Bool, s: String, d: Double, f: Float, i: Int, i8: Int8, i16: Int16, i32: Int32, i64: Int64
    var u: UInt, u8: UInt8, u16: UInt16, u32: UInt32, u64: UInt64
}

private struct Optionals: Decodable {
    struct Nested: Decodable { var value: Int }
    var s: String?, b: Bool?, i: Int?, d: Double?, nested: Nested?
}

private struct Point: Decodable {
    var x: Int, y: Int
}

/// A dictionary shown in key order: two equal dictionaries may list their pairs in different orders.
private struct SortedDictionary<Key: Decodable & Hashable & Comparable, Value: Decodable>: Decodable {
    var pairs: [(Key, Value)]

    init(from decoder: any Decoder) throws {
        pairs = try [Key: Value](from: decoder).sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }
}

private struct SortedSet: Decodable {
    var elements: [String]

    init(from decoder: any Decoder) throws {
        elements = try Set<String>(from: decoder).sorted()
    }
}

private enum Kind: String, Decodable { case vegan, vegetarian }
private enum Level: Int, Decodable { case low = 1, high = 2 }

private struct FoundationTypes: Decodable {
    var data: Data, date: Date, url: URL, decimal: Decimal
}

/// A key spelled `K`, which the Kelvin sign (U+212A) is canonically equivalent to.
private struct Kelvin: Decodable {
    var K: Int
}

private struct Accented: Decodable {
    var value: Int
    private enum CodingKeys: String, CodingKey { case value = "caf\u{E9}" }
}

/// Catches each error and records what it saw.
private struct Lenient: Decodable {
    var seen: [String] = []

    private enum CodingKeys: String, CodingKey { case a, b, c, d, missing }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        seen.append(String(describing: try? container.decode(Int.self, forKey: .a)))
        seen.append(String(describing: try? container.decode(Double.self, forKey: .a)))
        seen.append(String(describing: try? container.decode(Int.self, forKey: .b)))
        seen.append(String(describing: try? container.decodeIfPresent(Int.self, forKey: .c)))
        seen.append(String(describing: try? container.decodeNil(forKey: .c)))
        seen.append(String(describing: try? container.decodeNil(forKey: .missing)))
        seen.append(String(describing: container.contains(.missing)))
        seen.append(String(describing: try? container.decode(UInt8.self, forKey: .d)))
        seen.append(String(describing: try? container.decode(Bool.self, forKey: .d)))
    }
}

/// Records what an unkeyed container reports after each request.
private struct UnkeyedProbe: Decodable {
    var log: [String] = []

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        func note(_ what: String) {
            log.append("\(what) @\(container.currentIndex) end=\(container.isAtEnd) count=\(String(describing: container.count))")
        }
        note("start")
        note("nil? \(String(describing: try? container.decodeNil()))")
        note("Int? \(String(describing: try? container.decodeIfPresent(Int.self)))")
        note("nil? \(String(describing: try? container.decodeNil()))")
        note("String \(String(describing: try? container.decode(String.self)))")
        note("Int \(String(describing: try? container.decode(Int.self)))")
        if var nested = try? container.nestedUnkeyedContainer() {
            note("nested \(String(describing: try? nested.decode(Int.self)))")
        }
        note("keyed \(String(describing: try? container.nestedContainer(keyedBy: AnyKey.self).allKeys.map(\.stringValue)))")
        note("past end \(String(describing: try? container.decodeIfPresent(Int.self)))")
        note("past end again \(String(describing: try? container.decode(Int.self)))")
        note("nil at end \(String(describing: try? container.decodeNil()))")
    }
}

private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { return nil }
}

private class Offer: Decodable {
    var title: String
}

private final class Special: Offer {
    var hours: Int

    private enum CodingKeys: String, CodingKey { case hours }

    required init(from decoder: any Decoder) throws {
        hours = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .hours)
        try super.init(from: decoder)
    }
}

extension Special: CustomDebugStringConvertible {
    var debugDescription: String { "Special(\(title), \(hours))" }
}

private struct SuperProbe: Decodable {
    var parent: Point?
    var inner: [Int]

    private enum CodingKeys: String, CodingKey { case inner }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        parent = try? Point(from: try container.superDecoder())
        inner = try [Int](from: try container.superDecoder(forKey: .inner))
    }
}

private struct AllKeys: Decodable {
    var keys: [String]
    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
    }
}

/// Records the coding path each container reports.
private struct PathProbe: Decodable {
    var paths: [String] = []

    private enum CodingKeys: String, CodingKey { case list, inner }

    init(from decoder: any Decoder) throws {
        func show(_ path: [any CodingKey]) -> String {
            path.map { "\($0.stringValue)\($0.intValue.map { "#\($0)" } ?? "")" }.joined(separator: "/")
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        paths.append(show(container.codingPath))
        var list = try container.nestedUnkeyedContainer(forKey: .list)
        paths.append(show(list.codingPath))
        let element = try list.nestedContainer(keyedBy: CodingKeys.self)
        paths.append(show(element.codingPath))
        do {
            _ = try element.decode(String.self, forKey: .inner)
        } catch let DecodingError.typeMismatch(_, context) {
            paths.append(show(context.codingPath))
        }
    }
}

/// A model that keeps its decoder, which no model should, but one may.
private struct KeepsDecoder: Decodable {
    enum CodingKeys: String, CodingKey { case name }

    static let kept = KeptDecoders()

    init(from decoder: any Decoder) throws {
        Self.kept.append(decoder)
    }
}

/// The decoders `KeepsDecoder` kept; one test uses it.
private final class KeptDecoders: @unchecked Sendable {
    // Guarded by `lock`.
    private var decoders: [any Decoder] = []
    private let lock = NSLock()

    func append(_ decoder: any Decoder) {
        lock.withLock { decoders.append(decoder) }
    }

    /// Every decoder kept so far; the list is emptied.
    func take() -> [any Decoder] {
        lock.withLock {
            defer { decoders = [] }
            return decoders
        }
    }
}
