import Foundation
import PriceModels
import TrackerCore

/// The inputs the benchmarks share, built once: CoinGecko-shaped series and the recorded files.
enum Inputs {
    /// The repository root (this file is Benchmarks/Benchmarks/WorkbenchBenchmarks/Inputs.swift).
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// A recorded CoinGecko file.
    static func recorded(_ name: String) -> [UInt8] {
        (try? [UInt8](Data(contentsOf: root.appendingPathComponent("datasets/coingecko/\(name)")))) ?? []
    }

    /// Int64 epoch ms every 5 minutes and a GBM price walk of `count` points.
    static func series(_ count: Int) -> (x: [Int64], y: [Double]) {
        let model = GeometricBrownianMotion(drift: 0.1, volatility: 0.8)
        let y = model.path(
            from: 100, steps: count - 1, stepYears: 300 / 31_536_000,
            stream: RandomStream(seed: StreamSeed(root: UInt64(count), stream: "bench")))
        let x = (0..<count).map { 1_600_000_000_000 + Int64($0) * 300_000 }
        return (x, y)
    }

    static let series1e5 = series(100_000)
    static let series1e6 = series(1_000_000)
    static let series1e7 = series(10_000_000)

    /// A market_chart response of `count` points in CoinGecko's shape.
    static func marketChartBody(_ count: Int) -> [UInt8] {
        let (x, y) = series(count)
        func column(_ scale: Double) -> String {
            "[" + zip(x, y).map { "[\($0),\($1 * scale)]" }.joined(separator: ",") + "]"
        }
        return Array(
            "{\"prices\":\(column(1)),\"market_caps\":\(column(19e6)),\"total_volumes\":\(column(3e5))}".utf8)
    }
}
