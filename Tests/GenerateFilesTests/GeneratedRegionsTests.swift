import Foundation
@testable import GenerateFiles
import MappingRegistry
import Testing

/// The generated parts of the package's committed files are what
/// `GenerateFiles` makes now: the diagnostic code tables of README, of the
/// DocC Diagnostics reference and of `Diagnostic+Code.swift`, and README's
/// copy of `mappings.json`. Tests only compare; the files are written by
/// `swift package --allow-writing-to-package-directory generate`.
@Suite struct GeneratedRegionsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: GeneratedFiles.regions)
    func theCommittedRegionIsWhatTheGeneratorMakes(_ region: GeneratedRegion) throws {
        let url = Self.packageRoot.appendingPathComponent(region.path)
        let text = try String(contentsOf: url, encoding: .utf8)
        let range = try #require(
            GeneratedRegion.region(of: text, begin: region.begin, end: region.end),
            "\(region.path) has no region between '\(region.begin)' and '\(region.end)' lines"
        )
        #expect(
            String(text[range]) == (try region.render(Self.packageRoot)),
            "\(region.path) is out of date; run swift package --allow-writing-to-package-directory generate"
        )
    }

    @Test(arguments: GeneratedFiles.wholeFiles.map(\.path))
    func theCommittedFileIsWhatTheGeneratorMakes(_ path: String) throws {
        let file = try #require(GeneratedFiles.wholeFiles.first { $0.path == path })
        let committed = try String(contentsOf: Self.packageRoot.appendingPathComponent(path), encoding: .utf8)
        #expect(committed == file.render(), "\(path) is out of date; run swift package --allow-writing-to-package-directory generate")
    }

    @Test func generatingTwiceChangesNothingTheSecondTime() throws {
        let command = try GenerateCommand(arguments: ["--package-root", Self.packageRoot.path, "--check"])
        let once = try command.generate()
        for file in once {
            let again = try GeneratedFiles.regions.filter { $0.path == file.path }.reduce(file.text) { text, region in
                try region.apply(to: text, root: Self.packageRoot)
            }
            #expect(again == file.text, "\(file.path): a second run would change it")
        }
    }

    @Test func aMissingMarkerIsAnErrorNamingTheFile() {
        let region = GeneratedRegion(path: "NOTES.md", begin: "<!-- a -->", end: "<!-- b -->", render: { _ in "x\n" })
        #expect(throws: GenerateError.self) { try region.apply(to: "no markers\n", root: Self.packageRoot) }
        #expect((try? region.apply(to: "<!-- a -->\nold\n<!-- b -->\n", root: Self.packageRoot)) == "<!-- a -->\nx\n<!-- b -->\n")
    }

    @Test(arguments: [
        ["--check"], ["--package-root"], ["--package-root", "/", "--menu"], ["--package-root", "/", "--frobnicate"],
    ])
    func badArgumentsAreAnErrorThatShowsTheUsage(_ arguments: [String]) {
        do {
            _ = try GenerateCommand(arguments: arguments)
            Issue.record("\(arguments) was accepted")
        } catch {
            #expect(error.description.hasSuffix(GenerateCommand.usage))
        }
    }

    @Test func aRegionIsTheWholeLinesBetweenTheMarkers() throws {
        let text = "intro\n<!-- a -->\none\ntwo\n    <!-- b -->\nend\n"
        let region = try #require(GeneratedRegion.region(of: text, begin: "<!-- a -->", end: "<!-- b -->"))
        #expect(text[region] == "one\ntwo\n")
        #expect(GeneratedRegion.region(of: "<!-- a -->\n", begin: "<!-- a -->", end: "<!-- b -->") == nil)
    }

    @Test func everyEntryIsCompleteAndConsistent() {
        #expect(Diagnostic.Code.all == Diagnostic.Code.table.map(\.code))
        for info in Diagnostic.Code.table {
            #expect(info.summary.hasSuffix(".") && info.help.hasSuffix("."), "\(info.code): end summary and help with a period")
            #expect(!info.stages.isEmpty, "\(info.code) names no stage")
            #expect(info.severity != .note, "\(info.code): a note is attached to a diagnostic, never reported alone")
            if info.fixedReason != nil {
                #expect(info.severity == .error, "\(info.code): only an error can leave no usable registry")
            }
            #expect(info.code.info?.summary == info.summary)
        }
    }

    @Test(arguments: [
        (Diagnostic.Code.invalidJSON, "invalidJSON", "InvalidJSON"),
        (.reuseIdentifierConflict, "reuseIdentifierConflict", "ReuseIdentifierConflict"),
        ("json-thing", "jsonThing", "JSONThing"),
    ] as [(Diagnostic.Code, String, String)])
    func namesAreMadeFromTheCode(code: Diagnostic.Code, constant: String, rule: String) {
        #expect(code.constantName == constant)
        #expect(code.ruleName == rule)
    }

    @Test func readmeListsEveryCodeOnceUnderWhenAndHowSevere() {
        let readme = DiagnosticCodeTable.readme()
        #expect(readme.contains("- Loading mappings, errors: `invalid-json`, `unsupported-version`, "))
        #expect(readme.contains("- Loading mappings, warnings: `unused-view`, "))
        #expect(readme.contains("- Resolving items, errors: `missing-mapping`, `ambiguous-mapping`, "))
        for info in Diagnostic.Code.table {
            #expect(readme.components(separatedBy: "`\(info.code)`").count == 2, "\(info.code) is listed once")
        }
    }
}
