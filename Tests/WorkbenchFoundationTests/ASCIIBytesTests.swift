import Testing
import WorkbenchFoundation

@Suite("ASCII bytes: the word-at-a-time check")
struct ASCIIBytesTests {
    @Test("agrees with a byte-by-byte check for every length to 40 and every place of a high byte")
    func agreesWithBytes() {
        for length in 0...40 {
            let plain = (0..<length).map { UInt8(truncatingIfNeeded: 0x20 + $0 * 7 % 95) }
            plain.withUnsafeBufferPointer { #expect($0.isASCII, "length \(length)") }
            for place in 0..<length {
                for high: UInt8 in [0x80, 0xC3, 0xFF] {
                    var bytes = plain
                    bytes[place] = high
                    bytes.withUnsafeBufferPointer {
                        #expect($0.isASCII == $0.allSatisfy { $0 < 0x80 }, "length \(length), place \(place)")
                        #expect(!$0.isASCII)
                    }
                }
            }
        }
    }
}
