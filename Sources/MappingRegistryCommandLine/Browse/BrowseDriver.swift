/// What `browse` runs on.
enum BrowseDriver: Sendable {
    /// The process's terminal (standard input and output), with its signals
    /// and, for `--watch`, polling threads: the command line's own.
    case terminal
    /// A test's script of keys, sizes, edits and signals, with no terminal,
    /// thread or signal (file watches are looked at when the script says).
    case script(BrowseScript)
}
