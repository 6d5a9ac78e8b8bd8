/// Finds the closest known name to a misspelt one, for "did you mean" hints.
package enum Suggestion {
    /// The candidate closest to `name`, if it is close enough to be a likely
    /// typo: an edit distance of at most a third of the name's length
    /// (at least 1, at most 3), comparing case-insensitively.
    package static func closest(to name: String, in candidates: some Sequence<String>) -> String? {
        let target = Array(name.lowercased().unicodeScalars)
        let limit = min(3, max(1, target.count / 3))
        var best: (name: String, distance: Int)?
        for candidate in candidates where candidate != name {
            let distance = editDistance(target, Array(candidate.lowercased().unicodeScalars), limit: limit)
            guard distance <= limit else { continue }
            if let current = best, (current.distance, current.name) <= (distance, candidate) { continue }
            best = (candidate, distance)
        }
        return best?.name
    }

    /// `"; did you mean 'x'?"`, or the empty string when nothing is close.
    package static func hint(for name: String, in candidates: some Sequence<String>) -> String {
        closest(to: name, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The optimal string alignment distance (Damerau-Levenshtein without
    /// repeated edits of one substring): insertions, deletions,
    /// substitutions and transpositions of two adjacent characters each
    /// count one edit, so `viwe` is one edit from `view`. Gives up
    /// (returning `limit + 1`) once the distance must exceed `limit`.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar], limit: Int) -> Int {
        if abs(a.count - b.count) > limit { return limit + 1 }
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        // Three rows: a transposition looks two rows back.
        var beforePrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            var rowMinimum = current[0]
            for j in 1...b.count {
                let substitution = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
                var distance = min(previous[j] + 1, current[j - 1] + 1, substitution)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    distance = min(distance, beforePrevious[j - 2] + 1)
                }
                current[j] = distance
                rowMinimum = min(rowMinimum, distance)
            }
            // Every later row stays above the limit too: a transposition
            // from two rows back also passes through this row.
            if rowMinimum > limit { return limit + 1 }
            (beforePrevious, previous, current) = (previous, current, beforePrevious)
        }
        return previous[b.count]
    }
}

extension Diagnostic {
    /// `unknown-view`, `unknown-model`, `unknown-predicate` or
    /// `unknown-decorator`: a name the catalog does not have, with the
    /// closest registered name as a hint.
    ///
    /// - Parameters:
    ///   - category: `view`, `model`, `predicate` or `decorator`, as the message says it.
    ///   - code: The code for the category.
    ///   - name: The name as written.
    ///   - candidates: The names that would have been accepted here.
    ///   - noneRegistered: What to say when there are no candidates at all.
    ///   - location: Where the name is written.
    static func unknownPlugin(
        _ category: String,
        code: Diagnostic.Code,
        named name: String,
        candidates: some Collection<String>,
        noneRegistered: String,
        at location: SourceLocation
    ) -> Diagnostic {
        let hint = candidates.isEmpty ? "; \(noneRegistered)" : Suggestion.hint(for: name, in: candidates)
        return Diagnostic(severity: .error, code: code, message: "unknown \(category) '\(name)'\(hint)", location: location)
    }
}
