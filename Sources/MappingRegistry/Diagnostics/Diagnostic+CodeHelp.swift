/// What each code means and what to do about it, for outputs that explain
/// rules (SARIF's rules, help text), in one place beside the codes.
extension Diagnostic.Code {
    /// The severity the library reports the code with.
    package var defaultSeverity: Diagnostic.Severity {
        switch self {
        case .unusedView, .unusedPredicate, .unusedDecorator, .unsatisfiableCondition, .duplicateDecorator: .warning
        default: .error
        }
    }

    /// One sentence: what a diagnostic with this code means.
    package var summary: String {
        Self.texts[self]?.summary ?? "A problem reported by MappingRegistry."
    }

    /// What to do about it, in a sentence or two.
    package var help: String {
        Self.texts[self]?.help ?? "See the message."
    }

    /// The code in UpperCamelCase, such as `UnknownView`: a rule name for SARIF.
    package var ruleName: String {
        rawValue.split(separator: "-").map { word in
            word == "json" ? "JSON" : word.prefix(1).uppercased() + word.dropFirst()
        }.joined()
    }

    private static let texts: [Diagnostic.Code: (summary: String, help: String)] = [
        .invalidJSON: ("The file is not valid JSON (RFC 8259), is too deeply nested or too large.",
                         "Fix the JSON at the line and column given; comments, trailing commas, single quotes and unquoted words are not JSON. Save the file as UTF-8."),
        .unsupportedVersion: ("The configuration's version is not one this library reads.",
                                "Write \"version\": 1, or use the MappingRegistry release that reads this version."),
        .missingKey: ("A required key is missing; the location is the object that lacks it.",
                        "Add the key: a configuration needs version and mappings, a mapping needs view and model, a data entry needs model and value."),
        .unknownKey: ("A key that is not allowed in this object; the location is the key.",
                        "Correct the spelling (the message suggests the closest key) or remove the key."),
        .duplicateKey: ("A key written twice in one object.",
                          "Keep one of the two values: which one was meant cannot be known."),
        .wrongType: ("A value of the wrong JSON type, or a number out of range for its key.",
                       "Write the value with the type the message names; names are non-empty strings, priorities and sections integers."),
        .unknownView: ("A view name the plugin catalog does not have.",
                         "Use a registered view name (the message suggests the closest) or register the view in the app's PluginCatalog."),
        .unknownModel: ("A model name the plugin catalog does not have.",
                          "Use a registered model name (the message suggests the closest) or register the model in the app's PluginCatalog."),
        .unknownPredicate: ("A predicate name the plugin catalog does not have.",
                              "Use a registered predicate name (the message suggests the closest) or register the predicate."),
        .unknownDecorator: ("A decorator name the plugin catalog does not have.",
                              "Use a registered decorator name (the message suggests the closest) or register the decorator."),
        .invalidSection: ("A section number below 0.",
                            "Sections count from 0; write a section that exists."),
        .invalidCondition: ("A condition with nothing to test: an empty all, any or sections, a not of nothing, an argument without a predicate.",
                              "List at least one condition, or remove the condition to make the mapping unconditional."),
        .missingArgument: ("A predicate that takes an argument was given none.",
                             "Add \"argument\": with a value of the type the message names."),
        .unexpectedArgument: ("A predicate that takes no argument was given one.",
                                "Remove the argument, or name the predicate that takes it."),
        .incompatibleModel: ("A view, predicate or decorator can never take the mapping's model.",
                               "Name a model the view, predicate or decorator takes (the same type, a subclass or a conforming type), or another plugin."),
        .reuseIdentifierConflict: ("One reuse identifier names two different views.",
                                      "Give each view its own reuse identifier: a reuse pool holds one view type."),
        .duplicateMapping: ("Two mappings say the same thing: view, model, kind and condition.",
                              "Remove one of the two mappings."),
        .overlappingMappings: ("Two mappings of one kind and priority provably claim the same values.",
                                 "Give one a higher priority, or make the conditions disjoint; otherwise every such item is ambiguous."),
        .duplicatePlugin: ("A plugin name registered twice in one category.",
                             "Register each view, model, predicate and decorator under its own name; the second registration was ignored."),
        .unreadableFile: ("A file that cannot be read, or is too large.",
                            "Check the path and the permissions; files up to 64 MiB are read."),
        .unusedView: ("A registered view that no mapping uses.",
                        "Map the view, or remove its registration; ignore this code for a configuration that uses part of a shared catalog."),
        .unusedPredicate: ("A registered predicate that no mapping uses.",
                             "Use the predicate in a condition, or remove its registration."),
        .unusedDecorator: ("A registered decorator that no mapping uses.",
                             "List the decorator on a mapping, or remove its registration."),
        .unsatisfiableCondition: ("A condition that holds in no section whatever its predicates answer, so its mapping can never apply.",
                                    "Fix the sections the condition names (all[section 1, section 2] needs an item in two sections at once), or remove the mapping."),
        .duplicateDecorator: ("A decorator listed twice on one mapping; it would apply twice.",
                                "Remove the second listing."),
        .undecodableModel: ("A data document names a model registered without Decodable, so data cannot create it.",
                              "Name a Decodable model, or register the model with a Decodable type."),
        .undecodableValue: ("A data document's value that the model's Decodable conformance rejects.",
                              "Write the value as the model decodes it; the message names the field and the type it needs."),
        .reservedKind: ("A custom supplementary kind that is header, footer or cell in any letter case.",
                          "Write the built-in kind in lower case (\"header\"), put a data document's header and footer in their own keys, or choose another custom kind name."),
        .missingMapping: ("No mapping applies to a stored item.",
                            "Add a mapping for the item's model, kind and section, or a fallback mapping for a catch-all model at a low priority."),
        .ambiguousMapping: ("Several mappings of the highest priority apply to a stored item.",
                              "Give one of the named mappings a higher priority, or narrow its condition."),
        .nilModel: ("A stored item is nil.",
                      "Store a value, or remove the entry."),
    ]
}
