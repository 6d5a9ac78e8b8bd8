/// The difference between two texts, line by line, written as a unified
/// diff: `-` for a line only in the expected text, `+` for one only in the
/// actual text, a space for a line both have, a few of which are kept
/// around each change; each group of changes is headed by
/// `@@ -line,count +line,count @@` as `diff -u` writes it.
///
/// ```text
/// @@ -2,3 +2,3 @@
///  section 0, header  String  TitleView (mappings.json:6:5)
/// -section 0, item 0  Dish    DishRow (mappings.json:4:5)
/// +section 0, item 0  Dish    FoodRow (mappings.json:5:5)
///  section 0, item 1  Dish    DishRow (mappings.json:4:5)
/// ```
struct LineDiff {
    /// What a line of the diff says.
    enum Change: Equatable {
        case unchanged, removed, inserted
    }

    /// One line of the edit script, with the 0-based line numbers in each text
    /// it is at (or, for a line missing from one text, would be inserted at).
    struct Line: Equatable {
        let change: Change
        let text: Substring
        let expectedLine: Int
        let actualLine: Int
    }

    /// Every line of both texts, in order: each expected line that was
    /// removed, each actual line that was inserted, each common line once.
    let script: [Line]

    /// Compares two texts line by line; a final line break ends the last
    /// line rather than starting an empty one.
    ///
    /// - Parameters:
    ///   - expected: The text wanted (a snapshot file).
    ///   - actual: The text made (a report).
    init(expected: String, actual: String) {
        let old = Self.lines(of: expected)
        let new = Self.lines(of: actual)
        var removed: Set<Int> = []
        var inserted: Set<Int> = []
        for change in new.difference(from: old) {
            switch change {
            case .remove(let offset, _, _): removed.insert(offset)
            case .insert(let offset, _, _): inserted.insert(offset)
            }
        }
        var script: [Line] = []
        var (i, j) = (0, 0)
        while i < old.count || j < new.count {
            if i < old.count, removed.contains(i) {
                script.append(Line(change: .removed, text: old[i], expectedLine: i, actualLine: j))
                i += 1
            } else if j < new.count, inserted.contains(j) {
                script.append(Line(change: .inserted, text: new[j], expectedLine: i, actualLine: j))
                j += 1
            } else if i < old.count, j < new.count {
                script.append(Line(change: .unchanged, text: old[i], expectedLine: i, actualLine: j))
                i += 1
                j += 1
            } else {
                // Unreachable for a difference the standard library computed
                // (every line left over is a removal or an insertion); stop
                // rather than loop should that ever not hold.
                break
            }
        }
        self.script = script
    }

    /// Whether the two texts have the same lines (they may still differ in
    /// whether the last line ends in a line break).
    var isEmpty: Bool {
        script.allSatisfy { $0.change == .unchanged }
    }

    /// The changed lines with `context` unchanged lines around each, in
    /// groups headed `@@ -1,4 +1,5 @@`; at most `limit` lines, then a line
    /// saying how many were left out.
    ///
    /// - Parameters:
    ///   - context: How many unchanged lines to keep before and after each change.
    ///   - limit: The most lines to write before cutting.
    /// - Returns: The diff, its lines joined by line breaks, without a final one.
    func unified(context: Int = 2, limit: Int = 80) -> String {
        let changed = script.indices.filter { script[$0].change != .unchanged }
        var hunks: [ClosedRange<Int>] = []
        for index in changed {
            let range = max(0, index - context)...min(script.count - 1, index + context)
            if let last = hunks.last, range.lowerBound <= last.upperBound + 1 {
                hunks[hunks.count - 1] = last.lowerBound...range.upperBound
            } else {
                hunks.append(range)
            }
        }
        var output: [String] = []
        for hunk in hunks {
            let lines = script[hunk]
            let expectedCount = lines.filter { $0.change != .inserted }.count
            let actualCount = lines.filter { $0.change != .removed }.count
            let first = script[hunk.lowerBound]
            let expectedStart = expectedCount == 0 ? first.expectedLine : first.expectedLine + 1
            let actualStart = actualCount == 0 ? first.actualLine : first.actualLine + 1
            output.append("@@ -\(expectedStart),\(expectedCount) +\(actualStart),\(actualCount) @@")
            for line in lines {
                let mark = switch line.change {
                case .unchanged: " "
                case .removed: "-"
                case .inserted: "+"
                }
                output.append(mark + line.text)
            }
        }
        if output.count > limit {
            let left = output.count - limit
            output = Array(output.prefix(limit)) + ["… \(left) more line\(left == 1 ? "" : "s") of the diff"]
        }
        return output.joined(separator: "\n")
    }

    /// The lines of a text; a final line break ends the last line.
    static func lines(of text: String) -> [Substring] {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last == "" { lines.removeLast() }
        return lines
    }
}
