import WorkbenchFoundation

/// A fleet's HTML page (`fleet.html`, docs/fleet.md): the table of figures arm by arm, then three
/// plots: the requests reaching CoinGecko in each minute of the day, the credits across the month
/// against each plan's credits, and every user's requests an hour against the team's target.
public enum FleetPage {
    /// One arm's series.
    public struct Arm {
        /// The arm's label.
        public var label: String
        /// Requests reaching CoinGecko in each minute of the day (1,440 values).
        public var perMinuteOfDay: [Int]
        /// Credits billed by the end of each day of a 30-day month: the simulated days, then their pace.
        public var cumulativeCredits: [Double]
        /// The plan's credits a month, if it has a cap.
        public var planCredits: Int?
        /// Each user's requests an hour.
        public var requestsPerHour: [Double]

        /// An arm's series.
        public init(
            label: String, perMinuteOfDay: [Int], cumulativeCredits: [Double], planCredits: Int?,
            requestsPerHour: [Double]
        ) {
            (
                self.label, self.perMinuteOfDay, self.cumulativeCredits, self.planCredits,
                self.requestsPerHour
            ) =
                (label, perMinuteOfDay, cumulativeCredits, planCredits, requestsPerHour)
        }
    }

    private static let colors = ["#0969da", "#bc4c00", "#1a7f37", "#8250df", "#cf222e", "#6e7781"]

    /// Renders the page.
    ///
    /// - Parameters:
    ///   - name: The fleet's name.
    ///   - summary: One paragraph saying what was run, and the answer.
    ///   - header: The table's header: figure, then each arm.
    ///   - rows: The table's rows.
    ///   - arms: The arms' series.
    ///   - target: The team's target for one user's requests an hour.
    public static func render(
        name: String, summary: String, header: [String], rows: [[String]], arms: [Arm], target: Double
    ) -> String {
        func color(_ index: Int) -> String { colors[index % colors.count] }
        var body =
            "<h1>Fleet \(MarkupText.escaped(name))</h1><p class=\"meta\">\(MarkupText.escaped(summary))</p>"
        body += HTMLReport.table(header, rows)
        body += SVGPlot(
            title: "Requests reaching CoinGecko a minute across the day",
            xAxis: .linear(title: "hour of the day", unit: .plain), yTitle: "requests a minute",
            series: arms.enumerated().map { index, arm in
                .init(
                    name: arm.label, x: arm.perMinuteOfDay.indices.map { Double($0) / 60 },
                    y: arm.perMinuteOfDay.map(Double.init), color: color(index), width: 1)
            }
        ).render()
        body += SVGPlot(
            title:
                "Credits across a 30-day month (simulated days, then their pace) against each plan's credits",
            xAxis: .linear(title: "day of the month", unit: .plain), yTitle: "credits billed",
            series: arms.enumerated().map { index, arm in
                .init(
                    name: arm.label, x: arm.cumulativeCredits.indices.map { Double($0 + 1) },
                    y: arm.cumulativeCredits, color: color(index), width: 1.5)
            },
            references: arms.enumerated().compactMap { index, arm in
                arm.planCredits.map {
                    (Double($0), "\(arm.label): \(PlotFrame.format(Double($0)))", color(index))
                }
            }
        ).render()
        body += SVGPlot(
            title: "Each user's requests an hour, lowest to highest",
            xAxis: .linear(title: "share of users", unit: .percent), yTitle: "requests an hour",
            series: arms.enumerated().map { index, arm in
                let sorted = arm.requestsPerHour.sorted()
                let share = sorted.indices.map { 100 * Double($0 + 1) / Double(max(sorted.count, 1)) }
                return .init(name: arm.label, x: share, y: sorted, color: color(index), width: 1.5)
            },
            references: [(target, "target \(PlotFrame.format(target))/h", "#cf222e")]
        ).render()
        return HTMLReport.page(title: "Fleet \(name)", body: body)
    }
}
