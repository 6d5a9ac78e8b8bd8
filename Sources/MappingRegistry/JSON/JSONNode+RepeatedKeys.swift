/// Finding keys written twice inside a value that is otherwise handed to
/// `JSONDecoder` whole (a data document's item value, a predicate
/// argument), where the last value would silently win.
extension JSONNode {
    /// Reports every key repeated in any object inside this value, at the
    /// repeated key, as `duplicate-key`.
    ///
    /// - Parameters:
    ///   - pointer: The JSON pointer of this value.
    ///   - file: The file name for locations.
    ///   - report: Receives each diagnostic, in document order.
    func forEachRepeatedKey(pointer: String, file: String, _ report: (Diagnostic) -> Void) {
        switch value {
        case .object(let members):
            var seen: Set<String> = []
            for member in members {
                let memberPointer = JSONPointer.appending(pointer, key: member.key)
                if !seen.insert(member.key).inserted {
                    let at = SourceLocation(file: file, line: member.keyLocation.line, column: member.keyLocation.column, pointer: memberPointer)
                    report(.duplicateKey(member.key, at: at))
                }
                member.value.forEachRepeatedKey(pointer: memberPointer, file: file, report)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                element.forEachRepeatedKey(pointer: JSONPointer.appending(pointer, index: index), file: file, report)
            }
        default:
            break
        }
    }
}
