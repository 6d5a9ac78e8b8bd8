import ModelStorage

/// One declared mapping, from Swift or JSON, with where each of its parts
/// is written: what the read stage hands the checker.
struct Declaration: Sendable {
    /// How a declaration names its view.
    enum ViewReference: Sendable {
        /// A registered name.
        case named(String)
        /// A `TextView & ModelTransfer` type: the catalog's registration of
        /// the type if there is one, else this plugin.
        case type(ViewPlugin)
    }

    /// How a declaration names its model.
    enum ModelReference: Sendable {
        /// A registered name.
        case named(String)
        /// A Swift type: the catalog's registration of the type if there is one.
        case type(ModelType)
    }

    /// The view; `nil` when a JSON mapping lacks a valid one (already reported).
    var view: ViewReference?
    /// The model; `nil` when a JSON mapping lacks a valid one (already reported).
    var model: ModelReference?
    var kind: ViewKind
    var reuseIdentifier: String?
    /// The condition; `nil` when a JSON condition is invalid (already reported).
    var condition: MappingCondition?
    var priority: Int
    var decorators: [String]
    /// The event handlers, in the order declared.
    var events: [EventDeclaration] = []
    /// Where the declaration and each of its parts are.
    var sites: DeclarationSites
    /// `false` when the JSON front end could not read part of this mapping
    /// (a missing key, a value of the wrong type, a broken condition): its
    /// names are still checked, but it yields no mapping.
    var isWellFormed = true
    /// The position of the declaration's source among the sources of one
    /// load, set when the sources are read.
    var sourceIndex = 0
    /// What stands in when this mapping names something the catalog lacks
    /// (JSON's `"fallback"`); `nil` when unknown names are errors.
    var fallback: Fallback?

    /// A mapping's `"fallback"`: what this app uses when the mapping names
    /// a view, model, predicate, decorator, handler or event its catalog
    /// lacks (a configuration written for a later app version).
    indirect enum Fallback: Sendable {
        /// Another mapping: the primary with the keys the fallback object
        /// writes replaced, its sites where each value is written.
        case mapping(Declaration)
        /// `"skip"`: no mapping at all; the site is the `"skip"` value.
        case skip(SourceLocation)
    }

    init(
        view: ViewReference?, model: ModelReference?, kind: ViewKind, reuseIdentifier: String?,
        condition: MappingCondition?, priority: Int, decorators: [String], sites: DeclarationSites
    ) {
        self.view = view
        self.model = model
        self.kind = kind
        self.reuseIdentifier = reuseIdentifier
        self.condition = condition
        self.priority = priority
        self.decorators = decorators
        self.sites = sites
    }
}
