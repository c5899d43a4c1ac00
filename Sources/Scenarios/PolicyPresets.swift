import TrackerCore

/// The policy presets by name: what a scenario's `policies.preset` and a fleet's builds name.
public enum PolicyPresets {
    /// Every preset, in the order messages list them.
    public static let all: [(String, AppPolicies)] = [
        ("bitpal", .bitpal), ("bitpal-008", .bitpal008), ("spec", .spec),
    ]

    /// The preset with this name.
    public static func named(_ name: String) -> AppPolicies? { all.first { $0.0 == name }?.1 }
}
