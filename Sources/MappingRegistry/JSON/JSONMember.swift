/// One `"key": value` member of a JSON object, as written in the source.
package struct JSONMember: Sendable {
    /// The decoded key (escapes resolved).
    package var key: String
    /// Where the key's opening quote is.
    package var keyLocation: TextLocation
    /// The member's value; in a tolerant parse, a member without one has an
    /// empty `.invalid` value (``JSONNode/isMissing``).
    package var value: JSONNode
    // The key's end, the colon and the comma as distances from the key's
    // start, 4 bytes each (`UInt32.max` for none), so that a loader's tree
    // holds them at little cost; a distance past 4 GiB reads as none.
    private var keyLength: UInt32
    private var colonDistance: UInt32
    private var commaDistance: UInt32
    /// Whether the key's closing quote is there (always in a strict parse).
    package var keyTerminated: Bool

    init(key: String, keyLocation: TextLocation, keyEnd: Int, keyTerminated: Bool = true, colon: Int?, value: JSONNode, comma: Int? = nil) {
        self.key = key
        self.keyLocation = keyLocation
        self.value = value
        self.keyTerminated = keyTerminated
        keyLength = Self.distance(keyEnd, from: keyLocation.offset)
        colonDistance = Self.distance(colon, from: keyLocation.offset)
        commaDistance = Self.distance(comma, from: keyLocation.offset)
    }

    /// The offset after the key's closing quote (after the last byte of an
    /// unterminated key).
    package var keyEnd: Int { keyLocation.offset + Int(keyLength) }

    /// The key with its quotes.
    package var keyRange: Range<Int> { keyLocation.offset..<keyEnd }

    /// The offset of the colon, `nil` when a tolerant parse found none.
    package var colon: Int? { Self.offset(colonDistance, from: keyLocation.offset) }

    /// The offset of the comma after the member, if any.
    package var comma: Int? {
        get { Self.offset(commaDistance, from: keyLocation.offset) }
        set { commaDistance = Self.distance(newValue, from: keyLocation.offset) }
    }

    private static func distance(_ offset: Int?, from start: Int) -> UInt32 {
        guard let offset, offset >= start else { return .max }
        return UInt32(exactly: offset - start) ?? .max
    }

    private static func offset(_ distance: UInt32, from start: Int) -> Int? {
        distance == .max ? nil : start + Int(distance)
    }
}
