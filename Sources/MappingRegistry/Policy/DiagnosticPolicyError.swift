/// Why a ``DiagnosticPolicy`` refused a change: the code is not one the
/// library reports, or it leaves no usable registry and so cannot be made
/// a warning or ignored.
///
/// ```swift
/// var policy = DiagnosticPolicy()
/// do {
///     try policy.ignore("invalid-json")
/// } catch {
///     print(error)
/// }
/// ```
/// ```text
/// 'invalid-json' cannot be ignored: it leaves no usable registry (the file is not JSON, so nothing in it can be read)
/// ```
public struct DiagnosticPolicyError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The code as it was given.
    public var code: String
    /// What is wrong, in one line.
    public var message: String

    /// Creates an error.
    ///
    /// - Parameters:
    ///   - code: The code as it was given.
    ///   - message: What is wrong.
    public init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    /// The message.
    public var description: String { message }
}
