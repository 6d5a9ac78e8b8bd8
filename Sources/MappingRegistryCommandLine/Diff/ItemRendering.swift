import MappingRegistry

/// How one stored model renders under one mappings file: the mapping's
/// view, reuse identifier, decorators and handlers, or why it does not
/// render (`missing-mapping`, `nil-model`, `ambiguous-mapping`, …).
///
/// Two renderings compare equal by what a user sees and what a tap does,
/// not by where the mapping is written: a mapping moved to another line,
/// or another mapping saying the same, renders the same.
struct ItemRendering: Sendable {
    /// An event the mapping handles and its handler's registered name
    /// (`nil` for a Swift closure).
    struct Handler: Equatable, Sendable {
        var event: String
        var name: String?
    }

    /// The mapping's view; `nil` when no single mapping applies.
    var view: String?
    var reuseIdentifier: String?
    var decorators: [String] = []
    /// Sorted by event.
    var handlers: [Handler] = []
    /// Where the mapping is declared; `nil` when no single mapping applies.
    var location: SourceLocation?
    /// Why no single mapping applies: the resolution's diagnostic code.
    var code: Diagnostic.Code?
    /// The resolution's diagnostic message.
    var message: String?
    /// For `ambiguous-mapping`, the views of the mappings that tie.
    var candidates: [String] = []

    init(_ resolution: Resolution) {
        switch resolution {
        case .resolved(let mapping):
            view = mapping.view
            reuseIdentifier = mapping.reuseIdentifier
            decorators = mapping.decorators
            handlers = mapping.handlerNames.map { Handler(event: $0.event, name: $0.handler) }
            location = mapping.location
        case .missing(let diagnostic):
            code = diagnostic.code
            message = diagnostic.message
        case .ambiguous(let mappings, let diagnostic):
            code = diagnostic.code
            message = diagnostic.message
            candidates = mappings.map(\.view)
        }
    }

    /// Whether exactly one mapping applies.
    var isResolved: Bool { view != nil }

    /// Whether the item looks and behaves the same: the same view, reuse
    /// identifier, decorators and handlers; or, unresolved, the same code.
    func rendersLike(_ other: ItemRendering) -> Bool {
        view == other.view && reuseIdentifier == other.reuseIdentifier && decorators == other.decorators
            && handlers == other.handlers && code == other.code
    }
}
