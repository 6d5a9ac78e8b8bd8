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
///
/// Compared from a catalog file, an item that predicates decide has a
/// line per way it may change (`DishRow (OLD:12:5) may change →
/// VeganDishRow (NEW:14:5) when isVegan holds`), and the counts line adds
/// how many may change: `2 of 25 stored models render differently (2
/// changed mapping); 12 may change, depending on predicates`. JSON items
/// then carry `certain`, `when` and `cases`, and the summary `may-change`;
/// GitHub annotations of an item that may change are titled `may render
/// differently`.
struct DiffReport: Sendable {
    /// The old and new mappings files, as given.
    var old: String
    var new: String
    /// The data documents, as given.
    var data: [String]
    /// The items that render differently: one difference each, or
    /// (compared from a catalog) one per way the item may change.
    var differences: [RenderDifference]
    /// How many stored models were resolved with both files.
    var compared: Int
    /// Whether the comparison was made from a catalog file, so JSON says
    /// which differences are certain and when the others happen.
    var fromCatalog = false

    /// The differences of each item, in order.
    private var items: [[RenderDifference]] {
        var items: [[RenderDifference]] = []
        for difference in differences {
            if let last = items.last?.last, last.item == difference.item {
                items[items.count - 1].append(difference)
            } else {
                items.append([difference])
            }
        }
        return items
    }

    /// The items that render differently whatever the predicates answer:
    /// each with its change, or `nil` when predicates decide between
    /// changes of different kinds.
    var certain: [RenderDifference.Change?] {
        items.filter { $0.allSatisfy(\.isCertain) }.map { differences in
            let changes = Set(differences.map(\.change))
            return changes.count == 1 ? changes.first : nil
        }
    }

    /// How many items may render differently, depending on predicates.
    var mayChange: Int {
        items.count { !$0.allSatisfy(\.isCertain) }
    }

    /// How many certain items each change counts, for every change with any.
    var counts: [(change: RenderDifference.Change, count: Int)] {
        let certain = certain
        return RenderDifference.Change.allCases.compactMap { change in
            let count = certain.count { $0 == change }
            return count == 0 ? nil : (change, count)
        }
    }

    /// `3 of 25 stored models render differently (2 changed mapping, 1 now
    /// missing)`; from a catalog, `(…, 1 as predicates decide)` for items
    /// that change in every case but not always the same way, and `; 12
    /// may change, depending on predicates`, or `12 of 25 stored models
    /// may change, depending on predicates` when none changes for certain.
    var countsLine: String {
        guard !differences.isEmpty else {
            return "no stored model renders differently (\(compared) compared)"
        }
        let certain = certain
        let mayChange = mayChange
        let models = compared == 1 ? "stored model" : "stored models"
        guard !certain.isEmpty else {
            return "\(mayChange) of \(compared) \(models) may change, depending on predicates"
        }
        let noun = compared == 1 ? "stored model renders" : "stored models render"
        var parts = counts.map { "\($0.count) \($0.change.phrase)" }
        let mixed = certain.count { $0 == nil }
        if mixed > 0 { parts.append("\(mixed) as predicates decide") }
        let line = "\(certain.count) of \(compared) \(noun) differently (\(parts.joined(separator: ", ")))"
        return mayChange == 0 ? line : line + "; \(mayChange) may change, depending on predicates"
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
            let title = difference.isCertain ? "renders differently" : "may render differently"
            let properties = "file=\(GitHubAnnotations.escapeProperty(location.file)),line=\(location.line),col=\(location.column)"
                + ",title=\(GitHubAnnotations.escapeProperty(title))"
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
    ///
    /// From a catalog, each item also has `"certain"` (whether it changes
    /// whatever the predicates answer), `"when"` (the text's `isVegan
    /// holds`, or `null`) and `"cases"` (the same as data, `[{"isVegan":
    /// true}]`: any one object's answers make it happen), and the summary
    /// `"may-change"` after `"changed"`; the change counts are of items
    /// that change for certain, in one way.
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
            if fromCatalog {
                let when: JSONValue = difference.cases.map { JSONValue.string($0.phrase) } ?? .null
                let cases: JSONValue = difference.cases?.json ?? .null
                members.append(("certain", .bool(difference.isCertain)))
                members.append(("when", when))
                members.append(("cases", cases))
                if !difference.undecidedBy.isEmpty {
                    members.append(("undecidedBy", .array(difference.undecidedBy.map(JSONValue.string))))
                }
            }
            return .object(members)
        }
        let certain = certain
        var summary: [(String, JSONValue)] = [("compared", .integer(compared)), ("changed", .integer(certain.count))]
        if fromCatalog { summary.append(("may-change", .integer(mayChange))) }
        for change in RenderDifference.Change.allCases {
            summary.append((change.rawValue, .integer(certain.count { $0 == change })))
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
