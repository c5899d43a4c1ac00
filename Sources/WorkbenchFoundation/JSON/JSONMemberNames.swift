// `memcmp`, from the C library Foundation re-exports on every platform (Glibc, Darwin): the one
// portable way this module reaches it, with no Linux-only import.
import Foundation

/// The member names an object decoder knows, matched against a key's raw bytes.
///
/// A decoder that reads objects with ``JSONCursor/readObject(path:names:member:)`` gets each
/// known member as its index in this table, with no `String` built, no hashing and no string
/// comparisons: a `/coins/markets` row has sixteen members, and a simulated year decodes millions
/// of rows. Keys written with escapes (`"\u0069d"`) are decoded first and matched by value, so
/// they mean what they say.
package struct JSONMemberNames: Sendable {
    /// The names, in the decoder's order; a known member is reported by its index here.
    package let names: [String]
    /// Every name's UTF-8 bytes, one after another, each followed by a closing quote, then eight
    /// zero bytes (so a name's last word can be read whole): a key matches a name when its bytes
    /// and its quote do.
    private let quoted: [UInt8]
    /// Where each name starts in ``quoted``, and (last) the end of the last name's quote.
    private let starts: [Int]

    /// Creates the table.
    ///
    /// - Parameter names: At most 64 distinct names (duplicates are tracked in one 64-bit mask).
    package init(_ names: [String]) {
        precondition(names.count <= 64 && Set(names).count == names.count, "up to 64 distinct names")
        self.names = names
        var quoted: [UInt8] = []
        var starts: [Int] = []
        for name in names {
            starts.append(quoted.count)
            quoted += Array(name.utf8) + [UInt8(ascii: "\"")]
        }
        starts.append(quoted.count)
        self.quoted = quoted + Array(repeating: 0, count: 8)
        self.starts = starts
    }

    /// The index of the name whose bytes, then a closing quote, begin at `key` (the byte after
    /// a key's opening quote), trying `hint` first (objects tend to repeat one member order);
    /// with the quote's offset in `key`. Nil for a name not in the table.
    @inline(__always)
    package func index(quotedAt key: UnsafeBufferPointer<UInt8>, hint: Int) -> (index: Int, length: Int)? {
        if hint < names.count, let length = matchLength(hint, key) { return (hint, length) }
        for candidate in names.indices where candidate != hint {
            if let length = matchLength(candidate, key) { return (candidate, length) }
        }
        return nil
    }

    /// The index of `name`, or nil for an unknown name.
    package func index(of name: String) -> Int? {
        names.firstIndex(of: name)
    }

    /// No known names: every member is reported by its decoded name.
    package static let none = JSONMemberNames([])

    /// The length of name `candidate` when `key` starts with it and its closing quote.
    ///
    /// Compared eight bytes at a time, as words: most candidates differ in their first word, and
    /// a library call for each (`memcmp`) cost a markets row more than its numbers. The key's last
    /// bytes, where a whole word cannot be read, are compared with `memcmp`.
    @inline(__always)
    private func matchLength(_ candidate: Int, _ key: UnsafeBufferPointer<UInt8>) -> Int? {
        let (start, end) = (starts[candidate], starts[candidate + 1])
        let length = end - start
        let available = key.count
        guard length <= available else { return nil }
        return quoted.withUnsafeBufferPointer { quoted in
            guard let name = quoted.baseAddress.map({ UnsafeRawPointer($0 + start) }),
                let key = key.baseAddress.map(UnsafeRawPointer.init)
            else { return nil }
            var compared = 0
            while compared &+ 8 <= length {
                guard
                    name.loadUnaligned(fromByteOffset: compared, as: UInt64.self)
                        == key.loadUnaligned(fromByteOffset: compared, as: UInt64.self)
                else { return nil }
                compared &+= 8
            }
            let rest = length &- compared
            if rest > 0 {
                if compared &+ 8 <= available {
                    // The name's padding (or the next name) is masked off; so are the key's bytes.
                    let mask: UInt64 = (1 &<< UInt64(8 &* rest)) &- 1
                    let nameWord = UInt64(
                        littleEndian: name.loadUnaligned(fromByteOffset: compared, as: UInt64.self))
                    let keyWord = UInt64(
                        littleEndian: key.loadUnaligned(fromByteOffset: compared, as: UInt64.self))
                    guard (nameWord ^ keyWord) & mask == 0 else { return nil }
                } else if memcmp(name + compared, key + compared, rest) != 0 {
                    return nil
                }
            }
            return length &- 1
        }
    }
}

/// A member of an object read with ``JSONCursor/readObject(path:names:member:)``.
package enum JSONMember {
    /// A name in the decoder's table, by its index.
    case known(Int)
    /// Any other name, decoded.
    case other(String)

    /// The member's name, for error paths.
    package func name(in table: JSONMemberNames) -> String {
        switch self {
        case .known(let index): table.names[index]
        case .other(let name): name
        }
    }
}

extension JSONCursor {
    /// Reads an object whose member names are mostly in `names`, calling `member` with the cursor
    /// at each member's value.
    ///
    /// `member` must consume the value (read it or ``skipValue(path:)``). Duplicate keys are an
    /// error, as in ``readObject(path:member:)``.
    ///
    /// - Parameters:
    ///   - path: The object's JSON path, built only for an error.
    ///   - names: The names the decoder knows.
    ///   - member: Called once per member.
    package mutating func readObject(
        path: @autoclosure () -> String,
        names: JSONMemberNames,
        member: (inout JSONCursor, JSONMember) throws(LocatedDecodingError) -> Void
    ) throws(LocatedDecodingError) {
        try expect(.openBrace, path: path(), expected: "an object")
        if consume(.closeBrace) { return }
        var seenKnown: UInt64 = 0
        var seenOthers = SeenNames()
        var hint = 0
        repeat {
            let keyOffset = startOfNextToken()
            let key = try readMemberName(path: path(), names: names, hint: hint)
            let isNew: Bool
            switch key {
            case .known(let index):
                isNew = seenKnown & (1 << UInt64(index)) == 0
                seenKnown |= 1 << UInt64(index)
                hint = index + 1
            case .other(let name):
                isNew = seenOthers.insert(name)
            }
            guard isNew else { throw error(at: keyOffset, path: path(), expected: "each member name once") }
            try expect(
                .colon, path: path().member(key.name(in: names)), expected: "':' after the member name")
            try member(&self, key)
        } while consume(.comma)
        try expect(.closeBrace, path: path(), expected: "',' or '}' in the object")
    }

    /// Reads a member name: matched in place when it is a known name written without escapes,
    /// decoded otherwise.
    @inline(__always)
    private mutating func readMemberName(
        path: @autoclosure () -> String, names: JSONMemberNames, hint: Int
    ) throws(LocatedDecodingError) -> JSONMember {
        if !names.names.isEmpty, peek() == .quote,
            let (index, length) = names.index(
                quotedAt: UnsafeBufferPointer(rebasing: bytes[(offset + 1)...]), hint: hint)
        {
            offset += length + 2
            return .known(index)
        }
        let name = try readString(path: path(), expected: "a member name in quotes")
        return names.index(of: name).map { .known($0) } ?? .other(name)
    }
}

/// The names an object has had that are not in its decoder's table, for the duplicate check: in a
/// list while there are few (most such objects have two or three members, and a set hashed each
/// one), in a set beyond eight.
private struct SeenNames {
    private var few: [String] = []
    private var many: Set<String> = []

    /// Adds `name`; false when the object has had it already.
    mutating func insert(_ name: String) -> Bool {
        if many.isEmpty {
            if few.contains(name) { return false }
            if few.count < 8 {
                few.append(name)
                return true
            }
            many = Set(few)
        }
        return many.insert(name).inserted
    }
}
