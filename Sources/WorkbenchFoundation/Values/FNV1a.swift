/// FNV-1a, 64 bits (Fowler, Noll, Vo): a fast, deterministic hash of bytes, the same in every
/// process (unlike `Hasher`, which is seeded per process). For stream names and compact keys,
/// not for security.
public enum FNV1a {
    /// The hash of a text's UTF-8 bytes.
    ///
    /// - Parameter text: The text.
    public static func hash(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return hash
    }

    /// The hash as 16 hex digits.
    ///
    /// - Parameter text: The text.
    public static func hex(_ text: String) -> String {
        let digits = String(hash(text), radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }
}
