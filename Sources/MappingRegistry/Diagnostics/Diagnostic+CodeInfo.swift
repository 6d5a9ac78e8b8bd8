extension Diagnostic.Code {
    /// Everything the library says about one code: the one place each code
    /// is described.
    ///
    /// The ``Diagnostic/Code`` constants and ``Diagnostic/Code/all``, the
    /// policy's ``DiagnosticPolicy/fixedCodes``, SARIF's rules, the command
    /// line's `--help`, and the code tables of README and the DocC
    /// Diagnostics reference are all made from ``table``; a test renders
    /// the documents and the constants from it and fails when they drift.
    package struct Info: Sendable {
        /// When a code is reported.
        package enum Stage: String, Sendable, CaseIterable {
            /// Loading mappings (JSON or Swift) or a catalog file.
            case load
            /// Loading a data document.
            case data
            /// Resolving a stored item, at render time or by `validate --data`.
            case render
        }

        /// The code.
        package let code: Diagnostic.Code
        /// The severity the library reports it with.
        package let severity: Diagnostic.Severity
        /// When it is reported, in the order of ``Stage``.
        package let stages: [Stage]
        /// One sentence: what a diagnostic with this code means.
        package let summary: String
        /// What to do about it, in a sentence or two.
        package let help: String
        /// Why a ``DiagnosticPolicy`` cannot make it a warning or ignore it
        /// (the problem leaves no usable registry); `nil` when a policy may.
        package let fixedReason: String?

        init(
            _ code: Diagnostic.Code,
            _ severity: Diagnostic.Severity,
            _ stages: [Stage],
            summary: String,
            help: String,
            fixed fixedReason: String? = nil
        ) {
            self.code = code
            self.severity = severity
            self.stages = stages
            self.summary = summary
            self.help = help
            self.fixedReason = fixedReason
        }
    }

    /// Every code this version of the library can produce, described, in
    /// the order documents list them: loading errors, loading warnings,
    /// data documents, resolving items.
    ///
    /// To add a code: add its entry here, then run
    /// `swift package --allow-writing-to-package-directory generate`,
    /// which writes its constant into `Diagnostic+Code.swift`, its line into
    /// README and the DocC reference, and its rule into the SARIF fixture;
    /// `GenerateFilesTests` fails until it has been run.
    package static let table: [Info] = [
        // Loading mappings: errors
        Info("invalid-json", .error, [.load, .data],
             summary: "The file is not valid JSON (RFC 8259), is too deeply nested or too large.",
             help: "Fix the JSON at the line and column given; comments, trailing commas, single quotes and unquoted words are not JSON. Save the file as UTF-8.",
             fixed: "the file is not JSON, so nothing in it can be read"),
        Info("unsupported-version", .error, [.load],
             summary: "The configuration's version is not one this library reads.",
             help: "Write \"version\": 1, or use the MappingRegistry release that reads this version.",
             fixed: "the file is in a format this library does not read"),
        Info("missing-key", .error, [.load, .data],
             summary: "A required key is missing; the location is the object that lacks it.",
             help: "Add the key: a configuration needs version and mappings, a mapping needs view and model, a data entry needs model and value.",
             fixed: "a required value is absent, and filling it in would be a guess"),
        Info("unknown-key", .error, [.load, .data],
             summary: "A key that is not allowed in this object; the location is the key.",
             help: "Correct the spelling (the message suggests the closest key) or remove the key."),
        Info("duplicate-key", .error, [.load, .data],
             summary: "A key written twice in one object.",
             help: "Keep one of the two values: which one was meant cannot be known.",
             fixed: "a key has two values, and picking one would be a guess"),
        Info("wrong-type", .error, [.load, .data],
             summary: "A value of the wrong JSON type, or a number out of range for its key.",
             help: "Write the value with the type the message names; names are non-empty strings, priorities and sections integers.",
             fixed: "a value cannot be read as what its key needs, and replacing it would be a guess"),
        Info("unknown-view", .error, [.load],
             summary: "A view name the plugin catalog does not have.",
             help: "Use a registered view name (the message suggests the closest) or register the view in the app's PluginCatalog."),
        Info("unknown-model", .error, [.load, .data],
             summary: "A model name the plugin catalog does not have.",
             help: "Use a registered model name (the message suggests the closest) or register the model in the app's PluginCatalog."),
        Info("unknown-predicate", .error, [.load],
             summary: "A predicate name the plugin catalog does not have.",
             help: "Use a registered predicate name (the message suggests the closest) or register the predicate."),
        Info("unknown-decorator", .error, [.load],
             summary: "A decorator name the plugin catalog does not have.",
             help: "Use a registered decorator name (the message suggests the closest) or register the decorator."),
        Info("invalid-section", .error, [.load],
             summary: "A section number below 0.",
             help: "Sections count from 0; write a section that exists."),
        Info("invalid-condition", .error, [.load],
             summary: "A condition with nothing to test: an empty all, any, sections or items, a not of nothing, an argument without a predicate, or an item below 0.",
             help: "List at least one condition, or remove the condition to make the mapping unconditional."),
        Info("missing-argument", .error, [.load],
             summary: "A predicate that takes an argument was given none.",
             help: "Add \"argument\": with a value of the type the message names."),
        Info("unexpected-argument", .error, [.load],
             summary: "A predicate that takes no argument was given one.",
             help: "Remove the argument, or name the predicate that takes it."),
        Info("incompatible-model", .error, [.load],
             summary: "A view, predicate or decorator can never take the mapping's model.",
             help: "Name a model the view, predicate or decorator takes (the same type, a subclass or a conforming type), or another plugin."),
        Info("reuse-identifier-conflict", .error, [.load],
             summary: "One reuse identifier names two different views.",
             help: "Give each view its own reuse identifier: a reuse pool holds one view type.",
             fixed: "one reuse pool cannot hold two view types, so rendering through it would fail"),
        Info("duplicate-mapping", .error, [.load],
             summary: "Two mappings say the same thing: view, model, kind and condition.",
             help: "Remove one of the two mappings."),
        Info("overlapping-mappings", .error, [.load],
             summary: "Two mappings of one kind and priority provably claim the same values.",
             help: "Give one a higher priority, or make the conditions disjoint; otherwise every such item is ambiguous."),
        Info("duplicate-plugin", .error, [.load],
             summary: "A plugin name registered twice in one category.",
             help: "Register each view, model, predicate and decorator under its own name; the second registration was ignored."),
        Info("unknown-handler", .error, [.load],
             summary: "An event handler name the plugin catalog does not have.",
             help: "Use a registered handler name (the message suggests the closest) or register the handler with register(handler:for:model:_:)."),
        Info("unknown-event", .error, [.load],
             summary: "An events key that the library does not name and no registered handler serves.",
             help: "Correct the event's name (the message suggests the closest): didSelect, willDisplay, didEndDisplaying, or a custom event a registered handler handles."),
        Info("incompatible-event", .error, [.load, .render],
             summary: "A handler listed under an event it was not registered for, or an event sent with another output type than its handler returns.",
             help: "List the handler under the event it handles, or register a handler for this event; send an event with the MappingEvent its handler was declared with."),
        Info("incompatible-view", .error, [.load],
             summary: "An event handler that takes a view of a type the mapping's view is not (nor a subclass of), or a view-taking handler on a handler view.",
             help: "List a handler that takes this mapping's view, or one that takes only the model and position; in Swift, Map(V.self).on(…) gives the closure the mapping's own view type."),
        Info("duplicate-event-handler", .error, [.load],
             summary: "A second handler for one event of one mapping; the location is the second.",
             help: "Keep one handler per event per mapping: remove the second .on(…) or merge the two handlers."),
        Info("unreadable-file", .error, [.load, .data],
             summary: "A file that cannot be read, or is too large.",
             help: "Check the path and the permissions; files up to 64 MiB are read.",
             fixed: "the file cannot be read, so nothing in it can be checked"),
        Info("reserved-kind", .error, [.load, .data],
             summary: "A custom supplementary kind that is header, footer or cell in any letter case.",
             help: "Write the built-in kind in lower case (\"header\"), put a data document's header and footer in their own keys, or choose another custom kind name."),
        Info("invalid-policy", .error, [.load],
             summary: "A policy file (mapping-registry-policy.json) lists a code the library does not report, lists a code twice, or makes a code that leaves no usable registry a warning or ignored; the location is the code.",
             help: "Correct the code (the message suggests the closest), list each code once, and leave the codes marked * in --help as errors."),

        // Loading mappings: warnings
        Info("unused-view", .warning, [.load],
             summary: "A registered view that no mapping uses.",
             help: "Map the view, or remove its registration; ignore this code for a configuration that uses part of a shared catalog. A plugin that a misspelt name's did-you-mean points at counts as used."),
        Info("unused-predicate", .warning, [.load],
             summary: "A registered predicate that no mapping uses.",
             help: "Use the predicate in a condition, or remove its registration."),
        Info("unused-decorator", .warning, [.load],
             summary: "A registered decorator that no mapping uses.",
             help: "List the decorator on a mapping, or remove its registration."),
        Info("unsatisfiable-condition", .warning, [.load],
             summary: "A condition that holds in no section whatever its predicates answer, such as all of section 1 and section 2: the mapping can never apply.",
             help: "Correct the sections (all of two sections never holds; any lists alternatives), or remove the mapping."),
        Info("duplicate-decorator", .warning, [.load],
             summary: "A decorator listed twice on one mapping; the location is the second listing.",
             help: "Remove one of the two listings, unless the decorator is meant to run twice."),
        Info("unused-handler", .warning, [.load],
             summary: "A registered event handler that no mapping lists.",
             help: "List the handler under a mapping's \"events\", or remove its registration."),
        Info("undecided-overlap", .warning, [.load],
             summary: "Said once per load: two mappings of one kind, model and priority have more distinct predicate calls than the overlap and duplicate proofs try (10), so whether they overlap is left to render time; it names the first such pair.",
             help: "Nothing is wrong yet; an item both claim is reported as ambiguous-mapping when rendered. To have it proved at load, give one mapping a higher priority or use fewer distinct predicates in the two conditions."),
        Info("possible-ambiguity", .warning, [.load],
             summary: "Two mappings of one kind, model and priority both apply to an item when their predicates answer a certain way (both 'isSponsored' and 'isOwnPost' hold, say), so such an item would be ambiguous-mapping at render time; located at the later mapping, with a note at the earlier.",
             help: "Give one mapping a higher priority, or, when the predicates never both hold for one item, register one with excludes: [\"other\"]."),
        Info("unusable-cache", .warning, [.load],
             summary: "A ReloadingRegistry cache that is empty, truncated, torn, of another version or does not load with this app (another source serves), or that cannot be written.",
             help: "Nothing to fix in the configuration: the next accepted configuration rewrites the cache. When it cannot be written, check that its directory exists and is writable."),

        Info("used-fallback", .warning, [.load],
             summary: "A mapping names something this app's catalog lacks (a view, model, predicate, decorator, handler or event), so its \"fallback\" mapping is used instead; the location is the first such name, with a note at the fallback.",
             help: "Nothing to do on an app version that predates the names; on one that should have them, register them (the notes give a did-you-mean for a misspelt name). Make it an error (--error used-fallback) to check that the newest app needs no fallback."),
        Info("skipped-mapping", .warning, [.load],
             summary: "A mapping names something this app's catalog lacks, and its \"fallback\": \"skip\" leaves it out; the location is the first such name.",
             help: "Nothing to do on an app version that predates the names; the items only that mapping showed are then missing-mapping unless another mapping shows them."),

        // Data documents
        Info("undecodable-model", .error, [.data],
             summary: "A data document names a model registered without Decodable, so data cannot create it.",
             help: "Name a Decodable model, or register the model with a Decodable type."),
        Info("undecodable-value", .error, [.data],
             summary: "A data document's value that the model's Decodable conformance rejects.",
             help: "Write the value as the model decodes it; the message names the field and the type it needs."),
        Info("unchecked-items", .warning, [.data],
             summary: "A data document's items were not resolved, because the mappings it goes with do not load; the location is the document's start.",
             help: "Fix the mappings file's errors; then every item is checked against it. A data document is never checked against other mappings instead."),

        // Resolving items
        Info("missing-mapping", .error, [.render],
             summary: "No mapping applies to a stored item.",
             help: "Add a mapping for the item's model, kind and section, or a catch-all mapping (a catch-all model at a low priority)."),
        Info("ambiguous-mapping", .error, [.render],
             summary: "Several mappings of the highest priority apply to a stored item.",
             help: "Give one of the named mappings a higher priority, or narrow its condition."),
        Info("nil-model", .error, [.render],
             summary: "A stored item is nil.",
             help: "Store a value, or remove the entry."),
        Info("missing-view", .error, [.render],
             summary: "An event handler that takes a view was sent no view, or a view of another type.",
             help: "Pass the item's view to send(_:to:at:view:), or send the event through the ReusePool that shows the item."),
        Info("missing-context", .error, [.render],
             summary: "A predicate that reads a render context was asked without one, or with a context of another type.",
             help: "Pass the context the predicate was registered with (context:) to resolve, render or send."),
        Info("unrenderable-view", .error, [.render],
             summary: "Text was asked of an item whose mapping's view is not a TextView.",
             help: "Map the item to a TextView for text, or let the host create and configure the view (Mapping.update(_:with:))."),
    ]

    /// The table by code.
    private static let infoByCode: [Diagnostic.Code: Info] = Dictionary(
        table.map { ($0.code, $0) }, uniquingKeysWith: { first, _ in first }
    )

    /// The code's entry in ``table``; `nil` for a code this library does not report.
    package var info: Info? {
        Self.infoByCode[self]
    }

    /// The severity the library reports the code with; `.error` for a code
    /// not in ``table``.
    package var defaultSeverity: Diagnostic.Severity {
        info?.severity ?? .error
    }

    /// One sentence: what a diagnostic with this code means.
    package var summary: String {
        info?.summary ?? "A problem reported by MappingRegistry."
    }

    /// What to do about it, in a sentence or two.
    package var help: String {
        info?.help ?? "See the message."
    }

    /// Words of a code spelt in capitals inside a Swift or rule name.
    private static let acronyms: Set<Substring> = ["json"]

    /// A word of a code as it starts a capitalised word of a name: `View`, `JSON`.
    private static func capitalized(_ word: Substring) -> String {
        acronyms.contains(word) ? word.uppercased() : word.prefix(1).uppercased() + word.dropFirst()
    }

    /// The code in UpperCamelCase, such as `UnknownView` or `InvalidJSON`:
    /// a rule name for SARIF.
    package var ruleName: String {
        rawValue.split(separator: "-").map(Self.capitalized).joined()
    }

    /// The name of the code's constant: lowerCamelCase with acronyms after
    /// the first word in capitals, such as `missingMapping` or `invalidJSON`.
    package var constantName: String {
        let words = rawValue.split(separator: "-")
        return (words.first.map(String.init) ?? "") + words.dropFirst().map(Self.capitalized).joined()
    }
}
