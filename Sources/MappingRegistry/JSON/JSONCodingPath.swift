/// A coding path kept as a list from the innermost key outwards, so going
/// one level deeper shares the rest instead of copying an array.
indirect enum JSONCodingPath {
    case root
    case key(any CodingKey, parent: JSONCodingPath)

    /// The keys from the outermost in, as `codingPath` gives them.
    var keys: [any CodingKey] {
        var keys: [any CodingKey] = []
        var node = self
        while case .key(let key, let parent) = node {
            keys.append(key)
            node = parent
        }
        return keys.reversed()
    }

    func appending(_ key: any CodingKey) -> JSONCodingPath {
        .key(key, parent: self)
    }

    func appending(index: Int) -> JSONCodingPath {
        .key(JSONIndexKey(intValue: index), parent: self)
    }
}
