import ModelStorage

/// Checking a mapping's condition against the catalog and compiling it:
/// sections must be 0 or greater, `sections`, `all` and `any` must not be
/// empty, each predicate must exist, take the mapping's model and get the
/// argument it needs, decoded here once.
///
/// To add a condition kind, see the "Contributing" article: this switch
/// is one of the three places to change.
extension MappingChecker {
    /// Checks a condition and compiles it; `nil` after reporting when any part is invalid.
    mutating func compile(_ condition: MappingCondition, site: ConditionSite, model: ModelPlugin?) -> Condition? {
        switch condition {
        case .none:
            return .always
        case .section(let section):
            return checkSection(section, at: site.location) ? .section(section) : nil
        case .sections(let sections):
            guard !sections.isEmpty else {
                report(.invalidCondition("'sections' is empty, so the condition never holds; list at least one section", at: site.object))
                return nil
            }
            var valid = true
            for (index, section) in sections.enumerated() where !checkSection(section, at: site.element(index)) {
                valid = false
            }
            return valid ? .sections(sections) : nil
        case .predicate(let name, let argument):
            return compilePredicate(name, argument: argument, site: site, model: model)
        case .all(let conditions), .any(let conditions):
            let isAll = if case .all = condition { true } else { false }
            guard !conditions.isEmpty else {
                let key = isAll ? "all" : "any"
                report(.invalidCondition("'\(key)' is empty; list at least one condition", at: site.object))
                return nil
            }
            var parts: [Condition] = []
            var valid = true
            for (index, part) in conditions.enumerated() {
                if let compiled = compile(part, site: site.child(index), model: model) {
                    parts.append(compiled)
                } else {
                    valid = false
                }
            }
            guard valid else { return nil }
            return isAll ? .all(parts) : .any(parts)
        case .not(let inner):
            return compile(inner, site: site.child(0), model: model).map(Condition.not)
        }
    }

    private mutating func checkSection(_ section: Int, at location: SourceLocation) -> Bool {
        guard section < 0 else { return true }
        report(Diagnostic(
            severity: .error,
            code: .invalidSection,
            message: "'section' must be 0 or greater, found \(section)",
            location: location
        ))
        return false
    }

    private mutating func compilePredicate(
        _ name: String,
        argument: PredicateArgument?,
        site: ConditionSite,
        model: ModelPlugin?
    ) -> Condition? {
        referencedPredicates.insert(name)
        guard let predicate = plugins.predicates[name] else {
            report(.unknownPlugin("predicate", code: .unknownPredicate, named: name, candidates: plugins.predicates.keys, noneRegistered: "the PluginCatalog has no predicates", at: site.location))
            return nil
        }
        if let model, !model.type.canShareValue(with: predicate.model) {
            report(.incompatibleModel(plugin: "predicate '\(name)'", takes: predicate.model, model: model, at: site.location))
            return nil
        }
        switch (predicate.argumentTypeName, argument) {
        case (nil, let argument?):
            report(Diagnostic(
                severity: .error,
                code: .unexpectedArgument,
                message: "predicate '\(name)' takes no argument, found \(argument.describedForMessage); remove the argument",
                location: site.argument ?? site.location
            ))
            return nil
        case (let type?, nil):
            report(Diagnostic(
                severity: .error,
                code: .missingArgument,
                message: "predicate '\(name)' needs an argument of type '\(type)'; add \"argument\": …",
                location: site.object
            ))
            return nil
        default:
            break
        }
        do {
            return .predicate(PredicateCall(name: name, argument: argument, body: try predicate.bind(argument)))
        } catch {
            report(.wrongArgument(error, predicate: predicate, argument: argument ?? .null, at: site.argument ?? site.location))
            return nil
        }
    }
}
