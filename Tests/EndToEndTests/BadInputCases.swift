import Foundation

// The table of bad inputs: every command and every kind of file it reads. Each case is run by
// `BadInputTests`; what a case must answer is in its row.
extension BadInputCase {
    /// `scenarios validate` on one broken scenario file `s.yaml`: exit 2 naming file, place, key.
    static func scenario(_ label: String, _ text: String, _ messages: [String]) -> BadInputCase {
        BadInputCase(
            label: "scenario: \(label)", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .text(text)], messages: ["$D/s.yaml"] + messages)
    }

    static let scenarioCases: [BadInputCase] = [
        scenario("empty file", "", ["the file is empty"]),
        scenario(
            "not YAML", "name: [unclosed\n  - : :\n", [":1:7", "not valid YAML: this '[' is not closed"]),
        scenario("unknown top-level key", BadScenario.adding("colour: red"), [":15:1", "colour"]),
        scenario(
            "seed of the wrong type", BadScenario.replacing("seed: 1", with: "seed: abc"), [":2:7", "seed"]),
        scenario("negative seed", BadScenario.replacing("seed: 1", with: "seed: -1"), [":2:7", "seed"]),
        scenario(
            "zero duration", BadScenario.replacing("duration: 1h", with: "duration: 0s"),
            [":4:11", "duration"]),
        scenario(
            "unknown duration unit", BadScenario.replacing("duration: 1h", with: "duration: 5x"), [":4:11"]),
        scenario(
            "a duration longer than the calendar",
            BadScenario.replacing("duration: 1h", with: "duration: 100000000d"),
            [":4:11", "longer than the calendar allows (at most 2932896d)"]),
        scenario(
            "a run ending after 9999",
            BadScenario.replacing("start: 2024-01-01T00:00:00Z", with: "start: 9999-12-01T00:00:00Z")
                .replacing("duration: 1h", with: "duration: 60d").replacing("at: 10m", with: "at: 0m"),
            [":4:11", "after 9999-12-31"]),
        BadInputCase(
            label: "run: a price path that overflows",
            arguments: ["run", "$D/s.yaml", "--no-history", "--out", "$D/o"],
            files: [
                "s.yaml": .text(
                    BadScenario.replacing(
                        "price: 42000, model: gbm}",
                        with: "price: 1e308, model: gbm, params: {drift: 50, volatility: 5}}"))
            ], messages: ["$D/s.yaml", "the path of bitcoin", "is inf at step"]),
        scenario(
            "a run of too many events",
            BadScenario.replacing("duration: 1h", with: "duration: 3000d").replacing(
                "history: 1d", with: "history: 0d"
            )
            .replacing("step: 5m", with: "step: 1d"),
            [":4:11", "events"]),
        scenario(
            "start that is not a time",
            BadScenario.replacing("start: 2024-01-01T00:00:00Z", with: "start: yesterday"), [":3:8", "start"]),
        scenario("missing market", BadScenario.replacing("market:\n", with: "marketplace:\n"), ["market"]),
        scenario(
            "no coins",
            BadScenario.replacing(
                "  coins:\n    - {id: bitcoin, symbol: btc, name: Bitcoin, supply: 19600000, price: 42000, model: gbm}",
                with: "  coins: []"),
            [":8:", "at least one coin"]),
        scenario("NaN price", BadScenario.replacing("price: 42000", with: "price: .nan"), [":9:", "price"]),
        scenario(
            "negative price", BadScenario.replacing("price: 42000", with: "price: -5"), [":9:", "price"]),
        scenario(
            "duplicate coin",
            BadScenario.replacing(
                "model: gbm}",
                with: "model: gbm}\n    - {id: bitcoin, symbol: b, name: B, supply: 1, price: 1, model: gbm}"),
            [":10:", "twice"]),
        scenario("zero step", BadScenario.replacing("step: 5m", with: "step: 0m"), [":6:9", "step"]),
        scenario(
            "unknown model", BadScenario.replacing("model: gbm", with: "model: magic"), [":9:", "magic"]),
        scenario(
            "unknown model parameter",
            BadScenario.replacing("model: gbm}", with: "model: gbm, params: {spin: 2}}"),
            [":9:", "spin"]),
        scenario(
            "an alert cooldown that would overflow a time",
            BadScenario.adding("alerts:\n  - {coin: bitcoin, above: 5, cooldown: 106751991167d}"),
            [":16:", "cooldown", "at most"]),
        scenario(
            "an outage that would overflow a time",
            BadScenario.adding("faults: {outages: [{from: 106751991167d, for: 1h}]}"), [":15:", "at most"]),
        scenario(
            "watchlist coin the market lacks", BadScenario.adding("watchlist: [litecoin]"),
            [":15:13", "litecoin"]),
        scenario(
            "alert on a coin the market lacks", BadScenario.adding("alerts:\n  - {coin: litecoin, above: 5}"),
            [":16:12", "litecoin"]),
        scenario(
            "alert with both above and below",
            BadScenario.adding("alerts:\n  - {coin: bitcoin, above: 5, below: 3}"),
            [":16:5", "exactly one of"]),
        scenario(
            "opening a coin the market lacks", BadScenario.replacing("open: bitcoin", with: "open: litecoin"),
            [":14:", "litecoin"]),
        scenario(
            "an action after the end", BadScenario.replacing("at: 10m", with: "at: 2h"),
            [":14:", "after the end"]),
        scenario(
            "selling more than held",
            BadScenario.adding(
                #"portfolio:\#n  - {at: 1m, coin: bitcoin, side: buy, quantity: "1", price: "1"}\#n  - {at: 2m, coin: bitcoin, side: sell, quantity: "2", price: "1"}"#
            ),
            [":17:5", "only 1 held"]),
        scenario(
            "a quantity that is not a decimal",
            BadScenario.adding(
                #"portfolio:\#n  - {at: 1m, coin: bitcoin, side: buy, quantity: "lots", price: "1"}"#),
            [":16:50", "lots"]),
        scenario(
            "a trade after the end",
            BadScenario.adding(
                #"portfolio:\#n  - {at: 3h, coin: bitcoin, side: buy, quantity: "1", price: "1"}"#),
            [":16:10", "after the end"]),
        scenario(
            "a trade in a coin the market lacks",
            BadScenario.adding(
                #"portfolio:\#n  - {at: 1m, coin: litecoin, side: buy, quantity: "1", price: "1"}"#),
            [":16:20", "litecoin"]),
        scenario(
            "an expectation without an operator", BadScenario.adding("expect:\n  - cache.hit_ratio about 1"),
            [":16:5", "op"]),
        scenario(
            "an expectation on a metric no run has", BadScenario.adding("expect:\n  - cache.hit_rate >= 0.5"),
            [":16:5", "cache.hit_rate"]),
        scenario(
            "an unknown plan", BadScenario.replacing("plan: demo-30", with: "plan: gold"), [":10:", "gold"]),
        scenario(
            "an unknown preset", BadScenario.replacing("preset: spec", with: "preset: best"),
            [":11:", "best"]),
        scenario(
            "an unknown limiter",
            BadScenario.replacing("{preset: spec}", with: "{preset: spec, limiter: fast}"),
            [":11:", "fast"]),
        scenario(
            "a name that climbs out of out/", BadScenario.replacing("name: bad", with: "name: ../../x"),
            [":1:7", "folder"]),
        scenario("a hidden name", BadScenario.replacing("name: bad", with: "name: .x"), [":1:7", "folder"]),
        scenario(
            "fixtures outside the project",
            "name: f\nduration: 1h\nmarket: {source: fixtures, directory: ../..}\n",
            [":3:", "outside the project"]),
        scenario(
            "fixtures at an absolute path",
            "name: f\nduration: 1h\nmarket: {source: fixtures, directory: /etc}\n",
            [":3:", "'/etc' is absolute; give a path relative to the project folder"]),
        scenario(
            "fixtures without a recorded market",
            "name: f\nduration: 1h\nmarket: {source: fixtures, directory: scenarios}\n",
            [":3:", "no recorded market"]),
        scenario(
            "calibration from a missing file",
            BadScenario.replacing("model: gbm}", with: "model: gbm, calibrate: datasets/none.csv}"),
            [":9:", "none.csv"]),
        scenario(
            "a 1 MB one-line value",
            BadScenario.replacing(
                "duration: 1h", with: "duration: " + String(repeating: "a", count: 1 << 20)),
            [":4:11", "more characters)"]),
        scenario(
            "nested lists as keys (exponential in Yams' duplicate check)",
            "name: x\n" + String(repeating: "? - ", count: 40) + "a\n", [":2:3", "a list used as a key"]),
        scenario(
            "a flow mapping as a key", "name: x\nseed: {{a: b}: c}\n", [":2:8", "a mapping used as a key"]),
        scenario(
            "aliases that expand to a billion nodes",
            "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
                + (1...8).map {
                    "a\($0): &a\($0) [" + Array(repeating: "*a\($0 - 1)", count: 10).joined(separator: ", ")
                        + "]\n"
                }
                .joined(),
            [":1:5", "anchors (&name) are not supported"]),
        scenario(
            "lists nested 100 deep",
            "name: x\nseed: " + String(repeating: "[", count: 100) + String(repeating: "]", count: 100)
                + "\n",
            [":2:", "nested more than 64 deep"]),
        BadInputCase(
            label: "scenario: UTF-16", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .bytes([0xFF, 0xFE] + Array("name: x\n".utf8).flatMap { [$0, 0] })],
            messages: ["$D/s.yaml", "UTF-16 (little-endian)"]),
        BadInputCase(
            label: "scenario: invalid UTF-8", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .bytes(Array("name: x\nseed: ".utf8) + [0xC3, 0x28] + Array("\n".utf8))],
            messages: ["$D/s.yaml", "not UTF-8", "byte 14"]),
        BadInputCase(
            label: "scenario: a directory", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .directory], messages: ["$D/s.yaml", "is a directory"]),
        BadInputCase(
            label: "scenario: missing", arguments: ["scenarios", "validate", "$D/none.yaml"],
            messages: ["$D/none.yaml", "no such file"]),
        BadInputCase(
            label: "scenario: a named pipe", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .fifo], messages: ["$D/s.yaml", "named pipe"]),
        BadInputCase(
            label: "scenario: a symbolic-link loop", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .linkLoop], messages: ["$D/s.yaml", "loop of symbolic links"]),
        BadInputCase(
            label: "scenario: 9 MB", arguments: ["scenarios", "validate", "$D/s.yaml"],
            files: ["s.yaml": .size(9 << 20)], messages: ["$D/s.yaml", "more than the limit"]),
        BadInputCase(
            label: "run: --set an unknown key",
            arguments: ["run", "$D/s.yaml", "--set", "colour=red", "--no-history"],
            files: ["s.yaml": .text(BadScenario.base)], messages: ["colour"]),
        BadInputCase(
            label: "run: --set without '='",
            arguments: ["run", "$D/s.yaml", "--set", "seed", "--no-history"],
            files: ["s.yaml": .text(BadScenario.base)], messages: ["--set", "seed"]),
        BadInputCase(
            label: "run: --set a wrong type",
            arguments: ["run", "$D/s.yaml", "--set", "seed=abc", "--no-history"],
            files: ["s.yaml": .text(BadScenario.base)], messages: ["seed", "abc"]),
    ]
}
