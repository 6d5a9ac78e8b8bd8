import Foundation

/// Whether the soak and stress tests run: only when the environment sets
/// `MAPPING_REGISTRY_STRESS=1`, as CI does in a step of its own and under
/// ThreadSanitizer, so a developer's `swift test` stays quick and untimed.
///
/// ```swift
/// @Suite(.enabled(if: StressTesting.isEnabled, "stress: set MAPPING_REGISTRY_STRESS=1"))
/// struct ResolutionStressTests { … }
/// ```
public enum StressTesting {
    /// The environment variable that turns the stress tests on.
    public static let variable = "MAPPING_REGISTRY_STRESS"

    /// Whether ``variable`` is set to `1`.
    public static var isEnabled: Bool {
        ProcessInfo.processInfo.environment[variable] == "1"
    }

    /// How many random cases a property test tries: `quick` in the default
    /// suite, `stress` when ``isEnabled``. The seeds are the same, so the
    /// stress run tries the quick run's cases and more.
    public static func count(quick: Int, stress: Int) -> Int {
        isEnabled ? stress : quick
    }
}
