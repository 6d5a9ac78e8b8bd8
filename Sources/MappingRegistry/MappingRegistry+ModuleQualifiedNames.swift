// `MappingRegistry.Diagnostic` and the like, as code spells a type of
// this module where another module has one of the same name. Without
// these, `MappingRegistry.` finds the class, not the module, and every
// such name fails ("'Diagnostic' is not a member type of class
// 'MappingRegistry'").
//
// Each alias names its type through a module selector (`Module::Name`),
// which Swift 6.3 reads and which is also what a caller on Swift 6.3 can
// write instead; a toolchain before it compiles the module without them.
// A test fails when a public type of the module has no alias here.
//
// Not aliased: the class itself; `Map`, which `MappingRegistry.Map`
// names on every toolchain (TypedMappingDeclaration.swift); and the
// result builder `MappingDeclarationBuilder`, whose alias inside the class
// makes Swift 6.3 reject the class's own `@MappingDeclarationBuilder`
// parameter ("unknown attribute"), depending on the order of the files.

#if compiler(>=6.3)
extension MappingRegistry {
    /// `MappingRegistry.ConfigurationError`: the type `ConfigurationError` of this module, by a name
    /// that another module's `ConfigurationError` cannot shadow.
    public typealias ConfigurationError = MappingRegistry::ConfigurationError
    /// `MappingRegistry.DataDocument`: the type `DataDocument` of this module, by a name
    /// that another module's `DataDocument` cannot shadow.
    public typealias DataDocument = MappingRegistry::DataDocument
    /// `MappingRegistry.Diagnostic`: the type `Diagnostic` of this module, by a name
    /// that another module's `Diagnostic` cannot shadow.
    public typealias Diagnostic = MappingRegistry::Diagnostic
    /// `MappingRegistry.DiagnosticFormatter`: the type `DiagnosticFormatter` of this module, by a name
    /// that another module's `DiagnosticFormatter` cannot shadow.
    public typealias DiagnosticFormatter = MappingRegistry::DiagnosticFormatter
    /// `MappingRegistry.DiagnosticPolicy`: the type `DiagnosticPolicy` of this module, by a name
    /// that another module's `DiagnosticPolicy` cannot shadow.
    public typealias DiagnosticPolicy = MappingRegistry::DiagnosticPolicy
    /// `MappingRegistry.DiagnosticPolicyError`: the type `DiagnosticPolicyError` of this module, by a name
    /// that another module's `DiagnosticPolicyError` cannot shadow.
    public typealias DiagnosticPolicyError = MappingRegistry::DiagnosticPolicyError
    /// `MappingRegistry.EventResult`: the type `EventResult` of this module, by a name
    /// that another module's `EventResult` cannot shadow.
    public typealias EventResult<Output: Sendable> = MappingRegistry::EventResult<Output>
    /// `MappingRegistry.FileWatch`: the type `FileWatch` of this module, by a name
    /// that another module's `FileWatch` cannot shadow.
    public typealias FileWatch = MappingRegistry::FileWatch
    /// `MappingRegistry.Mapping`: the type `Mapping` of this module, by a name
    /// that another module's `Mapping` cannot shadow.
    public typealias Mapping = MappingRegistry::Mapping
    /// `MappingRegistry.MappingCondition`: the type `MappingCondition` of this module, by a name
    /// that another module's `MappingCondition` cannot shadow.
    public typealias MappingCondition = MappingRegistry::MappingCondition
    /// `MappingRegistry.MappingDeclaration`: the type `MappingDeclaration` of this module, by a name
    /// that another module's `MappingDeclaration` cannot shadow.
    public typealias MappingDeclaration = MappingRegistry::MappingDeclaration
    /// `MappingRegistry.MappingEvent`: the type `MappingEvent` of this module, by a name
    /// that another module's `MappingEvent` cannot shadow.
    public typealias MappingEvent<Output: Sendable> = MappingRegistry::MappingEvent<Output>
    /// `MappingRegistry.MappingSource`: the type `MappingSource` of this module, by a name
    /// that another module's `MappingSource` cannot shadow.
    public typealias MappingSource = MappingRegistry::MappingSource
    /// `MappingRegistry.PluginCatalog`: the type `PluginCatalog` of this module, by a name
    /// that another module's `PluginCatalog` cannot shadow.
    public typealias PluginCatalog = MappingRegistry::PluginCatalog
    /// `MappingRegistry.PredicateArgument`: the type `PredicateArgument` of this module, by a name
    /// that another module's `PredicateArgument` cannot shadow.
    public typealias PredicateArgument = MappingRegistry::PredicateArgument
    /// `MappingRegistry.ReloadOutcome`: the type `ReloadOutcome` of this module, by a name
    /// that another module's `ReloadOutcome` cannot shadow.
    public typealias ReloadOutcome = MappingRegistry::ReloadOutcome
    /// `MappingRegistry.ReloadingRegistry`: the type `ReloadingRegistry` of this module, by a name
    /// that another module's `ReloadingRegistry` cannot shadow.
    public typealias ReloadingRegistry = MappingRegistry::ReloadingRegistry
    /// `MappingRegistry.RenderResult`: the type `RenderResult` of this module, by a name
    /// that another module's `RenderResult` cannot shadow.
    public typealias RenderResult = MappingRegistry::RenderResult
    /// `MappingRegistry.Resolution`: the type `Resolution` of this module, by a name
    /// that another module's `Resolution` cannot shadow.
    public typealias Resolution = MappingRegistry::Resolution
    /// `MappingRegistry.ReusePool`: the type `ReusePool` of this module, by a name
    /// that another module's `ReusePool` cannot shadow.
    public typealias ReusePool = MappingRegistry::ReusePool
    /// `MappingRegistry.SourceLocation`: the type `SourceLocation` of this module, by a name
    /// that another module's `SourceLocation` cannot shadow.
    public typealias SourceLocation = MappingRegistry::SourceLocation
    /// `MappingRegistry.TextRenderer`: the type `TextRenderer` of this module, by a name
    /// that another module's `TextRenderer` cannot shadow.
    public typealias TextRenderer = MappingRegistry::TextRenderer
    /// `MappingRegistry.TextView`: the protocol `TextView` of this module, by a name
    /// that another module's `TextView` cannot shadow.
    public typealias TextView = MappingRegistry::TextView
    /// `MappingRegistry.TypedMappingDeclaration`: the type `TypedMappingDeclaration` of this module, by a name
    /// that another module's `TypedMappingDeclaration` cannot shadow.
    public typealias TypedMappingDeclaration<View, Model> = MappingRegistry::TypedMappingDeclaration<View, Model>
    /// `MappingRegistry.ViewKind`: the type `ViewKind` of this module, by a name
    /// that another module's `ViewKind` cannot shadow.
    public typealias ViewKind = MappingRegistry::ViewKind
}
#endif
