/// Which byte sequences are well-formed UTF-8 (RFC 3629, table 3-7 of the
/// Unicode standard): the one table the parser and the fast scanner read.
enum UTF8Sequence {
    /// The length of the well-formed sequence that starts with `lead`, or
    /// `nil` when it is not one.
    ///
    /// - Parameters:
    ///   - lead: The sequence's first byte.
    ///   - byte: The byte at a distance after the lead; 0 past the end.
    @inline(__always)
    static func length(lead: UInt8, _ byte: (_ distance: Int) -> UInt8) -> Int? {
        func continuation(_ distance: Int, in range: ClosedRange<UInt8> = 0x80...0xBF) -> Bool {
            range.contains(byte(distance))
        }
        switch lead {
        case 0x00...0x7F:
            return 1
        case 0xC2...0xDF:
            return continuation(1) ? 2 : nil
        case 0xE0:
            return continuation(1, in: 0xA0...0xBF) && continuation(2) ? 3 : nil
        case 0xE1...0xEC, 0xEE...0xEF:
            return continuation(1) && continuation(2) ? 3 : nil
        case 0xED:
            return continuation(1, in: 0x80...0x9F) && continuation(2) ? 3 : nil
        case 0xF0:
            return continuation(1, in: 0x90...0xBF) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF1...0xF3:
            return continuation(1) && continuation(2) && continuation(3) ? 4 : nil
        case 0xF4:
            return continuation(1, in: 0x80...0x8F) && continuation(2) && continuation(3) ? 4 : nil
        default:
            return nil
        }
    }
}
