/// What `JSONDecoder` would hide in a value that is handed to it whole (a
/// data document's item value, a predicate argument): a key written twice,
/// whose last value would silently win, and a number no Swift number type
/// can hold (`1e400`), which it would only call "not valid JSON", at the
/// wrong place.
extension JSONNode {
    /// Reports, in one walk and in document order, every key repeated in
    /// any object inside this value (at the repeated key, as
    /// `duplicate-key`) and every number beyond `Double`'s range (at the
    /// number, as `numberCode`).
    ///
    /// - Parameters:
    ///   - numberCode: The code for a number out of range: `wrong-type` in a
    ///     mappings file, `undecodable-value` in a data document.
    ///   - pointer: The JSON pointer of this value.
    ///   - file: The file name for locations.
    ///   - report: Receives each diagnostic.
    /// - Returns: Whether anything was reported, so the value must not be decoded.
    @discardableResult
    func checkBeforeDecoding(numberCode: Diagnostic.Code, pointer: String, file: String, _ report: (Diagnostic) -> Void) -> Bool {
        var found = false
        switch value {
        case .number(let number) where number.doubleValue == nil:
            report(Diagnostic(
                severity: .error,
                code: numberCode,
                message: "the number \(number.literal) is out of range; a number must be within ±1.7976931348623157e308",
                location: SourceLocation(file: file, line: location.line, column: location.column, pointer: pointer)
            ))
            found = true
        case .object(let members):
            var seen: Set<String> = []
            for member in members {
                let memberPointer = JSONPointer.appending(pointer, key: member.key)
                if !seen.insert(member.key).inserted {
                    let at = SourceLocation(file: file, line: member.keyLocation.line, column: member.keyLocation.column, pointer: memberPointer)
                    report(.duplicateKey(member.key, at: at))
                    found = true
                }
                if member.value.checkBeforeDecoding(numberCode: numberCode, pointer: memberPointer, file: file, report) { found = true }
            }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                let elementPointer = JSONPointer.appending(pointer, index: index)
                if element.checkBeforeDecoding(numberCode: numberCode, pointer: elementPointer, file: file, report) { found = true }
            }
        default:
            break
        }
        return found
    }
}
