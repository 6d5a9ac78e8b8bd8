/// Finding numbers no Swift number type can hold (`1e400`) inside a value
/// that is otherwise handed to `JSONDecoder` whole, which would only say
/// the data "was not valid JSON", at the wrong place.
extension JSONNode {
    /// Reports every number inside this value whose magnitude is beyond
    /// `Double`'s range, at the number.
    ///
    /// - Parameters:
    ///   - code: The code to report: `wrong-type` in a mappings file,
    ///     `undecodable-value` in a data document.
    ///   - pointer: The JSON pointer of this value.
    ///   - file: The file name for locations.
    ///   - report: Receives each diagnostic, in document order.
    func forEachNumberOutOfRange(code: Diagnostic.Code, pointer: String, file: String, _ report: (Diagnostic) -> Void) {
        switch value {
        case .number(let number) where number.doubleValue == nil:
            let at = SourceLocation(file: file, line: location.line, column: location.column, pointer: pointer)
            report(Diagnostic(
                severity: .error,
                code: code,
                message: "the number \(number.literal) is out of range; a number must be within ±1.7976931348623157e308",
                location: at
            ))
        case .object(let members):
            for member in members {
                member.value.forEachNumberOutOfRange(code: code, pointer: JSONPointer.appending(pointer, key: member.key), file: file, report)
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                element.forEachNumberOutOfRange(code: code, pointer: JSONPointer.appending(pointer, index: index), file: file, report)
            }
        default:
            break
        }
    }
}
