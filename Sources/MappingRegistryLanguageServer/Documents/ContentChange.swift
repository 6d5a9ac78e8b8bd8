import MappingRegistry

/// One entry of a `textDocument/didChange`'s `contentChanges`, as
/// incremental synchronization sends them: the whole new text (no
/// `range`), or a range of the current text and the text that replaces it.
///
/// A range is in the negotiated ``PositionEncoding``. Positions outside the
/// text are clamped when the change is applied, as the protocol says of
/// every position (see ``LineIndex/offset(of:)``); a change that cannot be
/// read at all is a ``Malformed`` problem instead.
enum ContentChange: Equatable {
    /// The document's whole text.
    case whole(String)
    /// A range of the current text and its replacement.
    case edit(LSPRange, String)

    /// Why a change cannot be applied.
    struct Malformed: Error, Equatable {
        /// The problem, as a noun phrase: `a change without a string 'text'`.
        var description: String
    }

    /// Reads one change: an object with a string `text` and, for an edit,
    /// a `range` whose `start` and `end` have non-negative integer `line`
    /// and `character`, the start not after the end. A `null` range counts
    /// as none; `rangeLength` (deprecated) is ignored.
    ///
    /// - Parameter node: The element of `contentChanges`.
    /// - Returns: The change, or why it cannot be applied.
    static func parse(_ node: JSONNode) -> Result<ContentChange, Malformed> {
        guard let change = node.object() else {
            return .failure(Malformed(description: "a change that is a \(node.typeName), not an object"))
        }
        guard let text = change.string("text") else {
            return .failure(Malformed(description: "a change without a string 'text'"))
        }
        guard let rangeNode = change["range"], !rangeNode.isNull else { return .success(.whole(text)) }
        guard let range = rangeNode.object(),
              let start = position(range.object("start")), let end = position(range.object("end")) else {
            return .failure(Malformed(description: "a change whose range has no start and end of non-negative integer line and character"))
        }
        guard start <= end else {
            return .failure(Malformed(description: "a change whose range ends (\(end.line):\(end.character)) before it starts (\(start.line):\(start.character))"))
        }
        return .success(.edit(LSPRange(start: start, end: end), text))
    }

    /// A position of non-negative integers, or `nil`.
    private static func position(_ object: JSONNode?) -> LSPPosition? {
        guard let line = object?.int("line"), let character = object?.int("character"), line >= 0, character >= 0 else { return nil }
        return LSPPosition(line: line, character: character)
    }
}
