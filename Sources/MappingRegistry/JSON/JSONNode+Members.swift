/// Reading an object's members by key, as a JSON-RPC message's parameters
/// are read. A key written twice counts as its last value, as `JSONDecoder`
/// reads it; on anything but an object every lookup is `nil`.
extension JSONNode {
    /// The value of the last member with `key`; `nil` when there is none or
    /// this is no object.
    package subscript(key: String) -> JSONNode? {
        objectMembers?.last { $0.key == key }?.value
    }

    /// The object at a path of keys (this node for no keys), or `nil` when a
    /// step is missing or no object.
    package func object(_ keys: String...) -> JSONNode? {
        var current = self
        for key in keys {
            guard let next = current[key] else { return nil }
            current = next
        }
        return current.objectMembers == nil ? nil : current
    }

    /// The string at `key`, if it is one.
    package func string(_ key: String) -> String? { self[key]?.stringValue }

    /// The integer at `key`, if it is one that fits `Int`.
    package func int(_ key: String) -> Int? { self[key]?.numberValue?.intValue }
}
