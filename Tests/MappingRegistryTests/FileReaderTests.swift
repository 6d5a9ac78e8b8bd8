import Foundation
@testable import MappingRegistry
import Testing

/// Reading input files: empty files, the size limit, and what cannot be read.
@Suite struct FileReaderTests {
    private func file(_ bytes: Int) throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("file-reader-\(UUID().uuidString)")
        try Data(repeating: UInt8(ascii: "x"), count: bytes).write(to: url)
        return url
    }

    @Test func anEmptyFileReadsAsNoBytes() throws {
        #expect(try FileReader.read(file(0), limit: 10) == Data())
    }

    @Test func aFileUpToTheLimitIsReadWhole() throws {
        #expect(try FileReader.read(file(10), limit: 10).count == 10)
    }

    @Test func aFileOverTheLimitIsUnreadable() throws {
        let url = try file(11)
        let error = try #require(throws: ConfigurationError.self) { try FileReader.read(url, limit: 10) }
        #expect(error.diagnostics.map(\.message) == ["cannot read '\(url.path)': it is 11 bytes, more than the limit of 10 bytes"])
    }

    @Test func aDirectoryIsUnreadable() throws {
        let error = try #require(throws: ConfigurationError.self) {
            try FileReader.read(FileManager.default.temporaryDirectory, limit: 10)
        }
        #expect(error.diagnostics.map(\.code) == ["unreadable-file"])
        #expect(error.diagnostics.first?.message.hasSuffix("it is a directory") == true)
    }
}
