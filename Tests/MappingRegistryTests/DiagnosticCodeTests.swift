import Foundation
import MappingRegistry
import Testing

@Suite struct DiagnosticCodeTests {
    @Test func everyCodeIsKebabCaseAndListedOnce() throws {
        let texts = Diagnostic.Code.all.map(\.rawValue)
        #expect(Set(texts).count == texts.count)
        // `all` lists exactly the constants declared, so the loops over it check every code.
        let source = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/MappingRegistry/Diagnostics/Diagnostic+Code.swift"), encoding: .utf8)
        let declared = source.split(separator: "\n").compactMap { line -> String? in
            guard line.contains("public static let"), line.contains(": Code = \"") else { return nil }
            return line.split(separator: "\"").dropFirst().first.map(String.init)
        }
        #expect(!declared.isEmpty)
        #expect(Set(declared) == Set(texts))
        for text in texts {
            #expect(text.allSatisfy { $0.isLowercase || $0 == "-" }, "\(text) is not kebab-case")
        }
    }

    @Test func everyCodeIsInReadmesTables() throws {
        let readme = try String(contentsOf: URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md"), encoding: .utf8)
        for code in Diagnostic.Code.all {
            #expect(readme.contains("`\(code.rawValue)`"), "README does not list \(code)")
        }
    }

    @Test func aCodeStringComparesWithANamedCode() {
        let diagnostic = Diagnostic(severity: .error, code: .ambiguousMapping, message: "m")
        #expect(diagnostic.code == "ambiguous-mapping")
        #expect(diagnostic.code == .ambiguousMapping)
        #expect(diagnostic.code != .missingMapping)
        let optional: String? = diagnostic.code
        #expect(optional == .ambiguousMapping)
        let matched: Bool
        switch diagnostic.code {
        case Diagnostic.Code.missingMapping: matched = false
        case Diagnostic.Code.ambiguousMapping: matched = true
        default: matched = false
        }
        #expect(matched)
    }

    @Test(arguments: [
        (Diagnostic.Code.invalidJSON, "invalid-json"), (.missingMapping, "missing-mapping"),
        (.reuseIdentifierConflict, "reuse-identifier-conflict"), (.unusedDecorator, "unused-decorator"),
    ])
    func constantsSpellTheStableStrings(code: Diagnostic.Code, text: String) {
        #expect(code.rawValue == text)
        #expect(code.description == text)
    }

    @Test func aDiagnosticIsAnError() {
        let error: any Error = Diagnostic(severity: .error, code: .nilModel, message: "nil")
        #expect((error as? Diagnostic)?.code == .nilModel)
    }
}
