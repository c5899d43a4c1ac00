import WorkbenchMetrics

/// What two runs were given that differs, for `compare` to show before their metrics (issue 69):
/// a comparison is fair when the runs differ in one kind of setting, so that a change in a metric
/// can be put down to it.
public struct SettingsDifference: Sendable, Equatable {
    /// One setting whose value differs.
    public struct Row: Sendable, Equatable {
        /// The setting (`plan`, `limiter`, `server.latency_median`), or `scenario` and `seed`.
        public var name: String
        /// Its kind: `scenario`, `seed`, `market`, `plan`, `policies`, `server`, `faults` or `user`.
        public var kind: String
        /// The first run's value (`-` when it has none).
        public var first: String
        /// The second run's value.
        public var second: String

        /// A row.
        public init(name: String, kind: String, first: String, second: String) {
            (self.name, self.kind, self.first, self.second) = (name, kind, first, second)
        }
    }

    /// The settings that differ, by kind (scenario, seed, market, plan, policies, server, faults,
    /// user), then in the runs' order.
    public var rows: [Row]

    /// The kinds of setting that differ, in order of first appearance.
    public var kinds: [String] {
        rows.reduce(into: [String]()) { kinds, row in if !kinds.contains(row.kind) { kinds.append(row.kind) }
        }
    }

    /// Whether the runs' plans differ (limits are then each run's own).
    public var plansDiffer: Bool { rows.contains { $0.name == "plan" } }

    /// Compares two runs' identities and settings (`result.json`'s `scenario`, `seed` and
    /// `settings`, in their order).
    public init(
        first: (scenario: String, seed: UInt64, settings: [(String, String)]),
        second: (scenario: String, seed: UInt64, settings: [(String, String)])
    ) {
        var rows: [Row] = []
        if first.scenario != second.scenario {
            rows.append(
                Row(name: "scenario", kind: "scenario", first: first.scenario, second: second.scenario))
        }
        if first.seed != second.seed {
            rows.append(Row(name: "seed", kind: "seed", first: "\(first.seed)", second: "\(second.seed)"))
        }
        let left = Dictionary(first.settings, uniquingKeysWith: { $1 })
        let right = Dictionary(second.settings, uniquingKeysWith: { $1 })
        var names = first.settings.map(\.0)
        for (name, _) in second.settings where left[name] == nil { names.append(name) }
        for name in names where left[name] != right[name] {
            rows.append(
                Row(
                    name: name, kind: Self.kind(of: name), first: left[name] ?? "-",
                    second: right[name] ?? "-"))
        }
        let order = ["scenario", "seed", "market", "plan", "policies", "server", "faults", "user"]
        self.rows = rows.enumerated().sorted { left, right in
            let (a, b) = (
                order.firstIndex(of: left.element.kind) ?? 9, order.firstIndex(of: right.element.kind) ?? 9
            )
            return a != b ? a < b : left.offset < right.offset
        }.map(\.element)
    }

    /// The kind of a setting by its name in `result.json`.
    static func kind(of name: String) -> String {
        if let prefix = name.split(separator: ".").first, name.contains("."),
            ["server", "faults", "user"].contains(prefix)
        {
            return String(prefix)
        }
        switch name {
        case "market", "listed": return "market"
        case "plan", "billing": return "plan"
        default: return "policies"
        }
    }

    /// The metrics whose better value depends on the plan's limit: with different plans they get
    /// no verdict (the minutes over each run's own limit say how it kept it).
    public static let planRelativeMetrics: Set<String> = [
        MetricName.rateLimitMaxPerMinute, MetricName.rateLimitPlanPerMinute,
    ]

    /// The warning for runs that differ in more than one kind of setting, nil otherwise.
    public var warning: String? {
        let kinds = kinds
        guard kinds.count > 1 else { return nil }
        return
            "the runs differ in \(kinds.count) kinds of setting (\(kinds.joined(separator: ", "))): a changed "
            + "metric cannot be put down to one of them. For a fair comparison, change one kind: the same "
            + "scenario and seed with --set policies.preset=spec, or another plan with --set plan=..."
    }
}
