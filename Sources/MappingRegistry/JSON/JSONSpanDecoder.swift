import Foundation

/// A `Decoder` over the bytes of one checked JSON value (a data document's
/// entry value), answering every request the way `JSONDecoder` with its
/// default options answers it, without a `Data` copy or a parsed tree.
///
/// "The way `JSONDecoder` answers" is the contract: a model's
/// `init(from:)` may catch errors and carry on, so every call must succeed,
/// fail, and return exactly what `JSONDecoder` would. Where that takes
/// `JSONDecoder`'s own rules (a number that is not a plain integer or a
/// short decimal, `Data`, `Date`, `URL`, `Decimal`), the value's few bytes
/// are handed to `JSONDecoder` itself. The errors it throws say what is
/// wrong much as `JSONDecoder`'s do, but nothing shows them: when decoding
/// fails, the data loader reads the document again on its reference path,
/// whose diagnostics come from `JSONDecoder`.
///
/// The bytes belong to the caller and are only borrowed while a value
/// decodes. A model that keeps the decoder or a container past its
/// `init(from:)` keeps this object alive; the caller sees that
/// (``isKnownUniquelyReferenced(_:)`` fails) and calls ``keepBytes()``.
final class JSONSpanDecoder: Decoder {
    /// The bytes of the value being decoded.
    private var span: JSONSpan
    /// A copy of the bytes this decoder owns, once ``keepBytes()`` made one.
    private var ownedBytes: UnsafeMutableBufferPointer<UInt8>?
    /// For a decoder made by `superDecoder()`: the decoder whose bytes it reads.
    private let owner: JSONSpanDecoder?
    /// Where the value the next request reads starts.
    private(set) var offset = 0
    /// The path to that value.
    private(set) var path: JSONCodingPath = .root
    /// Members collected while indexing an object, reused from object to object.
    var scratchMembers: [JSONSpan.Member] = []

    /// A decoder for the value `bytes` holds; give it bytes with ``reset(bytes:)``.
    init() {
        span = JSONSpan(bytes: UnsafeBufferPointer(start: nil, count: 0))
        owner = nil
    }

    /// A decoder for the value at `offset` of `owner`'s bytes, for `superDecoder()`.
    private init(owner: JSONSpanDecoder, offset: Int, path: JSONCodingPath) {
        span = JSONSpan(bytes: UnsafeBufferPointer(start: nil, count: 0))
        self.owner = owner.owner ?? owner
        self.offset = offset
        self.path = path
    }

    deinit {
        ownedBytes?.deallocate()
    }

    /// The bytes requests read.
    var bytes: JSONSpan {
        owner?.span ?? span
    }

    /// Points the decoder at the next value to decode: `bytes` hold exactly one checked JSON value.
    func reset(bytes: UnsafeBufferPointer<UInt8>) {
        span = JSONSpan(bytes: bytes)
        offset = 0
        path = .root
    }

    /// Copies the borrowed bytes, for a decoder a model kept: it must stay
    /// usable after its caller's bytes are gone.
    func keepBytes() {
        guard ownedBytes == nil, owner == nil else { return }
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: span.bytes.count)
        _ = copy.initialize(from: span.bytes)
        ownedBytes = copy
        span = JSONSpan(bytes: UnsafeBufferPointer(copy))
    }

    /// Decodes the whole value as `type`, as `JSONDecoder().decode(type, from:)` would.
    func decodeRoot<T: Decodable>(_ type: T.Type) throws -> T {
        try unwrap(type, at: 0, path: .root)
    }

    // MARK: - Decoder

    var codingPath: [any CodingKey] { path.keys }

    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        try KeyedDecodingContainer(JSONSpanKeyedContainer<Key>(decoder: self, object: offset, path: path))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        try JSONSpanUnkeyedContainer(decoder: self, array: offset, path: path)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    // MARK: - Values

    /// Decodes the value at `offset` as `type`, with `path` as its coding path.
    func unwrap<T: Decodable>(_ type: T.Type, at offset: Int, path: JSONCodingPath) throws -> T {
        // The types JSONDecoder decodes by its own rules rather than their
        // init(from:) (a base64 string for Data, a string for URL, the
        // literal's digits for Decimal; Date by its strategy).
        if type == Data.self || type == Date.self || type == URL.self || type == Decimal.self {
            return try delegate(type, from: offset..<bytes.end(ofValueAt: offset))
        }
        let saved = (self.offset, self.path)
        self.offset = offset
        self.path = path
        defer { (self.offset, self.path) = saved }
        return try T(from: self)
    }

    /// Decodes `range` of the bytes with `JSONDecoder` itself.
    func delegate<T: Decodable>(_ type: T.Type, from range: Range<Int>) throws -> T {
        let bytes = bytes.bytes
        let range = range.clamped(to: 0..<bytes.count)
        return try JSONDecoder().decode(type, from: Data(UnsafeBufferPointer(rebasing: bytes[range])))
    }

    /// A decoder for the value at `offset`, or for `null` when `offset` is
    /// `nil`, as `superDecoder()` gives one.
    func superDecoder(at offset: Int?, path: JSONCodingPath) -> JSONSpanDecoder {
        // A missing value reads as `null`, as JSONDecoder has it: a
        // decoder over the four bytes of a literal.
        guard let offset else { return JSONSpanDecoder.null(path: path) }
        return JSONSpanDecoder(owner: self, offset: offset, path: path)
    }

    private static func null(path: JSONCodingPath) -> JSONSpanDecoder {
        let decoder = JSONSpanDecoder()
        let bytes = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: 4)
        _ = bytes.initialize(from: "null".utf8)
        decoder.ownedBytes = bytes
        decoder.span = JSONSpan(bytes: UnsafeBufferPointer(bytes))
        decoder.path = path
        return decoder
    }

    /// Whether the value at `offset` is `null`.
    func isNull(at offset: Int) -> Bool {
        bytes[offset] == UInt8(ascii: "n")
    }

    func bool(at offset: Int, path: @autoclosure () -> JSONCodingPath) throws -> Bool {
        switch bytes[offset] {
        case UInt8(ascii: "t"): return true
        case UInt8(ascii: "f"): return false
        default: throw typeMismatch(Bool.self, at: offset, path: path())
        }
    }

    func string(at offset: Int, path: @autoclosure () -> JSONCodingPath) throws -> String {
        let bytes = bytes
        switch bytes[offset] {
        case UInt8(ascii: "\""): return bytes.string(at: offset)
        case UInt8(ascii: "n"): throw valueNotFound(String.self, path: path())
        default: throw typeMismatch(String.self, at: offset, path: path())
        }
    }

    /// An integer: a plain literal that fits is read here; JSONDecoder
    /// decides every other literal (`1.0`, `1e2`, one too large).
    func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type, at offset: Int, path: @autoclosure () -> JSONCodingPath) throws -> T {
        let bytes = bytes
        switch bytes[offset] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = bytes.end(ofNumberAt: offset)
            if let value = JSONNumberReader.plainInteger(T.self, bytes, from: offset, to: end) { return value }
            return try delegate(type, from: offset..<end)
        case UInt8(ascii: "n"):
            throw valueNotFound(type, path: path())
        default:
            throw typeMismatch(type, at: offset, path: path())
        }
    }

    func double(at offset: Int, path: @autoclosure () -> JSONCodingPath) throws -> Double {
        let bytes = bytes
        switch bytes[offset] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = bytes.end(ofNumberAt: offset)
            if let value = JSONNumberReader.exactDouble(bytes, from: offset, to: end) { return value }
            return try delegate(Double.self, from: offset..<end)
        case UInt8(ascii: "n"):
            throw valueNotFound(Double.self, path: path())
        default:
            throw typeMismatch(Double.self, at: offset, path: path())
        }
    }

    func float(at offset: Int, path: @autoclosure () -> JSONCodingPath) throws -> Float {
        let bytes = bytes
        switch bytes[offset] {
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            let end = bytes.end(ofNumberAt: offset)
            if let value = JSONNumberReader.exactFloat(bytes, from: offset, to: end) { return value }
            return try delegate(Float.self, from: offset..<end)
        case UInt8(ascii: "n"):
            throw valueNotFound(Float.self, path: path())
        default:
            throw typeMismatch(Float.self, at: offset, path: path())
        }
    }

    // MARK: - Errors, worded as JSONDecoder words them

    func typeMismatch(_ type: Any.Type, at offset: Int, path: JSONCodingPath) -> DecodingError {
        DecodingError.typeMismatch(type, DecodingError.Context(
            codingPath: path.keys,
            debugDescription: "Expected to decode \(type) but found \(describe(at: offset)) instead."
        ))
    }

    func valueNotFound(_ type: Any.Type, path: JSONCodingPath) -> DecodingError {
        DecodingError.valueNotFound(type, DecodingError.Context(
            codingPath: path.keys,
            debugDescription: "Cannot get value of type \(type) -- found null value instead"
        ))
    }

    /// The kind of the value at `offset`, as JSONDecoder names it in messages.
    private func describe(at offset: Int) -> String {
        switch bytes[offset] {
        case UInt8(ascii: "{"): "a dictionary"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "bool"
        case UInt8(ascii: "n"): "null"
        default: "number"
        }
    }
}

// MARK: - The single value container

extension JSONSpanDecoder: SingleValueDecodingContainer {
    func decodeNil() -> Bool { isNull(at: offset) }
    func decode(_ type: Bool.Type) throws -> Bool { try bool(at: offset, path: path) }
    func decode(_ type: String.Type) throws -> String { try string(at: offset, path: path) }
    func decode(_ type: Double.Type) throws -> Double { try double(at: offset, path: path) }
    func decode(_ type: Float.Type) throws -> Float { try float(at: offset, path: path) }
    func decode(_ type: Int.Type) throws -> Int { try integer(type, at: offset, path: path) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type, at: offset, path: path) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type, at: offset, path: path) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type, at: offset, path: path) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type, at: offset, path: path) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type, at: offset, path: path) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type, at: offset, path: path) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type, at: offset, path: path) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type, at: offset, path: path) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type, at: offset, path: path) }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try unwrap(type, at: offset, path: path) }
}
