import Foundation

extension Decimal {
    /// The decimal a `Double` prints as: its shortest round-tripping text read back as a `Decimal`.
    ///
    /// `Decimal(Double)` converts the binary value digit by digit and is inexact (`0.1` becomes
    /// `0.1000000000000000512`); CoinGecko sends `0.1`, so money built from its prices goes
    /// through the text. Nil for NaN and infinities.
    ///
    /// - Parameter value: A price or quantity as decoded from JSON.
    public init?(shortestTextOf value: Double) {
        guard value.isFinite, let decimal = Decimal(string: "\(value)", locale: nil) else { return nil }
        self = decimal
    }

    /// The nearest `Double`, for statistics and charts (never for money arithmetic).
    public var doubleValue: Double {
        NSDecimalNumber(decimal: self).doubleValue
    }
}
