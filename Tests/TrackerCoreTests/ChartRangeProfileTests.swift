import Testing
import TrackerCore

@Suite("Chart range profiles")
struct ChartRangeProfileTests {
    @Test("spec: the design documents' table")
    func spec() throws {
        let profile = ChartRangeProfile.spec
        #expect(
            profile.ranges == [.fifteenMinutes, .oneHour, .fourHours, .oneDay, .oneWeek, .oneMonth, .oneYear])
        #expect(profile.availableRanges(for: .line) == [.oneHour, .oneDay, .oneWeek, .oneMonth, .oneYear])
        #expect(profile.availableRanges(for: .candle) == profile.ranges)
        #expect(profile.ranges.map { profile.settings[$0]!.apiDays } == [1, 1, 1, 1, 7, 30, 365])
        #expect(
            profile.ranges.map { profile.settings[$0]!.cacheTTLSeconds } == [
                60, 60, 60, 300, 900, 1800, 3600,
            ])
        #expect(
            profile.ranges.map { profile.maxPoints(for: $0, type: .line) } == [15, 60, 48, 96, 42, 30, 52])
        #expect(
            profile.ranges.map { profile.maxPoints(for: $0, type: .candle) } == [15, 60, 48, 96, 42, 30, 52])
        #expect(profile.maxPoints(for: .sixMonths, type: .line) == nil)
        #expect(profile.defaultRange == .oneDay)
    }

    @Test("bitpal: the app as built, with 6M and three candle ranges capped at 42")
    func bitpal() {
        let profile = ChartRangeProfile.bitpal
        #expect(profile.ranges == ChartTimeRange.allCases)
        #expect(profile.availableRanges(for: .candle) == [.oneDay, .oneWeek, .sixMonths])
        #expect(profile.availableRanges(for: .line) == [.oneHour, .oneDay, .oneWeek, .oneMonth, .oneYear])
        #expect(profile.ranges.map { profile.settings[$0]!.apiDays } == [1, 1, 1, 1, 7, 30, 180, 365])
        #expect(
            profile.ranges.map { profile.settings[$0]!.cacheTTLSeconds } == [
                60, 60, 60, 300, 900, 1800, 3600, 3600,
            ])
        #expect(
            profile.ranges.map { profile.maxPoints(for: $0, type: .line) } == [
                15, 60, 48, 96, 42, 30, 45, 52,
            ])
        #expect(profile.ranges.allSatisfy { profile.maxPoints(for: $0, type: .candle) == 42 })
    }

    @Test(
        "bitpal switches chart type the way the app's table does",
        arguments: [
            (ChartTimeRange.fifteenMinutes, ChartType.line, ChartTimeRange.oneHour),
            (.fourHours, .line, .oneHour), (.sixMonths, .line, .oneYear), (.oneMonth, .line, .oneMonth),
            (.fifteenMinutes, .candle, .oneDay), (.oneHour, .candle, .oneDay), (.fourHours, .candle, .oneDay),
            (.oneMonth, .candle, .sixMonths), (.oneYear, .candle, .sixMonths), (.oneWeek, .candle, .oneWeek),
        ])
    func bitpalSwitch(from range: ChartTimeRange, to type: ChartType, expected: ChartTimeRange) {
        #expect(ChartRangeProfile.bitpal.closestAvailableRange(to: range, for: type) == expected)
    }

    @Test(
        "spec switches to the nearest span",
        arguments: [
            (ChartTimeRange.fifteenMinutes, ChartType.line, ChartTimeRange.oneHour),
            (.fourHours, .line, .oneHour), (.oneDay, .line, .oneDay), (.oneYear, .candle, .oneYear),
        ])
    func specSwitch(from range: ChartTimeRange, to type: ChartType, expected: ChartTimeRange) {
        #expect(ChartRangeProfile.spec.closestAvailableRange(to: range, for: type) == expected)
    }

    @Test("every switch lands on an offered range")
    func switchesLandOnOfferedRanges() {
        for profile in ChartRangeProfile.builtIn {
            for type in ChartType.allCases {
                for range in ChartTimeRange.allCases {
                    #expect(
                        profile.isAvailable(profile.closestAvailableRange(to: range, for: type), for: type))
                }
            }
        }
    }

    @Test("cache keys and profile names")
    func keysAndNames() {
        #expect(
            ChartRangeProfile.cacheKey(coinId: "bitcoin", type: .line, range: .oneDay) == "bitcoin-line-1D")
        #expect(
            ChartRangeProfile.cacheKey(coinId: "ethereum", type: .candle, range: .sixMonths)
                == "ethereum-candle-6M")
        #expect(ChartRangeProfile.named("bitpal") == .bitpal)
        #expect(ChartRangeProfile.named("nope") == nil)
        #expect(ChartTimeRange.sixMonths.spanMilliseconds == 180 * 86_400_000)
    }
}
