import Datasets
import Foundation
import TrackerCore
import WorkbenchFoundation

extension ReplayMarket {
    /// The daily CSV with the recorded 5-minute day in place of the daily points it covers, and
    /// the daily CSV alone (what a daily calibration must see).
    static func bitcoinHistory(in directory: URL, shift: Int64) throws(DatasetError)
        -> (merged: TimeSeries, daily: TimeSeries)
    {
        let csvURL = directory.appendingPathComponent("btc-usd-max.csv")
        let daily: TimeSeries
        do {
            daily = try CoinGeckoCSVDecoder.decode(try text(csvURL), source: csvURL.path).prices
        } catch let error as LocatedDecodingError {
            throw .malformed(error)
        } catch {
            throw .unreadable(path: csvURL.path, reason: "\(error)")
        }
        let dayURL = directory.appendingPathComponent("market_chart_bitcoin_usd_days1_20210515T1442Z.json")
        let fiveMinute = try decodeChart(dayURL).prices
        guard let first = fiveMinute.timestamps.first, let last = fiveMinute.timestamps.last else {
            return (shifted(daily, by: shift), daily)
        }
        var points = zip(daily.timestamps, daily.values).filter { $0.0 < first || $0.0 > last }
        points += zip(fiveMinute.timestamps, fiveMinute.values)
        points.sort { $0.0 < $1.0 }
        return (shifted(TimeSeries(timestamps: points.map(\.0), values: points.map(\.1)), by: shift), daily)
    }

    /// Bitcoin's circulating supply from the recorded markets row.
    static func bitcoinSupply(in directory: URL) throws(DatasetError) -> Double {
        let url = directory.appendingPathComponent("coins_markets_usd_ids-bitcoin_20210515T1601Z.json")
        let rows: [CoinMarket]
        do {
            rows = try CoinMarket.decodeList(try bytes(url), source: url.path)
        } catch let error as LocatedDecodingError {
            throw .malformed(error)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
        guard let supply = rows.first?.circulatingSupply, supply > 0 else {
            throw .unrecognised(path: url.path, reason: "no circulating supply for bitcoin")
        }
        return supply
    }

    /// Every recorded 200 response with an API endpoint and a `Date`.
    static func recordings(_ index: DatasetIndex, in directory: URL) throws(DatasetError) -> [Recording] {
        var recordings: [Recording] = []
        for entry in index.entries where entry.status == 200 {
            guard let endpoint = entry.endpoint, let date = entry.date.flatMap(CivilDate.parseHTTPDate) else {
                continue
            }
            let query = entry.queryItems.filter { !fieldOnlyParameters.contains($0.key) }
            let maxAge = entry.cacheControl.flatMap { CacheControl($0).maxAgeMilliseconds } ?? 30_000
            recordings.append(
                Recording(
                    file: entry.file, endpoint: endpoint, query: query, recordedAt: date,
                    maxAgeMilliseconds: maxAge, cacheControl: entry.cacheControl ?? "public, max-age=30",
                    body: try bytes(directory.appendingPathComponent(entry.file))))
        }
        return recordings
    }

    private static func shifted(_ series: TimeSeries, by shift: Int64) -> TimeSeries {
        shift == 0
            ? series : TimeSeries(timestamps: series.timestamps.map { $0 + shift }, values: series.values)
    }

    private static func decodeChart(_ url: URL) throws(DatasetError) -> MarketChart {
        do {
            return try MarketChartDecoder.decode(try bytes(url), source: url.path)
        } catch let error as LocatedDecodingError {
            throw .malformed(error)
        } catch {
            throw .unreadable(path: url.path, reason: "\(error)")
        }
    }

    private static func bytes(_ url: URL) throws(DatasetError) -> [UInt8] {
        do {
            return [UInt8](try Data(contentsOf: url))
        } catch {
            throw .unreadable(path: url.path, reason: (error as NSError).localizedDescription)
        }
    }

    private static func text(_ url: URL) throws(DatasetError) -> String {
        String(decoding: try bytes(url), as: UTF8.self)
    }
}
