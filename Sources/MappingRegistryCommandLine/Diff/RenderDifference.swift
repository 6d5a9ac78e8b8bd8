import MappingRegistry

/// One stored model that the new mappings file renders differently from
/// the old one: where it is stored, and its rendering under each file.
///
/// Compared from a catalog file (`mapping-registry diff --catalog`), an
/// item whose mapping a predicate decides may render differently in some
/// cases only, and differently in different cases: it is then one
/// difference per pair of renderings, each saying ``cases`` when it
/// happens, and ``isCertain`` says whether the item changes whatever the
/// predicates answer.
struct RenderDifference: Sendable {
    /// What kind of change it is, by what the item comes to.
    enum Change: String, Sendable, CaseIterable {
        /// Another mapping, or the same one changed, renders it.
        case changedMapping = "changed-mapping"
        /// It rendered, or failed another way, and now no mapping applies.
        case nowMissing = "now-missing"
        /// Several mappings now tie for it.
        case nowAmbiguous = "now-ambiguous"
        /// It did not render, and now exactly one mapping does.
        case nowResolved = "now-resolved"

        /// How the counts line says it: `2 changed mapping`.
        var phrase: String {
            switch self {
            case .changedMapping: "changed mapping"
            case .nowMissing: "now missing"
            case .nowAmbiguous: "now ambiguous"
            case .nowResolved: "now resolved"
            }
        }
    }

    /// The item's number among those compared: the differences of one
    /// item (compared from a catalog, there may be several) share it.
    var item = 0
    /// Where the item is in its data document.
    var location: SourceLocation
    var position: ItemPosition
    var kind: ViewKind
    /// The model name the item is stored with; `nil` for a `null` item.
    var model: String?
    var old: ItemRendering
    var new: ItemRendering
    /// When it happens, for a difference that depends on predicates; `nil`
    /// when it happens whatever they answer (always so with the app's code).
    var cases: PredicateCases?
    /// Whether the item renders differently whatever the predicates
    /// answer; `false` when some answers leave it as it was ("may change").
    var isCertain = true
    /// For an item whose mappings ask too many predicates to try each
    /// combination of answers, their names; ``old`` and ``new`` are then
    /// the renderings when none holds.
    var undecidedBy: [String] = []

    /// The change, decided from the new rendering.
    var change: Change {
        if new.isResolved { return old.isResolved ? .changedMapping : .nowResolved }
        return new.code == "ambiguous-mapping" ? .nowAmbiguous : .nowMissing
    }

    /// `section 1, item 3 'Dish'`, `section 0, header 'String'`,
    /// `section 2, banner 'Promotion'`, `section 1, item 4 null`.
    var place: String {
        let slot = kind == .cell ? "item \(position.item)" : kind.rawValue
        return "section \(position.section), \(slot) " + (model.map { "'\($0)'" } ?? "null")
    }

    /// `DishRow (OLD:12:5) → VeganDishRow (NEW:14:5)`: each side's view and
    /// where its mapping is; the reuse identifier, decorators and handlers
    /// where they differ between the sides (a reuse identifier only when
    /// it is not each side's view name); `no mapping [missing-mapping]`
    /// or `ambiguous: A, B [ambiguous-mapping]` for an item that does not
    /// render. When predicates decide: `DishRow (OLD:12:5) may change →
    /// VeganDishRow (NEW:14:5) when isVegan holds` (no `may change` when
    /// every answer changes the item, though not always the same way).
    var transition: String {
        if !undecidedBy.isEmpty {
            return "may render differently: its mappings ask \(undecidedBy.count) predicates (\(PredicateCases.list(undecidedBy))), "
                + "more than the \(DescribedResolver.questionLimit) whose every combination of answers is tried"
        }
        let arrow = isCertain ? " → " : " may change → "
        let when = cases.map { " when " + $0.phrase } ?? ""
        return Self.describe(old, against: new) + arrow + Self.describe(new, against: old) + when
    }

    /// The line of the text format: `D:line:col: section 1, item 3 'Dish': …`.
    var line: String {
        "\(location): \(place): \(transition)"
    }

    /// One side of the transition.
    static func describe(_ rendering: ItemRendering, against other: ItemRendering) -> String {
        guard let view = rendering.view else {
            let code = rendering.code.map { " [\($0)]" } ?? ""
            if rendering.candidates.isEmpty { return "no mapping" + code }
            return "ambiguous: " + rendering.candidates.joined(separator: ", ") + code
        }
        var text = view
        if other.isResolved {
            // A reuse identifier that is each side's view name (the default) says nothing new.
            let defaults = rendering.reuseIdentifier == rendering.view && other.reuseIdentifier == other.view
            if rendering.reuseIdentifier != other.reuseIdentifier, !defaults, let reuse = rendering.reuseIdentifier {
                text += " reuse '\(reuse)'"
            }
            if rendering.decorators != other.decorators {
                text += " decorators [" + rendering.decorators.joined(separator: ", ") + "]"
            }
            if rendering.handlers != other.handlers {
                let handlers = rendering.handlers.map { "\($0.event): \($0.name ?? "(closure)")" }
                text += " handlers {" + handlers.joined(separator: ", ") + "}"
            }
        }
        return text + (rendering.location.map { " (\($0))" } ?? "")
    }
}
