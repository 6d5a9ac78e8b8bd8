/// Why the arguments were refused; `nil` when help was asked for.
struct UsageError: Error {
    let message: String?

    init(_ message: String?) {
        self.message = message
    }
}
