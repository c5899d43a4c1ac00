import Foundation
import TestSupport
import Testing
import TrackerCore
import WorkbenchFoundation

@testable import AppHosting
@testable import Simulation

@Suite("Freshness: the age of what is on screen, time-weighted")
struct ScreenFreshnessTests {
    /// One `show` call of a trace.
    struct Step {
        var time: Int64
        var screen: ScreenFreshness.Screen?
        var dataTimes: [String: Int64?]
    }

    /// The brute force: every millisecond of the trace, every visible item's age with weight
    /// 1 / items on screen; an item with nothing to show ages from the first millisecond of its
    /// current stretch of showing nothing on the same screen.
    static func sampled(_ steps: [Step], end: Int64) -> [(age: Int64, weight: Double)] {
        var samples: [(Int64, Double)] = []
        var emptySince: [String: Int64] = [:]
        for (index, step) in steps.enumerated() {
            let next = index + 1 < steps.count ? steps[index + 1].time : end
            guard let screen = step.screen else {
                emptySince = [:]
                continue
            }
            if index > 0, steps[index - 1].screen != screen { emptySince = [:] }
            for (key, dataTime) in step.dataTimes where dataTime == nil && emptySince[key] == nil {
                emptySince[key] = step.time
            }
            for key in emptySince.keys where step.dataTimes[key] == nil || step.dataTimes[key]! != nil {
                emptySince[key] = nil
            }
            let weight = 1 / Double(step.dataTimes.count)
            for time in step.time..<next {
                for (key, dataTime) in step.dataTimes {
                    samples.append((max(0, time - (dataTime ?? emptySince[key]!)), weight))
                }
            }
        }
        return samples
    }

    static func randomTrace(_ generator: inout SplitMix64) -> [Step] {
        var steps: [Step] = []
        var time: Int64 = 0
        let keys = ["a", "b", "c", "d"]
        for _ in 0..<Int.random(in: 1...12, using: &generator) {
            let screen: ScreenFreshness.Screen? = [nil, .watchlist, .watchlist, .coin].randomElement(
                using: &generator)!
            var dataTimes: [String: Int64?] = [:]
            for key in keys.prefix(Int.random(in: 1...4, using: &generator)) {
                let data: Int64? =
                    Bool.random(using: &generator) ? nil : time - Int64.random(in: 0...900, using: &generator)
                dataTimes.updateValue(data, forKey: key)
            }
            steps.append(Step(time: time, screen: screen, dataTimes: dataTimes))
            time += Int64.random(in: 0...400, using: &generator)
        }
        return steps
    }

    @Test(
        "percentiles, maximum and shares match a millisecond-by-millisecond brute force on 500 random traces")
    func bruteForce() {
        var generator = SplitMix64(seed: 14)
        for trial in 0..<500 {
            let steps = Self.randomTrace(&generator)
            let end = steps.last!.time + Int64.random(in: 1...400, using: &generator)
            var freshness = ScreenFreshness()
            for step in steps { freshness.show(step.screen, dataTimes: step.dataTimes, at: step.time) }
            freshness.finish(at: end)
            let samples = Self.sampled(steps, end: end).sorted { $0.age < $1.age }
            let total = samples.reduce(0) { $0 + $1.weight }
            guard total > 0 else {
                #expect(freshness.all.isEmpty, "trial \(trial)")
                continue
            }
            #expect(abs(freshness.all.totalWeight - total) < 1e-6, "trial \(trial)")
            #expect(freshness.all.maximum == samples.last!.age + 1, "trial \(trial)")
            for fraction in [0.5, 0.95] {
                var mass = 0.0
                let sampledAge = samples.first {
                    mass += $0.weight
                    return mass >= fraction * total - 1e-9
                }!.age
                let ours = freshness.all.percentile(fraction)!
                // A sample at age a stands for the ages [a, a + 1).
                #expect(
                    ours >= Double(sampledAge) - 1e-6 && ours <= Double(sampledAge) + 1 + 1e-6,
                    "trial \(trial)")
            }
            for threshold: Int64 in [60, 300] {
                let olderWeight = samples.filter { $0.age >= threshold }.map(\.weight).reduce(0, +)
                let older = olderWeight / total
                #expect(abs(freshness.all.share(olderThan: threshold)! - older) < 1e-9, "trial \(trial)")
            }
        }
    }

    @Test("hand-worked: one row refreshed at 0 s, then a 10-minute gap; two rows share the screen equally")
    func handWorked() {
        var freshness = ScreenFreshness()
        // 0-600 s: one row whose data is from 0 s: ages 0-600 s uniformly.
        freshness.show(.watchlist, dataTimes: ["bitcoin": 0], at: 0)
        // 600-1200 s: a second row appears with data from 600 s; bitcoin keeps aging 600-1200 s.
        freshness.show(.watchlist, dataTimes: ["bitcoin": 0, "ethereum": 600_000], at: 600_000)
        freshness.finish(at: 1_200_000)
        let ages = freshness.all
        #expect(ages.totalWeight == 1_200_000)
        #expect(ages.maximum == 1_200_000)
        // Density: 1 on [0, 600) s from the first stretch, 0.5 each on [0, 600) and [600, 1200)
        // from the second: 1.5 per ms below 600 s (900 s of mass), 0.5 above (300 s).
        #expect(abs(ages.percentile(0.5)! - 400_000) < 1e-6)
        #expect(abs(ages.share(olderThan: 600_000)! - 0.25) < 1e-12)
        #expect(abs(ages.share(olderThan: 60_000)! - (1 - 90.0 / 1200)) < 1e-12)
        #expect(freshness.byScreen[.watchlist] == ages)
    }

    @Test("nothing visible in the background; a row with nothing to show ages from when it appeared")
    func backgroundAndEmptyRows() {
        var freshness = ScreenFreshness()
        freshness.show(nil, dataTimes: ["bitcoin": 0], at: 0)
        freshness.show(.watchlist, dataTimes: ["bitcoin": nil], at: 100_000)
        freshness.show(.watchlist, dataTimes: ["bitcoin": nil], at: 150_000)
        freshness.finish(at: 200_000)
        #expect(freshness.all.totalWeight == 100_000)
        #expect(freshness.all.maximum == 100_000)
        #expect(abs(freshness.all.percentile(0.5)! - 50_000) < 1e-6)
    }
}

extension ScreenFreshness {
    /// ``show(_:items:at:)`` with the items as a dictionary, in key order: how the traces here
    /// are written.
    mutating func show(_ screen: Screen?, dataTimes: [String: Int64?], at now: Int64) {
        show(
            screen,
            items: dataTimes.sorted { $0.key < $1.key }.map { ScreenItem(key: $0.key, dataTime: $0.value) },
            at: now)
    }
}
