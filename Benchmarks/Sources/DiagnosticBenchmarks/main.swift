import Foundation
import MappingRegistry

// Diagnostic printing: one diagnostic on every line of a large file, each
// printed with its source line and caret. The cost per diagnostic should stay
// flat as the file grows (the line index is built once per file); a column
// that grows with the size is a quadratic printer. Release build only:
//   swift run -c release --package-path Benchmarks DiagnosticBenchmarks

let runs = 5
let clock = ContinuousClock()

/// The median of `runs` timings of formatting `count` diagnostics, in milliseconds.
func medianMilliseconds(count: Int) -> (milliseconds: Double, lines: Int) {
    let source = String(repeating: "{ \"model\": \"Dish\", \"value\": null },\n", count: count)
    var formatter = DiagnosticFormatter()
    formatter.addSource(Data(source.utf8), named: "f.json")
    let diagnostics = (1...count).map { line in
        Diagnostic(severity: .error, code: "x", message: "m",
                   location: SourceLocation(file: "f.json", line: line, column: 3, pointer: ""))
    }
    var samples: [Double] = []
    var lines = 0
    for _ in 0..<runs {
        var output = ""
        let elapsed = clock.measure { output = formatter.format(diagnostics) }
        lines = output.utf8.count { $0 == UInt8(ascii: "\n") }
        let parts = elapsed.components
        samples.append(Double(parts.seconds) * 1_000 + Double(parts.attoseconds) / 1e15)
    }
    samples.sort()
    return (samples[samples.count / 2], lines)
}

let sizes = [5_000, 10_000, 20_000, 40_000]
var baseline: Double?
print("DiagnosticBenchmarks: median of \(runs) runs; ratio = ns per diagnostic / the first row's")
print("diagnostics |     median ms | ns per diagnostic | ratio | output lines")
for count in sizes {
    let (milliseconds, lines) = medianMilliseconds(count: count)
    let perDiagnostic = milliseconds * 1e6 / Double(count)
    let first = baseline ?? perDiagnostic
    baseline = first
    print(
        String(count).leftPadded(11), "|", String(format: "%13.2f", milliseconds), "|",
        String(format: "%17.0f", perDiagnostic), "|", String(format: "%4.2fx", perDiagnostic / first), "|", lines
    )
}

extension String {
    func leftPadded(_ width: Int) -> String {
        String(repeating: " ", count: max(0, width - count)) + self
    }
}
