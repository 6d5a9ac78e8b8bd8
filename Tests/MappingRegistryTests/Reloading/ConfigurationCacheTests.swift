import Foundation
@testable import MappingRegistry
import Testing

/// The cache file: a header line that makes a torn, truncated or foreign
/// file recognisable, then the exact bytes; written through a renamed
/// temporary file.
@Suite struct ConfigurationCacheTests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test(arguments: [
        ("", "cbf29ce484222325"),
        ("a", "af63dc4c8601ec8c"),
        ("foobar", "85944171f73967e8"),
    ])
    func theChecksumIsFNV1a64(_ text: String, _ hash: String) {
        #expect(ConfigurationCache.checksum(Data(text.utf8)) == hash)
    }

    @Test func aFileIsAHeaderLineThenTheExactBytes() throws {
        let payload = Data("{ \"version\": 1,\n  \"mappings\": [] }".utf8)
        let file = ConfigurationCache.encode(payload, source: "https://example.com/a/mappings.json")
        let text = String(decoding: file, as: UTF8.self)
        #expect(text == """
            {"fnv1a64":"\(ConfigurationCache.checksum(payload))","format":"mapping-registry-cache","length":34,"source":"https://example.com/a/mappings.json","version":1}
            { "version": 1,
              "mappings": [] }
            """)
        #expect(try ConfigurationCache.decode(file) == ConfigurationCache.Entry(payload: payload, source: "https://example.com/a/mappings.json"))
    }

    @Test func anEmptyConfigurationRoundTrips() throws {
        let file = ConfigurationCache.encode(Data(), source: "")
        #expect(try ConfigurationCache.decode(file) == ConfigurationCache.Entry(payload: Data(), source: ""))
    }

    @Test(arguments: [
        ("", ConfigurationCache.Problem.empty),
        ("{}", .notACache),
        ("{\"format\":\"something-else\",\"version\":1,\"length\":0,\"fnv1a64\":\"\",\"source\":\"\"}\n", .notACache),
        ("{\"format\":\"mapping-registry-cache\",\"version\":9,\"length\":0,\"fnv1a64\":\"\",\"source\":\"\"}\n", .otherVersion(9)),
        ("{\"format\":\"mapping-registry-cache\",\"version\":1,\"length\":5,\"fnv1a64\":\"\",\"source\":\"\"}\nabc", .truncated(found: 3, expected: 5)),
        ("{\"format\":\"mapping-registry-cache\",\"version\":1,\"length\":1,\"fnv1a64\":\"\",\"source\":\"\"}\nabc", .overlong(found: 3, expected: 1)),
        ("{\"format\":\"mapping-registry-cache\",\"version\":1,\"length\":3,\"fnv1a64\":\"0000000000000000\",\"source\":\"\"}\nabc", .checksumMismatch),
    ])
    func aDamagedFileIsRecognised(_ text: String, _ problem: ConfigurationCache.Problem) {
        #expect(throws: problem) { try ConfigurationCache.decode(Data(text.utf8)) }
    }

    @Test func aHeaderLongerThanItsLimitIsNoCache() {
        let file = Data(repeating: UInt8(ascii: " "), count: ConfigurationCache.headerLimit) + ConfigurationCache.encode(Data(), source: "")
        #expect(throws: ConfigurationCache.Problem.notACache) { try ConfigurationCache.decode(file) }
    }

    /// The apply fuzzer's seeds are cache files of this format, damaged in known ways.
    @Test(arguments: [
        ("cache-menu.cache", nil),
        ("cache-broken-mappings.cache", nil),
        ("cache-truncated.cache", ConfigurationCache.Problem.truncated(found: 1926, expected: 1951)),
        ("cache-other-version.cache", .otherVersion(2)),
        ("cache-torn.cache", .checksumMismatch),
    ] as [(String, ConfigurationCache.Problem?)])
    func theFuzzSeedsAreInThisFormat(_ name: String, _ problem: ConfigurationCache.Problem?) throws {
        let data = try Data(contentsOf: Self.packageRoot.appendingPathComponent("Tests/Fuzz/Corpus/apply/\(name)"))
        if let problem {
            #expect(throws: problem) { try ConfigurationCache.decode(data) }
        } else {
            #expect(try ConfigurationCache.decode(data).source == "https://example.com/mappings.json")
        }
    }

    // MARK: - Writing

    @Test func aWriteReplacesTheFileAndLeavesNothingBeside() throws {
        let file = try MappingsFile(name: "cache.json")
        let cache = ConfigurationCache(url: file.url)
        #expect(try cache.read() == nil)
        try cache.write(Data("one".utf8), source: "a")
        try cache.write(Data("two".utf8), source: "b")
        #expect(try cache.read() == ConfigurationCache.Entry(payload: Data("two".utf8), source: "b"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: file.directory.path) == ["cache.json"])
    }

    @Test func aWriteStoppedBeforeTheRenameLeavesTheOldFileWhole() throws {
        let file = try MappingsFile(name: "cache.json")
        let cache = ConfigurationCache(url: file.url)
        try cache.write(Data("old".utf8), source: "a")
        struct Crash: Error {}
        #expect(throws: ConfigurationCache.WriteFailure.self) {
            try cache.write(Data("new".utf8), source: "b") { step in
                if step == .beforeRename { throw Crash() }
            }
        }
        #expect(try cache.read() == ConfigurationCache.Entry(payload: Data("old".utf8), source: "a"))
        // The new bytes are whole in the temporary file the crash left: only the rename was missing.
        let stray = try #require(try FileManager.default.contentsOfDirectory(atPath: file.directory.path).first { $0.hasSuffix(".tmp") })
        let left = try Data(contentsOf: file.directory.appendingPathComponent(stray))
        #expect(try ConfigurationCache.decode(left).payload == Data("new".utf8))
    }

    @Test func aWriteIntoAMissingDirectorySaysWhichFile() throws {
        let file = try MappingsFile(name: "cache.json")
        let cache = ConfigurationCache(url: file.directory.appendingPathComponent("gone/cache.json"))
        let failure = try #require(throws: ConfigurationCache.WriteFailure.self) { try cache.write(Data(), source: "") }
        #expect(failure.reason.hasPrefix("cannot create '\(file.directory.path)/gone/.cache.json."))
        #expect(failure.reason.hasSuffix(".tmp': No such file or directory"))
    }
}
