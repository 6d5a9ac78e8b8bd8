import Foundation
import MappingRegistry

/// Quick fixes: each did-you-mean of a published diagnostic replaces the
/// name it is about, and a duplicate key can be removed with its value.
///
/// Fixes come only from the diagnostics of the document's current text
/// (``TextDocument/currentDiagnostics``): after a change, until its check
/// is published, there are none, rather than edits at an older text's ranges.
extension LanguageServer {
    func codeActions(_ params: JSONNode?) -> Result<JSONValue, RPCError> {
        guard let uri = params?.object("textDocument")?.string("uri"),
              let range = params?.object("range"),
              let start = Self.position(range.object("start")), let end = Self.position(range.object("end")) else {
            return .failure(.invalidParams("expected textDocument.uri and a range"))
        }
        guard let document = documents[uri] else { return .success(.array([])) }
        let lines = document.lines
        let first = lines.offset(of: start)
        let last = lines.offset(of: end)
        var actions: [JSONValue] = []
        for published in document.currentDiagnostics {
            let diagnosticStart = lines.offset(of: published.range.start)
            let diagnosticEnd = lines.offset(of: published.range.end)
            guard diagnosticStart <= last, first <= max(diagnosticEnd, diagnosticStart) else { continue }
            if let fix = quickFix(for: published, in: document) {
                actions.append(fix)
            }
        }
        return .success(.array(actions))
    }

    static func position(_ object: JSONNode?) -> LSPPosition? {
        guard let line = object?.int("line"), let character = object?.int("character") else { return nil }
        return LSPPosition(line: line, character: character)
    }

    /// The fix of one diagnostic, if it has one.
    func quickFix(for published: PublishedDiagnostic, in document: TextDocument) -> JSONValue? {
        let diagnostic = published.diagnostic
        let start = document.lines.offset(of: published.range.start)
        if let suggestion = Self.suggestion(in: diagnostic.message),
           let token = JSONToken.token(startingAt: start, in: document.bytes), token.kind == .string {
            let edit = textEdit(document.lines.range(of: token.range), JSONValue.string(suggestion).compact())
            return action("Replace with '\(suggestion)'", published, document, [edit], preferred: true)
        }
        if diagnostic.code == .duplicateKey, let removal = duplicateRemoval(at: start, in: document.syntax) {
            let edit = textEdit(document.lines.range(of: removal.range), "")
            return action("Remove this '\(removal.key)' and its value", published, document, [edit], preferred: false)
        }
        return nil
    }

    /// The name a message suggests: the last `did you mean 'NAME'?`.
    static func suggestion(in message: String) -> String? {
        let marker = "did you mean '"
        guard let found = message.range(of: marker, options: .backwards) else { return nil }
        let rest = message[found.upperBound...]
        guard let end = rest.range(of: "'?") else { return nil }
        return String(rest[..<end.lowerBound])
    }

    /// The bytes to delete to remove the member whose key starts at an
    /// offset, with one of the commas around it.
    func duplicateRemoval(at offset: Int, in syntax: JSONSyntaxTree) -> (key: String, range: Range<Int>)? {
        var stack = syntax.root.map { [$0] } ?? []
        while let node = stack.popLast() {
            for (index, member) in node.members.enumerated() {
                if member.keyLocation.offset == offset {
                    if index > 0, let comma = syntax.comma(of: node.members[index - 1]) {
                        return (member.key, comma..<syntax.range(of: member).upperBound)
                    }
                    if syntax.comma(of: member) != nil, index + 1 < node.members.count {
                        return (member.key, member.keyLocation.offset..<node.members[index + 1].keyLocation.offset)
                    }
                    return (member.key, syntax.range(of: member))
                }
                if let value = member.presentValue, value.range.contains(offset) { stack.append(value) }
            }
            for element in node.elements where element.range.contains(offset) { stack.append(element) }
        }
        return nil
    }

    func textEdit(_ range: LSPRange, _ text: String) -> JSONValue {
        .object([("range", Self.json(range)), ("newText", .string(text))])
    }

    func action(_ title: String, _ published: PublishedDiagnostic, _ document: TextDocument, _ edits: [JSONValue], preferred: Bool) -> JSONValue {
        .object([
            ("title", .string(title)),
            ("kind", "quickfix"),
            ("diagnostics", .array([json(published)])),
            ("isPreferred", .bool(preferred)),
            ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
        ])
    }
}
