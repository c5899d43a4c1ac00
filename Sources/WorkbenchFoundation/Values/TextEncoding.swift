/// Recognises text that is not plain UTF-8, so an error can name the encoding instead of
/// echoing its bytes.
public enum TextEncoding {
    /// What is wrong with `bytes` as UTF-8 text, or nil when nothing is: a byte-order mark,
    /// UTF-16 or UTF-32 (by their marks, or by zero bytes between ASCII ones), or an invalid
    /// UTF-8 sequence (with its byte offset).
    ///
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - allowingUTF8Mark: Whether a UTF-8 byte-order mark is acceptable (it is skipped).
    public static func problem<Bytes: Collection>(in bytes: Bytes, allowingUTF8Mark: Bool = false) -> String?
    where Bytes.Element == UInt8 {
        if let problem = problemAtStart(of: bytes, allowingUTF8Mark: allowingUTF8Mark) { return problem }
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar): offset += UTF8.width(scalar)
            case .emptyInput: return nil
            case .error: return "the file is not UTF-8 text (an invalid byte sequence at byte \(offset))"
            }
        }
    }

    /// What the first bytes say is wrong (a byte-order mark, UTF-16 or UTF-32), without reading
    /// the rest: cheap enough for every response a decoder reads.
    public static func problemAtStart<Bytes: Collection>(of bytes: Bytes, allowingUTF8Mark: Bool = false)
        -> String? where Bytes.Element == UInt8
    {
        let head = Array(bytes.prefix(4))
        let advice = "; save it as UTF-8 without a byte-order mark"
        if head.starts(with: [0xFF, 0xFE, 0, 0]) { return "the file is UTF-32 (little-endian)" + advice }
        if head.starts(with: [0, 0, 0xFE, 0xFF]) { return "the file is UTF-32 (big-endian)" + advice }
        if head.starts(with: [0xFF, 0xFE]) { return "the file is UTF-16 (little-endian)" + advice }
        if head.starts(with: [0xFE, 0xFF]) { return "the file is UTF-16 (big-endian)" + advice }
        if head.starts(with: [0xEF, 0xBB, 0xBF]), !allowingUTF8Mark {
            return "the file starts with a UTF-8 byte-order mark" + advice
        }
        if head.count >= 2, head[0] != 0, head[1] == 0 {
            return "the file looks like UTF-16 (little-endian) without a byte-order mark" + advice
        }
        if head.count >= 2, head[0] == 0, head[1] != 0 {
            return "the file looks like UTF-16 (big-endian) without a byte-order mark" + advice
        }
        return nil
    }
}
