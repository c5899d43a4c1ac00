/// A fleet's HTML page (`fleet.html`, docs/fleet.md): the table of figures, the fleet's requests
/// in each minute of the day, and every user's requests an hour against the team's target.
public enum FleetPage {
    /// Renders the page.
    ///
    /// - Parameters:
    ///   - name: The fleet's name.
    ///   - summary: One paragraph saying what was run.
    ///   - figures: The table's rows: figure, value.
    ///   - perMinuteOfDay: The fleet's requests in each minute of the day (1,440 values).
    ///   - requestsPerHour: Each user's requests an hour.
    ///   - target: The team's target for one user's requests an hour.
    public static func render(
        name: String, summary: String, figures: [[String]], perMinuteOfDay: [Int], requestsPerHour: [Double],
        target: Double
    ) -> String {
        var body =
            "<h1>Fleet \(HTMLText.escaped(name))</h1><p class=\"meta\">\(HTMLText.escaped(summary))</p>"
        body += HTMLReport.table(["figure", "value"], figures)
        body += SVGPlot(
            title: "Requests a minute across the day, all users",
            xAxis: .linear(title: "hour of the day", unit: .plain), yTitle: "requests a minute",
            series: [
                .init(
                    name: "requests", x: perMinuteOfDay.indices.map { Double($0) / 60 },
                    y: perMinuteOfDay.map(Double.init), color: "#0969da", width: 1)
            ]
        ).render()
        let sorted = requestsPerHour.sorted()
        let share = sorted.indices.map { 100 * Double($0 + 1) / Double(max(sorted.count, 1)) }
        body += SVGPlot(
            title: "Each user's requests an hour, lowest to highest",
            xAxis: .linear(title: "share of users", unit: .percent), yTitle: "requests an hour",
            series: [.init(name: "users", x: share, y: sorted, color: "#bc4c00", width: 1.5)],
            references: [(target, "target \(PlotFrame.format(target))/h", "#cf222e")]
        ).render()
        return HTMLReport.page(title: "Fleet \(name)", body: body)
    }
}
