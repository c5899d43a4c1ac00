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

/// Portfolios with deposits and sales: quantstats 0.0.86 on their time-weighted returns, scipy's
/// brentq for their XIRR, and Bitcoin's own 2021 figures from the recorded CSV
/// (`scripts/peers/portfolio_flows.py`).
public struct PortfolioFlowsPeerVectors: Decodable, Sendable {
    /// The peers' figures.
    public struct Expected: Decodable, Sendable {
        /// Annualised volatility of the time-weighted returns.
        public var volatility: Double
        /// Annualised Sharpe ratio.
        public var sharpe: Double
        /// Annualised Sortino ratio.
        public var sortino: Double
        /// Maximum drawdown of the wealth index, negative.
        public var maxDrawdown: Double
        /// The returns compounded.
        public var totalReturn: Double
        /// quantstats' beta against the buy-and-hold benchmark (absent for Bitcoin's own figures).
        public var beta: Double?
        /// pandas' correlation with the benchmark.
        public var correlation: Double?
        /// The benchmark's return.
        public var benchmarkReturn: Double?
        /// XIRR by brentq.
        public var irr: Double?

        enum CodingKeys: String, CodingKey {
            case volatility, sharpe, sortino, beta, correlation, irr
            case maxDrawdown = "max_drawdown"
            case totalReturn = "total_return"
            case benchmarkReturn = "benchmark_return"
        }
    }

    /// One trade; `day` counts from 2021-01-01T00:00:00Z.
    public struct Trade: Decodable, Sendable {
        /// Days after the start.
        public var day: Int
        /// The coin.
        public var coin: String
        /// `buy` or `sell`.
        public var side: String
        /// Decimal text.
        public var quantity: String
        /// Decimal text.
        public var price: String
        /// Decimal text.
        public var fee: String
    }

    /// One portfolio.
    public struct Case: Decodable, Sendable, CustomTestStringConvertibleShim {
        /// `seed-N`.
        public var label: String
        /// Days after the start; prices run from day 0 to this day.
        public var days: Int
        /// Daily prices by coin.
        public var prices: [String: [Double]]
        /// The trades.
        public var trades: [Trade]
        /// The peer's daily values.
        public var values: [Double]
        /// The peer's daily net investments.
        public var flows: [Double]
        /// The peers' figures.
        public var expected: Expected
    }

    /// Bitcoin's figures for 2021 from `datasets/coingecko/btc-usd-max.csv`.
    public struct Bitcoin2021: Decodable, Sendable {
        /// The figures.
        public var expected: Expected
    }

    /// The portfolios.
    public var cases: [Case]
    /// Bitcoin held through 2021.
    public var bitcoin2021: Bitcoin2021

    enum CodingKeys: String, CodingKey {
        case cases
        case bitcoin2021 = "bitcoin_2021"
    }

    /// 2021-01-01T00:00:00Z, epoch ms: day 0.
    public static let startMilliseconds: Int64 = 1_609_459_200_000

    /// The vectors, loaded once.
    public static let shared: PortfolioFlowsPeerVectors = RepositoryFiles.peerVectors(
        "portfolio-flows-quantstats.json")
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
