import ModelStorage

/// A mapping declared in Swift, with its view and model types erased:
/// what ``TypedMappingDeclaration`` (`Map(…)`) gives the checker, and what
/// ``MappingSource`` holds for `.declarations([…])`.
///
/// Write `Map(…)` to declare a mapping; its value knows the view and model
/// types, so closures attached with `.on(…)` infer them. This type has no
/// public initializer: `Map(…)` is the one way to make a declaration.
public class MappingDeclaration: @unchecked Sendable {
    // @unchecked: not final (each `Map(…)` is a TypedMappingDeclaration
    // subclass, so declarations of any types stand in one array), and
    // immutable: its one stored property is a `let` of a Sendable struct.

    /// What was declared.
    let declaration: Declaration

    init(_ declaration: Declaration) {
        self.declaration = declaration
    }

    /// Where the declaration is: its Swift call site, or its object in a JSON file.
    public var location: SourceLocation { declaration.sites.object }
}
