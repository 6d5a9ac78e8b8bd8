/// Decodes entry values where they lie in a document's bytes, with one
/// ``JSONSpanDecoder`` reused from value to value.
///
/// A model that keeps the decoder (or a container, which holds it) past its
/// `init(from:)` would read bytes the caller has since let go of: that
/// decoder gets a copy of its value's bytes, and the next value a new decoder.
struct InPlaceValueDecoder {
    private var decoder = JSONSpanDecoder()

    /// Creates a value with a model's in-place decoding.
    ///
    /// - Parameters:
    ///   - bytes: One JSON value that ``JSONFastScanner`` (or ``JSONParser``
    ///     and ``JSONNode/checkBeforeDecoding(numberCode:pointer:file:_:)``)
    ///     accepted; borrowed for the call.
    ///   - decodeJSON: The model plugin's ``ModelPlugin/decodeJSON``.
    /// - Returns: The value.
    /// - Throws: Whatever the model's `init(from:)` throws.
    mutating func decode(_ bytes: UnsafeBufferPointer<UInt8>, with decodeJSON: @Sendable (JSONSpanDecoder) throws -> Any) throws -> Any {
        decoder.reset(bytes: bytes)
        defer {
            if !isKnownUniquelyReferenced(&decoder) {
                decoder.keepBytes()
                decoder = JSONSpanDecoder()
            }
        }
        return try decodeJSON(decoder)
    }
}
