import Foundation

/// How the coins of a synthetic market move together.
///
/// Each coin's path is first drawn from its own stream, as if alone. Its log returns are then
/// standardised with its model's long-run moments (``PriceProcess/logReturnMoments(stepYears:)``),
/// `e = (r - mean) / sd`, and replaced by a mix `z` of unit variance that carries the correlation:
/// the new return is `mean + sd z`. Each coin keeps its own mean and variance, and for GBM its
/// exact distribution; GARCH keeps its clustering in the coin's own part, Merton its jumps.
public enum MarketCorrelation: Sendable, Equatable {
    /// Every coin on its own.
    case independent
    /// One market factor `F`, drawn from the stream `market/factor`: coin i's mix is
    /// `z = sqrt(rho_i) F + sqrt(1 - rho_i) e_i`, so two coins correlate at `sqrt(rho_i rho_j)`
    /// (at `rho` when both have it). Coins not listed, or with 0, stay on their own; adding a
    /// coin leaves every other path unchanged.
    case oneFactor(correlations: [String: Double])
    /// A full matrix over the listed coins (in that order): `z = L e` with `L` its Cholesky
    /// factor, mixing the coins' own innovations. Coins not listed stay on their own.
    case matrix(coinIds: [String], CorrelationMatrix)

    /// Mixes the coins' standardised innovations in place.
    ///
    /// - Parameters:
    ///   - innovations: Each coin's standardised log returns, by id (one per step).
    ///   - factor: Draws the market factor's `count` standard normals when it is needed.
    func mix(_ innovations: inout [String: [Double]], factor: (_ count: Int) -> [Double]) {
        switch self {
        case .independent:
            return
        case .oneFactor(let correlations):
            let ids = correlations.keys.sorted().filter {
                correlations[$0, default: 0] > 0 && innovations[$0] != nil
            }
            guard let first = ids.first, let count = innovations[first]?.count else { return }
            let common = factor(count)
            for id in ids {
                let rho = correlations[id, default: 0]
                let (load, own) = (rho.squareRoot(), (1 - rho).squareRoot())
                innovations[id] = zip(common, innovations[id] ?? []).map { load * $0 + own * $1 }
            }
        case .matrix(let ids, let matrix):
            let own = ids.map { innovations[$0] ?? [] }
            for (row, id) in ids.enumerated() {
                var mixed = [Double](repeating: 0, count: own[row].count)
                for column in 0...row where matrix.cholesky[row][column] != 0 {
                    let weight = matrix.cholesky[row][column]
                    for step in mixed.indices { mixed[step] += weight * own[column][step] }
                }
                innovations[id] = mixed
            }
        }
    }

    /// Checks that every coin asked to move with others can: a pegged coin cannot.
    ///
    /// - Parameter coins: The market's coins.
    /// - Throws: ``PriceModelError/cannotCorrelate(coinId:model:)`` for the first that cannot.
    public func check(against coins: [SyntheticCoin]) throws(PriceModelError) {
        let byId = Dictionary(coins.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        for id in correlatedIds(among: coins) {
            guard let process = byId[id]?.model.process, !process.followsMarket else { continue }
            throw .cannotCorrelate(coinId: id, model: process.name)
        }
    }

    /// The coins among `coins` that move with others: with one factor, those with a correlation
    /// above 0, by id; under a matrix, its coins in its order. Only `coins` are looked at: a
    /// market of 10,000 coins is drawn coin by coin, each a walk of its own, and sorting every
    /// correlated id of the market for each of them was 43 % of a week of that market.
    func correlatedIds(among coins: [SyntheticCoin]) -> [String] {
        switch self {
        case .independent:
            return []
        case .oneFactor(let correlations):
            // Each id once, as a dictionary's keys are.
            return Set(coins.lazy.map(\.id).filter { correlations[$0].map { $0 > 0 } ?? false }).sorted()
        case .matrix(let ids, _):
            let present = Set(coins.map(\.id))
            return ids.filter { present.contains($0) }
        }
    }
}
