import AppHosting
import Foundation
import PriceModels
import TrackerCore
import WorkbenchFoundation

extension ParseContext {
    /// `policies:`: a preset, then each key of ``PolicyTable`` replaces one policy.
    func policies(_ reader: NodeReader?) throws(ScenarioError) -> AppPolicies {
        guard let reader else { return .bitpal }
        let section = try reader.mapping(allowing: PolicyTable.allowedKeys)
        var policies =
            try section.optional("preset")?.choice(PolicyPresets.all) ?? .bitpal
        let burst = try section.optional("burst")?.integer(in: 1...10_000) ?? 5
        for key in PolicyTable.keys {
            guard let value = section.optional(key.name) else { continue }
            try key.read(value, &policies, burst)
        }
        return policies
    }

    /// `plan:`, then `server:`: each key of ``ServerSettingsTable/server`` replaces one of the
    /// plan's defaults.
    func server(_ reader: NodeReader?, plan planReader: NodeReader?) throws(ScenarioError) -> ServerBehaviour
    {
        var plan = RateLimitPlan.demo30
        if let planReader {
            // `plan: demo-30`, or `plan: {name: demo-30, billing: every-request}`.
            let fields = planReader.isMapping ? try planReader.mapping(allowing: ["name", "billing"]) : nil
            let nameReader = try fields?.required("name") ?? planReader
            let name = try nameReader.string()
            guard let named = RateLimitPlan.named(name) else {
                let names = RateLimitPlan.presets.map(\.name).joined(separator: ", ")
                throw nameReader.error(
                    "expected one of \(names), or custom-N, found \(QuotedValue.text(name))")
            }
            plan = named
            if let billing = fields?.optional("billing") {
                plan.billing = try billing.choice(BillingRule.allCases.map { ($0.rawValue, $0) })
            }
        }
        var server = ServerBehaviour(plan: plan)
        if let reader {
            try ServerSettingsTable.read(
                ServerSettingsTable.server, from: reader, into: &server, start: start)
        }
        return server
    }

    /// `faults:`: each key of ``ServerSettingsTable/faults`` replaces one of ``ServerFaults/none``.
    func faults(_ reader: NodeReader?) throws(ScenarioError) -> ServerFaults {
        var faults = ServerFaults.none
        if let reader {
            try ServerSettingsTable.read(
                ServerSettingsTable.faults, from: reader, into: &faults, start: start)
        }
        return faults
    }

    func alerts(_ reader: NodeReader?) throws(ScenarioError) -> [PriceAlert] {
        var alerts: [PriceAlert] = []
        for (index, item) in (try reader?.sequence() ?? []).enumerated() {
            guard
                let alert = sink.attempt({ () throws(ScenarioError) in try parsedAlert(item, index: index) })
            else {
                continue
            }
            alerts.append(alert)
        }
        return alerts
    }

    private func parsedAlert(_ item: NodeReader, index: Int) throws(ScenarioError) -> PriceAlert {
        let section = try item.mapping(allowing: ["coin", "above", "below", "cooldown", "retrigger"])
        guard section.has("above") != section.has("below") else {
            throw item.error("give exactly one of 'above' or 'below'")
        }
        let condition: PriceAlert.Condition = section.has("above") ? .above : .below
        let target = try section.required(condition.rawValue).double()
        let alert = PriceAlert(
            id: Int64(index + 1), coinId: try marketCoin(section.required("coin")), condition: condition,
            target: target,
            cooldownMilliseconds: try section.optional("cooldown")?.duration(allowZero: true)
                ?? PriceAlert.defaultCooldownMilliseconds,
            retrigger: try section.optional("retrigger")?.choice(
                PriceAlert.Retrigger.allCases.map { ($0.rawValue, $0) }) ?? .cooldown)
        do {
            try alert.validate()
        } catch {
            throw try section.required(condition.rawValue).error(error.description)
        }
        return alert
    }

    func portfolio(_ reader: NodeReader?) throws(ScenarioError) -> [ScheduledAction] {
        var trades: [PortfolioTransaction] = []
        var actions: [ScheduledAction] = []
        for item in try reader?.sequence() ?? [] {
            let section = try item.mapping(allowing: ["at", "coin", "side", "quantity", "price", "fee"])
            let trade = try transaction(section, item: item, at: try time(section.required("at")))
            do {
                try PortfolioLedger.validateAppending(trade, to: trades)
            } catch {
                throw item.error(error.description)
            }
            trades.append(trade)
            actions.append(ScheduledAction(time: trade.time, action: .trade(trade)))
        }
        return actions
    }

    /// A transaction's `coin`, `side`, `quantity`, `price` and optional `fee`, at a time.
    func transaction(_ section: MappingReader, item: NodeReader, at time: Int64) throws(ScenarioError)
        -> PortfolioTransaction
    {
        func decimal(_ key: String, default fallback: String? = nil) throws(ScenarioError) -> Decimal {
            let member = section.optional(key)
            guard let text = try member?.string() ?? fallback else {
                throw item.error("missing required key '\(key)'")
            }
            guard let value = Decimal(string: text, locale: nil), !value.isNaN,
                value.description == Decimal(string: text)?.description
            else {
                throw (member ?? item).error("expected a decimal number, found \(QuotedValue.text(text))")
            }
            return value
        }
        return PortfolioTransaction(
            coinId: try marketCoin(section.required("coin")),
            kind: try section.required("side").choice([("buy", .buy), ("sell", .sell)]),
            quantity: try decimal("quantity"), price: try decimal("price"),
            fee: try decimal("fee", default: "0"), time: time)
    }

    /// `known_failures`: expectations of `expect` written the same way, each missed on every seed,
    /// or `{expect: TEXT, seeds: [N, ...], why: TEXT}` for the seeds listed.
    func knownFailures(_ reader: NodeReader?, expectations: [Expectation]) throws(ScenarioError)
        -> [KnownFailure]
    {
        var known: [KnownFailure] = []
        for item in try reader?.sequence() ?? [] {
            var entry = KnownFailure(expectation: "")
            let textReader: NodeReader
            if item.isMapping {
                let mapping = try item.mapping(allowing: ["expect", "seeds", "why"])
                textReader = try mapping.required("expect")
                if let seeds = mapping.optional("seeds") {
                    var listed = Set<UInt64>()
                    for seed in try seeds.sequence() {
                        guard let value = UInt64(try seed.string()) else {
                            throw seed.error(
                                "expected a seed, a whole number from 0, found \(QuotedValue.text(try seed.string()))"
                            )
                        }
                        listed.insert(value)
                    }
                    guard !listed.isEmpty else {
                        throw seeds.error("list at least one seed, or leave seeds out for every seed")
                    }
                    entry.seeds = listed
                }
                entry.reason = try mapping.optional("why")?.string()
            } else {
                textReader = item
            }
            entry.expectation = try textReader.string().trimmingCharacters(in: .whitespaces)
            guard expectations.contains(where: { $0.description == entry.expectation }) else {
                throw textReader.error(
                    "'\(entry.expectation)' is not one of this scenario's expectations; write it as in expect: "
                        + expectations.map { "'\($0.description)'" }.joined(separator: ", "))
            }
            known.append(entry)
        }
        return known
    }

    func expectations(_ reader: NodeReader?) throws(ScenarioError) -> [Expectation] {
        var expectations: [Expectation] = []
        for item in try reader?.sequence() ?? [] {
            if let expectation = sink.attempt({ () throws(ScenarioError) in try parsedExpectation(item) }) {
                expectations.append(expectation)
            }
        }
        return expectations
    }

    private func parsedExpectation(_ item: NodeReader) throws(ScenarioError) -> Expectation {
        let text = try item.string()
        let expectation: Expectation
        do throws(ExpectationError) {
            expectation = try Expectation(parsing: text, unit: RunMetrics.unit(of:))
        } catch {
            throw item.error(error.description)
        }
        for name in [expectation.metric] + [expectation.boundMetric].compactMap({ $0 })
        where !RunMetrics.isKnownName(name) {
            let nearest = NearestName.nearest(to: name, among: RunMetrics.knownMetricNames)
            throw item.error(
                "no run produces a metric named '\(name)'"
                    + (nearest.map { " (did you mean '\($0)'?)" } ?? "")
                    + "; names: docs/simulation.md, or any run's result.json")
        }
        return expectation
    }
}
