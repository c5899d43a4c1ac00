import TrackerCore
import WorkbenchFoundation

/// `report.md`: the run for people who read text: settings, expectations, then every metric by
/// section, with the per-range chart table.
public enum MarkdownReport {
    /// Renders the report.
    ///
    /// - Parameter input: The run.
    /// - Returns: Markdown text.
    public static func render(_ input: ReportInput) -> String {
        var text = "# \(escaped(input.scenario))\n\n"
        if let stopped = input.stoppedEarlySentence { text += "**\(stopped)**\n\n" }
        if !input.description.isEmpty { text += escaped(input.description) + "\n\n" }
        text +=
            "Seed \(input.seed), from \(TimeFormatting.iso8601(input.start)) for "
            + "\(TimeFormatting.duration(input.durationMilliseconds)); scenario `\(input.file)` "
            + "(hash `\(input.scenarioHash.prefix(12))`).\n\n"
        let findings = input.findings
        text += "## Findings\n\n"
        text +=
            findings.isEmpty
            ? "None: no rule of docs/reports.md fired.\n\n"
            : findings.map { "- \(escaped($0.text))\n" }.joined() + "\n"
        text += table(["setting", "value"], input.settings.map { [$0.name, $0.value] })
        text += "\n## \(ReportInput.expectationsHeading): \(input.expectationsVerdict)\n\n"
        text += "\(input.expectationsNote)\n\n"
        if input.verdicts.isEmpty { text += "None.\n" }
        for verdict in input.verdicts {
            text +=
                "- \(verdict.problem == nil ? verdict.label : "**\(verdict.label)**"): `\(verdict.expectation)`"
                + (verdict.failure.map { " (\(escaped($0)))" } ?? "") + "\n"
        }
        if !input.result.problems.isEmpty {
            text += "\n## Problems\n\n" + input.result.problems.map { "- \(escaped($0))\n" }.joined()
        }
        for section in ReportSections.sections(input.result) {
            text +=
                "\n## \(section.title)\n\n" + (section.note.map { "\($0)\n\n" } ?? "")
                + table(["metric", "value"], section.rows.map { ["`\($0.0)`", $0.1] })
        }
        let charts = ReportSections.chartTable(input.result)
        if !charts.rows.isEmpty {
            text +=
                "\n## Charts by range and type\n\n\(ReportSections.chartTableNote)\n\n"
                + table(["chart"] + charts.columns, charts.rows.map { ["`\($0.0)`"] + $0.1 })
        }
        return text
    }

    /// A Markdown table, every cell escaped (``escaped(_:)``): a sweep's labels and a scenario's
    /// texts cannot break its columns.
    ///
    /// - Parameters:
    ///   - header: The column titles.
    ///   - rows: The cells, one array per row.
    public static func table(_ header: [String], _ rows: [[String]]) -> String {
        var text = "| " + header.map(escaped).joined(separator: " | ") + " |\n"
        text += "|" + header.map { _ in "---" }.joined(separator: "|") + "|\n"
        for row in rows { text += "| " + row.map(escaped).joined(separator: " | ") + " |\n" }
        return text
    }

    /// Text safe in a table cell or a line: the cell separator, link brackets (so no text from a
    /// scenario becomes a live link) and a `<` that could open an HTML tag or an autolink (one
    /// before a letter, `/`, `!` or `?`) escaped, newlines folded; `<=`, `>=` and `>` inside a line
    /// are plain text in CommonMark and stay as written (code spans written by the report itself
    /// are left as they are).
    static func escaped(_ text: String) -> String {
        var result = ""
        var characters = Array(text)[...]
        while let character = characters.popFirst() {
            switch character {
            case "|": result += "\\|"
            case "[": result += "\\["
            case "]": result += "\\]"
            case "<" where characters.first.map { $0.isLetter || "/!?".contains($0) } ?? false:
                result += "&lt;"
            case "\n", "\r": result += " "
            default: result.append(character)
            }
        }
        return result
    }
}
