import Foundation
import Testing
import WorkbenchFoundation

@Suite("JSON numbers, digits and dates written without intermediate Strings")
struct JSONTextWritingTests {
    /// The rule as first written: whole numbers below 1e15 as integers, the rest in Swift's
    /// shortest round-tripping form.
    static func reference(_ value: Double) -> String {
        guard value.isFinite else { return "null" }
        return value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : "\(value)"
    }

    @Test("appendNumber writes what the reference rule writes, for edge cases and 20,000 random values")
    func numbers() {
        var values: [Double] = [
            0, -0.0, 1, -1, 42_000, 16951.52, 1e-05, 43420.269928103975, 999_999_999_999_999,
            1e15, -1e15, 1e15 - 1, 9.5, -9.5, 1e300, -1e-300, .nan, .infinity, -.infinity,
            Double(Int64.max), 0.1 + 0.2, .ulpOfOne, .leastNonzeroMagnitude, .greatestFiniteMagnitude,
        ]
        var generator = SplitMix64(seed: 19)
        for _ in 0..<20_000 {
            let magnitude = pow(10, generator.nextUnitInterval() * 40 - 20)
            let value = (generator.nextUnitInterval() - 0.5) * magnitude
            values += [value, value.rounded()]
        }
        for value in values {
            var bytes: [UInt8] = [UInt8(ascii: "x")]
            JSONText.appendNumber(value, to: &bytes)
            #expect(String(decoding: bytes.dropFirst(), as: UTF8.self) == Self.reference(value), "\(value)")
            #expect(JSONText.number(value) == Self.reference(value))
        }
    }

    @Test("numbers that are not whole are description's bytes, for 200,000 random bit patterns")
    func anyBitPattern() {
        var generator = SplitMix64(seed: 23)
        var checked = 0
        while checked < 200_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite, value != value.rounded() || abs(value) >= 1e15 else { continue }
            var bytes: [UInt8] = []
            JSONText.appendNumber(value, to: &bytes)
            #expect(bytes == Array(value.description.utf8), "\(value)")
            checked += 1
        }
    }

    @Test("appendInteger and appendDigits: signs, the extremes and zero padding")
    func integers() {
        for value: Int64 in [0, 7, -7, 10, 1_704_067_200_000, .max, .min, .min + 1] {
            var bytes: [UInt8] = []
            JSONText.appendInteger(value, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == String(value))
        }
        for (value, width, text) in [
            (UInt64(5), 2, "05"), (0, 3, "000"), (123, 2, "123"), (2024, 4, "2024"), (7, 1, "7"),
            (.max, 1, "18446744073709551615"), (1, 20, "00000000000000000001"),
        ] as [(UInt64, Int, String)] {
            var bytes: [UInt8] = []
            JSONText.appendDigits(value, width: width, to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == text)
        }
    }

    @Test("CivilDate.split floors before 1970 and agrees with Foundation's calendar")
    func split() {
        #expect(CivilDate.split(milliseconds: 0) == (0, 0, 0))
        #expect(CivilDate.split(milliseconds: -1) == (-1, -1, 86_399))
        #expect(CivilDate.split(milliseconds: 1_621_093_092_266) == (1_621_093_092, 18_762, 56_292))
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        var generator = SplitMix64(seed: 3)
        for _ in 0..<1_000 {
            let milliseconds = Int64(generator.nextUnitInterval() * 8e12) - 2_000_000_000_000
            let (seconds, days, secondOfDay) = CivilDate.split(milliseconds: milliseconds)
            let date = Date(timeIntervalSince1970: Double(seconds))
            let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
            let civil = CivilDate.civil(fromDaysSinceEpoch: days)
            #expect(civil.year == Int64(parts.year!) && civil.month == Int64(parts.month!))
            #expect(civil.day == Int64(parts.day!))
            #expect(secondOfDay == Int64(parts.hour! * 3600 + parts.minute! * 60 + parts.second!))
            #expect(seconds * 1000 <= milliseconds && milliseconds < seconds * 1000 + 1000)
        }
    }
}
