import MappingRegistry

/// The members of a parsed JSON object by key, for reading parameters.
/// A key written twice counts as its last value, as `JSONDecoder` reads it.
struct JSONObject {
    private var members: [String: JSONNode] = [:]

    init(_ members: [JSONMember]) {
        for member in members { self.members[member.key] = member.value }
    }

    /// The object held by a node, or `nil` when it holds something else.
    init?(_ node: JSONNode?) {
        guard let members = node?.objectMembers else { return nil }
        self.init(members)
    }

    subscript(key: String) -> JSONNode? { members[key] }

    /// The nested object at a path of keys.
    func object(_ keys: String...) -> JSONObject? {
        var current = self
        for key in keys {
            guard let next = JSONObject(current[key]) else { return nil }
            current = next
        }
        return current
    }

    func string(_ key: String) -> String? { self[key]?.stringValue }
    func int(_ key: String) -> Int? { self[key]?.numberValue?.intValue }
}
