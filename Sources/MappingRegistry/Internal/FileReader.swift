import Foundation

/// Reads input files with a size limit, turning every failure into a diagnostic.
package enum FileReader {
    /// The largest configuration file the registry reads: 64 MiB.
    package static let configurationLimit = 64 * 1024 * 1024

    /// Reads a whole file.
    ///
    /// - Throws: ``ConfigurationError`` with one `unreadable-file` diagnostic.
    package static func read(_ url: URL, limit: Int) throws(ConfigurationError) -> Data {
        let path = url.path
        func failure(_ reason: String) -> ConfigurationError {
            ConfigurationError(diagnostics: [Diagnostic(
                severity: .error,
                code: .unreadableFile,
                message: "cannot read '\(path)': \(reason)"
            )])
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw failure("no such file")
        }
        if isDirectory.boolValue { throw failure("it is a directory") }
        if let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int, size > limit {
            throw failure("it is \(size) bytes, more than the limit of \(limit) bytes")
        }
        do {
            let data: Data
            if #available(macOS 10.15.4, iOS 13.4, tvOS 13.4, watchOS 6.2, *) {
                // Through a FileHandle, not `Data(contentsOf:)`, which on Linux
                // leaks a 4 KiB buffer for every empty file it reads (an editor
                // truncates a file before writing it; a watch can read it then).
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                data = try handle.read(upToCount: limit + 1) ?? Data()
            } else {
                // Older Apple systems have no throwing FileHandle reads: the
                // others raise Objective-C exceptions, which Swift cannot
                // catch. `Data(contentsOf:)` throws; it reads the whole file,
                // so there the size check above is what bounds the read.
                data = try Data(contentsOf: url)
            }
            guard data.count <= limit else {
                throw failure("it is more than the limit of \(limit) bytes")
            }
            return data
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw failure(error.localizedDescription)
        }
    }
}
