/// The keyed container of ``JSONSpanDecoder``: what `JSONDecoder`'s keyed
/// container answers, request by request.
struct JSONSpanKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let decoder: JSONSpanDecoder
    let path: JSONCodingPath
    let table: JSONSpanMemberTable

    /// The container for the object at `object`.
    ///
    /// - Throws: `valueNotFound` for `null`, `typeMismatch` for anything else that is not an object.
    init(decoder: JSONSpanDecoder, object: Int, path: JSONCodingPath) throws {
        let bytes = decoder.bytes
        switch bytes[object] {
        case UInt8(ascii: "{"):
            decoder.scratchMembers.removeAll(keepingCapacity: true)
            bytes.members(ofObjectAt: object, into: &decoder.scratchMembers)
            table = JSONSpanMemberTable(decoder.scratchMembers)
        case UInt8(ascii: "n"):
            throw DecodingError.valueNotFound([String: Any].self, DecodingError.Context(
                codingPath: path.keys,
                debugDescription: "Cannot get keyed decoding container -- found null value instead"
            ))
        default:
            throw decoder.typeMismatch([String: Any].self, at: object, path: path)
        }
        self.decoder = decoder
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }

    var allKeys: [Key] {
        let bytes = decoder.bytes
        return table.members.compactMap { member in
            Key(stringValue: bytes.string(contentsFrom: member.keyStart, to: member.keyEnd, hasEscapes: member.keyHasEscapes))
        }
    }

    func contains(_ key: Key) -> Bool {
        table.value(for: key, in: decoder.bytes) != nil
    }

    /// Where the value of `key` starts; `keyNotFound` when there is none.
    private func value(for key: some CodingKey) throws -> Int {
        guard let offset = table.value(for: key, in: decoder.bytes) else {
            throw DecodingError.keyNotFound(key, DecodingError.Context(
                codingPath: path.keys,
                debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."
            ))
        }
        return offset
    }

    /// Where the value of `key` starts, unless it is missing or `null`.
    private func presentValue(for key: Key) -> Int? {
        guard let offset = table.value(for: key, in: decoder.bytes), !decoder.isNull(at: offset) else { return nil }
        return offset
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        decoder.isNull(at: try value(for: key))
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try decoder.bool(at: try value(for: key), path: path.appending(key))
    }

    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try decoder.string(at: try value(for: key), path: path.appending(key))
    }

    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try decoder.double(at: try value(for: key), path: path.appending(key))
    }

    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try decoder.float(at: try value(for: key), path: path.appending(key))
    }

    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    private func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        try decoder.integer(type, at: try value(for: key), path: path.appending(key))
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try decoder.unwrap(type, at: try value(for: key), path: path.appending(key))
    }

    // A missing key and `null` both give nil; anything else decodes as the type.

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        guard let offset = presentValue(for: key) else { return nil }
        return try decoder.bool(at: offset, path: path.appending(key))
    }

    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        guard let offset = presentValue(for: key) else { return nil }
        return try decoder.string(at: offset, path: path.appending(key))
    }

    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        guard let offset = presentValue(for: key) else { return nil }
        return try decoder.double(at: offset, path: path.appending(key))
    }

    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        guard let offset = presentValue(for: key) else { return nil }
        return try decoder.float(at: offset, path: path.appending(key))
    }

    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(type, key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(type, key) }

    private func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard let offset = presentValue(for: key) else { return nil }
        return try decoder.integer(type, at: offset, path: path.appending(key))
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let offset = presentValue(for: key) else { return nil }
        return try decoder.unwrap(type, at: offset, path: path.appending(key))
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        try KeyedDecodingContainer(JSONSpanKeyedContainer<NestedKey>(decoder: decoder, object: try value(for: key), path: path.appending(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try JSONSpanUnkeyedContainer(decoder: decoder, array: try value(for: key), path: path.appending(key))
    }

    func superDecoder() throws -> any Decoder {
        decoder.superDecoder(at: table.value(for: JSONIndexKey.super, in: decoder.bytes), path: path.appending(JSONIndexKey.super))
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        decoder.superDecoder(at: table.value(for: key, in: decoder.bytes), path: path.appending(key))
    }
}

/// An object's members, found once when its keyed container is made.
///
/// Lookups start after the last member found: synthesized `init(from:)`
/// asks for keys in declaration order and `Dictionary` in `allKeys` order,
/// which mostly is the document's, so each lookup usually compares one key.
/// A class, so that the containers a decoder copies share one cursor.
final class JSONSpanMemberTable {
    /// Every member, in document order.
    let members: [JSONSpan.Member]
    /// Where the next lookup starts.
    private var cursor = 0

    /// A table of the members gathered in a decoder's scratch array: copied
    /// at their count, so the scratch array keeps its capacity for the next
    /// object and the table holds no more than it needs.
    init(_ members: [JSONSpan.Member]) {
        self.members = Array(members[...])
    }

    /// Where the value of `key` starts, or `nil` when the object has no such member.
    ///
    /// A key written twice never reaches here: the scanner declines it.
    func value(for key: some CodingKey, in bytes: JSONSpan) -> Int? {
        var name = key.stringValue
        let count = members.count
        var index = cursor < count ? cursor : 0
        for _ in 0..<count {
            let member = members[index]
            if bytes.key(of: member, equals: &name) {
                cursor = index + 1
                return member.value
            }
            index = index + 1 == count ? 0 : index + 1
        }
        return nil
    }
}
