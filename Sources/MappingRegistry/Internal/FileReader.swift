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
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        if let size = attributes?[.size] as? Int, size > limit {
            throw failure("it is \(size) bytes, more than the limit of \(limit) bytes")
        }
        // An empty regular file (an editor truncates before it writes) is not
        // read: Foundation's `Data(contentsOf:)` leaks a 4 KiB buffer on one.
        if attributes?[.size] as? Int == 0, attributes?[.type] as? FileAttributeType == .typeRegular {
            return Data()
        }
        do {
            let data = try Data(contentsOf: url)
            guard data.count <= limit else {
                throw failure("it is \(data.count) bytes, more than the limit of \(limit) bytes")
            }
            return data
        } catch let error as ConfigurationError {
            throw error
        } catch {
            throw failure(error.localizedDescription)
        }
    }
}
