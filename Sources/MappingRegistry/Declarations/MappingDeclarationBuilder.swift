/// Collects `Map(…)` declarations written one per line, with `if`,
/// `if`/`else`, `switch` and `for` loops, into an array.
///
/// ```swift
/// let registry = try MappingRegistry(plugins: plugins) {
///     Map(DishRow.self)
///     if showsSpecials {
///         Map(ChefSpecialRow.self, when: .section(0), priority: 3)
///     }
///     for section in 1...3 {
///         Map(CourseRow.self, when: .section(section), priority: 1)
///     }
/// }
/// ```
@resultBuilder
public enum MappingDeclarationBuilder {
    /// One declaration.
    ///
    /// - Parameter declaration: A `Map(…)`, of any view and model.
    /// - Returns: The declaration, alone in an array.
    public static func buildExpression(_ declaration: MappingDeclaration) -> [MappingDeclaration] {
        [declaration]
    }

    /// Declarations built elsewhere, spliced in.
    ///
    /// - Parameter declarations: Declarations, such as `[Map(DishRow.self), Map(DrinkRow.self)]`.
    /// - Returns: The same declarations.
    public static func buildExpression(_ declarations: [MappingDeclaration]) -> [MappingDeclaration] {
        declarations
    }

    /// The lines of a block, in order.
    ///
    /// - Parameter parts: The declarations of each line.
    /// - Returns: All of them, in order.
    public static func buildBlock(_ parts: [MappingDeclaration]...) -> [MappingDeclaration] {
        parts.flatMap { $0 }
    }

    /// An `if` without `else`.
    ///
    /// - Parameter part: The declarations when the condition held.
    /// - Returns: Those declarations, or none.
    public static func buildOptional(_ part: [MappingDeclaration]?) -> [MappingDeclaration] {
        part ?? []
    }

    /// The first branch of an `if`/`else` or `switch`.
    ///
    /// - Parameter part: The branch's declarations.
    /// - Returns: The same declarations.
    public static func buildEither(first part: [MappingDeclaration]) -> [MappingDeclaration] {
        part
    }

    /// The second branch of an `if`/`else` or `switch`.
    ///
    /// - Parameter part: The branch's declarations.
    /// - Returns: The same declarations.
    public static func buildEither(second part: [MappingDeclaration]) -> [MappingDeclaration] {
        part
    }

    /// A `for` loop.
    ///
    /// - Parameter parts: The declarations of each iteration.
    /// - Returns: All of them, in order.
    public static func buildArray(_ parts: [[MappingDeclaration]]) -> [MappingDeclaration] {
        parts.flatMap { $0 }
    }

    /// An `if #available` branch.
    ///
    /// - Parameter part: The branch's declarations.
    /// - Returns: The same declarations.
    public static func buildLimitedAvailability(_ part: [MappingDeclaration]) -> [MappingDeclaration] {
        part
    }
}
