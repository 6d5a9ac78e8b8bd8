import Foundation

/// The package's documents (README.md, Benchmarks/README.md and every DocC
/// article) and the code listings in them, and the marked regions of the
/// compiled test sources that those listings copy.
///
/// A Swift listing is a copy of a region of a test source file:
///
///     // doc-listing: shelf-registry
///     let registry = try MappingRegistry(plugins: plugins) { … }
///     // doc-listing-end: shelf-registry
///
/// Regions may nest; marker lines are never part of a region's text. A listing
/// that is deliberately not compilable Swift (a fragment) has the line
/// `<!-- swift-fragment: why -->` right above its opening fence.
enum Documentation {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    static let regionStart = "// doc-listing: "
    static let regionEnd = "// doc-listing-end: "
    static let fragmentMarker = "<!-- swift-fragment: "

    // MARK: Documents

    /// Paths, relative to the package root, of README.md, Benchmarks/README.md
    /// and every article of every module's documentation catalog.
    static let documentPaths: [String] = {
        var paths = ["README.md", "Benchmarks/README.md"]
        paths += files(under: "Sources", named: { $0.hasSuffix(".md") && $0.contains(".docc/") })
        return paths
    }()

    /// Paths, relative to the package root, of every Swift file under `Tests/`
    /// that SwiftPM compiles: all but `Tests/Fuzz`, whose harnesses only
    /// `.ci/fuzz` builds; and the sources and manifest of the nested package
    /// `Examples/CheckedMappings`, which `.ci/check-build-plugin` builds and tests.
    static let compiledTestSourcePaths: [String] =
        files(under: "Tests", named: { $0.hasSuffix(".swift") && !$0.hasPrefix("Tests/Fuzz/") })
        + files(under: checkedMappingsExample, named: { $0.hasSuffix(".swift") && !$0.contains("/.build/") && !$0.contains("/.swiftpm/") })

    /// The nested package of "Check mappings when you build".
    static let checkedMappingsExample = "Examples/CheckedMappings"

    static func files(under directory: String, named matches: (String) -> Bool) -> [String] {
        let root = packageRoot.appendingPathComponent(directory)
        guard let enumerator = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        var paths: [String] = []
        for case let url as URL in enumerator {
            let relative = directory + "/" + url.path.dropFirst(root.path.count + 1)
            if matches(relative) { paths.append(relative) }
        }
        return paths.sorted()
    }

    static func text(of path: String) throws -> String {
        try String(contentsOf: packageRoot.appendingPathComponent(path), encoding: .utf8)
    }

    // MARK: Fenced code blocks

    /// One fenced code block of a markdown document.
    struct CodeBlock {
        /// The document's path, relative to the package root.
        var document: String
        /// The 1-based line of the opening fence.
        var line: Int
        /// The fence's info string, such as `swift`.
        var language: String
        /// The block's lines, without the fence's own indentation.
        var lines: [String]
        /// Why the block is not compilable Swift, when it is marked as a fragment.
        var fragmentReason: String?

        /// The block's text, normalized as ``Documentation/normalized(_:)`` does.
        var text: String { Documentation.normalized(lines) }
        var place: String { "\(document):\(line)" }
    }

    /// Every block fenced by exactly three backticks, in order. A fence may be
    /// indented (inside a list item); its content loses that indentation.
    static func codeBlocks(in document: String) throws -> [CodeBlock] {
        let lines = try text(of: document).components(separatedBy: "\n")
        var blocks: [CodeBlock] = []
        var index = 0
        while index < lines.count {
            guard let (indent, language) = openingFence(lines[index]) else {
                index += 1
                continue
            }
            let previous = index > 0 ? lines[index - 1].trimmingCharacters(in: .whitespaces) : ""
            var reason: String?
            if previous.hasPrefix(fragmentMarker), previous.hasSuffix("-->") {
                reason = String(previous.dropFirst(fragmentMarker.count).dropLast(3)).trimmingCharacters(in: .whitespaces)
            }
            var content: [String] = []
            var end = index + 1
            while end < lines.count, lines[end].trimmingCharacters(in: .whitespaces) != "```" {
                content.append(String(lines[end].dropFirst(min(indent, leadingSpaces(lines[end])))))
                end += 1
            }
            blocks.append(CodeBlock(document: document, line: index + 1, language: language, lines: content, fragmentReason: reason))
            index = end + 1
        }
        return blocks
    }

    /// The indentation and info string of an opening fence: three backticks
    /// and an optional language word, nothing else.
    static func openingFence(_ line: String) -> (indent: Int, language: String)? {
        let indent = leadingSpaces(line)
        let rest = line.dropFirst(indent)
        guard rest.hasPrefix("```") else { return nil }
        let language = rest.dropFirst(3).trimmingCharacters(in: .whitespaces)
        guard !language.isEmpty, language.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" }) else { return nil }
        return (indent, language)
    }

    static func leadingSpaces(_ line: some StringProtocol) -> Int {
        line.prefix { $0 == " " }.count
    }

    /// Lines without trailing spaces, without leading and trailing blank
    /// lines, and without the indentation all non-blank lines share.
    static func normalized(_ lines: [String]) -> String {
        var trimmed = lines.map { String($0.reversed().drop { $0 == " " }.reversed()) }
        while trimmed.first?.isEmpty == true { trimmed.removeFirst() }
        while trimmed.last?.isEmpty == true { trimmed.removeLast() }
        let indent = trimmed.filter { !$0.isEmpty }.map { leadingSpaces($0) }.min() ?? 0
        return trimmed.map { String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    /// The body of the first block of `language` after the line `marker` (an
    /// HTML comment such as `<!-- quick-start-output -->`), with a final newline.
    static func block(after marker: String, language: String, in document: String) throws -> String? {
        let lines = try text(of: document).components(separatedBy: "\n")
        guard let markerLine = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == marker }) else { return nil }
        return try codeBlocks(in: document)
            .first { $0.line > markerLine && $0.language == language }
            .map { $0.lines.joined(separator: "\n") + "\n" }
    }

    // MARK: Regions of test sources

    /// A marked region of a compiled test source.
    struct Region {
        var name: String
        /// Where it is: `path:line` of its opening marker.
        var place: String
        /// Its text, without marker lines, normalized.
        var text: String
    }

    /// A problem with the markers themselves: unpaired, or a name used twice.
    struct MarkerProblem: CustomStringConvertible {
        var place: String
        var message: String
        var description: String { "\(place): \(message)" }
    }

    /// Every region of every compiled test source, and every marker problem.
    static func regions() throws -> (regions: [Region], problems: [MarkerProblem]) {
        var regions: [Region] = []
        var problems: [MarkerProblem] = []
        var seen: [String: String] = [:]
        for path in compiledTestSourcePaths {
            let lines = try text(of: path).components(separatedBy: "\n")
            var open: [(name: String, line: Int, content: [String])] = []
            for (index, line) in lines.enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                let place = "\(path):\(index + 1)"
                if trimmed.hasPrefix(regionStart) {
                    let name = String(trimmed.dropFirst(regionStart.count))
                    if let other = seen[name] {
                        problems.append(MarkerProblem(place: place, message: "region '\(name)' is also at \(other)"))
                    }
                    seen[name] = place
                    open.append((name, index + 1, []))
                } else if trimmed.hasPrefix(regionEnd) {
                    let name = String(trimmed.dropFirst(regionEnd.count))
                    guard let position = open.lastIndex(where: { $0.name == name }) else {
                        problems.append(MarkerProblem(place: place, message: "'\(name)' ends but never begins"))
                        continue
                    }
                    let region = open.remove(at: position)
                    regions.append(Region(name: name, place: "\(path):\(region.line)", text: normalized(region.content)))
                } else {
                    for position in open.indices { open[position].content.append(line) }
                }
            }
            for region in open {
                problems.append(MarkerProblem(place: "\(path):\(region.line)", message: "'\(region.name)' never ends"))
            }
        }
        return (regions, problems)
    }
}
