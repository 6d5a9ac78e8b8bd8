import MappingRegistry

/// What `diff` found: every stored model the new mappings file renders
/// differently, in data-document order, and how many were compared; in
/// each output format.
///
/// - Text: one line per item,
///   `D:line:col: section 1, item 3 'Dish': DishRow (OLD:12:5) → VeganDishRow (NEW:14:5)`,
///   then the counts line, `3 of 25 stored models render differently
///   (2 changed mapping, 1 now missing)`, or `no stored model renders
///   differently (25 compared)`.
/// - JSON: `{"old", "new", "data": […], "items": […], "summary": {…}}`.
/// - GitHub: one `::notice` per item at its place in the data document
///   (`::warning` for an item that now renders no mapping), with the
///   text line's message.
struct DiffReport: Sendable {
    /// The old and new mappings files, as given.
    var old: String
    var new: String
    /// The data documents, as given.
    var data: [String]
    /// The items that render differently.
    var differences: [RenderDifference]
    /// How many stored models were resolved with both files.
    var compared: Int

    /// How many items each change counts, for every change with any.
    var counts: [(change: RenderDifference.Change, count: Int)] {
        RenderDifference.Change.allCases.compactMap { change in
            let count = differences.count { $0.change == change }
            return count == 0 ? nil : (change, count)
        }
    }

    /// `3 of 25 stored models render differently (2 changed mapping, 1 now missing)`.
    var countsLine: String {
        guard !differences.isEmpty else {
            return "no stored model renders differently (\(compared) compared)"
        }
        let noun = compared == 1 ? "stored model renders" : "stored models render"
        let parts = counts.map { "\($0.count) \($0.change.phrase)" }.joined(separator: ", ")
        return "\(differences.count) of \(compared) \(noun) differently (\(parts))"
    }

    /// The text format: a line per item and the counts line, with
    /// characters that do not print as themselves escaped.
    var text: String {
        (differences.map(\.line) + [countsLine])
            .map { DiagnosticFormatter.escapingNonPrintingCharacters($0) + "\n" }
            .joined()
    }

    /// The `github` format: a workflow command per item.
    var annotations: String {
        differences.map { difference in
            let command = difference.new.isResolved ? "notice" : "warning"
            let location = difference.location
            let properties = "file=\(GitHubAnnotations.escapeProperty(location.file)),line=\(location.line),col=\(location.column)"
                + ",title=\(GitHubAnnotations.escapeProperty("renders differently"))"
            let message = "\(difference.place): \(difference.transition) [\(difference.change.rawValue)]"
            return "::\(command) \(properties)::\(GitHubAnnotations.escapeData(GitHubAnnotations.printable(message)))\n"
        }.joined()
    }

    /// The JSON format, keys in a fixed order:
    ///
    /// ```json
    /// { "old": "OLD.json", "new": "NEW.json", "data": ["D.json"],
    ///   "items": [{ "file": "D.json", "line": 9, "column": 9, "pointer": "/sections/0/items/1",
    ///               "section": 0, "item": 1, "kind": "cell", "model": "Dish", "change": "changed-mapping",
    ///               "old": { "view": "ChefSpecialRow", "reuseIdentifier": "ChefSpecialRow", "decorators": [],
    ///                        "handlers": { "didSelect": "showDish" }, "file": "OLD.json", "line": 6, "column": 5 },
    ///               "new": { "code": "missing-mapping", "message": "…" } }],
    ///   "summary": { "compared": 25, "changed": 1, "changed-mapping": 1, "now-missing": 0,
    ///                "now-ambiguous": 0, "now-resolved": 0 } }
    /// ```
    var json: String {
        let items: [JSONValue] = differences.map { difference in
            var members: [(String, JSONValue)] = Self.place(difference.location)
            members += [
                ("section", .integer(difference.position.section)),
                ("item", .integer(difference.position.item)),
                ("kind", .string(difference.kind.rawValue)),
                ("model", difference.model.map(JSONValue.string) ?? .null),
                ("change", .string(difference.change.rawValue)),
                ("old", Self.side(difference.old)),
                ("new", Self.side(difference.new)),
            ]
            return .object(members)
        }
        var summary: [(String, JSONValue)] = [("compared", .integer(compared)), ("changed", .integer(differences.count))]
        for change in RenderDifference.Change.allCases {
            summary.append((change.rawValue, .integer(differences.count { $0.change == change })))
        }
        let document: JSONValue = .object([
            ("old", .string(old)),
            ("new", .string(new)),
            ("data", .array(data.map(JSONValue.string))),
            ("items", .array(items)),
            ("summary", .object(summary)),
        ])
        return document.rendered()
    }

    /// `file`, `line`, `column` and, when known, `pointer`.
    private static func place(_ location: SourceLocation) -> [(String, JSONValue)] {
        var members: [(String, JSONValue)] = [
            ("file", .string(location.file)), ("line", .integer(location.line)), ("column", .integer(location.column)),
        ]
        if !location.pointer.isEmpty { members.append(("pointer", .string(location.pointer))) }
        return members
    }

    /// One side: the mapping's view, reuse identifier, decorators,
    /// handlers and place; or the code and message (and, when ambiguous,
    /// the views that tie).
    private static func side(_ rendering: ItemRendering) -> JSONValue {
        guard let view = rendering.view else {
            var members: [(String, JSONValue)] = [
                ("code", rendering.code.map { .string($0.rawValue) } ?? .null),
                ("message", rendering.message.map(JSONValue.string) ?? .null),
            ]
            if !rendering.candidates.isEmpty { members.append(("views", .array(rendering.candidates.map(JSONValue.string)))) }
            return .object(members)
        }
        var members: [(String, JSONValue)] = [
            ("view", .string(view)),
            ("reuseIdentifier", rendering.reuseIdentifier.map(JSONValue.string) ?? .null),
            ("decorators", .array(rendering.decorators.map(JSONValue.string))),
            ("handlers", .object(rendering.handlers.map { ($0.event, $0.name.map(JSONValue.string) ?? .null) })),
        ]
        if let location = rendering.location {
            members += [("file", .string(location.file)), ("line", .integer(location.line)), ("column", .integer(location.column))]
        }
        return .object(members)
    }
}
