import TestSupport
import Testing
import TrackerCore

@Suite("Downsampling matches tsdownsample index for index")
struct PeerDownsamplingTests {
    static let vectors = DownsamplingPeerVectors.shared

    @Test("every peer case", arguments: vectors.cases.map(\.label))
    func peerCase(label: String) throws {
        let peerCase = try #require(Self.vectors.cases.first { $0.label == label })
        let series = try #require(Self.vectors.series[peerCase.series])
        let algorithm = try #require(DownsamplingAlgorithm(rawValue: peerCase.algorithm))
        for parallel in [false, true] {
            let indices = try algorithm.indices(
                x: series.x, y: series.y, nOut: peerCase.nOut, parallel: parallel)
            #expect(
                indices == peerCase.expected,
                "parallel \(parallel): first difference at \(firstDifference(indices, peerCase.expected))")
        }
    }

    @Test("the vectors cover all four peer algorithms")
    func coverage() {
        let algorithms = Set(Self.vectors.cases.map(\.algorithm))
        #expect(algorithms == ["lttb", "minmax", "m4", "minmaxlttb"])
        #expect(Self.vectors.cases.count == 212)
    }

    private func firstDifference(_ a: [Int], _ b: [Int]) -> String {
        for index in 0..<min(a.count, b.count) where a[index] != b[index] {
            return "position \(index): got \(a[index]), expected \(b[index])"
        }
        return "lengths \(a.count) vs \(b.count)"
    }
}
