import Testing
import WorkbenchFoundation

/// Durations as scenarios, the CLI and the admin API read them.
@Suite("Durations: one unit or several, largest first")
struct DurationTextTests {
    @Test(
        "single and compound durations",
        arguments: [
            ("500ms", 500), ("30s", 30_000), ("5m", 300_000), ("2h", 7_200_000), ("7d", 604_800_000),
            ("2h45m", 9_900_000), ("1m30s", 90_000), ("1d12h", 129_600_000), ("1s500ms", 1_500),
            ("1h0m", 3_600_000),
        ] as [(String, Int64)])
    func accepted(text: String, milliseconds: Int64) {
        #expect(DurationText.milliseconds(text) == milliseconds)
    }

    @Test(
        "refused: units out of order or repeated, no number, signs, spaces, other units",
        arguments: [
            "", "h", "30m1h", "1h1h", "1m1ms1s", "-5m", "+5m", "5 m", "1h 30m", "5min", "1.5h", "5", "m5",
        ])
    func refused(text: String) {
        #expect(DurationText.milliseconds(text) == nil)
    }

    @Test("zero only when allowed; too long is refused; text reads back")
    func limits() {
        #expect(DurationText.milliseconds("0s") == nil)
        #expect(DurationText.milliseconds("0s", allowZero: true) == 0)
        #expect(DurationText.milliseconds("0h0m", allowZero: true) == 0)
        #expect(DurationText.milliseconds("99999999999d") == nil)
        for milliseconds: Int64 in [1, 999, 1_000, 90_000, 9_900_000, 86_400_000] {
            #expect(DurationText.milliseconds(DurationText.text(milliseconds: milliseconds)) == milliseconds)
        }
    }
}
