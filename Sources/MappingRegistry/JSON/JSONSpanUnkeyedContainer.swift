/// The unkeyed container of ``JSONSpanDecoder``: what `JSONDecoder`'s
/// unkeyed container answers, request by request, `currentIndex` included.
struct JSONSpanUnkeyedContainer: UnkeyedDecodingContainer {
    let decoder: JSONSpanDecoder
    let path: JSONCodingPath
    /// Where each element starts.
    let elements: ContiguousArray<Int>
    private(set) var currentIndex = 0

    /// The container for the array at `array`.
    ///
    /// - Throws: `valueNotFound` for `null`, `typeMismatch` for anything else that is not an array.
    init(decoder: JSONSpanDecoder, array: Int, path: JSONCodingPath) throws {
        let bytes = decoder.bytes
        switch bytes[array] {
        case UInt8(ascii: "["):
            elements = bytes.elements(ofArrayAt: array)
        case UInt8(ascii: "n"):
            throw DecodingError.valueNotFound([Any].self, DecodingError.Context(
                codingPath: path.keys,
                debugDescription: "Cannot get unkeyed decoding container -- found null value instead"
            ))
        default:
            throw decoder.typeMismatch([Any].self, at: array, path: path)
        }
        self.decoder = decoder
        self.path = path
    }

    var codingPath: [any CodingKey] { path.keys }
    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private var currentPath: JSONCodingPath { path.appending(index: currentIndex) }

    /// Where the next element starts; `valueNotFound` at the end.
    private func next<T>(_ type: T.Type, _ message: String = "Unkeyed container is at end.") throws -> Int {
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(type, DecodingError.Context(codingPath: currentPath.keys, debugDescription: message))
        }
        return elements[currentIndex]
    }

    /// Where the next element starts, unless the container is at its end
    /// or the element is `null`; either way the index moves on, as JSONDecoder's does.
    private mutating func nextPresent() -> Int? {
        defer { currentIndex += 1 }
        guard currentIndex < elements.count, !decoder.isNull(at: elements[currentIndex]) else { return nil }
        return elements[currentIndex]
    }

    mutating func decodeNil() throws -> Bool {
        // A value that is not null leaves the index where it is.
        guard decoder.isNull(at: try next(Never.self)) else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool {
        let value = try decoder.bool(at: try next(type), path: currentPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: String.Type) throws -> String {
        let value = try decoder.string(at: try next(type), path: currentPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Double.Type) throws -> Double {
        let value = try decoder.double(at: try next(type), path: currentPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Float.Type) throws -> Float {
        let value = try decoder.float(at: try next(type), path: currentPath)
        currentIndex += 1
        return value
    }

    mutating func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    private mutating func integer<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.integer(type, at: try next(type), path: currentPath)
        currentIndex += 1
        return value
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let value = try decoder.unwrap(type, at: try next(type), path: currentPath)
        currentIndex += 1
        return value
    }

    mutating func decodeIfPresent(_ type: Bool.Type) throws -> Bool? {
        let path = currentPath
        return try nextPresent().map { try decoder.bool(at: $0, path: path) }
    }

    mutating func decodeIfPresent(_ type: String.Type) throws -> String? {
        let path = currentPath
        return try nextPresent().map { try decoder.string(at: $0, path: path) }
    }

    mutating func decodeIfPresent(_ type: Double.Type) throws -> Double? {
        let path = currentPath
        return try nextPresent().map { try decoder.double(at: $0, path: path) }
    }

    mutating func decodeIfPresent(_ type: Float.Type) throws -> Float? {
        let path = currentPath
        return try nextPresent().map { try decoder.float(at: $0, path: path) }
    }

    mutating func decodeIfPresent(_ type: Int.Type) throws -> Int? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int8.Type) throws -> Int8? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int16.Type) throws -> Int16? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int32.Type) throws -> Int32? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: Int64.Type) throws -> Int64? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt.Type) throws -> UInt? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt8.Type) throws -> UInt8? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt16.Type) throws -> UInt16? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt32.Type) throws -> UInt32? { try integerIfPresent(type) }
    mutating func decodeIfPresent(_ type: UInt64.Type) throws -> UInt64? { try integerIfPresent(type) }

    private mutating func integerIfPresent<T: FixedWidthInteger & Decodable>(_ type: T.Type) throws -> T? {
        let path = currentPath
        return try nextPresent().map { try decoder.integer(type, at: $0, path: path) }
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        let path = currentPath
        return try nextPresent().map { try decoder.unwrap(type, at: $0, path: path) }
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<NestedKey> {
        let offset = try next(KeyedDecodingContainer<NestedKey>.self)
        let container = try JSONSpanKeyedContainer<NestedKey>(decoder: decoder, object: offset, path: currentPath)
        currentIndex += 1
        return KeyedDecodingContainer(container)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let offset = try next(JSONSpanUnkeyedContainer.self, "Cannot get nested unkeyed container -- unkeyed container is at end.")
        let container = try JSONSpanUnkeyedContainer(decoder: decoder, array: offset, path: currentPath)
        currentIndex += 1
        return container
    }

    mutating func superDecoder() throws -> any Decoder {
        let offset = try next((any Decoder).self, "Cannot get superDecoder() -- unkeyed container is at end.")
        let decoder = decoder.superDecoder(at: offset, path: currentPath)
        currentIndex += 1
        return decoder
    }
}
