import Foundation
import Testing
import WorkbenchFoundation

@Suite("JSONValue: the one writer of the workbench's JSON documents")
struct JSONValueTests {
    static let sample = JSONValue.object([
        .init("name", .string("quote \" backslash \\ newline \n tab \t bell \u{07}")),
        .init("seed", .unsigned(UInt64.max)),
        .init("count", .integer(-3)),
        .init("values", .array([.number(1), .number(0.1), .number(.nan), .number(1e-7)])),
        .init("nested", .object([.init("inner", .object([.init("a", .bool(true)), .init("b", .null)]))])),
        .init("empty", .array([])),
    ])

    @Test("pretty: members one per line, scalar arrays and deep containers inline, empty ones open")
    func pretty() {
        #expect(
            Self.sample.document(.pretty(inlineFrom: 2)) == """
                {
                  "name": "quote \\" backslash \\\\ newline \\n tab \\t bell \\u0007",
                  "seed": 18446744073709551615,
                  "count": -3,
                  "values": [1, 0.1, null, 1e-07],
                  "nested": {
                    "inner": {"a": true, "b": null}
                  },
                  "empty": [
                  ]
                }

                """)
    }

    @Test("compact: one line, no spaces")
    func compact() {
        #expect(
            JSONValue.object([.init("indices", .array([.integer(0), .integer(3)]))]).document(.compact)
                == "{\"indices\":[0,3]}\n")
    }

    @Test("what it writes reads back to the same values with Foundation's decoder")
    func roundTrip() throws {
        struct Nested: Decodable, Equatable {
            struct Inner: Decodable, Equatable {
                var a: Bool
                var b: Int?
            }
            var inner: Inner
        }
        struct Sample: Decodable {
            var name: String
            var seed: UInt64
            var count: Int
            var values: [Double?]
            var nested: Nested
        }
        for layout: JSONValue.Layout in [.compact, .pretty(inlineFrom: 1), .pretty(inlineFrom: 3)] {
            let decoded = try JSONDecoder().decode(Sample.self, from: Data(Self.sample.document(layout).utf8))
            #expect(decoded.name == "quote \" backslash \\ newline \n tab \t bell \u{07}")
            #expect(decoded.seed == UInt64.max && decoded.count == -3)
            #expect(decoded.values == [1, 0.1, nil, 1e-7])
            #expect(decoded.nested == Nested(inner: .init(a: true, b: nil)))
        }
    }
}
