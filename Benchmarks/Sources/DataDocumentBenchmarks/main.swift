import Foundation
import MappingRegistry
import ModelStorage

// Data documents: loading a generated menu document with `DataDocument`
// against `JSONDecoder` decoding the same bytes into plain structs, at about
// 1, 3, 10 and 45 MiB. Every measurement runs in a fresh child process (this
// executable with `--child`), so its peak resident size (VmHWM, the figure
// `/usr/bin/time -f %M` reports for a process started from a small one) is
// its own and no run inherits another's heap. Release build only:
//   swift run -c release --package-path Benchmarks DataDocumentBenchmarks [--runs N] [--sizes 1,10,45]

let arguments = CommandLine.arguments
let clock = ContinuousClock()

/// What one child process measures.
enum Variant: String, CaseIterable {
    /// `DataDocument(data:plugins:)`.
    case ours
    /// `JSONDecoder().decode(MirrorDocument.self, from:)`.
    case decoder
    /// `DataDocument(data:plugins:)`, then every entry resolved against a small registry.
    case resolve
    /// `DataDocument(data:plugins:)` on the same document with one bad value, in its last item.
    case invalid
    /// Nothing: the process's own baseline (the runtime, the document's
    /// bytes read, the catalog and registry every other variant also makes).
    case nothing
}

/// One child's report.
struct Sample {
    var milliseconds: Double
    /// Peak resident size of the whole child, in KiB.
    var peakKiB: Int
    /// Resident size before the measured work (the document's bytes, the runtime), in KiB.
    var beforeKiB: Int
}

/// The peak resident size of this process so far, in KiB.
///
/// On Linux this is `VmHWM` from /proc/self/status: getrusage's ru_maxrss
/// would also count the parent's resident size at the moment it started
/// this process (Linux keeps the larger of the two across exec), and the
/// parent holds every generated document.
func peakResidentKiB() -> Int {
    #if os(Linux)
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
       let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
       let kib = line.split(separator: " ").dropFirst().first.flatMap({ Int($0) }) {
        return kib
    }
    #endif
    var usage = rusage()
    #if os(Linux)
    getrusage(RUSAGE_SELF.rawValue, &usage)
    return usage.ru_maxrss
    #else
    getrusage(RUSAGE_SELF, &usage)
    return usage.ru_maxrss / 1_024 // bytes on Darwin
    #endif
}

func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000 + Double(duration.components.attoseconds) / 1e15
}

// MARK: - Child: one measurement

/// The file's bytes, read straight into one buffer of its size, so reading
/// leaves no second copy behind in the peak.
func readFile(_ path: String) -> Data? {
    guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
    defer { try? handle.close() }
    guard let size = try? handle.seekToEnd() else { return nil }
    var data = Data(count: Int(size))
    let descriptor = handle.fileDescriptor
    let complete = data.withUnsafeMutableBytes { buffer -> Bool in
        guard let base = buffer.baseAddress else { return buffer.isEmpty }
        var offset = 0
        while offset < buffer.count {
            let read = pread(descriptor, base + offset, buffer.count - offset, off_t(offset))
            guard read > 0 else { return false }
            offset += read
        }
        return true
    }
    return complete ? data : nil
}

/// Loads the file once the way `variant` says and prints `milliseconds peakKiB beforeKiB count`.
func runChild(_ variant: Variant, file: String) -> Never {
    guard let data = readFile(file) else {
        FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
        exit(1)
    }
    let plugins = makeCatalog()
    let registry: MappingRegistry
    do {
        registry = try MappingRegistry(configuration: mappings, plugins: plugins)
    } catch {
        FileHandle.standardError.write(Data("the benchmark mappings do not load:\n\(error)\n".utf8))
        exit(1)
    }
    let before = peakResidentKiB()
    var count = 0
    let start = clock.now
    do {
        switch variant {
        case .ours:
            let document = try DataDocument(data: data, plugins: plugins, source: "menu.json")
            count = document.entries.count
        case .resolve:
            let document = try DataDocument(data: data, plugins: plugins, source: "menu.json")
            for entry in document.entries where entry.value != nil {
                if case .resolved = registry.resolve(entry.value as Any, at: entry.position, kind: entry.kind) { count += 1 }
            }
        case .invalid:
            do {
                _ = try DataDocument(data: data, plugins: plugins, source: "menu.json")
                FileHandle.standardError.write(Data("the document with a bad value loaded\n".utf8))
                exit(1)
            } catch {
                count = error.diagnostics.count
            }
        case .nothing:
            count = data.count
        case .decoder:
            let document = try JSONDecoder().decode(MirrorDocument.self, from: data)
            count = document.sections.reduce(0) { total, section in
                total + section.items.count + (section.header == nil ? 0 : 1) + (section.footer == nil ? 0 : 1)
                    + (section.supplementary?.count ?? 0)
            }
        }
    } catch {
        FileHandle.standardError.write(Data("\(variant.rawValue) failed:\n\(String(describing: error).prefix(2_000))\n".utf8))
        exit(1)
    }
    let elapsed = clock.now - start
    print(milliseconds(elapsed), peakResidentKiB(), before, count)
    exit(0)
}

if let flag = arguments.firstIndex(of: "--child") {
    guard arguments.count > flag + 2, let variant = Variant(rawValue: arguments[flag + 1]) else {
        print("--child takes ours, decoder, resolve, invalid or nothing, then a file")
        exit(2)
    }
    runChild(variant, file: arguments[flag + 2])
}

// MARK: - Parent: documents, children, table

func option(_ name: String) -> String? {
    guard let flag = arguments.firstIndex(of: name), arguments.count > flag + 1 else { return nil }
    return arguments[flag + 1]
}

let runs = option("--runs").flatMap(Int.init) ?? 5
let sizes = (option("--sizes") ?? "1,3,10,45").split(separator: ",").compactMap { Int($0) }
let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
let directory = FileManager.default.temporaryDirectory.appendingPathComponent("data-document-benchmarks-\(getpid())")
try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: directory) }

func measure(_ variant: Variant, file: String) -> Sample? {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = ["--child", variant.rawValue, file]
    let output = Pipe()
    process.standardOutput = output
    do {
        try process.run()
    } catch {
        print("cannot start a child: \(error)")
        return nil
    }
    let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    let fields = text.split(whereSeparator: \.isWhitespace)
    guard process.terminationStatus == 0, fields.count == 4,
          let time = Double(fields[0]), let peak = Int(fields[1]), let before = Int(fields[2])
    else { return nil }
    return Sample(milliseconds: time, peakKiB: peak, beforeKiB: before)
}

func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    return sorted.isEmpty ? .nan : sorted[sorted.count / 2]
}

/// KiB as MB (10^6 bytes).
func megabytes(_ kib: Double) -> Double {
    kib * 1_024 / 1_000_000
}

func cell(_ value: Double, _ digits: Int = 0) -> String {
    String(format: "%.\(digits)f", value)
}

/// The document with its last price made a string, which `Double` cannot decode.
func withOneBadValue(_ data: Data) -> Data {
    let marker = Data(#""price": "#.utf8)
    guard let range = data.range(of: marker, options: .backwards) else { return data }
    var bad = data
    var end = range.upperBound
    while end < bad.count, bad[end] != UInt8(ascii: ","), bad[end] != UInt8(ascii: " ") { end += 1 }
    bad.replaceSubrange(range.upperBound..<end, with: Data(#""x""#.utf8))
    return bad
}

print("DataDocumentBenchmarks: median of \(runs) runs, each measurement in its own process;")
print("peak = the process's peak resident size (VmHWM), document bytes and runtime included.")
var errorRows: [String] = []
print("nothing: a process that reads the document and does nothing with it, its own baseline.")
print("| size | sections × items | ours ms | JSONDecoder ms | ratio | ours peak MB | JSONDecoder peak MB | ratio | nothing peak MB | ours + resolve ms | before work MB |")
print("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
for size in sizes {
    let document = DocumentGenerator.document(ofAtLeast: size * 1_048_576)
    let file = directory.appendingPathComponent("menu-\(size).json")
    let invalidFile = directory.appendingPathComponent("menu-\(size)-invalid.json")
    do {
        try document.data.write(to: file)
        try withOneBadValue(document.data).write(to: invalidFile)
    } catch {
        print("cannot write \(file.path): \(error)")
        exit(1)
    }
    var samples: [Variant: [Sample]] = [:]
    for _ in 0..<runs {
        for variant in Variant.allCases {
            let path = variant == .invalid ? invalidFile.path : file.path
            guard let sample = measure(variant, file: path) else {
                print("the \(variant.rawValue) child failed on \(path)")
                exit(1)
            }
            samples[variant, default: []].append(sample)
        }
    }
    func time(_ variant: Variant) -> Double { median(samples[variant, default: []].map(\.milliseconds)) }
    func peak(_ variant: Variant) -> Double { megabytes(median(samples[variant, default: []].map { Double($0.peakKiB) })) }
    let before = megabytes(median(samples[.decoder, default: []].map { Double($0.beforeKiB) }))
    let mebibytes = Double(document.data.count) / 1_048_576
    print(
        "| \(cell(mebibytes, 1)) MiB | \(document.sections) × \(DocumentGenerator.itemsPerSection) | \(cell(time(.ours))) | \(cell(time(.decoder))) |",
        "\(cell(time(.ours) / time(.decoder), 2))× | \(cell(peak(.ours))) | \(cell(peak(.decoder))) | \(cell(peak(.ours) / peak(.decoder), 2))× |",
        "\(cell(peak(.nothing))) |",
        "\(cell(time(.resolve))) | \(cell(before)) |"
    )
    errorRows.append("| \(cell(mebibytes, 1)) MiB | \(cell(time(.invalid))) | \(cell(peak(.invalid))) |")
}
print("")
print("The same document with one bad value (its last price a string): every problem found and located.")
print("| size | ours ms | ours peak MB |")
print("| ---: | ---: | ---: |")
errorRows.forEach { print($0) }
