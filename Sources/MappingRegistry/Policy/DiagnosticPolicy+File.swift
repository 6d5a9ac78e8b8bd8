import Foundation

/// A policy written in a file beside the mappings, for the build plugin:
///
/// ```json
/// { "ignore": ["unused-view"], "warning": ["overlapping-mappings"], "error": ["used-fallback"] }
/// ```
///
/// Each key is optional and lists codes, as `--ignore`, `--warning` and
/// `--error` name them on the command line, under the same rules: a code
/// the library does not report, or a code that leaves no usable registry
/// made a warning or ignored, is refused (`invalid-policy`, with a
/// did-you-mean or the reason), and so is a code listed twice.
extension DiagnosticPolicy {
    /// The policy file's name: `mapping-registry-policy.json`.
    package static let fileName = "mapping-registry-policy.json"

    /// The keys of a policy file, in the order messages list them.
    static let fileKeys = ["ignore", "warning", "error"]

    /// Reads a policy file, collecting every problem rather than stopping at the first.
    ///
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - source: The file name diagnostics use.
    /// - Returns: The policy, with every code that could be read applied,
    ///   and the problems, each at its line and column (`invalid-json`,
    ///   `wrong-type`, `unknown-key`, `duplicate-key`, `invalid-policy`).
    package static func read(_ data: Data, source: String) -> (policy: DiagnosticPolicy, diagnostics: [Diagnostic]) {
        var policy = DiagnosticPolicy()
        var diagnostics: [Diagnostic] = []
        let root: JSONNode
        do {
            root = try JSONParser.parse(data)
        } catch {
            return (policy, [.invalidJSON(error, file: source)])
        }
        guard let members = root.objectMembers else {
            let expected = "a JSON object with 'ignore', 'warning' and 'error', each an array of diagnostic codes"
            return (policy, [.wrongType(expected: expected, found: root, at: SourceLocation(of: root, pointer: "", file: source))])
        }
        let fields = ObjectFields.check(members, known: fileKeys, in: "", file: source) { diagnostics.append($0) }
        // Where each code was listed first, so a second listing can point at it.
        var listed: [String: (key: String, location: SourceLocation)] = [:]
        for key in fileKeys {
            guard let node = fields[key] else { continue }
            let pointer = JSONPointer.appending("", key: key)
            guard let elements = node.arrayElements else {
                diagnostics.append(.wrongType(expected: "an array of diagnostic codes", found: node, key: key, at: SourceLocation(of: node, pointer: pointer, file: source)))
                continue
            }
            for (index, element) in elements.enumerated() {
                let location = SourceLocation(of: element, pointer: JSONPointer.appending(pointer, index: index), file: source)
                guard let code = element.stringValue else {
                    diagnostics.append(.wrongType(expected: "a diagnostic code", found: element, key: key, element: true, at: location))
                    continue
                }
                if let first = listed[code] {
                    diagnostics.append(.invalidPolicy(
                        "'\(code)' is already listed in '\(first.key)' at \(first.location); list each code once",
                        at: location,
                        notes: [Diagnostic.Note(message: "'\(code)' is first listed here", location: first.location)]
                    ))
                    continue
                }
                do {
                    switch key {
                    case "ignore": try policy.ignore(Diagnostic.Code(rawValue: code))
                    case "warning": try policy.treat(Diagnostic.Code(rawValue: code), as: .warning)
                    default: try policy.treat(Diagnostic.Code(rawValue: code), as: .error)
                    }
                    listed[code] = (key, location)
                } catch {
                    diagnostics.append(.invalidPolicy(error.message, at: location))
                }
            }
        }
        return (policy, Diagnostic.sorted(diagnostics))
    }
}

extension Diagnostic {
    /// `invalid-policy`: a code in a policy file that the policy cannot take.
    static func invalidPolicy(_ message: String, at location: SourceLocation, notes: [Note] = []) -> Diagnostic {
        Diagnostic(severity: .error, code: .invalidPolicy, message: message, location: location, notes: notes)
    }
}
