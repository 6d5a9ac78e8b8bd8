import MappingRegistry

/// Where in a document a position is, as completion and hover need it:
/// at a key of some object, at the value of some key, or at an element of
/// some array, with the containers around it.
struct CursorContext {
    /// One step from a container to a child.
    enum Step: Equatable {
        case key(String)
        case index(Int)
    }

    enum Place {
        /// Where a key stands (or may be added) in `object`.
        case key(object: JSONNode)
        /// Where the value of `key` stands (or is missing) in `object`.
        case value(key: String, object: JSONNode)
        /// Where an element of `array` stands (or may be added).
        case element(array: JSONNode)
    }

    var place: Place
    /// The keys and indexes from the root to the container of the place.
    var path: [Step]
    /// The containers from the root down to the container of the place.
    var containers: [JSONNode]
    /// The token under the position (a key or a value) that a completion
    /// replaces, with its quotes; `nil` when nothing is written there yet.
    var token: JSONNode?
    /// Inside a mapping's `"fallback"` object: the mapping it stands in for,
    /// whose keys it inherits. The fallback is then the mapping of
    /// ``path`` and ``containers``, which leave the `fallback` step out, so
    /// a fallback is completed and hovered as a mapping is.
    var primary: JSONNode?

    /// The context of a byte offset, or `nil` outside the top-level object or array.
    init?(offset: Int, in document: JSONSyntaxTree) {
        guard let root = document.root, root.kind == .object || root.kind == .array, root.contains(offset) else { return nil }
        var containers = [root]
        var path: [Step] = []
        var current = root
        while true {
            if current.kind == .array {
                var next: (Int, JSONNode)?
                var token: JSONNode?
                for (index, element) in current.elements.enumerated() where element.contains(offset) {
                    if element.kind == .object || element.kind == .array { next = (index, element) } else { token = element }
                    break
                }
                if let (index, child) = next {
                    path.append(.index(index))
                    containers.append(child)
                    current = child
                    continue
                }
                self.init(place: .element(array: current), path: path, containers: containers, token: token)
                return
            }
            var place: Place = .key(object: current)
            var token: JSONNode?
            var descend: (String, JSONNode)?
            for (index, member) in current.members.enumerated() {
                let keyRange = document.keyRange(of: member)
                let keyTerminated = document.keyIsTerminated(member)
                let keyEnd = keyTerminated ? keyRange.upperBound - 1 : keyRange.upperBound
                if keyRange.lowerBound < offset, offset <= keyEnd {
                    token = JSONNode(value: .string(member.key), location: member.keyLocation, byteRange: keyRange, isComplete: keyTerminated)
                    break
                }
                if let value = member.presentValue, value.contains(offset) {
                    if value.kind == .object || value.kind == .array {
                        descend = (member.key, value)
                    } else {
                        place = .value(key: member.key, object: current)
                        token = value
                    }
                    break
                }
                // After the colon, up to the value or the next member: the value's place.
                if let colon = document.colon(of: member), offset > colon {
                    let nextStart = index + 1 < current.members.count ? current.members[index + 1].keyLocation.offset : current.range.upperBound
                    let limit = member.presentValue?.range.lowerBound ?? document.comma(of: member) ?? nextStart
                    if offset <= limit {
                        place = .value(key: member.key, object: current)
                        break
                    }
                }
            }
            if let (key, child) = descend {
                path.append(.key(key))
                containers.append(child)
                current = child
                continue
            }
            self.init(place: place, path: path, containers: containers, token: token)
            return
        }
    }

    private init(place: Place, path: [Step], containers: [JSONNode], token: JSONNode?) {
        self.place = place
        self.path = path
        self.containers = containers
        self.token = token
        // `mappings/N/fallback/…` reads as `mappings/N/…`, of the fallback.
        if path.count >= 3, path[0] == .key(MappingsKey.mappings.rawValue), case .index = path[1],
           path[2] == .key(MappingsKey.fallback.rawValue), containers.count > 3 {
            primary = containers[2]
            self.path.remove(at: 2)
            self.containers.remove(at: 2)
        }
    }

    /// The text typed so far in the token under the position, without its
    /// opening quote: what the names offered should start with.
    func prefix(upTo offset: Int, in bytes: [UInt8]) -> String {
        guard let token, token.kind == .string, offset > token.range.lowerBound else { return "" }
        let end = min(offset, bytes.count)
        return String(decoding: bytes[(token.range.lowerBound + 1)..<max(end, token.range.lowerBound + 1)], as: UTF8.self)
    }
}
