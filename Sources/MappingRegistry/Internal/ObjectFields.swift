/// The known keys of one JSON object and their first values, after
/// checking the object's keys against the keys its place allows; shared by
/// every loader that reads a JSON document (configuration, data).
///
/// Objects here have a handful of keys, so a list searched in order is
/// cheaper than a dictionary built per object.
struct ObjectFields {
    private var entries: [(key: String, node: JSONNode)] = []

    /// The first value of a known key, if the object has it.
    subscript(key: String) -> JSONNode? {
        entries.first { $0.key == key }?.node
    }

    /// Reports each unknown key (`unknown-key`, with a did-you-mean) and
    /// each repeated key (`duplicate-key`), pointing at the key.
    ///
    /// - Parameters:
    ///   - members: The object's members, in source order.
    ///   - known: The keys allowed here, in the order messages list them.
    ///   - pointer: The JSON pointer of the object.
    ///   - file: The file name for locations.
    ///   - report: Receives each diagnostic.
    /// - Returns: The first value of each known key.
    static func check(
        _ members: [JSONMember],
        known: [String],
        in pointer: String,
        file: String,
        report: (Diagnostic) -> Void
    ) -> ObjectFields {
        var fields = ObjectFields()
        for member in members {
            // The key's location, built only when there is something to report.
            func at() -> SourceLocation {
                SourceLocation(
                    file: file,
                    line: member.keyLocation.line,
                    column: member.keyLocation.column,
                    pointer: JSONPointer.appending(pointer, key: member.key)
                )
            }
            if !known.contains(member.key) {
                report(.unknownKey(member.key, known: known, at: at()))
            } else if fields[member.key] != nil {
                report(.duplicateKey(member.key, at: at()))
            } else {
                fields.entries.append((member.key, member.value))
            }
        }
        return fields
    }
}

extension SourceLocation {
    /// The location of a parsed JSON value.
    init(of node: JSONNode, pointer: String, file: String) {
        self.init(file: file, line: node.location.line, column: node.location.column, pointer: pointer)
    }
}

extension Diagnostic {
    static func unknownKey(_ key: String, known: [String], at location: SourceLocation) -> Diagnostic {
        let expected = known.map { "'\($0)'" }.joined(separator: ", ")
        let hint = Suggestion.closest(to: key, in: known).map { "did you mean '\($0)'?" } ?? "expected one of \(expected)"
        return Diagnostic(severity: .error, code: .unknownKey, message: "unknown key '\(key)'; \(hint)", location: location)
    }

    static func duplicateKey(_ key: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, code: .duplicateKey, message: "key '\(key)' appears twice in one object; keep one", location: location)
    }
}
