/// Where a declaration and each of its parts are written, so every
/// diagnostic points at the offending value: for JSON the value itself,
/// for Swift the call site.
struct DeclarationSites: Sendable {
    /// The declaration: its JSON object, or its Swift call site.
    var object: SourceLocation
    var view: SourceLocation?
    var model: SourceLocation?
    var kind: SourceLocation?
    var reuseIdentifier: SourceLocation?
    /// The condition's parts, in the shape of the condition; `nil` for Swift.
    var condition: ConditionSite?
    /// Each decorator name; empty for Swift.
    var decorators: [SourceLocation] = []

    init(object: SourceLocation) {
        self.object = object
    }

    /// The sites of a Swift declaration: everything is at the call site.
    init(swiftCallSite fileID: String, line: Int, column: Int) {
        self.init(object: SourceLocation(file: fileID, line: line, column: column, pointer: ""))
    }

    /// The site of a part, or the declaration's when the part has none.
    subscript(_ part: KeyPath<DeclarationSites, SourceLocation?>) -> SourceLocation {
        self[keyPath: part] ?? object
    }

    /// The site of decorator number `index`.
    func decorator(_ index: Int) -> SourceLocation {
        decorators.indices.contains(index) ? decorators[index] : object
    }
}

/// Where the parts of one condition are, in the same shape as the
/// ``MappingCondition`` it belongs to.
struct ConditionSite: Sendable {
    /// For a section or predicate: its value (the number, the name); for a
    /// composite: the object that holds it.
    var location: SourceLocation
    /// The condition object naming a predicate, for `missing-argument`.
    var object: SourceLocation
    /// A predicate's argument value.
    var argument: SourceLocation?
    /// Each number of a `sections` list.
    var elements: [SourceLocation] = []
    /// The parts of `all`, `any` (one per element) and `not` (one).
    var children: [ConditionSite] = []

    init(location: SourceLocation, object: SourceLocation) {
        self.location = location
        self.object = object
    }

    /// Child number `index`, or a site at this one when there is none
    /// (every part of a Swift condition is at the call site).
    func child(_ index: Int) -> ConditionSite {
        children.indices.contains(index) ? children[index] : ConditionSite(location: location, object: object)
    }

    /// Element number `index` of a `sections` list.
    func element(_ index: Int) -> SourceLocation {
        elements.indices.contains(index) ? elements[index] : location
    }
}
