extension UnsafeBufferPointer<UInt8> {
    /// Whether every byte is ASCII (below 0x80), read eight bytes at a time: the check text made
    /// of bytes passes before it is split or compared at its bytes (in ASCII a byte is a
    /// character, except that CR LF joins two into one).
    package var isASCII: Bool {
        guard let start = baseAddress else { return true }
        var highBits: UInt64 = 0
        var index = 0
        while index &+ 8 <= count {
            highBits |= UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
            index &+= 8
        }
        while index < count {
            highBits |= UInt64(start[index])
            index &+= 1
        }
        return highBits & 0x8080_8080_8080_8080 == 0
    }
}
