import Reports
import Testing
import WorkbenchMetrics

/// `compare`'s settings first (issue 69): what differs, of which kind, and whether that is fair.
@Suite("compare: the settings that differ, their kinds, a warning for more than one kind")
struct SettingsDifferenceTests {
    static let asBuilt: [(String, String)] = [
        ("market", "synthetic, 5 coins"), ("plan", "keyless (10/min)"), ("limiter", "bitpal"),
        ("server.latency_median", "150ms"), ("user.widget", "false"),
    ]

    @Test("one kind (policies): fair, no warning; the plan is not counted as differing")
    func oneKind() {
        var spec = Self.asBuilt
        spec[2] = ("limiter", "spacing")
        let difference = SettingsDifference(
            first: ("bitpal-as-built", 42, Self.asBuilt), second: ("bitpal-as-built", 42, spec))
        #expect(
            difference.rows == [.init(name: "limiter", kind: "policies", first: "bitpal", second: "spacing")])
        #expect(difference.warning == nil && !difference.plansDiffer)
    }

    @Test("scenario, plan and policies: three kinds, a warning naming them; plans differ")
    func threeKinds() {
        let other: [(String, String)] = [
            ("market", "synthetic, 5 coins"), ("plan", "seed-50 (50/min)"), ("limiter", "spacing"),
            ("server.latency_median", "150ms"), ("user.widget", "false"), ("faults.outages", "none"),
        ]
        let difference = SettingsDifference(
            first: ("bitpal-as-built", 42, Self.asBuilt), second: ("spec-baseline", 42, other))
        #expect(difference.rows.map(\.name) == ["scenario", "plan", "limiter", "faults.outages"])
        #expect(difference.rows.last?.first == "-")
        #expect(difference.kinds == ["scenario", "plan", "policies", "faults"])
        #expect(difference.plansDiffer)
        #expect(
            difference.warning?.hasPrefix(
                "the runs differ in 4 kinds of setting (scenario, plan, policies, faults)") == true)
    }

    @Test("the verdict line names the better run on the measures that matter")
    func verdict() {
        let comparison = MetricComparison(
            first: [
                "rate_limit.status_429": 10, "rate_limit.monthly_credits": 4_000, "freshness.p50_age_s": 20,
            ],
            second: [
                "rate_limit.status_429": 0, "rate_limit.monthly_credits": 3_000, "freshness.p50_age_s": 30,
            ],
            units: [:], direction: { _ in .lowerIsBetter })
        #expect(
            comparison.verdict(labels: ("a", "b"))
                == "verdict: b is better on the measures that matter (b better on 429s, credits a month; worse on median data age)"
        )
    }
}
