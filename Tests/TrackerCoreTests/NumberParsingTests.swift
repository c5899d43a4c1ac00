import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("JSON number parsing")
struct NumberParsingTests {
    /// Parses `[text]` as the y column of an x/y document.
    private func parse(_ text: String) throws -> Double {
        try XYSeriesDecoder.decode(Array("{\"y\":[\(text)]}".utf8), source: "t").y[0]
    }

    @Test("numbers are rounded exactly as the standard library rounds them", arguments: 0..<20)
    func matchesStandardLibrary(seed: UInt64) throws {
        var generator = SplitMix64(seed: seed)
        for _ in 0..<500 {
            let value = Double(bitPattern: generator.next() & 0x7FEF_FFFF_FFFF_FFFF)  // finite, positive
            let digits = UInt64.random(in: 0..<1 << 62, using: &generator)
            let exponent = Int.random(in: -40...40, using: &generator)
            let texts = [
                "\(value)", "\(Double.random(in: 0..<100_000, using: &generator))", "\(digits)e\(exponent)",
                "0.\(digits)", "\(digits % 100_000).\(digits)",
            ]
            for text in texts {
                let expected = try #require(Double(text))
                #expect(try parse(text) == expected, "seed \(seed): \(text)")
            }
        }
    }

    @Test(
        "up to 19 digits at every power of ten a Double reaches (Eisel-Lemire), as the standard library rounds"
    )
    func fullExponentRange() throws {
        var generator = SplitMix64(seed: 19)
        for _ in 0..<20_000 {
            let digits = UInt64.random(in: 1...9_999_999_999_999_999_999, using: &generator)
            let exponent = Int.random(in: -345...310, using: &generator)
            let text = "\(digits)e\(exponent)"
            let expected = try #require(Double(text))
            if expected.isFinite {
                #expect(try parse(text) == expected, "\(text)")
            } else {
                #expect(throws: LocatedDecodingError.self, "\(text) overflows") { try parse(text) }
            }
        }
    }

    @Test("integers exactly halfway between two doubles round to even")
    func halfwayRoundsToEven() throws {
        var generator = SplitMix64(seed: 53)
        for _ in 0..<5_000 {
            // Between 2^54 and 1e19 a double's spacing is at least 4, so the midpoint is an integer
            // of at most 19 digits.
            let value = Double(UInt64.random(in: (1 << 54)...9_000_000_000_000_000_000, using: &generator))
            let midpoint = UInt64(value) + UInt64(value.ulp) / 2
            let text = "\(midpoint)"
            #expect(try parse(text) == Double(text)!, "\(text)")
            #expect(try parse(text + ".0") == Double(text)!, "\(text).0")
        }
    }

    @Test(
        "every run of 1 to 25 digits, with the point anywhere, as the last bytes of a document and before others"
    )
    func digitRunsAtEveryLength() throws {
        // Runs are read eight bytes at a time while eight remain, then a byte at a time: every
        // length, every split between integer and fraction, and both ends of the buffer.
        var generator = SplitMix64(seed: 8)
        for length in 1...25 {
            for _ in 0..<40 {
                var digits = (0..<length).map { _ in
                    Character(String(Int.random(in: 0...9, using: &generator)))
                }
                if digits.count > 1 && digits[0] == "0" { digits[0] = "7" }
                let point = Int.random(in: 0..<length, using: &generator)
                let integer = point == 0 ? "0" : String(digits[..<point])
                let fraction = integer + "." + String(digits[point...])
                let texts = [String(digits), fraction, "0.000" + String(digits), "-" + fraction + "e-7"]
                for text in texts {
                    let expected = try #require(Double(text))
                    #expect(try parse(text) == expected, "\(text)")
                    // Followed by eight bytes or more, so the digits are read a word at a time.
                    let padded = "{\"y\":[\(text),\(text)]}" + String(repeating: " ", count: 9)
                    let list = try XYSeriesDecoder.decode(Array(padded.utf8), source: "t")
                    #expect(list.y == [expected, expected], "\(text)")
                    // The number as the whole document: its last digits are the buffer's last bytes.
                    #expect(throws: Never.self) { try JSONSyntax.validate(Array(text.utf8), source: "t") }
                }
            }
        }
    }

    @Test(
        "edge cases",
        arguments: [
            ("0", 0.0), ("-0", -0.0), ("0.1", 0.1), ("1E2", 100), ("1e+2", 100), ("2.5e-3", 0.0025),
            ("50675.258073370765", 50675.258073370765), ("0.000000000000000000000000001", 1e-27),
            ("123456789012345678901234567890", 1.2345678901234568e29), ("9007199254740993", 9007199254740992),
            ("4.9e-324", Double.leastNonzeroMagnitude), ("1.7976931348623157e308", 1.7976931348623157e308),
        ])
    func edges(text: String, value: Double) throws {
        #expect(try parse(text) == value)
        #expect(try parse(text).sign == value.sign)
    }

    @Test(
        "text that is not a JSON number is refused",
        arguments: [
            "+1", "01", "1.", ".5", "1e", "1e+", "--1", "0x10", "Infinity", "-Infinity", "NaN", "1_000",
            "1,5e", "\"1\"",
        ])
    func refused(text: String) {
        #expect(throws: LocatedDecodingError.self) { try parse(text) }
    }
}
