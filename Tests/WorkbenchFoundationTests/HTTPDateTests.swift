import Testing
import WorkbenchFoundation

/// `serve`'s `X-Simulated-Date`: RFC 9110's IMF-fixdate, written digit by digit.
@Suite("HTTP dates: IMF-fixdate, as Python's email.utils writes them")
struct HTTPDateTests {
    /// Expected texts from Python's `email.utils.formatdate(seconds, usegmt=True)`.
    @Test(
        "known dates, milliseconds dropped",
        arguments: [
            (0, "Thu, 01 Jan 1970 00:00:00 GMT"), (86_399_999, "Thu, 01 Jan 1970 23:59:59 GMT"),
            (-1_000, "Wed, 31 Dec 1969 23:59:59 GMT"), (951_782_400_000, "Tue, 29 Feb 2000 00:00:00 GMT"),
            (1_621_092_867_000, "Sat, 15 May 2021 15:34:27 GMT"),
            (1_621_092_867_999, "Sat, 15 May 2021 15:34:27 GMT"),
            (1_733_097_600_000, "Mon, 02 Dec 2024 00:00:00 GMT"),
            (4_102_444_799_000, "Thu, 31 Dec 2099 23:59:59 GMT"),
            (253_402_300_799_000, "Fri, 31 Dec 9999 23:59:59 GMT"),
        ] as [(Int64, String)])
    func known(milliseconds: Int64, text: String) {
        #expect(TimeFormatting.httpDate(milliseconds) == text)
    }

    @Test("every hour of four years and a stride of seconds read back to their second")
    func readsBack() {
        let start: Int64 = 1_577_836_800_000  // 2020-01-01, a leap year first
        for step in stride(from: Int64(0), to: 4 * 366 * 24, by: 1) {
            let milliseconds = start + step * 3_600_000 + (step * 7_919 % 3_600) * 1_000
            #expect(CivilDate.parseHTTPDate(TimeFormatting.httpDate(milliseconds)) == milliseconds)
        }
    }

    /// The weekday is Python's for 395-03-04: the Gregorian calendar repeats every 400 years,
    /// which are whole weeks (146,097 days), and Python's dates start at year 1.
    @Test("a year before 0 keeps its sign inside the four-character padding")
    func negativeYear() {
        let days = CivilDate.daysSinceEpoch(year: -5, month: 3, day: 4)
        let text = TimeFormatting.httpDate(days * 86_400_000 + 3_723_000)
        #expect(text == "Sat, 04 Mar 00-5 01:02:03 GMT")
    }

    @Test("a year past 9999 keeps its five digits")
    func fiveDigitYear() {
        #expect(TimeFormatting.httpDate(253_402_300_800_000) == "Sat, 01 Jan 10000 00:00:00 GMT")
    }
}
