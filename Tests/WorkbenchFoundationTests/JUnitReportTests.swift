import Foundation
import Testing
import WorkbenchFoundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The JUnit report `check`, `sweep` and `conformance diff` write with `--junit`.
@Suite("JUnit reports")
struct JUnitReportTests {
    /// Reads a report back with Foundation's XML parser: each test case's name and the element
    /// under it (`failure`, `skipped`), and every attribute of the first `testsuite`.
    final class Reader: NSObject, XMLParserDelegate {
        var cases: [(name: String, outcome: String)] = []
        var suite: [String: String] = [:]
        var failureText = ""
        private var inFailure = false

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            switch name {
            case "testsuite": suite = attributes
            case "testcase": cases.append((attributes["name"] ?? "", "passed"))
            case "failure", "skipped":
                cases[cases.count - 1].outcome = name + ": " + (attributes["message"] ?? "")
                inFailure = name == "failure"
            default: break
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            if inFailure { failureText += string }
        }

        func parser(
            _ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?
        ) {
            if name == "failure" { inFailure = false }
        }
    }

    @Test(
        "passed, failed and skipped cases read back with their counts; markup and control characters are safe"
    )
    func readsBack() throws {
        let hostile = "a <b> & \"c\" 'd'\nline two\u{1}\ttab"
        let report = JUnitReport(
            name: "workbench check",
            cases: [
                .init(name: "scenarios/ok.yaml", className: "check", outcome: .passed),
                .init(
                    name: "scenarios/<bad>.yaml", className: "check",
                    outcome: .failed(message: hostile, details: hostile)),
                .init(
                    name: "widget", className: "conformance diff", outcome: .skipped("not at this revision")),
            ])
        let reader = Reader()
        let parser = XMLParser(data: Data(report.xml.utf8))
        parser.delegate = reader
        #expect(parser.parse(), "\(String(describing: parser.parserError))")
        #expect(
            reader.suite["tests"] == "3" && reader.suite["failures"] == "1" && reader.suite["skipped"] == "1")
        #expect(reader.cases.map(\.name) == ["scenarios/ok.yaml", "scenarios/<bad>.yaml", "widget"])
        let expected = "a <b> & \"c\" 'd'\nline two\ttab"  // the control character dropped
        #expect(reader.cases[1].outcome == "failure: " + expected)
        #expect(reader.failureText == expected)
        #expect(reader.cases[2].outcome == "skipped: not at this revision")
        // No time, no host: two runs write the same bytes.
        #expect(!report.xml.contains("time=") && !report.xml.contains("hostname"))
    }
}
