import CGSL
import Foundation
import WorkbenchFoundation

/// The money-weighted return of dated cash flows: the annual rate `x` at which their present
/// value is zero (XIRR, as spreadsheets compute it),
/// `sum_i CF_i / (1 + x)^((t_i - t_0) / 365 days) = 0`,
/// solved with GSL's Brent root finder (`gsl_root_fsolver_brent`).
///
/// Flows are the investor's: money put in is negative, money taken out (and the value left at
/// the end) positive. Where a time-weighted return says how the coins did, this says how the
/// investor's money did, timing of deposits included.
public enum MoneyWeightedReturn {
    /// One dated flow.
    public struct Flow: Sendable, Equatable {
        /// When, epoch ms.
        public var time: Int64
        /// How much: negative in, positive out.
        public var amount: Double

        /// Creates a flow.
        ///
        /// - Parameters:
        ///   - time: When, epoch ms.
        ///   - amount: Negative for money in, positive for money out.
        public init(time: Int64, amount: Double) {
            self.time = time
            self.amount = amount
        }
    }

    /// Why no rate could be found.
    public enum Failure: Error, Sendable, Equatable, CustomStringConvertible {
        /// The flows need both signs (money in and money out) and finite amounts.
        case undefined(String)
        /// No rate between -99.99 % and 10^6 % a year makes the present value zero.
        case noRoot

        /// One line saying why.
        public var description: String {
            switch self {
            case .undefined(let why): "money-weighted return undefined: \(why)"
            case .noRoot: "money-weighted return: no rate between -99.99 % and 1e6 % a year fits the flows"
            }
        }
    }

    /// The annual rate, as a fraction (0.1 is 10 % a year).
    ///
    /// The search runs in `g = ln(1 + x)`, where the present value is smooth for every g; it
    /// scans outwards from g = 0 for the first sign change, so with several roots (flows that
    /// change sign more than once) the one closest to 0 % is returned.
    ///
    /// - Parameter flows: At least one negative and one positive finite amount, in any order.
    /// - Returns: The rate, accurate to 1e-12 in `ln(1 + x)`.
    /// - Throws: ``Failure``.
    public static func annualRate(of flows: [Flow]) throws(Failure) -> Double {
        try rate(of: flows, perMilliseconds: 365 * 86_400_000)
    }

    /// The rate over the flows' whole span, not annualised: the `x` at which
    /// `sum_i CF_i / (1 + x)^((t_i - t_0) / (t_last - t_0)) = 0`. For spans shorter than a year,
    /// where an annual rate extrapolates hours or days to a year (GIPS: returns for periods of
    /// less than a year must not be annualised).
    ///
    /// - Parameter flows: As for ``annualRate(of:)``, spanning more than 0 ms.
    /// - Returns: The rate over the span, as a fraction.
    /// - Throws: ``Failure``.
    public static func periodRate(of flows: [Flow]) throws(Failure) -> Double {
        let times = flows.map(\.time)
        guard let first = times.min(), let last = times.max(), last > first else {
            throw .undefined("the flows span no time")
        }
        return try rate(of: flows, perMilliseconds: Double(last - first))
    }

    /// The rate per `unit` milliseconds.
    private static func rate(of flows: [Flow], perMilliseconds unit: Double) throws(Failure) -> Double {
        guard flows.allSatisfy({ $0.amount.isFinite }) else { throw .undefined("an amount is not finite") }
        guard flows.contains(where: { $0.amount < 0 }), flows.contains(where: { $0.amount > 0 }) else {
            throw .undefined("the flows need money in and money out")
        }
        let start = flows.map(\.time).min()!
        let problem = PresentValue(
            years: flows.map { Double($0.time - start) / unit }, amounts: flows.map(\.amount))
        guard let (low, high) = problem.bracket() else { throw .noRoot }
        for end in [low, high] where problem(end) == 0 { return PortableMath.expm1(end) }
        return PortableMath.expm1(try solve(problem, between: low, and: high))
    }

    /// GSL's default error handler prints and aborts; this module's one use of GSL turns it off
    /// first (once per process), so that errors come back as codes.
    private static let gslAbortOff: Void = { _ = cgsl_disable_abort_on_error() }()

    /// Brent's method on a bracket with a sign change.
    private static func solve(_ problem: PresentValue, between low: Double, and high: Double) throws(Failure)
        -> Double
    {
        _ = Self.gslAbortOff
        let context = Unmanaged.passRetained(problem)
        defer { context.release() }
        var function = gsl_function(
            function: { growth, parameters in
                guard let parameters else { return .nan }
                return Unmanaged<PresentValue>.fromOpaque(parameters).takeUnretainedValue()(growth)
            },
            params: context.toOpaque())
        guard let solver = gsl_root_fsolver_alloc(cgsl_root_fsolver_brent()) else { throw .noRoot }
        defer { gsl_root_fsolver_free(solver) }
        guard gsl_root_fsolver_set(solver, &function, low, high) == GSL_SUCCESS else { throw .noRoot }
        for _ in 0..<200 {
            guard gsl_root_fsolver_iterate(solver) == GSL_SUCCESS else { throw .noRoot }
            let (lower, upper) = (gsl_root_fsolver_x_lower(solver), gsl_root_fsolver_x_upper(solver))
            if gsl_root_test_interval(lower, upper, 1e-12, 0) == GSL_SUCCESS {
                return gsl_root_fsolver_root(solver)
            }
        }
        throw .noRoot
    }

    /// The present value as a function of `g = ln(1 + x)`: `sum_i CF_i PortableMath.exp(-g t_i)`.
    private final class PresentValue {
        let years: [Double]
        let amounts: [Double]

        init(years: [Double], amounts: [Double]) {
            self.years = years
            self.amounts = amounts
        }

        func callAsFunction(_ growth: Double) -> Double {
            zip(years, amounts).reduce(0) { $0 + $1.1 * PortableMath.exp(-growth * $1.0) }
        }

        /// The first interval, scanning outwards from g = 0 in steps of 0.05 to g = ln(1e-4)
        /// below and ln(1e4) above, at whose ends the present value has opposite signs (or is 0).
        func bracket() -> (Double, Double)? {
            let step = 0.05
            let (lowest, highest) = (PortableMath.log(1e-4), PortableMath.log(1e4))
            var (down, up) = (0.0, 0.0)
            while down > lowest || up < highest {
                if up < highest {
                    let next = min(up + step, highest)
                    if opposite(self(up), self(next)) { return (up, next) }
                    up = next
                }
                if down > lowest {
                    let next = max(down - step, lowest)
                    if opposite(self(next), self(down)) { return (next, down) }
                    down = next
                }
            }
            return nil
        }

        /// Whether a root lies between values `a` and `b`: opposite signs, or either is 0 (a
        /// product could overflow).
        private func opposite(_ a: Double, _ b: Double) -> Bool { a == 0 || b == 0 || (a < 0) != (b < 0) }
    }
}
