/// Collects the diagnostics of one load as a ``DiagnosticPolicy`` has them:
/// each is recorded with the severity the policy gives its code, or not at
/// all when the policy ignores it. Every stage of the load pipeline reports
/// through one log, so the policy is applied once, where a problem is found.
struct DiagnosticLog {
    let policy: DiagnosticPolicy
    /// Everything recorded, in the order found.
    private(set) var diagnostics: [Diagnostic] = []
    /// How many recorded diagnostics are errors under the policy.
    private(set) var errorCount = 0

    init(policy: DiagnosticPolicy) {
        self.policy = policy
    }

    /// Records a diagnostic as the policy has it.
    mutating func report(_ diagnostic: Diagnostic) {
        guard let kept = policy.apply(to: diagnostic) else { return }
        if kept.severity == .error { errorCount += 1 }
        diagnostics.append(kept)
    }

    /// Whether an error remains under the policy.
    var hasErrors: Bool { errorCount > 0 }
}
