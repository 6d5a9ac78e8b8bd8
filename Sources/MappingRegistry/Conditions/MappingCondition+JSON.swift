extension MappingCondition {
    /// The condition as `mappings.json` writes it: `{"section": 0}`,
    /// `{"predicate": "priceAbove", "argument": 20}`, `{"all": […]}`; `nil`
    /// for ``none``, which is written by leaving `condition` out.
    var jsonValue: JSONValue? {
        switch shape {
        case .always: nil
        case .position(let key, let values):
            if case .index = key.form, values.count == 1 { .object([(key.rawValue, .integer(values[0]))]) }
            else { .object([(key.rawValue, .array(values.map(JSONValue.integer)))]) }
        case .predicate(let name, nil): .object([("predicate", .string(name))])
        case .predicate(let name, let argument?): .object([("predicate", .string(name)), ("argument", argument.jsonValue)])
        case .all(let parts): .object([("all", .array(parts.map(\.jsonValueInList)))])
        case .any(let parts): .object([("any", .array(parts.map(\.jsonValueInList)))])
        case .not(let inner): .object([("not", inner.jsonValueInList)])
        }
    }

    /// Inside `all`, `any` and `not`, where `none` has no spelling of its
    /// own (an empty `all` is `invalid-condition`): a condition that holds in
    /// every section, `any[section 0, not section 0]`.
    private var jsonValueInList: JSONValue {
        jsonValue ?? .object([("any", .array([.object([("section", 0)]), .object([("not", .object([("section", 0)]))])]))])
    }
}
