import Foundation
import TrackerCore
import WorkbenchFoundation

/// A run's time series as the report plots them and `series.json` keeps them, so that
/// `compare --html` can overlay two runs: requests in the 60 s window, the cache hit ratio so far,
/// the age of the oldest data on screen, the portfolio's value.
public struct RunSeries: Sendable, Equatable, Codable {
    /// One series: epoch-millisecond times and values.
    public struct Line: Sendable, Equatable, Codable {
        /// A stable key (`requests_per_60s`).
        public var key: String
        /// The plot's title.
        public var title: String
        /// The value axis' title.
        public var axis: String
        /// How the axis is labelled.
        public var unit: ValueUnit
        /// Epoch milliseconds.
        public var time: [Int64]
        /// One value per time.
        public var value: [Double]

        /// Creates a line.
        public init(key: String, title: String, axis: String, unit: ValueUnit, time: [Int64], value: [Double])
        {
            self.key = key
            self.title = title
            self.axis = axis
            self.unit = unit
            self.time = time
            self.value = value
        }
    }

    /// The series, in report order; a series with no point is left out.
    public var lines: [Line]

    /// The series of a run.
    public init(_ input: ReportInput) {
        let plots = input.result.plots
        var lines: [Line] = []
        let requests = plots.requests
        lines.append(
            Line(
                key: "requests_per_60s", title: "Requests in the 60 s window ending at each request",
                axis: "requests / 60 s", unit: .plain, time: requests.map(\.time),
                value: Self.requestsInWindow(requests.map(\.time)).map(Double.init)))
        lines.append(
            Line(
                key: "cache_hit_ratio", title: "Cache hit ratio so far (all caches)", axis: "hit ratio",
                unit: .ratioAsPercent, time: plots.lookups.map(\.time),
                value: Self.hitRatioSoFar(plots.lookups.map(\.hit))))
        lines.append(
            Line(
                key: "oldest_on_screen",
                title: "Age of the oldest data on screen (0 while nothing is visible)",
                axis: "age", unit: .minutes, time: plots.screenAge.map(\.time),
                value: plots.screenAge.map { Double($0.age) / 60_000 }))
        lines.append(
            Line(
                key: "portfolio_value",
                title: "Portfolio value (true prices, daily; deposits and sales included)",
                axis: "value", unit: .plain, time: plots.portfolioValue.timestamps,
                value: plots.portfolioValue.values))
        self.lines = lines.filter { !$0.time.isEmpty }
    }

    /// For each request, the requests in the 60 s window ending at it (itself included).
    static func requestsInWindow(_ times: [Int64]) -> [Int] {
        var windowStart = 0
        return times.enumerated().map { index, time in
            while time - times[windowStart] >= 60_000 { windowStart += 1 }
            return index - windowStart + 1
        }
    }

    /// The hit ratio of the lookups so far, after each one.
    static func hitRatioSoFar(_ hits: [Bool]) -> [Double] {
        var count = 0
        return hits.enumerated().map { index, hit in
            if hit { count += 1 }
            return Double(count) / Double(index + 1)
        }
    }

    /// `series.json`: the lines thinned as the plots thin them (at most 1,500 points each), in
    /// the workbench's one JSON writer.
    public var json: String {
        let lines = lines.map { line -> JSONValue in
            let kept = SVGPlot.thinned(
                .init(name: line.key, x: line.time.map(Double.init), y: line.value, color: ""))
            return .object([
                .init("axis", .string(line.axis)), .init("key", .string(line.key)),
                .init("time", .array(kept.x.map { .integer(Int64($0)) })),
                .init("title", .string(line.title)),
                .init("unit", .string(line.unit.rawValue)),
                .init("value", .array(kept.y.map { .number($0) })),
            ])
        }
        return JSONValue.object([.init("lines", .array(lines))]).document(.compact) + "\n"
    }

    /// Lines as they are.
    public init(lines: [Line]) {
        self.lines = lines
    }
}
