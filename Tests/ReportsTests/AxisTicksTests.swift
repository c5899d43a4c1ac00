import Reports
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Plot axes: nice value ticks and UTC time ticks, worked by hand")
struct AxisTicksTests {
    static func time(_ text: String) throws -> Int64 {
        try #require(CivilDate.parseISO8601(text))
    }

    @Test(
        "value ticks: 1, 2, 2.5 or 5 times a power of ten, at most six, covering the data",
        arguments: [
            (0.0, 30.0, [0.0, 10, 20, 30]),
            (102.2, 107.1, [102.0, 104, 106, 108]),
            (0.0, 0.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]),
            (46_250.0, 47_010.0, [46_200.0, 46_400, 46_600, 46_800, 47_000, 47_200]),
            (-0.6, 0.0, [-0.6, -0.4, -0.2, 0.0]),
            (0.013, 0.5, [0.0, 0.1, 0.2, 0.3, 0.4, 0.5]),
            (2.0, 2.0, [1.9, 1.95, 2.0, 2.05, 2.1]),
        ])
    func valueTicks(low: Double, high: Double, expected: [Double]) {
        let axis = ValueTicks.axis(low: low, high: high)
        #expect(axis.values.count == expected.count, "\(axis.values)")
        for (tick, value) in zip(axis.values, expected) {
            #expect(abs(tick - value) < 1e-9, "\(axis.values)")
        }
        #expect(axis.lower <= low && axis.upper >= high)
    }

    @Test("value ticks survive extreme ranges")
    func extremeRanges() {
        #expect(ValueTicks.axis(low: -1e308, high: 1e308).values.count >= 2)
        #expect(ValueTicks.axis(low: .nan, high: 1).values == [0, 1])
        #expect(ValueTicks.axis(low: 1e-300, high: 2e-300).values.count <= 6)
    }

    @Test("labels carry the unit and the decimals the step needs")
    func labels() {
        #expect(ValueTicks.label(2_500, step: 500, unit: .dollars) == "$2.5k")
        #expect(ValueTicks.label(47_000, step: 200, unit: .dollars) == "$47.0k")
        #expect(ValueTicks.label(950, step: 50, unit: .dollars) == "$950")
        #expect(ValueTicks.label(-1_500, step: 500, unit: .dollars) == "-$1.5k")
        #expect(ValueTicks.label(0.2, step: 0.2, unit: .ratioAsPercent) == "20 %")
        #expect(ValueTicks.label(-0.4, step: 0.2, unit: .percent) == "-0.4 %")
        #expect(ValueTicks.label(0.25, step: 0.25, unit: .plain) == "0.25")
        #expect(ValueTicks.label(3_000_000, step: 1_000_000, unit: .plain) == "3M")
        #expect(ValueTicks.label(45, step: 15, unit: .minutes) == "45 min")
        #expect(ValueTicks.label(0, step: 0.2, unit: .percent) == "0.0 %")
    }

    @Test("two hours: every 30 minutes, midnight named by its date")
    func twoHours() throws {
        let ticks = TimeTicks.ticks(
            from: try Self.time("2024-01-01T00:00:00Z"), to: try Self.time("2024-01-01T02:00:00Z"))
        #expect(ticks.map(\.label) == ["Jan 2024", "00:30", "01:00", "01:30", "02:00"])
    }

    @Test("a day: every 6 hours")
    func oneDay() throws {
        let ticks = TimeTicks.ticks(
            from: try Self.time("2023-12-31T00:05:00Z"), to: try Self.time("2024-01-01T00:05:00Z"))
        #expect(ticks.map(\.label) == ["06:00", "12:00", "18:00", "Jan 2024"])
        #expect(ticks.first?.time == (try Self.time("2023-12-31T06:00:00Z")))
    }

    @Test("a month: weeks starting on Mondays")
    func oneMonth() throws {
        let ticks = TimeTicks.ticks(
            from: try Self.time("2024-01-01T00:00:00Z"), to: try Self.time("2024-01-31T00:00:00Z"))
        #expect(ticks.map(\.label) == ["Jan 2024", "Jan 8", "Jan 15", "Jan 22", "Jan 29"])
    }

    @Test("a year: quarters, the year named in January; ten years: every other year")
    func longSpans() throws {
        let year = TimeTicks.ticks(
            from: try Self.time("2021-01-01T00:00:00Z"), to: try Self.time("2021-12-31T00:00:00Z"))
        #expect(year.map(\.label) == ["Jan 2021", "Apr", "Jul", "Oct"])
        let decade = TimeTicks.ticks(
            from: try Self.time("2013-04-28T00:00:00Z"), to: try Self.time("2023-01-08T00:00:00Z"))
        #expect(decade.map(\.label) == ["2014", "2016", "2018", "2020", "2022"])
        #expect(decade.first?.time == (try Self.time("2014-01-01T00:00:00Z")))
    }

    @Test("an empty span gives its one date; ticks never leave the span")
    func edges() throws {
        let moment = try Self.time("2024-03-05T10:00:00Z")
        #expect(TimeTicks.ticks(from: moment, to: moment).map(\.label) == ["Mar 5"])
        for hours in [1, 5, 30, 200, 2_000, 20_000] {
            let ticks = TimeTicks.ticks(from: moment, to: moment + Int64(hours) * 3_600_000)
            #expect(ticks.allSatisfy { $0.time >= moment && $0.time <= moment + Int64(hours) * 3_600_000 })
            #expect((1...7).contains(ticks.count), "\(hours) h: \(ticks.map(\.label))")
        }
    }
}
