import Foundation

/// What `generate-files` was asked to do, read from its arguments.
///
///     GenerateFiles --package-root DIR [--menu PATH] [--check]
///
/// It makes every generated region (``GeneratedFiles/regions``) and, given
/// the sample's `menu` executable, the files that `menu` writes in full
/// (``GeneratedFiles/menuOutputs``), and the files made in full here
/// (``GeneratedFiles/wholeFiles``). It writes the files that changed, or
/// with `--check` writes nothing and exits 1 naming each file that is out
/// of date.
struct GenerateCommand {
    var root: URL
    var menu: URL?
    var check = false

    static let usage = "usage: GenerateFiles --package-root DIR [--menu PATH] [--check]"

    init(arguments: [String]) throws(GenerateError) {
        var root: URL?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--package-root":
                guard let value = remaining.popFirst() else { throw GenerateError("--package-root needs a folder\n\(Self.usage)") }
                root = URL(fileURLWithPath: value, isDirectory: true)
            case "--menu":
                guard let value = remaining.popFirst() else { throw GenerateError("--menu needs the menu executable's path\n\(Self.usage)") }
                menu = URL(fileURLWithPath: value)
            case "--check":
                check = true
            default:
                throw GenerateError("unknown argument '\(argument)'\n\(Self.usage)")
            }
        }
        guard let root else { throw GenerateError("--package-root is required\n\(Self.usage)") }
        self.root = root
    }

    /// Each file's new text, keyed by its path relative to the root, in the
    /// order first met.
    func generate() throws -> [(path: String, text: String)] {
        var files: [(path: String, text: String)] = []
        for region in GeneratedFiles.regions {
            let index: Int
            if let existing = files.firstIndex(where: { $0.path == region.path }) {
                index = existing
            } else {
                let url = root.appendingPathComponent(region.path)
                guard let text = try? String(contentsOf: url, encoding: .utf8) else {
                    throw GenerateError("cannot read \(url.path)")
                }
                files.append((region.path, text))
                index = files.count - 1
            }
            files[index].text = try region.apply(to: files[index].text, root: root)
        }
        for file in GeneratedFiles.wholeFiles {
            files.append((file.path, file.render()))
        }
        if let menu {
            for output in GeneratedFiles.menuOutputs {
                files.append((output.path, try Self.run(menu, output.arguments, in: root)))
            }
        }
        return files
    }

    /// The standard output of `executable arguments`, run in `directory`;
    /// throws when it fails.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL) throws -> String {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        process.currentDirectoryURL = directory
        let output = Pipe(), errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw GenerateError("\(executable.lastPathComponent) \(arguments.joined(separator: " ")) failed: \(String(decoding: message, as: UTF8.self))")
        }
        return String(decoding: data, as: UTF8.self)
    }

    /// Writes (or, with `--check`, compares) every generated file; returns
    /// the paths that were, or would be, changed.
    func run() throws -> [String] {
        var changed: [String] = []
        for file in try generate() {
            let url = root.appendingPathComponent(file.path)
            let current = try? String(contentsOf: url, encoding: .utf8)
            guard current != file.text else { continue }
            changed.append(file.path)
            if !check {
                try Data(file.text.utf8).write(to: url, options: .atomic)
            }
        }
        return changed
    }
}
