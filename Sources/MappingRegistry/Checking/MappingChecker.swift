import Foundation

/// The one checker behind every front end: checks each declaration, from
/// Swift or read from JSON, and compiles each one that passes into a
/// ``CompiledMapping``, reporting every problem to the load's log rather
/// than stopping at the first.
///
/// Each declaration is checked on its own here (names, types, conditions,
/// arguments, decorators); the checks across mappings are in
/// `MappingChecker+CrossChecks.swift`, and the warnings about plugins no
/// mapping uses come last, once every source has been seen. The stages
/// are put together in `LoadPipeline`.
struct MappingChecker {
    let plugins: PluginCatalog
    /// Where every problem goes, under the load's policy.
    var log: DiagnosticLog
    /// The mappings compiled so far, in order.
    private(set) var mappings: [CompiledMapping] = []
    /// The pool slot of each reuse identifier, in order of first use.
    private var poolIndexes: [String: Int] = [:]
    /// Every registered plugin some declaration names, valid declaration or
    /// not: a typo elsewhere in a mapping does not make its view unused.
    private var referencedViews: Set<String> = []
    var referencedPredicates: Set<String> = []
    private var referencedDecorators: Set<String> = []
    private var referencedHandlers: Set<String> = []
    /// Answers to "which type could both of these mappings show?", by the types involved.
    var witnessCache: [WitnessKey: ModelType?] = [:]
    /// Whether `undecided-overlap` was reported: it is said once per load.
    var reportedUndecidedPair = false
    /// While a mapping with a `"fallback"` is checked: the names it uses
    /// that the catalog lacks, gathered instead of reported; `nil` otherwise.
    private var missingNames: [MissingName]?
    /// While a fallback is checked: where it is written.
    private var checkedFallback: SourceLocation?

    init(plugins: PluginCatalog, log: DiagnosticLog) {
        self.plugins = plugins
        self.log = log
    }

    /// Reports a diagnostic through the log.
    mutating func report(_ diagnostic: Diagnostic) {
        var diagnostic = diagnostic
        // A problem in what a fallback inherits is written in the primary:
        // say why the fallback has it, and how to replace it.
        if let fallback = checkedFallback, let location = diagnostic.location, location.file == fallback.file,
           !location.pointer.hasPrefix(fallback.pointer) {
            diagnostic.notes.append(Diagnostic.Note(
                message: "the fallback used instead inherits this from its mapping; write the key in the fallback to replace it",
                location: fallback
            ))
        }
        log.report(diagnostic)
    }

    // MARK: - One declaration

    /// Checks one declaration and, when nothing in it is an error, compiles
    /// it; for a declaration with a `"fallback"` that names something the
    /// catalog lacks, says so (`used-fallback`, `skipped-mapping`) and
    /// checks and compiles the fallback instead.
    ///
    /// Only a name the catalog lacks switches to the fallback: a mapping
    /// whose names are all known is the mapping, whatever else is wrong
    /// with it (its errors are reported as in any mapping). The names a
    /// fallback this app does not use writes still count as used, so a
    /// view or handler kept for older apps is not reported unused.
    ///
    /// - Returns: The compiled mapping, also kept in ``mappings``; `nil` when it has a problem or is skipped.
    @discardableResult
    mutating func check(_ declaration: Declaration) -> CompiledMapping? {
        guard let fallback = declaration.fallback else { return checkMapping(declaration) }
        // Everything but an unknown name is checked as in any mapping.
        missingNames = []
        let compiled = checkMapping(declaration)
        let missing = missingNames ?? []
        missingNames = nil
        guard !missing.isEmpty else {
            if case .mapping(let substitute) = fallback { noteNamesUsed(by: substitute) }
            return compiled
        }
        switch fallback {
        case .skip(let site):
            report(.skippedMapping(lacking: missing, skip: site))
            return nil
        case .mapping(var substitute):
            report(.usedFallback(lacking: missing, fallback: substitute.sites.object))
            substitute.sourceIndex = declaration.sourceIndex
            checkedFallback = substitute.sites.object
            defer { checkedFallback = nil }
            return checkMapping(substitute)
        }
    }

    /// Reports a name the catalog lacks, or gathers it while a mapping with
    /// a fallback is checked.
    ///
    /// - Parameters:
    ///   - category: `view`, `model`, `event`, `handler` or `decorator`.
    ///   - name: The name as written.
    ///   - candidates: The names it could have meant, as `diagnostic`'s did-you-mean chose from.
    ///   - diagnostic: The error it is without a fallback.
    mutating func reportUnknown(_ category: String, named name: String, candidates: some Sequence<String>, _ diagnostic: Diagnostic) {
        if missingNames != nil {
            let suggestion = Suggestion.closest(to: name, in: candidates)
            missingNames?.append(MissingName(category: category, name: name, suggestion: suggestion, diagnostic: diagnostic))
        } else {
            report(diagnostic)
        }
    }

    /// Checks one declaration and, when nothing in it is an error (or left
    /// unknown by a problem the policy let pass), compiles it.
    private mutating func checkMapping(_ declaration: Declaration) -> CompiledMapping? {
        let errorsBefore = log.errorCount
        let sites = declaration.sites
        let view = declaration.view.flatMap { lookUpView($0, at: sites[\.view]) }
        let model = declaration.model.flatMap { lookUpModel($0, at: sites[\.model]) }
        if declaration.kind.rawValue.isEmpty {
            report(.emptyName("kind", at: sites[\.kind]))
        } else if let builtIn = declaration.kind.builtInIgnoringCase, builtIn != declaration.kind {
            report(.kindDiffersInCase(declaration.kind, from: builtIn, at: sites[\.kind]))
        }
        if declaration.reuseIdentifier?.isEmpty == true {
            report(.emptyName("reuseIdentifier", at: sites[\.reuseIdentifier]))
        }
        if let view, let model, !model.type.canShareValue(with: view.model) {
            report(.incompatibleModel(plugin: "view '\(view.name)'", takes: view.model, model: model, at: sites[\.view]))
        }
        let condition = declaration.condition.flatMap { condition in
            compile(condition, site: sites.condition ?? ConditionSite(location: sites.object, object: sites.object), model: model)
        }
        let decorators = checkDecorators(declaration.decorators, model: model, sites: sites)
        let handlers = checkEvents(declaration.events, view: view, model: model)
        // Left out when anything in it is an error, or unknown (even when a
        // policy made that a warning): a mapping is never built on a guess.
        guard declaration.isWellFormed, log.errorCount == errorsBefore,
              let view, let model, let condition, let decorators, let handlers else { return nil }
        if condition.isUnsatisfiableByPosition {
            report(.unsatisfiableCondition(condition, view: view.name, at: sites.condition?.location ?? sites.object))
        }
        // Handlers attached to the view class fill the events the mapping
        // does not handle itself: its own handler wins.
        let viewLevel = plugins.viewHandlers(for: view, except: handlers.keys)
        let attached = handlers.merging(viewLevel) { own, _ in own }
        let reuseIdentifier = declaration.reuseIdentifier ?? view.name
        let poolIndex = poolIndexes[reuseIdentifier] ?? poolIndexes.count
        poolIndexes[reuseIdentifier] = poolIndex
        let mapping = CompiledMapping(
            index: mappings.count, view: view, model: model, kind: declaration.kind,
            reuseIdentifier: reuseIdentifier, poolIndex: poolIndex, condition: condition,
            priority: declaration.priority, decorators: decorators, handlers: attached.keys.sorted().compactMap { attached[$0] }, sites: sites, sourceIndex: declaration.sourceIndex
        )
        mappings.append(mapping)
        return mapping
    }

    /// Notes every plugin name a declaration writes as used, without
    /// checking it: for a fallback that this app does not need.
    private mutating func noteNamesUsed(by declaration: Declaration) {
        if case .named(let name)? = declaration.view { referencedViews.insert(name) }
        referencedDecorators.formUnion(declaration.decorators)
        for entry in declaration.events {
            if case .named(let name) = entry.handler { referencedHandlers.insert(name) }
        }
        if let condition = declaration.condition { referencedPredicates.formUnion(Self.predicateNames(in: condition)) }
    }

    /// Every predicate name a condition calls.
    private static func predicateNames(in condition: MappingCondition) -> Set<String> {
        switch condition {
        case .none, .section, .sections, .items: []
        case .predicate(let name, _): [name]
        case .all(let parts), .any(let parts): parts.reduce(into: Set<String>()) { $0.formUnion(predicateNames(in: $1)) }
        case .not(let inner): predicateNames(in: inner)
        }
    }

    /// Notes predicate names that a source mentions in parts too broken to
    /// declare: a mistake next to a predicate does not make it unused.
    mutating func noteMentioned(predicates: Set<String>) {
        referencedPredicates.formUnion(predicates)
    }

    private mutating func lookUpView(_ reference: Declaration.ViewReference, at location: SourceLocation) -> ViewPlugin? {
        switch reference {
        case .named(let name):
            referencedViews.insert(name)
            if let plugin = plugins.views[name] { return plugin }
            reportUnknown("view", named: name, candidates: plugins.views.keys, .unknownPlugin("view", code: .unknownView, named: name, candidates: plugins.views.keys, noneRegistered: "the PluginCatalog has no views", at: location))
            return nil
        case .type(let plugin):
            guard let type = plugin.viewType, let registered = plugins.view(ofType: type) else { return plugin }
            referencedViews.insert(registered.name)
            return registered
        }
    }

    private mutating func lookUpModel(_ reference: Declaration.ModelReference, at location: SourceLocation) -> ModelPlugin? {
        switch reference {
        case .named(let name):
            if let plugin = plugins.models[name] { return plugin }
            reportUnknown("model", named: name, candidates: plugins.models.keys, .unknownPlugin("model", code: .unknownModel, named: name, candidates: plugins.models.keys, noneRegistered: "the PluginCatalog has no models", at: location))
            return nil
        case .type(let type):
            return plugins.model(ofType: type.id) ?? ModelPlugin(name: type.name, type: type, decode: nil)
        }
    }

    /// The decorators of a mapping, in order; `nil` after reporting when
    /// any is unknown or cannot take the model. A decorator listed twice is
    /// a warning at its second listing.
    private mutating func checkDecorators(_ names: [String], model: ModelPlugin?, sites: DeclarationSites) -> [DecoratorPlugin]? {
        var decorators: [DecoratorPlugin] = []
        var firstListing: [String: Int] = [:]
        for (position, name) in names.enumerated() {
            if let first = firstListing[name] {
                report(.duplicateDecorator(name, at: sites.decorator(position), first: sites.decorator(first)))
            } else {
                firstListing[name] = position
            }
            if let decorator = lookUpDecorator(name, model: model, at: sites.decorator(position)) {
                decorators.append(decorator)
            }
        }
        return decorators.count == names.count ? decorators : nil
    }

    /// The handlers of a mapping, by event; `nil` after reporting when any
    /// is unknown, serves another event, cannot take the model or the view,
    /// or repeats an event.
    private mutating func checkEvents(_ events: [EventDeclaration], view: ViewPlugin?, model: ModelPlugin?) -> [String: EventHandler]? {
        var handlers: [String: EventHandler] = [:]
        var firstSites: [String: SourceLocation] = [:]
        var valid = true
        for entry in events {
            if let first = firstSites[entry.event] {
                report(.duplicateEventHandler(entry.event, at: entry.site, first: first))
                valid = false
                continue
            }
            firstSites[entry.event] = entry.site
            guard let handler = lookUpHandler(entry) else {
                valid = false
                continue
            }
            if let model, !model.type.canShareValue(with: handler.model) {
                report(.incompatibleModel(plugin: "the '\(entry.event)' handler", takes: handler.model, model: model, at: entry.handlerSite))
                valid = false
                continue
            }
            if let view, let requirement = handler.view, !requirement.accepts(view) {
                report(.incompatibleView(entry, requires: requirement, view: view, fitting: handlerNames(for: entry.event, view: view, model: model)))
                valid = false
                continue
            }
            handlers[entry.event] = handler
        }
        return valid ? handlers : nil
    }

    /// The registered handlers of an event that a mapping of this view and
    /// model could list: the did-you-mean of `incompatible-view`.
    private func handlerNames(for event: String, view: ViewPlugin, model: ModelPlugin?) -> [String] {
        plugins.handlers.values.filter { plugin in
            plugin.handler.event == event
                && (plugin.handler.view?.accepts(view) ?? true)
                && (model.map { $0.type.canShareValue(with: plugin.handler.model) } ?? true)
        }.map(\.name).sorted()
    }

    /// The handler an entry names or holds; `nil` after reporting an
    /// unknown event, an unknown handler, or one registered for another event.
    private mutating func lookUpHandler(_ entry: EventDeclaration) -> EventHandler? {
        guard case .named(let name) = entry.handler else {
            if case .closure(let handler) = entry.handler { return handler }
            return nil
        }
        referencedHandlers.insert(name)
        // An event is known when the library names it or a registered handler serves it.
        let knownEvents = Set(BuiltInEvent.names + plugins.handlers.values.map(\.handler.event))
        let eventIsKnown = knownEvents.contains(entry.event)
        if !eventIsKnown {
            reportUnknown("event", named: entry.event, candidates: knownEvents, .unknownEvent(entry.event, known: knownEvents.sorted(), at: entry.site))
        }
        guard let plugin = plugins.handlers[name] else {
            // The name meant is most likely one of the handlers of this event.
            let serving = plugins.handlers.values.filter { $0.handler.event == entry.event }.map(\.name)
            let candidates = serving.isEmpty ? Array(plugins.handlers.keys) : serving
            reportUnknown("handler", named: name, candidates: candidates, .unknownPlugin("handler", code: .unknownHandler, named: name, candidates: candidates, noneRegistered: "the PluginCatalog has no handlers", at: entry.handlerSite))
            return nil
        }
        guard eventIsKnown else { return nil }
        guard plugin.handler.event == entry.event else {
            report(.incompatibleEvent(handler: name, handles: plugin.handler.event, listedFor: entry.event, at: entry.handlerSite))
            return nil
        }
        return plugin.handler
    }

    private mutating func lookUpDecorator(_ name: String, model: ModelPlugin?, at location: SourceLocation) -> DecoratorPlugin? {
        referencedDecorators.insert(name)
        guard let decorator = plugins.decorators[name] else {
            reportUnknown("decorator", named: name, candidates: plugins.decorators.keys, .unknownPlugin("decorator", code: .unknownDecorator, named: name, candidates: plugins.decorators.keys, noneRegistered: "the PluginCatalog has no decorators", at: location))
            return nil
        }
        if let model, !model.type.canShareValue(with: decorator.model) {
            report(.incompatibleModel(plugin: "decorator '\(name)'", takes: decorator.model, model: model, at: location))
            return nil
        }
        return decorator
    }

    // MARK: - Warnings

    /// Warns about each registered view, predicate and decorator that no
    /// declaration of any source names.
    ///
    /// - Parameter sourceNames: The sources, for the message when there is one.
    mutating func reportUnusedPlugins(sourceNames: [String]) {
        let place = sourceNames.count == 1 ? "in \(sourceNames[0]) " : ""
        func unused(_ category: String, _ names: [String], _ referenced: Set<String>, _ code: Diagnostic.Code) -> [Diagnostic] {
            // The plugin a misspelt name's did-you-mean points at was meant:
            // calling it unused would report the typo twice.
            let registered = Set(names)
            let meant = Set(referenced.subtracting(registered).compactMap { Suggestion.closest(to: $0, in: names) })
            return names.filter { !referenced.contains($0) && !meant.contains($0) }.map { name in
                Diagnostic(severity: .warning, code: code, message: "\(category) '\(name)' is registered but no mapping \(place)uses it")
            }
        }
        let warnings = unused("view", plugins.viewNames, referencedViews, .unusedView)
            + unused("predicate", plugins.predicateNames, referencedPredicates, .unusedPredicate)
            + unused("decorator", plugins.decoratorNames, referencedDecorators, .unusedDecorator)
            + unused("handler", plugins.handlerNames, referencedHandlers, .unusedHandler)
        warnings.forEach { report($0) }
    }

    /// Reports each plugin name registered twice in one category.
    mutating func reportDuplicatePlugins() {
        for duplicate in plugins.duplicates {
            report(Diagnostic(
                severity: .error,
                code: .duplicatePlugin,
                message: duplicate.category == "view handler"
                    ? "plugins.on(.\(duplicate.name)) is registered twice in the PluginCatalog; the second was ignored: one view class has one handler per event, so merge the two closures"
                    : "\(duplicate.category) '\(duplicate.name)' is registered twice in the PluginCatalog; the second registration was ignored, so give it another name"
            ))
        }
    }
}

/// A name a mapping uses that the catalog lacks, while its fallback decides.
struct MissingName {
    /// `view`, `model`, `predicate`, `decorator`, `handler` or `event`.
    var category: String
    var name: String
    /// The registered name closest to it, when one is close enough to be a typo.
    var suggestion: String?
    /// The error it would be without a fallback.
    var diagnostic: Diagnostic

    /// `no view 'VeganRow' and no decorator 'leaf'`, each name once, with
    /// its did-you-mean: `no view 'DishRw' (did you mean 'DishRow'?)`.
    static func list(_ missing: [MissingName]) -> String {
        var seen: Set<String> = []
        let parts = missing.compactMap { name -> String? in
            guard seen.insert("\(name.category) \(name.name)").inserted else { return nil }
            let hint = name.suggestion.map { " (did you mean '\($0)'?)" } ?? ""
            return "no \(name.category) '\(name.name)'\(hint)"
        }
        guard parts.count > 1, let last = parts.last else { return parts.first ?? "" }
        return parts.dropLast().joined(separator: ", ") + " and " + last
    }

    /// A note at each name after the first, which the diagnostic itself is at.
    static func notes(_ missing: [MissingName]) -> [Diagnostic.Note] {
        missing.dropFirst().map { name in
            Diagnostic.Note(message: "no \(name.category) '\(name.name)' in this app", location: name.diagnostic.location)
        }
    }
}

// MARK: - Diagnostic factories

extension Diagnostic {
    /// `used-fallback`: a mapping names what this app lacks, so its fallback stands in.
    static func usedFallback(lacking missing: [MissingName], fallback: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .usedFallback,
            message: "this app has \(MissingName.list(missing)), so this mapping's fallback is used instead",
            location: missing.first?.diagnostic.location,
            notes: MissingName.notes(missing) + [Note(message: "the fallback used instead is here", location: fallback)]
        )
    }

    /// `skipped-mapping`: a mapping names what this app lacks, and its fallback is `"skip"`.
    static func skippedMapping(lacking missing: [MissingName], skip: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .skippedMapping,
            message: "this app has \(MissingName.list(missing)), so this mapping is left out, as its \"fallback\": \"skip\" says",
            location: missing.first?.diagnostic.location,
            notes: MissingName.notes(missing) + [Note(message: "\"skip\" is here", location: skip)]
        )
    }
    /// `unsatisfiable-condition`: no section (and item) makes the condition hold.
    static func unsatisfiableCondition(_ condition: Condition, view: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .unsatisfiableCondition,
            message: "condition \(condition) holds in no section, so this mapping of '\(view)' can never apply; fix or remove the condition",
            location: location
        )
    }

    /// `duplicate-event-handler`: a second handler for one event of one mapping.
    static func duplicateEventHandler(_ event: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .duplicateEventHandler,
            message: "this mapping already has a '\(event)' handler at \(first); a mapping has one handler per event, so remove one",
            location: location,
            notes: [Diagnostic.Note(message: "the first '\(event)' handler is here", location: first)]
        )
    }

    /// `unknown-event`: an event no registered handler serves and the library does not name.
    static func unknownEvent(_ event: String, known: [String], at location: SourceLocation) -> Diagnostic {
        let hint = Suggestion.closest(to: event, in: known).map { "; did you mean '\($0)'?" } ?? "; known events: \(known.joined(separator: ", "))"
        return Diagnostic(severity: .error, code: .unknownEvent, message: "unknown event '\(event)'\(hint)", location: location)
    }

    /// `incompatible-event`: a handler listed for an event it does not handle.
    static func incompatibleEvent(handler: String, handles event: String, listedFor listed: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .incompatibleEvent,
            message: "handler '\(handler)' handles '\(event)', not '\(listed)'; list it under \"\(event)\" or name a '\(listed)' handler",
            location: location
        )
    }

    /// `incompatible-view`: a handler that takes a view of a type the
    /// mapping's view is not (or a handler view, which has no view object).
    ///
    /// - Parameter fitting: The handlers of the event that would fit; the
    ///   closest name, or the only one, is the did-you-mean.
    static func incompatibleView(_ entry: EventDeclaration, requires requirement: ViewRequirement, view: ViewPlugin, fitting: [String]) -> Diagnostic {
        let handler: String
        var hint = ""
        switch entry.handler {
        case .named(let name):
            handler = "handler '\(name)'"
            if let fit = Suggestion.closest(to: name, in: fitting) ?? (fitting.count == 1 ? fitting[0] : nil) {
                hint = "; did you mean '\(fit)'?"
            }
        case .closure:
            handler = "the '\(entry.event)' handler"
        }
        let found = view.viewClass == nil && view.viewTypeName == nil
            ? "is a handler view, which has no view object to give it"
            : "is not a '\(requirement.name)'"
        return Diagnostic(
            severity: .error,
            code: .incompatibleView,
            message: "\(handler) takes a '\(requirement.name)' view, and this mapping's view '\(view.name)' \(found)\(hint)",
            location: entry.handlerSite
        )
    }

    /// `duplicate-decorator`: a decorator listed a second time on one mapping.
    static func duplicateDecorator(_ name: String, at location: SourceLocation, first: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .warning,
            code: .duplicateDecorator,
            message: "decorator '\(name)' is already listed on this mapping at \(first), so it would apply twice; remove one",
            location: location,
            notes: [Diagnostic.Note(message: "'\(name)' is first listed here", location: first)]
        )
    }

    static func incompatibleModel(plugin: String, takes pluginModel: ModelType, model: ModelPlugin, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .incompatibleModel,
            message: "\(plugin) takes '\(pluginModel.name)', which \(model.describedForMessage) can never be",
            location: location
        )
    }

    /// A custom kind that is a built-in kind written with other capitals,
    /// such as `Header`: every model of that built-in kind would go unmapped.
    static func kindDiffersInCase(_ kind: ViewKind, from builtIn: ViewKind, at location: SourceLocation) -> Diagnostic {
        Diagnostic(
            severity: .error,
            code: .reservedKind,
            message: "kind '\(kind)' differs from the built-in kind '\(builtIn)' only by case; write '\(builtIn)' (a custom kind must not differ from a built-in kind only by case)",
            location: location
        )
    }

    /// An empty `kind` or `reuseIdentifier` in a Swift declaration.
    static func emptyName(_ key: String, at location: SourceLocation) -> Diagnostic {
        Diagnostic(severity: .error, code: .wrongType, message: "'\(key)' must be a non-empty string, found an empty string", location: location)
    }

    /// An argument that does not decode as the predicate's argument type.
    static func wrongArgument(_ error: any Error, predicate: PredicatePlugin, argument: PredicateArgument, at location: SourceLocation) -> Diagnostic {
        let subject = "the argument of predicate '\(predicate.name)'"
        let expected = predicate.argumentType.map(JSONValueDescription.describe) ?? predicate.argumentTypeName.map { "'\($0)'" } ?? "nothing"
        let message: String
        if case DecodingError.keyNotFound(let key, _)? = error as? DecodingError {
            message = "\(subject) has no '\(key.stringValue)', which '\(predicate.argumentTypeName ?? "")' requires"
        } else if let error = error as? DecodingError, let path = error.codingPath, !path.isEmpty {
            let inner = argument.descendant(at: path)
            let described = JSONValueDescription.expectedType(of: error) ?? "'\(predicate.argumentTypeName ?? "")'"
            let place = path.map { $0.intValue.map(String.init) ?? $0.stringValue }.joined(separator: "/")
            message = "'\(place)' in \(subject) must be \(described), found \(inner?.describedForMessage ?? "nothing")"
        } else {
            message = "\(subject) must be \(expected), found \(argument.describedForMessage)"
        }
        return Diagnostic(severity: .error, code: .wrongType, message: message, location: location)
    }
}
