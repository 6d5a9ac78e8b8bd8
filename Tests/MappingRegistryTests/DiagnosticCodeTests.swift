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

    @Test func aCodeComparesWithAConstantAndWithItsText() {
        let diagnostic = Diagnostic(severity: .error, code: .ambiguousMapping, message: "m")
        #expect(diagnostic.code == "ambiguous-mapping")
        #expect(diagnostic.code == .ambiguousMapping)
        #expect(diagnostic.code != .missingMapping)
        #expect(diagnostic.code != "missing-mapping")
        let resolution: Diagnostic? = diagnostic
        #expect(resolution?.code == .ambiguousMapping)
        #expect(resolution?.code == "ambiguous-mapping")
        let byConstant = switch diagnostic.code {
        case .missingMapping: false
        case .ambiguousMapping: true
        default: false
        }
        let byText = switch diagnostic.code {
        case "missing-mapping": false
        case "ambiguous-mapping": true
        default: false
        }
        #expect(byConstant && byText)
    }

    @Test func aCodeIsCodedAsItsText() throws {
        let encoded = try JSONEncoder().encode([Diagnostic.Code.nilModel, "made-up"])
        #expect(String(decoding: encoded, as: UTF8.self) == #"["nil-model","made-up"]"#)
        #expect(try JSONDecoder().decode([Diagnostic.Code].self, from: encoded) == [.nilModel, "made-up"])
        let diagnostic = Diagnostic(severity: .warning, code: .unusedView, message: "m")
        let object = try JSONSerialization.jsonObject(with: JSONEncoder().encode(diagnostic)) as? [String: Any]
        #expect(object?["code"] as? String == "unused-view")
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
