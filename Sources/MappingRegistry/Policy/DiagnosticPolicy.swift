/// Which diagnostics to treat as errors or warnings, and which to leave
/// out: the analog of a linter's rule configuration.
///
/// ```swift
/// var policy = DiagnosticPolicy()
/// try policy.treat(.unusedView, as: .error)              // fail on unused views
/// try policy.treat(.overlappingMappings, as: .warning)   // report, but load
/// try policy.ignore(.unusedPredicate)
/// let registry = try MappingRegistry(configuration: data, plugins: plugins, policy: policy)
/// ```
///
/// A registry loaded with a policy fails only when an error remains after
/// the policy; downgraded problems become its ``MappingRegistry/warnings``.
/// A mapping that has a problem of its own which left part of it unknown
/// (an unknown view or predicate, a broken condition, an unknown
/// decorator) is left out of the registry, whatever the problem's
/// severity; an unknown key is skipped, and a mapping that problems across
/// mappings name (an overlap, a duplicate) stays.
///
/// The codes in ``fixedCodes`` leave no usable registry, so they cannot be
/// made warnings or ignored; asking to throws a ``DiagnosticPolicyError``
/// that says why.
public struct DiagnosticPolicy: Hashable, Sendable {
    /// What the policy does with one code.
    private enum Override: Hashable, Sendable {
        case severity(Diagnostic.Severity)
        case ignored
    }

    private var overrides: [Diagnostic.Code: Override] = [:]

    /// A policy that leaves every diagnostic as the library reports it.
    public init() {}

    /// The codes that leave no usable registry (or data): `invalid-json`,
    /// `unsupported-version`, `missing-key`, `duplicate-key`, `wrong-type`,
    /// `reuse-identifier-conflict` and `unreadable-file`. They can be named
    /// as errors (they are already), never as warnings or ignored. The
    /// Diagnostics reference says why for each.
    public static let fixedCodes: [Diagnostic.Code] = Diagnostic.Code.table.filter { $0.fixedReason != nil }.map(\.code)

    /// Gives every diagnostic with a code the given severity.
    ///
    /// - Parameters:
    ///   - code: A code the library reports, such as ``Diagnostic/Code/unusedView``.
    ///   - severity: The severity its diagnostics get.
    /// - Throws: ``DiagnosticPolicyError`` for a code the library does not
    ///   report (with a did-you-mean), or for a code in ``fixedCodes``
    ///   given any severity but `.error`.
    public mutating func treat(_ code: Diagnostic.Code, as severity: Diagnostic.Severity) throws(DiagnosticPolicyError) {
        try Self.checkKnown(code)
        if severity != .error { try Self.checkNotFixed(code, action: "made a \(severity)") }
        overrides[code] = .severity(severity)
    }

    /// Leaves every diagnostic with a code out.
    ///
    /// - Parameter code: A code the library reports, such as ``Diagnostic/Code/unusedPredicate``.
    /// - Throws: ``DiagnosticPolicyError`` for a code the library does not
    ///   report (with a did-you-mean), or for a code in ``fixedCodes``.
    public mutating func ignore(_ code: Diagnostic.Code) throws(DiagnosticPolicyError) {
        try Self.checkKnown(code)
        try Self.checkNotFixed(code, action: "ignored")
        overrides[code] = .ignored
    }

    /// A diagnostic as the policy has it: with its severity changed, or
    /// `nil` when its code is ignored.
    ///
    /// - Parameter diagnostic: A diagnostic as the library reported it.
    /// - Returns: The diagnostic to report, if any.
    public func apply(to diagnostic: Diagnostic) -> Diagnostic? {
        switch overrides[diagnostic.code] {
        case nil:
            return diagnostic
        case .ignored:
            return nil
        case .severity(let severity):
            var changed = diagnostic
            changed.severity = severity
            return changed
        }
    }

    /// Diagnostics as the policy has them, in the same order.
    ///
    /// - Parameter diagnostics: Diagnostics as the library reported them.
    /// - Returns: Those not ignored, each with the severity the policy gives it.
    public func apply(to diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.compactMap { apply(to: $0) }
    }

    /// Whether the policy leaves everything as reported.
    public var isEmpty: Bool { overrides.isEmpty }

    /// Whether an error with this code stays an error under the policy.
    func isError(_ code: Diagnostic.Code) -> Bool {
        switch overrides[code] {
        case nil: true
        case .ignored: false
        case .severity(let changed): changed == .error
        }
    }

    private static func checkKnown(_ code: Diagnostic.Code) throws(DiagnosticPolicyError) {
        guard !Diagnostic.Code.all.contains(code) else { return }
        let hint = Suggestion.hint(for: code.rawValue, in: Diagnostic.Code.all.map(\.rawValue))
        throw DiagnosticPolicyError(code: code.rawValue, message: "unknown diagnostic code '\(code.rawValue)'\(hint)")
    }

    private static func checkNotFixed(_ code: Diagnostic.Code, action: String) throws(DiagnosticPolicyError) {
        guard let reason = code.info?.fixedReason else { return }
        throw DiagnosticPolicyError(
            code: code.rawValue,
            message: "'\(code.rawValue)' cannot be \(action): it leaves no usable registry (\(reason))"
        )
    }
}
