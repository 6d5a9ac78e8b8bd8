import Foundation
@testable import MappingRegistry
import TestSupport
import Testing

/// Reading input files: empty files, the size limit, and what cannot be read.
@Suite struct FileReaderTests {
    /// The files this test writes; removed when it ends.
    let temporary = TemporaryDirectory(prefix: "file-reader")

    private func file(_ bytes: Int) throws -> URL {
        try temporary.write(Data(repeating: UInt8(ascii: "x"), count: bytes), to: "\(bytes)-bytes")
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
            try FileReader.read(temporary.url, limit: 10)
        }
        #expect(error.diagnostics.map(\.code) == ["unreadable-file"])
        #expect(error.diagnostics.first?.message.hasSuffix("it is a directory") == true)
    }
}
