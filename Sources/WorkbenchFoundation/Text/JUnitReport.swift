/// A test report in the JUnit XML format that CI systems read (Jenkins, GitLab, GitHub's test
/// reporters): one `<testsuite>` of `<testcase>`s, each passed, failed (`<failure>`) or skipped
/// (`<skipped>`). `check` writes a case per scenario, `sweep` one per combination, and
/// `conformance diff` one per rule (`--junit FILE`). The elements and attributes written are the
/// ones `docs/junit.xsd` allows; CI validates a report against it (`scripts/validate-junit.sh`).
public struct JUnitReport: Sendable, Equatable {
    /// One test case.
    public struct TestCase: Sendable, Equatable {
        /// How it ended.
        public enum Outcome: Sendable, Equatable {
            /// It held.
            case passed
            /// It did not: a one-line message and the details.
            case failed(message: String, details: String)
            /// It was not run, and why.
            case skipped(String)
        }

        /// Its name (a scenario file, a combination, a rule).
        public var name: String
        /// What it belongs to (`check`, `sweep`, `conformance diff`), as CI groups cases.
        public var className: String
        /// How it ended.
        public var outcome: Outcome

        /// A case.
        public init(name: String, className: String, outcome: Outcome) {
            (self.name, self.className, self.outcome) = (name, className, outcome)
        }
    }

    /// The suite's name.
    public var name: String
    /// The cases, in the order run.
    public var cases: [TestCase]

    /// A report.
    public init(name: String, cases: [TestCase]) {
        (self.name, self.cases) = (name, cases)
    }

    /// The report as XML. No time is written: the workbench's outputs are byte-identical
    /// across runs.
    public var xml: String {
        let failures = cases.count { if case .failed = $0.outcome { true } else { false } }
        let skipped = cases.count { if case .skipped = $0.outcome { true } else { false } }
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        text +=
            "<testsuites name=\"\(Self.escaped(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\">\n"
        text +=
            "  <testsuite name=\"\(Self.escaped(name))\" tests=\"\(cases.count)\" failures=\"\(failures)\" "
            + "errors=\"0\" skipped=\"\(skipped)\">\n"
        for testCase in cases {
            let opening =
                "    <testcase name=\"\(Self.escaped(testCase.name))\" classname=\"\(Self.escaped(testCase.className))\""
            switch testCase.outcome {
            case .passed:
                text += opening + "/>\n"
            case .failed(let message, let details):
                text += opening + ">\n"
                text += "      <failure message=\"\(Self.escaped(message))\" type=\"failure\">"
                text += Self.escaped(details) + "</failure>\n"
                text += "    </testcase>\n"
            case .skipped(let reason):
                text += opening + ">\n"
                text += "      <skipped message=\"\(Self.escaped(reason))\"/>\n"
                text += "    </testcase>\n"
            }
        }
        return text + "  </testsuite>\n</testsuites>\n"
    }

    /// Text as XML 1.0 character data or an attribute value: markup escaped (``MarkupText``),
    /// line breaks and tabs kept as character references, and characters XML 1.0 does not allow
    /// (other control characters, and U+FFFE and U+FFFF) dropped.
    public static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in MarkupText.escaped(text).unicodeScalars {
            switch scalar {
            case "\n": out += "&#10;"
            case "\r": out += "&#13;"
            case "\t": out += "&#9;"
            case _ where scalar.value < 0x20 || (0xFFFE...0xFFFF).contains(scalar.value): continue
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
