import Testing
import WorkbenchFoundation

/// ``JSONCursor/peek()`` answers at once when a token is next and skips whitespace otherwise:
/// either way it must land on the first byte that is not JSON whitespace.
@Suite("JSON whitespace: peek lands on the first byte that is not whitespace")
struct JSONWhitespaceTests {
    @Test("every offset of 3,000 random runs of whitespace and other bytes, the document's end included")
    func peekMatchesByteByByte() {
        // Whitespace, bytes one bit away from it, and bytes whose high bit is set.
        let alphabet: [UInt8] = [
            0x20, 0x09, 0x0A, 0x0D, 0x21, 0x08, 0x0B, 0x0C, 0x1D, 0x30, 0xA0, 0x8A, 0xFF, 0x00,
        ]
        var random = SplitMix64(seed: 9)
        for trial in 0..<3_000 {
            let bytes = (0..<Int.random(in: 0...40, using: &random)).map { _ in
                // Mostly whitespace, so runs cross word boundaries.
                Int.random(in: 0..<3, using: &random) == 0
                    ? alphabet.randomElement(using: &random)!
                    : [0x20, 0x0A, 0x09, 0x0D].randomElement(using: &random)!
            }
            for start in 0...bytes.count {
                let expected = bytes[start...].firstIndex { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
                let (found, offset) = bytes.withUnsafeBufferPointer { buffer in
                    var cursor = JSONCursor(bytes: buffer, source: "test")
                    cursor.offset = start
                    return (cursor.peek(), cursor.offset)
                }
                #expect(found == expected.map { bytes[$0] }, "trial \(trial) from \(start)")
                #expect(offset == expected ?? bytes.count, "trial \(trial) from \(start)")
            }
        }
    }
}
