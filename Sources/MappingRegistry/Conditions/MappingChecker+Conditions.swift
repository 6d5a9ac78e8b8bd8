import ModelStorage

/// Checking a mapping's condition against the catalog and compiling it:
/// sections and items must be 0 or greater, `sections`, `items`, `all` and
/// `any` must not be empty, each predicate must exist, take the mapping's
/// model and get the argument it needs, decoded here once.
///
/// The switch is over the forms of ``MappingCondition/Shape``; a key of an
/// existing form (as `items` is) needs nothing here. See the "Contributing"
/// article.
extension MappingChecker {
    /// Checks a condition and compiles it; `nil` after reporting when any part is invalid.
    mutating func compile(_ condition: MappingCondition, site: ConditionSite, model: ModelPlugin?) -> Condition? {
        switch condition.shape {
        case .always:
            return .always
        case .position(let key, let values):
            return compilePosition(key, values, site: site)
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

    /// `section`, `sections`, `items`: every number 0 or greater, a list not empty.
    private mutating func compilePosition(_ key: ConditionKey, _ values: [Int], site: ConditionSite) -> Condition? {
        guard let test = PositionTest(key, values: values) else { return nil }
        guard !values.isEmpty else {
            report(.invalidCondition("'\(key.rawValue)' is empty, so the condition never holds; list at least one \(test.axis.noun)", at: site.object))
            return nil
        }
        var valid = true
        for (index, value) in values.enumerated() where value < 0 {
            valid = false
            let location = if case .index = key.form { site.location } else { site.element(index) }
            switch test.axis {
            case .section:
                report(Diagnostic(
                    severity: .error,
                    code: .invalidSection,
                    message: "'section' must be 0 or greater, found \(value)",
                    location: location
                ))
            case .item:
                report(.invalidCondition("an item in '\(key.rawValue)' must be 0 or greater, found \(value)", at: location))
            }
        }
        return valid ? .position(test) : nil
    }

    private mutating func compilePredicate(
        _ name: String,
        argument: PredicateArgument?,
        site: ConditionSite,
        model: ModelPlugin?
    ) -> Condition? {
        referencedPredicates.insert(name)
        guard let predicate = plugins.predicates[name] else {
            reportUnknown("predicate", named: name, candidates: plugins.predicates.keys, .unknownPlugin("predicate", code: .unknownPredicate, named: name, candidates: plugins.predicates.keys, noneRegistered: "the PluginCatalog has no predicates", at: site.location))
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
