import Foundation
import Simulation
import TrackerCore
import WorkbenchFoundation

/// Reads a fleet file (docs/fleet.md): `name`, `description` and a `fleet` section naming the
/// scenario, the users, the days, the seed, the topology and the habits. Every value is checked
/// with its file, line and key.
public enum FleetParser {
    /// Reads a fleet file. Its scenario resolves as `extends` does: relative to the fleet file,
    /// inside its project folder (``ProjectFolder``), existing. Every key is read even when one
    /// before it is wrong (``ProblemSink``), so one pass reports every problem it can.
    ///
    /// - Parameter path: The fleet file.
    /// - Throws: ``ScenarioError`` naming the file, line and key of the first problem, carrying
    ///   the others in file order.
    public static func load(path: String) throws(ScenarioError) -> FleetDefinition {
        let text = try ScenarioParser.text(of: try ScenarioParser.bytes(of: path), file: path)
        let node = try ScenarioParser.compose(text, file: path)
        let sink = ProblemSink()
        let root = try NodeReader(node: node, files: SourceFiles(main: path), path: "").mapping(
            allowing: ["name", "description", "fleet"]
        ) { problem throws(ScenarioError) in sink.record(problem) }
        let fleetSection = sink.attempt { () throws(ScenarioError) in
            try root.required("fleet").mapping(
                allowing: [
                    "scenario", "users", "days", "seed", "habits", "requests_per_hour_target", "arms",
                    "prices", "refusal_threshold",
                ] + armKeys
            ) { problem throws(ScenarioError) in sink.record(problem) }
        }
        guard let fleet = fleetSection else {
            try sink.throwIfAny()
            preconditionFailure("a fleet section not read is a problem recorded")
        }
        let name = sink.attempt { () throws(ScenarioError) in
            try root.optional("name")?.string()
                ?? URL(fileURLWithPath: path).deletingPathExtension().lastPathComponent
        }
        let scenario = sink.attempt { () throws(ScenarioError) in
            let reader = try fleet.required("scenario")
            return (
                reader: try reader.string(),
                path: try ScenarioInheritance.projectFile(
                    reader, from: path, projectRoot: ProjectFolder.of(scenario: path),
                    kind: "a fleet's scenario")
            )
        }
        let users = sink.attempt { () throws(ScenarioError) in try Self.users(fleet.required("users")) }
        let days = sink.attempt { () throws(ScenarioError) in
            try fleet.optional("days")?.integer(in: 1...FleetDefinition.maximumDays) ?? 1
        }
        let seed = sink.attempt { () throws(ScenarioError) in
            UInt64(try fleet.optional("seed")?.integer(in: 0...Int(Int32.max)) ?? 1)
        }
        let arms = sink.attempt { () throws(ScenarioError) in try Self.arms(fleet) }
        let prices = sink.attempt { () throws(ScenarioError) in try Self.prices(fleet.optional("prices")) }
        let refusalThreshold = sink.attempt { () throws(ScenarioError) in
            try fleet.optional("refusal_threshold")?.double(in: 0...1) ?? 0.01
        }
        let habits = sink.attempt { () throws(ScenarioError) in
            try Self.habits(fleet.required("habits"), sink: sink)
        }
        let target = sink.attempt { () throws(ScenarioError) in
            try fleet.optional("requests_per_hour_target")?.double(in: 1...100_000) ?? 50
        }
        try sink.throwIfAny()
        guard let name, let scenario, let users, let days, let seed, let arms, let prices,
            let refusalThreshold,
            let habits = habits ?? nil, let target
        else { preconditionFailure("every key read without a problem has its value") }
        return FleetDefinition(
            name: name, file: path, scenario: scenario.reader, scenarioPath: scenario.path, users: users,
            days: days, seed: seed, arms: arms, prices: prices, refusalThreshold: refusalThreshold,
            habits: habits, requestsPerHourTarget: target)
    }

    /// `users`: a whole number from 1 to ``FleetDefinition/maximumUsers``.
    private static func users(_ reader: NodeReader) throws(ScenarioError) -> Int {
        let users = try reader.double()
        guard users >= 1, users == users.rounded() else {
            throw reader.error("expected a whole number of users, at least 1, found \(reader.found)")
        }
        guard users <= Double(FleetDefinition.maximumUsers) else {
            throw reader.error(
                "at most \(FleetDefinition.maximumUsers) users in one fleet run on one machine, found "
                    + "\(reader.found)")
        }
        return Int(users)
    }

    /// The `habits` section, each habit read even when one before it is wrong; nil when any was.
    private static func habits(_ reader: NodeReader, sink: ProblemSink) throws(ScenarioError)
        -> FleetDefinition.Habits?
    {
        let habits = try reader.mapping(allowing: [
            "sessions_per_day", "session_length", "watchlist", "portfolio", "portfolio_visits", "searches",
            "widget", "widget_family", "builds", "time_zones", "waking_hours",
        ]) { problem throws(ScenarioError) in sink.record(problem) }
        let sessionsPerDay = sink.attempt { () throws(ScenarioError) in
            try required(habits.required("sessions_per_day"), in: 0...1_440)
        }
        let sessionLength = sink.attempt { () throws(ScenarioError) in
            try required(habits.required("session_length"), in: 1_000...86_400_000, duration: true)
        }
        let watchlist = sink.attempt { () throws(ScenarioError) in
            try distribution(habits.optional("watchlist"), in: 0...1_000) ?? .fixed(5)
        }
        let portfolioVisits = sink.attempt { () throws(ScenarioError) in
            try distribution(habits.optional("portfolio_visits"), in: 0...20) ?? .fixed(0)
        }
        let searches = sink.attempt { () throws(ScenarioError) in
            try distribution(habits.optional("searches"), in: 0...20) ?? .fixed(0)
        }
        let widgetShare = sink.attempt { () throws(ScenarioError) in
            try habits.optional("widget")?.double(in: 0...1) ?? 0
        }
        let widgetFamilies = sink.attempt { () throws(ScenarioError) in
            try Self.widgetFamilies(habits.optional("widget_family"))
        }
        let portfolioShare = sink.attempt { () throws(ScenarioError) in
            try habits.optional("portfolio")?.double(in: 0...1) ?? 1
        }
        let builds = sink.attempt { () throws(ScenarioError) in try Self.builds(habits.optional("builds")) }
        let timeZones = sink.attempt { () throws(ScenarioError) in
            try Self.timeZones(habits.optional("time_zones"))
        }
        let waking = sink.attempt { () throws(ScenarioError) in
            try Self.wakingHours(habits.optional("waking_hours"))
        }
        guard let sessionsPerDay, let sessionLength, let watchlist, let portfolioVisits, let searches,
            let widgetShare, let widgetFamilies, let portfolioShare, let builds, let timeZones, let waking
        else { return nil }
        return FleetDefinition.Habits(
            sessionsPerDay: sessionsPerDay, sessionLength: sessionLength, watchlist: watchlist,
            portfolioVisits: portfolioVisits, searches: searches, widgetShare: widgetShare,
            widgetFamilies: widgetFamilies, portfolioShare: portfolioShare, builds: builds,
            timeZones: timeZones, wakingMilliseconds: waking)
    }

    /// The keys of one arm: in each item of `arms`, or in `fleet` itself for a fleet of one arm.
    static let armKeys = ["topology", "plan", "plans", "devices_per_address", "proxy", "build"]

    /// The arms: `arms`' items (each with `plans` expanding into one arm a plan), or the `fleet`
    /// section's own topology and plan.
    private static func arms(_ fleet: MappingReader) throws(ScenarioError) -> [FleetDefinition.Arm] {
        guard let list = fleet.optional("arms") else { return try arms(of: fleet) }
        if let stray = armKeys.lazy.compactMap(fleet.optional).first {
            throw stray.error("this goes in each item of 'arms' when the fleet has arms")
        }
        var arms: [FleetDefinition.Arm] = []
        let items = try list.sequence()
        guard !items.isEmpty, items.count <= 16 else {
            throw list.error("expected 1 to 16 arms, found \(items.count)")
        }
        for item in items { arms += try self.arms(of: try item.mapping(allowing: armKeys)) }
        guard arms.count <= 32 else {
            throw list.error("expected at most 32 arms with their plans, found \(arms.count)")
        }
        return arms
    }

    private static func arms(of reader: MappingReader) throws(ScenarioError) -> [FleetDefinition.Arm] {
        let topology =
            try reader.optional("topology")?.choice(
                FleetDefinition.Topology.allCases.map { ($0.rawValue, $0) })
            ?? .keyless
        if reader.has("plan"), let plans = reader.optional("plans") {
            throw plans.error("give 'plan' or 'plans', not both")
        }
        var planReaders = try reader.optional("plans")?.sequence() ?? []
        if let plan = reader.optional("plan") { planReaders = [plan] }
        if planReaders.isEmpty {
            guard topology == .keyless else {
                throw (reader.optional("topology") ?? reader.reader).error(
                    "the '\(topology.rawValue)' topology needs the plan of its key: 'plan: demo-100' or "
                        + "'plans: [demo-100, pro-500]'")
            }
        }
        var plans: [RateLimitPlan] = []
        for planReader in planReaders {
            let name = try planReader.string()
            guard let plan = FleetDefinition.plan(named: name) else {
                let known = (RateLimitPlan.presets + FleetDefinition.fleetPlans).map(\.name)
                throw planReader.error(
                    "unknown plan '\(name)': expected one of \(known.joined(separator: ", ")) or custom-N")
            }
            if topology == .keyless, plan.monthlyCredits != nil {
                throw planReader.error(
                    "the keyless topology has no key, so no plan with monthly credits ('\(name)'): "
                        + "use keyless or custom-N for the per-address limit")
            }
            plans.append(plan)
        }
        if plans.isEmpty { plans = [.keyless] }
        let devices = try distribution(reader.optional("devices_per_address"), in: 1...10_000)
        if devices != nil, topology != .keyless, let stray = reader.optional("devices_per_address") {
            throw stray.error("devices share an address only in the keyless topology")
        }
        let proxy = try proxyCaching(reader.optional("proxy"), topology: topology)
        var build: String?
        if let buildReader = reader.optional("build") {
            let name = try buildReader.string()
            guard PolicyPresets.named(name) != nil else {
                throw buildReader.error(
                    "unknown preset '\(name)': expected one of \(PolicyPresets.all.map(\.0).joined(separator: ", "))"
                )
            }
            build = name
        }
        return plans.map { plan in
            FleetDefinition.Arm(
                topology: topology, plan: plan, devicesPerAddress: devices,
                proxy: topology == .proxy ? proxy ?? defaultProxy : nil, build: build)
        }
    }

    /// The proxy's TTLs when the file gives none: the CDN's 30 s for prices and markets, five
    /// minutes for charts, 15 for candles, an hour for search and the coin list.
    public static let defaultProxy = TeamProxy.Caching(
        ttlByEndpoint: [
            .simplePrice: 30_000, .coinsMarkets: 30_000, .marketChart: 300_000, .ohlc: 900_000,
            .search: 3_600_000, .coinsList: 3_600_000,
        ], defaultTTL: 60_000, latencyMilliseconds: 40)

    private static func proxyCaching(_ reader: NodeReader?, topology: FleetDefinition.Topology)
        throws(ScenarioError) -> TeamProxy.Caching?
    {
        guard let reader else { return nil }
        guard topology == .proxy else { throw reader.error("'proxy' settings belong to the proxy topology") }
        let proxy = try reader.mapping(allowing: ["ttl", "latency"])
        var caching = defaultProxy
        if let latency = proxy.optional("latency") {
            caching.latencyMilliseconds = try latency.duration(allowZero: true)
        }
        if let ttls = proxy.optional("ttl") {
            let allowed = CoinGeckoEndpoint.templates + ["default"]
            let mapping = try ttls.mapping(allowing: allowed)
            for name in allowed {
                guard let ttl = mapping.optional(name) else { continue }
                let value = try ttl.duration(allowZero: true)
                if name == "default" {
                    caching.defaultTTL = value
                } else {
                    caching.ttlByEndpoint[CoinGeckoEndpoint.Route(rawValue: name)!] = value
                }
            }
        }
        return caching
    }

    private static func prices(_ reader: NodeReader?) throws(ScenarioError) -> [String: Double] {
        var prices = FleetDefinition.defaultPrices
        guard let reader else { return prices }
        guard case .mapping(let mapping) = reader.node else {
            throw reader.error("expected plans and their prices a month, such as {pro-500: 129}")
        }
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            let price = NodeReader(node: value, files: reader.files, path: reader.child(name))
            guard FleetDefinition.plan(named: name) != nil else {
                throw price.error("unknown plan '\(name)'")
            }
            prices[name] = try price.double(in: 0...1_000_000)
        }
        return prices
    }

    /// A distribution: a plain value (fixed), `{fixed: v}`, `{uniform: [low, high]}` or
    /// `{lognormal: {median: m, sigma: s}}`; values are durations when `duration` is set. Its
    /// values, and its mean, must lie in `range`.
    static func distribution(_ reader: NodeReader?, in range: ClosedRange<Double>, duration: Bool = false)
        throws(ScenarioError) -> Distribution?
    {
        guard let reader else { return nil }
        return try required(reader, in: range, duration: duration)
    }

    static func required(_ reader: NodeReader, in range: ClosedRange<Double>, duration: Bool = false)
        throws(ScenarioError) -> Distribution
    {
        func value(_ reader: NodeReader) throws(ScenarioError) -> Double {
            let number = duration ? Double(try reader.duration()) : try reader.double()
            guard range.contains(number) else {
                let bounds =
                    duration
                    ? "\(Int(range.lowerBound / 1000)) s to \(Int(range.upperBound / 1000)) s" : "\(range)"
                throw reader.error("expected a value from \(bounds), found \(reader.found)")
            }
            return number
        }
        guard reader.isMapping else { return .fixed(try value(reader)) }
        let forms = try reader.mapping(allowing: ["fixed", "uniform", "lognormal"])
        let given = ["fixed", "uniform", "lognormal"].filter(forms.has)
        guard given.count == 1 else {
            throw reader.error(
                "expected one of fixed, uniform or lognormal, found \(given.isEmpty ? "none" : given.joined(separator: " and "))"
            )
        }
        if let fixed = forms.optional("fixed") { return .fixed(try value(fixed)) }
        if let uniform = forms.optional("uniform") {
            let bounds = try uniform.sequence()
            guard bounds.count == 2 else {
                throw uniform.error("expected [low, high], found \(bounds.count) value(s)")
            }
            let (low, high) = (try value(bounds[0]), try value(bounds[1]))
            guard low <= high else {
                throw uniform.error("expected low <= high, found [\(bounds[0].found), \(bounds[1].found)]")
            }
            return .uniform(low, high)
        }
        let parameters = try forms.required("lognormal").mapping(allowing: ["median", "sigma"])
        let median = try value(try parameters.required("median"))
        let sigmaReader = try parameters.required("sigma")
        let sigma = try sigmaReader.double(in: 0...3)
        let lognormal = Distribution.lognormal(median: median, sigma: sigma)
        guard range.contains(lognormal.mean) else {
            throw sigmaReader.error(
                "this sigma puts the mean at \(lognormal.mean), outside \(range); use a smaller sigma")
        }
        return lognormal
    }

    /// `time_zones: {-5: 0.4, 1: 0.4, 8: 0.2}`: hours from UTC and shares adding up to 1.
    private static func timeZones(_ reader: NodeReader?) throws(ScenarioError) -> [FleetDefinition
        .TimeZoneShare]
    {
        guard let reader else { return [] }
        let zones = try shares(
            reader, of: "time zones",
            example: "hours from UTC and their shares, such as {-5: 0.4, 1: 0.4, 8: 0.2}"
        ) { name, share throws(ScenarioError) in
            guard let hours = Double(name), (-12...14).contains(hours), (hours * 4).rounded() == hours * 4
            else {
                throw share.error(
                    "expected a time zone as hours from UTC, -12 to 14 in quarter hours, found '\(name)'")
            }
            return hours
        }
        return zones.map { FleetDefinition.TimeZoneShare(hours: $0.key, share: $0.share) }.sorted {
            $0.hours < $1.hours
        }
    }

    /// `widget_family: {small: 0.5, medium: 0.3, large: 0.2}`: the widget users' sizes.
    private static func widgetFamilies(_ reader: NodeReader?) throws(ScenarioError)
        -> [FleetDefinition.WidgetFamilyShare]
    {
        guard let reader else { return [] }
        let sizes = try shares(
            reader, of: "widget sizes",
            example: "widget sizes and their shares, such as {small: 0.5, medium: 0.5}"
        ) { name, share throws(ScenarioError) in
            guard let family = WidgetFamily(rawValue: name) else {
                throw share.error("expected a widget size, small, medium or large, found '\(name)'")
            }
            return family
        }
        return WidgetFamily.allCases.compactMap { family in
            sizes.first { $0.key == family }.map {
                FleetDefinition.WidgetFamilyShare(family: family, share: $0.share)
            }
        }
    }

    /// A mapping of keys to shares that add up to 1 (`time_zones`, `widget_family`): each key read
    /// by `key` (given its text and its value's reader, for located errors), each share in 0...1.
    private static func shares<Key>(
        _ reader: NodeReader, of what: String, example: String,
        key: (String, NodeReader) throws(ScenarioError) -> Key
    ) throws(ScenarioError) -> [(key: Key, share: Double)] {
        guard case .mapping(let mapping) = reader.node, !mapping.isEmpty else {
            throw reader.error("expected \(example)")
        }
        var read: [(key: Key, share: Double)] = []
        for (name, value) in mapping {
            let text = name.scalar?.string ?? ""
            let share = NodeReader(node: value, files: reader.files, path: reader.child(text))
            read.append((try key(text, share), try share.double(in: 0...1)))
        }
        let total = read.map(\.share).reduce(0, +)
        guard abs(total - 1) < 1e-9 else {
            throw reader.error("the \(what)' shares must add up to 1, found \(total)")
        }
        return read
    }

    /// `waking_hours: [7h, 23h]`: when users wake and go to sleep, local time.
    private static func wakingHours(_ reader: NodeReader?) throws(ScenarioError) -> (
        wake: Int64, awake: Int64
    ) {
        guard let reader else { return (7 * 3_600_000, 16 * 3_600_000) }
        let bounds = try reader.sequence()
        guard bounds.count == 2 else {
            throw reader.error("expected [wake, sleep] such as [7h, 23h], found \(bounds.count) value(s)")
        }
        let (wake, sleep) = (try bounds[0].duration(allowZero: true), try bounds[1].duration(allowZero: true))
        guard wake < 86_400_000, sleep <= 86_400_000, wake != sleep else {
            throw reader.error("expected two different times of day from 0h to 24h, such as [7h, 23h]")
        }
        return (wake, sleep > wake ? sleep - wake : 86_400_000 - wake + sleep)
    }

    private static func builds(_ reader: NodeReader?) throws(ScenarioError) -> [FleetDefinition.Build] {
        guard let reader else { return [FleetDefinition.Build(preset: "bitpal", share: 1)] }
        guard case .mapping(let mapping) = reader.node else {
            throw reader.error("expected presets and their shares, such as {bitpal: 0.9, bitpal-008: 0.1}")
        }
        var builds: [FleetDefinition.Build] = []
        for (key, value) in mapping {
            let name = key.scalar?.string ?? ""
            let share = NodeReader(node: value, files: reader.files, path: reader.child(name))
            guard PolicyPresets.named(name) != nil else {
                throw share.error(
                    "unknown preset '\(name)': expected one of \(PolicyPresets.all.map(\.0).joined(separator: ", "))"
                )
            }
            builds.append(FleetDefinition.Build(preset: name, share: try share.double(in: 0...1)))
        }
        let total = builds.map(\.share).reduce(0, +)
        guard abs(total - 1) < 1e-9 else {
            throw reader.error("the builds' shares must add up to 1, found \(total)")
        }
        return builds
    }
}
