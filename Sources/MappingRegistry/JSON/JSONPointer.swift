/// Builds RFC 6901 JSON pointers such as `/items/0/name`. The root document is the empty pointer `""`.
enum JSONPointer {
    /// Appends an object key to `pointer`, escaping `~` as `~0` and `/` as `~1`.
    ///
    /// - Parameters:
    ///   - pointer: The pointer of the object (`""` for the root).
    ///   - key: The member's key, unescaped.
    /// - Returns: The pointer of the member's value.
    static func appending(_ pointer: String, key: String) -> String {
        // Most keys need no escaping: append them whole.
        if !key.utf8.contains(where: { $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "/") }) {
            return pointer + "/" + key
        }
        var result = pointer
        result.append("/")
        for scalar in key.unicodeScalars {
            switch scalar {
            case "~": result.append("~0")
            case "/": result.append("~1")
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Appends an array index to `pointer`.
    ///
    /// - Parameters:
    ///   - pointer: The pointer of the array (`""` for the root).
    ///   - index: The 0-based element index.
    /// - Returns: The pointer of the element.
    static func appending(_ pointer: String, index: Int) -> String {
        "\(pointer)/\(index)"
    }
}
