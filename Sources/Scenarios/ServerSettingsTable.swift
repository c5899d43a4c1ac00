import AppHosting
import WorkbenchFoundation

/// One key of a scenario's `server:` or `faults:` mapping: how it is read into the settings and
/// how the settings are written back as the value a scenario would give (`30s`).
///
/// ``ServerSettingsTable`` is the one list, as ``PolicyTable`` is for the app's policies: the
/// parser allows and reads exactly these keys, starting from the defaults of
/// ``ServerBehaviour/init(plan:cacheMaxAgeMilliseconds:ohlcCacheMilliseconds:simplePriceCacheMilliseconds:medianLatencyMilliseconds:latencySigma:faults:)``
/// and ``ServerFaults/none``, and `result.json`'s settings list exactly these.
public struct SettingKey<Settings>: Sendable {
    /// The key as a scenario writes it, under its section (`cache_max_age`).
    public let name: String
    /// The setting's value as a scenario would write it; the scenario's start, for times.
    public let value: @Sendable (Settings, _ start: Int64) -> String
    /// Reads the key's value into the settings; nil for a setting a scenario cannot give (the
    /// `/simple/price` cache, which the plan sets).
    let read: (@Sendable (NodeReader, inout Settings, _ start: Int64) throws(ScenarioError) -> Void)?

    /// A duration in milliseconds.
    static func duration(
        _ name: String, _ keyPath: WritableKeyPath<Settings, Int64> & Sendable, allowZero: Bool = false
    ) -> SettingKey {
        SettingKey(
            name: name, value: { settings, _ in DurationText.text(milliseconds: settings[keyPath: keyPath]) },
            read: { reader, settings, _ throws(ScenarioError) in
                settings[keyPath: keyPath] = try reader.duration(allowZero: allowZero)
            })
    }

    /// A share of requests, from 0 to 1.
    static func rate(_ name: String, _ keyPath: WritableKeyPath<Settings, Double> & Sendable) -> SettingKey {
        SettingKey(
            name: name,
            value: { settings, _ in settings[keyPath: keyPath] == 0 ? "0" : "\(settings[keyPath: keyPath])" },
            read: { reader, settings, _ throws(ScenarioError) in
                settings[keyPath: keyPath] = try reader.double(in: 0...1)
            })
    }

    /// Time windows: `[{from: 10m, for: 5m}]`, from the scenario's start.
    static func windows(
        _ name: String, _ keyPath: WritableKeyPath<Settings, [ServerFaults.Window]> & Sendable
    ) -> SettingKey {
        SettingKey(
            name: name,
            value: { settings, start in
                let windows = settings[keyPath: keyPath]
                let duration = { (milliseconds: Int64) in DurationText.text(milliseconds: milliseconds) }
                return windows.isEmpty
                    ? "none"
                    : windows.map { "from \(duration($0.start - start)) for \(duration($0.end - $0.start))" }
                        .joined(separator: ", ")
            },
            read: { reader, settings, start throws(ScenarioError) in
                var windows: [ServerFaults.Window] = []
                for item in try reader.sequence() {
                    let window = try item.mapping(allowing: ["from", "for"])
                    let from = try window.required("from").duration(allowZero: true)
                    let length = try window.required("for").duration()
                    windows.append(ServerFaults.Window(start: start + from, end: start + from + length))
                }
                settings[keyPath: keyPath] = windows
            })
    }
}

/// Every key of a scenario's `server:` and `faults:` sections, in the order reports list them.
public enum ServerSettingsTable {
    /// `server:`: the simulated CDN's caching and the network's latency.
    public static let server: [SettingKey<ServerBehaviour>] = [
        .duration("cache_max_age", \.cacheMaxAgeMilliseconds, allowZero: true),
        .duration("ohlc_cache", \.ohlcCacheMilliseconds, allowZero: true),
        SettingKey(
            name: "simple_price_cache",
            value: { server, _ in
                "\(DurationText.text(milliseconds: server.simplePriceCacheMilliseconds)) (set by the plan)"
            },
            read: nil),
        SettingKey(
            name: "latency_median",
            value: { server, _ in
                DurationText.text(milliseconds: Int64(server.medianLatencyMilliseconds.rounded()))
            },
            read: { reader, server, _ throws(ScenarioError) in
                server.medianLatencyMilliseconds = Double(try reader.duration())
            }),
        SettingKey(
            name: "latency_sigma", value: { server, _ in "\(server.latencySigma)" },
            read: { reader, server, _ throws(ScenarioError) in
                server.latencySigma = try reader.double(in: 0...5)
            }),
        SettingKey(
            name: "max_uri_bytes", value: { server, _ in "\(server.maxURIBytes)" },
            read: { reader, server, _ throws(ScenarioError) in
                server.maxURIBytes = try reader.integer(in: 256...(1 << 30))
            }),
    ]

    /// `faults:`: what goes wrong, and when.
    public static let faults: [SettingKey<ServerFaults>] = [
        .rate("server_error_rate", \.serverErrorRate),
        .rate("timeout_rate", \.timeoutRate),
        .rate("truncation_rate", \.truncationRate),
        .rate("schema_drift_rate", \.schemaDriftRate),
        .windows("outages", \.outages),
        .windows("storms", \.storms),
        SettingKey(
            name: "html_429", value: { faults, _ in "\(faults.htmlRateLimitPages)" },
            read: { reader, faults, _ throws(ScenarioError) in faults.htmlRateLimitPages = try reader.bool() }
        ),
    ]

    /// The server's and the faults' settings as report rows (`server.cache_max_age`).
    ///
    /// - Parameters:
    ///   - server: The server's behaviour, its faults included.
    ///   - start: The scenario's start, for fault windows.
    public static func rows(_ server: ServerBehaviour, start: Int64) -> [(name: String, value: String)] {
        Self.server.map { ("server.\($0.name)", $0.value(server, start)) }
            + faults.map { ("faults.\($0.name)", $0.value(server.faults, start)) }
    }

    /// Reads a section's keys into settings that start at their defaults.
    static func read<Settings>(
        _ keys: [SettingKey<Settings>], from reader: NodeReader, into settings: inout Settings, start: Int64
    ) throws(ScenarioError) {
        let readable = keys.filter { $0.read != nil }
        let section = try reader.mapping(allowing: readable.map(\.name))
        for key in readable {
            guard let value = section.optional(key.name) else { continue }
            try key.read?(value, &settings, start)
        }
    }
}
