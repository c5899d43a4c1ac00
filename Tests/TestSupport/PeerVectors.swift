import Foundation
import TrackerCore

/// The downsampling peer vectors computed by tsdownsample 0.1.5.1 (`Tests/Fixtures/peers`).
public struct DownsamplingPeerVectors: Decodable, Sendable {
    /// One input series.
    public struct Series: Decodable, Sendable {
        /// Epoch milliseconds.
        public var x: [Int64]
        /// Prices.
        public var y: [Double]
    }

    /// One expected output.
    public struct Case: Decodable, Sendable, CustomTestStringConvertibleShim {
        /// The series id.
        public var series: String
        /// `lttb`, `minmax`, `m4` or `minmaxlttb`.
        public var algorithm: String
        /// The budget.
        public var nOut: Int
        /// tsdownsample's indices.
        public var expected: [Int]

        enum CodingKeys: String, CodingKey {
            case series, algorithm, expected
            case nOut = "n_out"
        }

        /// `series/algorithm/n_out`, for test names.
        public var label: String { "\(series)/\(algorithm)/\(nOut)" }
    }

    /// Input series by id.
    public var series: [String: Series]
    /// Expected outputs.
    public var cases: [Case]

    /// The vectors, loaded once.
    public static let shared: DownsamplingPeerVectors = RepositoryFiles.peerVectors(
        "downsampling-tsdownsample.json")
}

/// A case that can name itself in test output.
public protocol CustomTestStringConvertibleShim {
    /// A short label.
    var label: String { get }
}

/// The portfolio statistics computed by quantstats 0.0.86 (`Tests/Fixtures/peers`).
public struct PortfolioStatisticsPeerVectors: Decodable, Sendable {
    /// quantstats' figures for one series.
    public struct Expected: Decodable, Sendable {
        /// Annualised volatility.
        public var volatility: Double
        /// Annualised Sharpe ratio.
        public var sharpe: Double
        /// Annualised Sortino ratio.
        public var sortino: Double
        /// Maximum drawdown, negative.
        public var maxDrawdown: Double

        enum CodingKeys: String, CodingKey {
            case volatility, sharpe, sortino
            case maxDrawdown = "max_drawdown"
        }
    }

    /// One daily value series and quantstats' figures for it.
    public struct Case: Decodable, Sendable, CustomTestStringConvertibleShim {
        /// The seed that generated the series.
        public var seed: Int
        /// Daily portfolio values.
        public var values: [Double]
        /// quantstats' figures.
        public var expected: Expected

        /// `seed N`, for test names.
        public var label: String { "seed \(seed)" }
    }

    /// Every case.
    public var cases: [Case]

    /// The vectors, loaded once.
    public static let shared: PortfolioStatisticsPeerVectors = RepositoryFiles.peerVectors(
        "portfolio-stats-quantstats.json")
}

extension RepositoryFiles {
    /// Decodes a peer-vector file of `Tests/Fixtures/peers`; the vectors are checked-in test
    /// data, so a file that does not load stops the test run with its error.
    ///
    /// - Parameter name: The file name.
    static func peerVectors<Vectors: Decodable>(_ name: String) -> Vectors {
        do {
            return try JSONDecoder().decode(Vectors.self, from: try fixture("peers/\(name)"))
        } catch {
            fatalError("cannot load the peer vectors \(name): \(error)")
        }
    }
}
