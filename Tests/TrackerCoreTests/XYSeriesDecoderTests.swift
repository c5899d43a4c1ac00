import Testing
import TrackerCore
import WorkbenchFoundation

@Suite("Downsampling input decoding")
struct XYSeriesDecoderTests {
    @Test("x and y in either order; x optional")
    func accepted() throws {
        let both = try XYSeriesDecoder.decode(Array(#"{"y":[1.5,2],"x":[10,20]}"#.utf8), source: "in")
        #expect(both.x == [10, 20] && both.y == [1.5, 2])
        let yOnly = try XYSeriesDecoder.decode(Array(#" {"y":[3,-1,4]} "#.utf8), source: "in")
        #expect(yOnly.x == [0, 1, 2] && yOnly.y == [3, -1, 4])
        let ties = try XYSeriesDecoder.decode(Array(#"{"x":[1,1,2],"y":[1,2,3]}"#.utf8), source: "in")
        #expect(ties.x == [1, 1, 2])
    }

    @Test(
        "bad input names the element",
        arguments: [
            (#"{"x":[1,3,2],"y":[1,2,3]}"#, "$.x[2]"), (#"{"x":[1,2],"y":[1]}"#, "$.y"), (#"{"x":[1]}"#, "$"),
            (#"{"x":[1],"y":[null]}"#, "$.y[0]"), (#"{"x":[1],"y":[1],"z":[]}"#, "$.z"),
            (#"{"x":["a"],"y":[1]}"#, "$.x[0]"),
            (#"{"x":[1],"y":[1]"#, "$"), ("[]", "$"), (#"{"x":[1],"y":[1e400]}"#, "$.y[0]"),
        ])
    func refused(json: String, path: String) throws {
        let error = try #require(throws: LocatedDecodingError.self) {
            try XYSeriesDecoder.decode(Array(json.utf8), source: "in.json")
        }
        #expect(error.path == path)
        #expect(error.source == "in.json")
    }
}
