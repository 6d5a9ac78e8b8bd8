import Foundation

/// A part of a committed file that is generated: the whole lines between a
/// `begin` marker line and an `end` marker line.
///
/// `swift package --allow-writing-to-package-directory generate` rewrites
/// each region; a test checks that each committed region is what
/// ``render`` makes now.
struct GeneratedRegion: Sendable, CustomStringConvertible {
    /// The file, relative to the package root.
    let path: String
    /// Text on the line before the region.
    let begin: String
    /// Text on the line after the region.
    let end: String
    /// The region's text, made from the package root.
    let render: @Sendable (_ root: URL) throws -> String

    var description: String { path }

    /// The text between the line holding `begin` and the next line holding
    /// `end`; `nil` when either marker is missing.
    static func region(of text: String, begin: String, end: String) -> Range<String.Index>? {
        guard let start = text.range(of: begin), let lineEnd = text[start.upperBound...].firstIndex(of: "\n"),
              let stop = text.range(of: end, range: lineEnd..<text.endIndex) else { return nil }
        let lineStart = text[..<stop.lowerBound].lastIndex(of: "\n").map { text.index(after: $0) } ?? stop.lowerBound
        return text.index(after: lineEnd)..<lineStart
    }

    /// The file's text with this region made anew.
    func apply(to text: String, root: URL) throws -> String {
        guard let range = Self.region(of: text, begin: begin, end: end) else {
            throw GenerateError("\(path) has no region between a line with '\(begin)' and a line with '\(end)'")
        }
        return text.replacingCharacters(in: range, with: try render(root))
    }
}

/// Why generating stopped, said in one line.
struct GenerateError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
