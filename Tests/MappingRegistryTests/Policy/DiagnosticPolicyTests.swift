import Foundation
import MappingRegistry
import ModelStorage
import RegistryFixtures
import Testing

@Suite struct DiagnosticPolicyTests {
    /// The fixed codes, in the order of the code table.
    static let fixedReasons: [(String, String)] = [
        ("invalid-json", "the file is not JSON, so nothing in it can be read"),
        ("unsupported-version", "the file is in a format this library does not read"),
        ("missing-key", "a required value is absent, and filling it in would be a guess"),
        ("duplicate-key", "a key has two values, and picking one would be a guess"),
        ("wrong-type", "a value cannot be read as what its key needs, and replacing it would be a guess"),
        ("reuse-identifier-conflict", "one reuse pool cannot hold two view types, so rendering through it would fail"),
        ("unreadable-file", "the file cannot be read, so nothing in it can be checked"),
    ]

    @Test(arguments: fixedReasons)
    func aCodeThatLeavesNoUsableRegistryCannotBeDowngradedOrIgnored(code: String, reason: String) throws {
        var policy = DiagnosticPolicy()
        #expect(throws: DiagnosticPolicyError(code: code, message: "'\(code)' cannot be ignored: it leaves no usable registry (\(reason))")) {
            try policy.ignore(Diagnostic.Code(rawValue: code))
        }
        #expect(throws: DiagnosticPolicyError(code: code, message: "'\(code)' cannot be made a warning: it leaves no usable registry (\(reason))")) {
            try policy.treat(Diagnostic.Code(rawValue: code), as: .warning)
        }
        // Naming it an error, which it is, is fine.
        try policy.treat(Diagnostic.Code(rawValue: code), as: .error)
        #expect(policy.isEmpty == false)
    }

    @Test(arguments: [Diagnostic.Code.unsatisfiableCondition, .duplicateDecorator])
    func theNewWarningsMayBeRaisedDowngradedOrIgnored(code: Diagnostic.Code) throws {
        #expect(code.defaultSeverity == .warning)
        var policy = DiagnosticPolicy()
        try policy.treat(code, as: .error)
        let warning = Diagnostic(severity: .warning, code: code, message: "m")
        #expect(policy.apply(to: warning)?.severity == .error)
        try policy.treat(code, as: .warning)
        #expect(policy.apply(to: warning)?.severity == .warning)
        try policy.ignore(code)
        #expect(policy.apply(to: warning) == nil)
    }

    @Test func theFixedCodesAreExactlyTheDocumentedOnes() {
        #expect(DiagnosticPolicy.fixedCodes.map(\.rawValue) == Self.fixedReasons.map(\.0))
    }

    @Test func anUnknownCodeIsRefusedWithASuggestion() {
        var policy = DiagnosticPolicy()
        #expect(throws: DiagnosticPolicyError(code: "unsued-view", message: "unknown diagnostic code 'unsued-view'; did you mean 'unused-view'?")) {
            try policy.ignore("unsued-view")
        }
        #expect(throws: DiagnosticPolicyError(code: "shiny", message: "unknown diagnostic code 'shiny'")) {
            try policy.treat("shiny", as: .error)
        }
        #expect(policy.isEmpty)
    }

    @Test func applyChangesSeveritiesAndDropsIgnoredCodesInOrder() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.unusedView, as: .error)
        try policy.ignore(.unusedPredicate)
        try policy.treat(.missingMapping, as: .warning)
        let diagnostics = [
            Diagnostic(severity: .warning, code: .unusedView, message: "a"),
            Diagnostic(severity: .warning, code: .unusedPredicate, message: "b"),
            Diagnostic(severity: .error, code: .missingMapping, message: "c"),
            Diagnostic(severity: .error, code: .unknownView, message: "d"),
        ]
        #expect(policy.apply(to: diagnostics).map(\.description) == [
            "error: a [unused-view]", "warning: c [missing-mapping]", "error: d [unknown-view]",
        ])
    }

    @Test func aDowngradedOverlapLoadsBothMappingsAndWarns() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.overlappingMappings, as: .warning)
        let json = configuration(#"{"view": "DishRow", "model": "Dish"}"#, #"{"view": "Plain", "model": "Dish"}"#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        #expect(registry.mappings.map(\.view) == ["DishRow", "Plain"])
        #expect(registry.warnings.filter { $0.code == .overlappingMappings }.map(\.description) == [
            "mappings.json:5:5: warning: 'Plain' here and 'DishRow' at mappings.json:4:5 both show 'Dish' as cell with priority 0 everywhere; give one a higher priority or make the conditions disjoint [overlapping-mappings]",
        ])
        guard case .ambiguous(let mappings, _) = registry.resolve(Dish(name: "Soup", price: 5), at: at(0, 0)) else {
            Issue.record("the overlap is not ambiguous at render time")
            return
        }
        #expect(mappings.count == 2)
    }

    @Test func aMappingWithADowngradedUnknownViewIsLeftOut() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.unknownView, as: .warning)
        let json = configuration(#"{"view": "DishRow", "model": "Dish"}"#, #"{"view": "NewRow", "model": "String"}"#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        #expect(registry.mappings.map(\.view) == ["DishRow"])
        #expect(registry.warnings.first { $0.code == .unknownView }?.description == "mappings.json:5:14: warning: unknown view 'NewRow' [unknown-view]")
    }

    @Test func anIgnoredUnknownKeyIsSkippedAndTheMappingKept() throws {
        var policy = DiagnosticPolicy()
        try policy.ignore(.unknownKey)
        let json = configuration(#"{"view": "DishRow", "model": "Dish", "comment": "the default row", "priority": 2}"#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        #expect(registry.mappings.map(\.priority) == [2])
        #expect(registry.warnings.allSatisfy { $0.code != .unknownKey })
    }

    @Test func aWarningRaisedToAnErrorFailsTheLoad() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.unusedView, as: .error)
        let json = configuration(#"{"view": "DishRow", "model": "Dish"}"#)
        let error = try #require(throws: ConfigurationError.self) {
            try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        }
        #expect(!error.errorCodes.isEmpty && error.errorCodes.allSatisfy { $0 == "unused-view" })
        // Without the policy the same file loads, with warnings.
        #expect(try loadRegistry(json).warnings.isEmpty == false)
    }

    @Test func aDowngradedReservedKindLoadsAsACustomKind() throws {
        var policy = DiagnosticPolicy()
        try policy.treat(.reservedKind, as: .warning)
        let json = configuration(#"{"view": "TitleView", "model": "String", "kind": "Header"}"#)
        let registry = try MappingRegistry(configuration: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        #expect(registry.mappings.map(\.kind) == ["Header"])
    }

    @Test func dataEntriesAPolicyLetsPassAreSkippedOrLeftOut() throws {
        var policy = DiagnosticPolicy()
        try policy.ignore(.unknownKey)
        try policy.treat(.unknownModel, as: .warning)
        let json = """
            {"sections": [{"items": [
              {"model": "Int", "value": 1, "id": "a"},
              {"model": "Gadget", "value": 2},
              {"model": "Int", "value": 3}
            ]}]}
            """
        let document = try DataDocument(data: Data(json.utf8), plugins: fixtureCatalog(), policy: policy)
        #expect(document.entries.map(\.position) == [at(0, 0), at(1, 0)])
        #expect(document.storage.item(at: at(1, 0)) as? Int == 3)
        #expect(document.warnings.map(\.description) == ["data.json:3:13: warning: unknown model 'Gadget' [unknown-model]"])
        #expect(throws: ConfigurationError.self) {
            try DataDocument(data: Data(json.utf8), plugins: fixtureCatalog())
        }
    }
}
