import Foundation
import WorkbenchFoundation

/// `workbench conformance diff`'s report: plain text for the terminal, Markdown, HTML and JSON.
public enum DiffReport {
    /// `N rules against REV (commit): M match, D differ, X not extracted, C crashed`.
    public static func summary(_ diff: Diff) -> String {
        let counts = Dictionary(grouping: diff.rules, by: \.verdict).mapValues(\.count)
        let parts: [(Diff.Verdict, String)] = [
            (.matches, "match"), (.differs, "differ"), (.notExtracted, "not extracted"),
            (.crashed, "crashed"),
        ]
        return
            "\(diff.rules.count) rules against \(diff.revision) (\(diff.commit.prefix(12))), seed \(diff.seed): "
            + parts.compactMap { verdict, word in counts[verdict].map { "\($0) \(word)" } }.joined(
                separator: ", ")
    }

    /// The rules as JUnit test cases (`--junit`): a rule that matches passes; one that differs
    /// fails with each kind of mismatch and its smallest case; one not extracted or crashed fails
    /// with the reason, as the exit code does.
    public static func junit(_ diff: Diff) -> JUnitReport {
        let cases = diff.rules.map { rule in
            let outcome: JUnitReport.TestCase.Outcome
            switch rule.verdict {
            case .matches: outcome = .passed
            case .differs:
                let details = rule.mismatches.map { mismatch in
                    "\(mismatch.what) (\(mismatch.count) case(s)); the smallest:\n  case: \(mismatch.smallestCase)\n"
                        + "  app: \(mismatch.app)\n  workbench: \(mismatch.workbench)"
                }
                outcome = .failed(message: line(rule), details: details.joined(separator: "\n"))
            case .notExtracted, .crashed: outcome = .failed(message: line(rule), details: rule.reason ?? "")
            }
            return JUnitReport.TestCase(name: rule.rule, className: "conformance diff", outcome: outcome)
        }
        return JUnitReport(name: "workbench conformance diff at \(diff.revision)", cases: cases)
    }

    /// A rule's one line.
    static func line(_ rule: Diff.RuleResult) -> String {
        switch rule.verdict {
        case .matches: "\(rule.rule): matches on \(rule.cases) cases"
        case .differs:
            "\(rule.rule): differs on \(rule.mismatches.map(\.count).reduce(0, +)) of \(rule.cases) cases, "
                + "\(rule.mismatches.count) kind(s)"
        case .notExtracted: "\(rule.rule): not extracted: \(rule.reason ?? "")"
        case .crashed: "\(rule.rule): crashed: \(rule.reason ?? "")"
        }
    }

    /// The terminal's text: the summary, each rule, each kind of mismatch with its smallest case,
    /// then the changes made to the app's code.
    public static func text(_ diff: Diff) -> String {
        var lines = [summary(diff)]
        for rule in diff.rules {
            lines.append(line(rule))
            for mismatch in rule.mismatches {
                lines += [
                    "    \(mismatch.what) (\(mismatch.count) case(s)); the smallest:",
                    "      case:      \(mismatch.smallestCase)", "      app:       \(mismatch.app)",
                    "      workbench: \(mismatch.workbench)",
                ]
            }
        }
        lines.append("changes made to the app's code to build it here (\(diff.patches.count)):")
        lines += diff.patches.map { "    \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The Markdown report.
    public static func markdown(_ diff: Diff) -> String {
        var text =
            "# Conformance diff\n\n\(summary(diff)).\n\n| rule | verdict | cases | mismatching | compares | workbench |\n"
        text += "|---|---|---|---|---|---|\n"
        for rule in diff.rules {
            text +=
                "| \(rule.rule) | \(rule.verdict.rawValue) | \(rule.cases) | \(rule.mismatches.map(\.count).reduce(0, +)) "
                + "| \(rule.summary) | \(rule.workbench) |\n"
        }
        for rule in diff.rules where rule.verdict != .matches {
            text += "\n## \(rule.rule)\n\n"
            if let reason = rule.reason { text += "\(reason)\n" }
            for mismatch in rule.mismatches {
                text += "\n### \(mismatch.what) (\(mismatch.count) case(s))\n\nThe smallest case found:\n\n"
                text +=
                    "```json\n\(mismatch.smallestCase)\n```\n\nThe app:\n\n```json\n\(mismatch.app)\n```\n\n"
                text += "The workbench:\n\n```json\n\(mismatch.workbench)\n```\n"
            }
        }
        text += "\n## Changes made to the app's code\n\n" + diff.patches.map { "- \($0)\n" }.joined()
        return text
    }

    /// The HTML report: the same as the Markdown, one self-contained page.
    public static func html(_ diff: Diff) -> String {
        let escaped = HTMLPage.escaped
        var body =
            "<h1>Conformance diff</h1><p>\(escaped(summary(diff))).</p><table><tr><th>rule</th><th>verdict</th>"
            + "<th>cases</th><th>mismatching</th><th>compares</th><th>workbench</th></tr>"
        for rule in diff.rules {
            body +=
                "<tr class=\"\(rule.verdict == .matches ? "" : "bad")\"><td>\(rule.rule)</td><td>\(rule.verdict.rawValue)</td>"
                + "<td>\(rule.cases)</td><td>\(rule.mismatches.map(\.count).reduce(0, +))</td>"
                + "<td>\(escaped(rule.summary))</td><td>\(escaped(rule.workbench))</td></tr>"
        }
        body += "</table>"
        for rule in diff.rules where rule.verdict != .matches {
            body += "<h2>\(rule.rule)</h2>" + (rule.reason.map { "<p>\(escaped($0))</p>" } ?? "")
            for mismatch in rule.mismatches {
                body +=
                    "<h3>\(escaped(mismatch.what)) (\(mismatch.count) case(s))</h3><p>The smallest case found:</p>"
                    + "<pre>\(escaped(mismatch.smallestCase))</pre><p>The app:</p><pre>\(escaped(mismatch.app))</pre>"
                    + "<p>The workbench:</p><pre>\(escaped(mismatch.workbench))</pre>"
            }
        }
        body +=
            "<h2>Changes made to the app's code</h2><ul>"
            + diff.patches.map { "<li>\(escaped($0))</li>" }.joined() + "</ul>"
        return HTMLPage.page(title: "Conformance diff", style: HTMLPage.style, body: body)
    }

    /// The JSON report.
    public static func json(_ diff: Diff) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return ((try? String(decoding: encoder.encode(diff), as: UTF8.self)) ?? "{}") + "\n"
    }
}
