import Foundation

/// A file's name and contents, for defaults a tool carries inside itself
/// (bundled mappings or data) instead of reading them from disk.
public struct InputFile: Sendable {
    /// The name diagnostics use for the file, such as `menu-data.json`.
    public var name: String
    /// The file's bytes.
    public var contents: Data

    /// Creates a file from bytes.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use.
    ///   - contents: The bytes.
    public init(name: String, contents: Data) {
        self.name = name
        self.contents = contents
    }

    /// Creates a file from text, stored as UTF-8.
    ///
    /// - Parameters:
    ///   - name: The name diagnostics use.
    ///   - text: The contents.
    public init(name: String, text: String) {
        self.init(name: name, contents: Data(text.utf8))
    }
}
