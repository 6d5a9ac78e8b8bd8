extension Diagnostic {
    /// A stable diagnostic code, such as `missing-mapping`.
    ///
    /// Every output prints a code as its kebab-case text (``rawValue``),
    /// and JSON encodes it as that string. In Swift, name it by its constant
    /// or write its text; both compare:
    ///
    /// ```swift
    /// if diagnostic.code == .missingMapping { … }
    /// if diagnostic.code == "missing-mapping" { … }
    /// switch diagnostic.code {
    /// case .ambiguousMapping: …
    /// default: …
    /// }
    /// ```
    ///
    /// A struct with static members rather than an enum, so codes can be
    /// added without breaking a `switch` in someone's code. What each code
    /// means, what to do about it and whether a ``DiagnosticPolicy`` may
    /// change it is listed in <doc:DiagnosticsReference>.
    public struct Code: RawRepresentable, Hashable, Sendable, Codable, ExpressibleByStringLiteral, CustomStringConvertible {
        /// The kebab-case text, such as `missing-mapping`.
        public var rawValue: String

        /// Creates a code from its kebab-case text.
        ///
        /// - Parameter rawValue: The text, such as `missing-mapping`.
        public init(rawValue: String) {
            self.rawValue = rawValue
        }

        /// Creates a code from a string literal.
        ///
        /// - Parameter value: The kebab-case text.
        public init(stringLiteral value: String) {
            self.init(rawValue: value)
        }

        /// The kebab-case text.
        public var description: String { rawValue }

        // diagnostic-codes:begin
        // Generated from Diagnostic.Code.table (Diagnostic+CodeInfo.swift): edit the table, then run swift package --allow-writing-to-package-directory generate.

        /// The file is not valid JSON (RFC 8259), is too deeply nested or too large.
        ///
        /// Fix the JSON at the line and column given; comments, trailing commas, single quotes and
        /// unquoted words are not JSON. Save the file as UTF-8.
        ///
        /// An error when loading mappings and loading data documents; a policy cannot make it a
        /// warning or ignore it: the file is not JSON, so nothing in it can be read.
        public static let invalidJSON: Code = "invalid-json"

        /// The configuration's version is not one this library reads.
        ///
        /// Write "version": 1, or use the MappingRegistry release that reads this version.
        ///
        /// An error when loading mappings; a policy cannot make it a warning or ignore it: the file
        /// is in a format this library does not read.
        public static let unsupportedVersion: Code = "unsupported-version"

        /// A required key is missing; the location is the object that lacks it.
        ///
        /// Add the key: a configuration needs version and mappings, a mapping needs view and model,
        /// a data entry needs model and value.
        ///
        /// An error when loading mappings and loading data documents; a policy cannot make it a
        /// warning or ignore it: a required value is absent, and filling it in would be a guess.
        public static let missingKey: Code = "missing-key"

        /// A key that is not allowed in this object; the location is the key.
        ///
        /// Correct the spelling (the message suggests the closest key) or remove the key.
        ///
        /// An error when loading mappings and loading data documents; a policy may change its
        /// severity or ignore it.
        public static let unknownKey: Code = "unknown-key"

        /// A key written twice in one object.
        ///
        /// Keep one of the two values: which one was meant cannot be known.
        ///
        /// An error when loading mappings and loading data documents; a policy cannot make it a
        /// warning or ignore it: a key has two values, and picking one would be a guess.
        public static let duplicateKey: Code = "duplicate-key"

        /// A value of the wrong JSON type, or a number out of range for its key.
        ///
        /// Write the value with the type the message names; names are non-empty strings, priorities
        /// and sections integers.
        ///
        /// An error when loading mappings and loading data documents; a policy cannot make it a
        /// warning or ignore it: a value cannot be read as what its key needs, and replacing it
        /// would be a guess.
        public static let wrongType: Code = "wrong-type"

        /// A view name the plugin catalog does not have.
        ///
        /// Use a registered view name (the message suggests the closest) or register the view in
        /// the app's PluginCatalog.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let unknownView: Code = "unknown-view"

        /// A model name the plugin catalog does not have.
        ///
        /// Use a registered model name (the message suggests the closest) or register the model in
        /// the app's PluginCatalog.
        ///
        /// An error when loading mappings and loading data documents; a policy may change its
        /// severity or ignore it.
        public static let unknownModel: Code = "unknown-model"

        /// A predicate name the plugin catalog does not have.
        ///
        /// Use a registered predicate name (the message suggests the closest) or register the
        /// predicate.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let unknownPredicate: Code = "unknown-predicate"

        /// A decorator name the plugin catalog does not have.
        ///
        /// Use a registered decorator name (the message suggests the closest) or register the
        /// decorator.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let unknownDecorator: Code = "unknown-decorator"

        /// A section number below 0.
        ///
        /// Sections count from 0; write a section that exists.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let invalidSection: Code = "invalid-section"

        /// A condition with nothing to test: an empty all, any, sections or items, a not of
        /// nothing, an argument without a predicate, or an item below 0.
        ///
        /// List at least one condition, or remove the condition to make the mapping unconditional.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let invalidCondition: Code = "invalid-condition"

        /// A predicate that takes an argument was given none.
        ///
        /// Add "argument": with a value of the type the message names.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let missingArgument: Code = "missing-argument"

        /// A predicate that takes no argument was given one.
        ///
        /// Remove the argument, or name the predicate that takes it.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let unexpectedArgument: Code = "unexpected-argument"

        /// A view, predicate or decorator can never take the mapping's model.
        ///
        /// Name a model the view, predicate or decorator takes (the same type, a subclass or a
        /// conforming type), or another plugin.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let incompatibleModel: Code = "incompatible-model"

        /// One reuse identifier names two different views.
        ///
        /// Give each view its own reuse identifier: a reuse pool holds one view type.
        ///
        /// An error when loading mappings; a policy cannot make it a warning or ignore it: one
        /// reuse pool cannot hold two view types, so rendering through it would fail.
        public static let reuseIdentifierConflict: Code = "reuse-identifier-conflict"

        /// Two mappings say the same thing: view, model, kind and condition.
        ///
        /// Remove one of the two mappings.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let duplicateMapping: Code = "duplicate-mapping"

        /// Two mappings of one kind and priority provably claim the same values.
        ///
        /// Give one a higher priority, or make the conditions disjoint; otherwise every such item
        /// is ambiguous.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let overlappingMappings: Code = "overlapping-mappings"

        /// A plugin name registered twice in one category.
        ///
        /// Register each view, model, predicate and decorator under its own name; the second
        /// registration was ignored.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let duplicatePlugin: Code = "duplicate-plugin"

        /// An event handler name the plugin catalog does not have.
        ///
        /// Use a registered handler name (the message suggests the closest) or register the handler
        /// with register(handler:for:model:_:).
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let unknownHandler: Code = "unknown-handler"

        /// An events key that the library does not name and no registered handler serves.
        ///
        /// Correct the event's name (the message suggests the closest): didSelect, willDisplay,
        /// didEndDisplaying, or a custom event a registered handler handles.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let unknownEvent: Code = "unknown-event"

        /// A handler listed under an event it was not registered for, or an event sent with another
        /// output type than its handler returns.
        ///
        /// List the handler under the event it handles, or register a handler for this event; send
        /// an event with the MappingEvent its handler was declared with.
        ///
        /// An error when loading mappings and resolving items; a policy may change its severity or
        /// ignore it.
        public static let incompatibleEvent: Code = "incompatible-event"

        /// An event handler that takes a view of a type the mapping's view is not (nor a subclass
        /// of), or a view-taking handler on a handler view.
        ///
        /// List a handler that takes this mapping's view, or one that takes only the model and
        /// position; in Swift, Map(V.self).on(…) gives the closure the mapping's own view type.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let incompatibleView: Code = "incompatible-view"

        /// A second handler for one event of one mapping; the location is the second.
        ///
        /// Keep one handler per event per mapping: remove the second .on(…) or merge the two
        /// handlers.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let duplicateEventHandler: Code = "duplicate-event-handler"

        /// A file that cannot be read, or is too large.
        ///
        /// Check the path and the permissions; files up to 64 MiB are read.
        ///
        /// An error when loading mappings and loading data documents; a policy cannot make it a
        /// warning or ignore it: the file cannot be read, so nothing in it can be checked.
        public static let unreadableFile: Code = "unreadable-file"

        /// A custom supplementary kind that is header, footer or cell in any letter case.
        ///
        /// Write the built-in kind in lower case ("header"), put a data document's header and
        /// footer in their own keys, or choose another custom kind name.
        ///
        /// An error when loading mappings and loading data documents; a policy may change its
        /// severity or ignore it.
        public static let reservedKind: Code = "reserved-kind"

        /// A policy file (mapping-registry-policy.json) lists a code the library does not report,
        /// lists a code twice, or makes a code that leaves no usable registry a warning or ignored;
        /// the location is the code.
        ///
        /// Correct the code (the message suggests the closest), list each code once, and leave the
        /// codes marked * in --help as errors.
        ///
        /// An error when loading mappings; a policy may change its severity or ignore it.
        public static let invalidPolicy: Code = "invalid-policy"

        /// A registered view that no mapping uses.
        ///
        /// Map the view, or remove its registration; ignore this code for a configuration that uses
        /// part of a shared catalog. A plugin that a misspelt name's did-you-mean points at counts
        /// as used.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let unusedView: Code = "unused-view"

        /// A registered predicate that no mapping uses.
        ///
        /// Use the predicate in a condition, or remove its registration.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let unusedPredicate: Code = "unused-predicate"

        /// A registered decorator that no mapping uses.
        ///
        /// List the decorator on a mapping, or remove its registration.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let unusedDecorator: Code = "unused-decorator"

        /// A condition that holds in no section whatever its predicates answer, such as all of
        /// section 1 and section 2: the mapping can never apply.
        ///
        /// Correct the sections (all of two sections never holds; any lists alternatives), or
        /// remove the mapping.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let unsatisfiableCondition: Code = "unsatisfiable-condition"

        /// A decorator listed twice on one mapping; the location is the second listing.
        ///
        /// Remove one of the two listings, unless the decorator is meant to run twice.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let duplicateDecorator: Code = "duplicate-decorator"

        /// A registered event handler that no mapping lists.
        ///
        /// List the handler under a mapping's "events", or remove its registration.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let unusedHandler: Code = "unused-handler"

        /// Said once per load: two mappings of one kind, model and priority have more distinct
        /// predicate calls than the overlap and duplicate proofs try (10), so whether they overlap
        /// is left to render time; it names the first such pair.
        ///
        /// Nothing is wrong yet; an item both claim is reported as ambiguous-mapping when rendered.
        /// To have it proved at load, give one mapping a higher priority or use fewer distinct
        /// predicates in the two conditions.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let undecidedOverlap: Code = "undecided-overlap"

        /// Two mappings of one kind, model and priority both apply to an item when their predicates
        /// answer a certain way (both 'isSponsored' and 'isOwnPost' hold, say), so such an item
        /// would be ambiguous-mapping at render time; located at the later mapping, with a note at
        /// the earlier.
        ///
        /// Give one mapping a higher priority, or, when the predicates never both hold for one
        /// item, register one with excludes: ["other"].
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let possibleAmbiguity: Code = "possible-ambiguity"

        /// A ReloadingRegistry cache that is empty, truncated, torn, of another version or does not
        /// load with this app (another source serves), or that cannot be written.
        ///
        /// Nothing to fix in the configuration: the next accepted configuration rewrites the cache.
        /// When it cannot be written, check that its directory exists and is writable.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let unusableCache: Code = "unusable-cache"

        /// A mapping names something this app's catalog lacks (a view, model, predicate, decorator,
        /// handler or event), so its "fallback" mapping is used instead; the location is the first
        /// such name, with a note at the fallback.
        ///
        /// Nothing to do on an app version that predates the names; on one that should have them,
        /// register them (the notes give a did-you-mean for a misspelt name). Make it an error
        /// (--error used-fallback) to check that the newest app needs no fallback.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let usedFallback: Code = "used-fallback"

        /// A mapping names something this app's catalog lacks, and its "fallback": "skip" leaves it
        /// out; the location is the first such name.
        ///
        /// Nothing to do on an app version that predates the names; the items only that mapping
        /// showed are then missing-mapping unless another mapping shows them.
        ///
        /// A warning when loading mappings; a policy may change its severity or ignore it.
        public static let skippedMapping: Code = "skipped-mapping"

        /// A data document names a model registered without Decodable, so data cannot create it.
        ///
        /// Name a Decodable model, or register the model with a Decodable type.
        ///
        /// An error when loading data documents; a policy may change its severity or ignore it.
        public static let undecodableModel: Code = "undecodable-model"

        /// A data document's value that the model's Decodable conformance rejects.
        ///
        /// Write the value as the model decodes it; the message names the field and the type it
        /// needs.
        ///
        /// An error when loading data documents; a policy may change its severity or ignore it.
        public static let undecodableValue: Code = "undecodable-value"

        /// A data document's items were not resolved, because the mappings it goes with do not
        /// load; the location is the document's start.
        ///
        /// Fix the mappings file's errors; then every item is checked against it. A data document
        /// is never checked against other mappings instead.
        ///
        /// A warning when loading data documents; a policy may change its severity or ignore it.
        public static let uncheckedItems: Code = "unchecked-items"

        /// No mapping applies to a stored item.
        ///
        /// Add a mapping for the item's model, kind and section, or a catch-all mapping (a
        /// catch-all model at a low priority).
        ///
        /// An error when resolving items; a policy may change its severity or ignore it.
        public static let missingMapping: Code = "missing-mapping"

        /// Several mappings of the highest priority apply to a stored item.
        ///
        /// Give one of the named mappings a higher priority, or narrow its condition.
        ///
        /// An error when resolving items; a policy may change its severity or ignore it.
        public static let ambiguousMapping: Code = "ambiguous-mapping"

        /// A stored item is nil.
        ///
        /// Store a value, or remove the entry.
        ///
        /// An error when resolving items; a policy may change its severity or ignore it.
        public static let nilModel: Code = "nil-model"

        /// An event handler that takes a view was sent no view, or a view of another type.
        ///
        /// Pass the item's view to send(_:to:at:view:), or send the event through the ReusePool
        /// that shows the item.
        ///
        /// An error when resolving items; a policy may change its severity or ignore it.
        public static let missingView: Code = "missing-view"

        /// A predicate that reads a render context was asked without one, or with a context of
        /// another type.
        ///
        /// Pass the context the predicate was registered with (context:) to resolve, render or
        /// send.
        ///
        /// An error when resolving items; a policy may change its severity or ignore it.
        public static let missingContext: Code = "missing-context"

        /// Text was asked of an item whose mapping's view is not a TextView.
        ///
        /// Map the item to a TextView for text, or let the host create and configure the view
        /// (Mapping.update(_:with:)).
        ///
        /// An error when resolving items; a policy may change its severity or ignore it.
        public static let unrenderableView: Code = "unrenderable-view"
        // diagnostic-codes:end

        /// Every code this version of the library can produce, in the order
        /// of the tables in README and the Diagnostics reference.
        public static let all: [Code] = table.map(\.code)
    }
}
