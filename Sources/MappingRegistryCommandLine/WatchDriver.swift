/// What makes `render --watch` look at its files, and what ends it.
enum WatchDriver: Sendable {
    /// A thread per file looks at it every 100 ms (``InputWatch/polling``),
    /// and Ctrl-C (SIGINT) ends the watch: the command line's own.
    case polling
    /// A test's edits, made and looked at one at a time with no thread, no
    /// signal and no waiting, so the watch runs the same way every time;
    /// the script ends the watch after its last edit.
    case script(WatchScript)
}
