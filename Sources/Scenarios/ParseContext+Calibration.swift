import Datasets
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

extension ParseContext {
    /// A coin's model fitted to a recorded history, and a line for the report saying what was
    /// fitted.
    struct Calibration {
        var model: PriceModel
        var summary: String
    }

    /// Which model a calibration fits.
    enum CalibratedModel {
        case garch
        case gbm
    }

    /// The span of the most recent recorded prices a GARCH fit sees by default: a year. Over
    /// Bitcoin's whole history since 2010 the fit is integrated (`alpha + beta` 1 - 1e-10, a
    /// long-run volatility in the thousands of percent): the volatility of 2010 is not that of
    /// today, and GARCH(1,1) explains the change as persistence.
    static let defaultCalibrationWindow: Int64 = 365 * 86_400_000

    /// The most persistent daily fit accepted: above it the long-run variance is not identified.
    static let maximumPersistence = 0.995

    /// `calibrate: FILE` or `calibrate: {from: FILE, model: garch|gbm, window: 365d}`: GARCH(1,1)-t
    /// over the last year of the file by default.
    func calibration(_ reader: NodeReader, stepMilliseconds: Int64) throws(ScenarioError)
        -> Calibration
    {
        var fileReader = reader
        var model = CalibratedModel.garch
        var window = Self.defaultCalibrationWindow
        if reader.isMapping {
            let section = try reader.mapping(allowing: ["from", "model", "window"])
            fileReader = try section.required("from")
            model = try section.optional("model")?.choice([("garch", .garch), ("gbm", .gbm)]) ?? .garch
            window = try section.optional("window")?.duration() ?? window
        }
        let path = try datasetPath(fileReader, default: "")
        return try calibration(
            path: path, model: model, window: window, stepMilliseconds: stepMilliseconds, at: fileReader)
    }

    /// Fits `model` to the recorded prices in `path` (a daily CSV export or a market_chart body),
    /// carried to the scenario's grid. GARCH sees the prices of the last `window` of the file.
    ///
    /// GBM's parameters are per year and need no carrying. GARCH's are per step of the data
    /// (its median step), carried to the grid by ``GARCH11/rescaled(by:)``.
    func calibration(
        path: String, model: CalibratedModel, window: Int64 = defaultCalibrationWindow,
        stepMilliseconds: Int64,
        at reader: NodeReader
    ) throws(ScenarioError) -> Calibration {
        let prices: TimeSeries
        do {
            let bytes = try CheckedFile.read(projectRoot.appendingPathComponent(path).path, limit: 64 << 20)
            prices =
                path.hasSuffix(".csv")
                ? try CoinGeckoCSVDecoder.decode(String(decoding: bytes, as: UTF8.self), source: path).prices
                : try MarketChartDecoder.decode(bytes, source: path).prices
        } catch let error as CheckedFile.Failure {
            throw reader.error("cannot read '\(path)': \(error.reason)")
        } catch {
            throw reader.error("cannot calibrate from '\(path)': \(error)")
        }
        do {
            switch model {
            case .gbm:
                let fitted = try GBMCalibration.fit(timestamps: prices.timestamps, prices: prices.values)
                return Calibration(
                    model: .gbm(fitted),
                    summary: "GBM fitted to \(path): drift \(Self.figure(fitted.drift)), "
                        + "volatility \(Self.figure(fitted.volatility)) a year")
            case .garch:
                let steps = zip(prices.timestamps.dropFirst(), prices.timestamps).map { $0 - $1 }.sorted()
                guard !steps.isEmpty else { throw PriceModelError.calibrationFailed("fewer than 2 prices") }
                let dataStep = steps[steps.count / 2]
                let since = (prices.timestamps.last ?? 0) - window
                let recent = zip(prices.timestamps, prices.values).filter { $0.0 >= since }.map(\.1)
                let returns = zip(recent.dropFirst(), recent).map { PortableMath.log($0 / $1) }
                let fitted = try GARCHCalibration.fit(returns: returns)
                guard fitted.alpha + fitted.beta <= Self.maximumPersistence else {
                    throw PriceModelError.calibrationFailed(
                        "GARCH over \(returns.count) returns is integrated (alpha + beta = \(Self.figure(fitted.alpha + fitted.beta)), "
                            + "above \(Self.maximumPersistence)): its long-run variance is not identified; "
                            + "fit a shorter window or use model: gbm")
                }
                let carried = fitted.rescaled(by: Double(stepMilliseconds) / Double(dataStep))
                return Calibration(
                    model: .garch(carried),
                    summary: "GARCH(1,1)-t fitted to the last \(returns.count) returns of \(path) "
                        + "(per \(Self.step(dataStep)): \(Self.parameters(fitted))); "
                        + "per \(Self.step(stepMilliseconds)) step: \(Self.parameters(carried))"
                )
            }
        } catch {
            throw reader.error("cannot calibrate from '\(path)': \(error)")
        }
    }

    private static func parameters(_ model: GARCH11) -> String {
        "omega \(figure(model.omega)), alpha \(figure(model.alpha)), beta \(figure(model.beta)), "
            + "nu \(figure(model.degreesOfFreedom))"
    }

    /// A step in its largest whole unit (`1d`, `15m`), else compact (`1h 30m`).
    private static func step(_ milliseconds: Int64) -> String {
        for (unit, length) in [("d", Int64(86_400_000)), ("h", 3_600_000), ("m", 60_000), ("s", 1000)]
        where milliseconds % length == 0 {
            return "\(milliseconds / length)\(unit)"
        }
        return TimeFormatting.duration(milliseconds)
    }

    /// Four significant digits.
    static func figure(_ value: Double) -> String { String(format: "%.4g", value) }
}
