import MenuDatabase

/// The command line of `menu-database`, parsed.
struct Options {
    /// What to do: `demo` (the default) or `bench`.
    var mode = "demo"
    /// The database file; the demo seeds it anew.
    var database: String?
    /// How many dishes to seed; 12 for the demo, 10 000 for the benchmark.
    var dishes: Int?
    /// How many courses the dishes are dealt to.
    var courses = 4
    /// The edit the demo applies (see `MenuChange.names`).
    var change = "price"
    /// The dish the edit is about: by default the second dish of the
    /// second course, so that every edit changes something.
    var dish: Int64 = 6
    /// How many timed edits the benchmark makes.
    var runs = 21

    /// The options that take a value.
    static let flags: Set = ["--database", "--dishes", "--courses", "--change", "--dish", "--runs"]

    static let usage = """
        usage: menu-database [demo] [--database FILE] [--dishes N] [--courses N]
                             [--change price|add|remove|move|rename] [--dish ID]
               menu-database bench [--dishes N] [--courses N] [--runs N] [--database FILE]
        """

    /// Reads the arguments, or explains what is wrong with them.
    static func parse(_ arguments: [String]) -> Result<Options, UsageError> {
        var options = Options()
        var rest = arguments[...]
        if let first = rest.first, !first.hasPrefix("-") {
            guard first == "demo" || first == "bench" else {
                return .failure(UsageError("unknown mode '\(first)'"))
            }
            options.mode = first
            rest = rest.dropFirst()
            if first == "bench" { options.courses = 5 }
        }
        while let flag = rest.popFirst() {
            if flag == "--help" || flag == "-h" { return .failure(UsageError(nil)) }
            guard Self.flags.contains(flag) else { return .failure(UsageError("unknown option '\(flag)'")) }
            guard let value = rest.popFirst() else { return .failure(UsageError("\(flag) needs a value")) }
            switch flag {
            case "--change":
                guard MenuChange.names.contains(value) else {
                    return .failure(UsageError("unknown change '\(value)'"))
                }
                options.change = value
            case "--dishes", "--courses", "--runs", "--dish":
                guard let number = Int(value), number >= (flag == "--dishes" ? 0 : 1) else {
                    return .failure(UsageError("\(flag) needs a whole number, got '\(value)'"))
                }
                switch flag {
                case "--dishes": options.dishes = number
                case "--courses": options.courses = number
                case "--runs": options.runs = number
                default: options.dish = Int64(number)
                }
            default:
                options.database = value
            }
        }
        return .success(options)
    }
}
