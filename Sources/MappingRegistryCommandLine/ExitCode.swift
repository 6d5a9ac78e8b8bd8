/// The status a command-line run ends with.
///
/// A struct with static members rather than an enum, so new codes can be
/// added without breaking a `switch` in someone's code.
///
/// ```swift
/// let code = tool.run()
/// exit(code.rawValue)
/// ```
public struct ExitCode: Hashable, Sendable, CustomStringConvertible {
    /// The process exit status.
    public var rawValue: Int32

    /// Creates an exit code.
    ///
    /// - Parameter rawValue: The process exit status.
    public init(_ rawValue: Int32) {
        self.rawValue = rawValue
    }

    /// `0`: the command did what was asked and found no errors.
    public static let success = ExitCode(0)
    /// `1`: errors were found (a broken mappings or data file, or with
    /// `--strict` an item that could not be rendered); for `diff`, an item
    /// that renders differently.
    public static let failure = ExitCode(1)
    /// `2`: the command line was wrong, or a named file could not be read
    /// (for `diff`, or did not load).
    public static let usage = ExitCode(2)

    /// `129` (128 + SIGHUP): `browse` ended because its terminal went away.
    static let terminalGone = ExitCode(129)
    /// `143` (128 + SIGTERM): `browse` ended on SIGTERM, after giving the terminal back.
    static let terminated = ExitCode(143)

    /// The number, as the shell shows it.
    public var description: String { "\(rawValue)" }
}
