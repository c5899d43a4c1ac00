import Foundation

extension BadInputCase {
    private static let scenarioFile: [String: File] = ["s.yaml": .text(BadScenario.base)]
    private static let series = #"{"x":[0,1,2,3,4,5],"y":[1,5,2,8,3,4]}"#

    /// A binary series file for `bench downsample`: a count header, then `points` (x, y) pairs.
    private static func binarySeries(header: Int64, points: [(Int64, Double)]) -> File {
        var bytes = withUnsafeBytes(of: header.littleEndian, Array.init)
        for (x, _) in points { bytes += withUnsafeBytes(of: x.littleEndian, Array.init) }
        for (_, y) in points { bytes += withUnsafeBytes(of: y.bitPattern.littleEndian, Array.init) }
        return .bytes(bytes)
    }

    static let commandCases: [BadInputCase] = [
        // run
        .init(
            label: "run: --out ''", arguments: ["run", "$D/s.yaml", "--out", "", "--no-history"],
            files: scenarioFile, messages: ["--out", "empty"]),
        .init(
            label: "run: --history ''", arguments: ["run", "$D/s.yaml", "--out", "$D/o", "--history", ""],
            files: scenarioFile, messages: ["--history", "empty"]),
        .init(
            label: "run: --seed -1", arguments: ["run", "$D/s.yaml", "--seed", "-1", "--no-history"],
            files: scenarioFile, messages: ["--seed", "-1"]),
        .init(
            label: "run: --seed abc", arguments: ["run", "$D/s.yaml", "--seed", "abc", "--no-history"],
            files: scenarioFile, messages: ["--seed", "abc"]),
        .init(
            label: "run: a missing scenario", arguments: ["run", "$D/none.yaml", "--no-history"],
            messages: ["$D/none.yaml", "no such file"]),
        .init(
            label: "run: a history file that is not a database",
            arguments: ["run", "$D/s.yaml", "--out", "$D/o", "--history", "$D/h.sqlite"],
            files: scenarioFile.merging(["h.sqlite": .text("not sqlite")]) { $1 },
            messages: ["$D/h.sqlite", "not", "history row was not stored"]),
        // sweep
        .init(
            label: "sweep: seeds backwards", arguments: ["sweep", "$D/s.yaml", "--seeds", "5..1"],
            files: scenarioFile, messages: ["--seeds", "5..1"]),
        .init(
            label: "sweep: too many seeds for one process",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..200000"],
            files: scenarioFile, messages: ["200000 cells", "this process would run 200000", "--shard K/N"]),
        .init(
            label: "sweep: more seeds than a plan names",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2000000000000", "--shard", "1/1000"],
            files: scenarioFile, messages: ["--seeds", "1000000000000 seeds"]),
        .init(
            label: "sweep: a million seeds on one shard of nine",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..1000000", "--shard", "1/9"],
            files: scenarioFile, messages: ["1000000 cells", "would run 111112 (shard 1/9)"]),
        .init(
            label: "sweep: seeds not numbers", arguments: ["sweep", "$D/s.yaml", "--seeds", "a..b"],
            files: scenarioFile, messages: ["--seeds", "a..b"]),
        .init(
            label: "sweep: --shard beyond N",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2", "--shard", "3/2", "--out", "$D/o"],
            files: scenarioFile, messages: ["--shard", "'3/2'"]),
        .init(
            label: "sweep: --out a folder that is not a sweep, even with --force",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2", "--out", "$D/mine", "--force"],
            files: scenarioFile.merging(["mine/notes.txt": .text("keep")]) { $1 },
            messages: ["$D/mine", "holds no sweep"]),
        .init(
            label: "sweep: --out a garbage plan.json, without --force",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2", "--out", "$D/old"],
            files: scenarioFile.merging(["old/plan.json": .text("{\"scenario\": 3")]) { $1 },
            messages: ["$D/old", "an unreadable plan.json", "--force"]),
        .init(
            label: "merge: a shard folder that does not exist",
            arguments: ["merge", "$D/nowhere", "--out", "$D/m"],
            messages: ["$D/nowhere/plan.json", "no such file"]),
        .init(
            label: "merge: a shard whose plan.json is garbage",
            arguments: ["merge", "$D/s1", "--out", "$D/m"], files: ["s1/plan.json": .text("[1,")],
            messages: ["$D/s1/plan.json", "not a sweep plan"]),
        .init(
            label: "merge: an empty --out", arguments: ["merge", "$D/s1", "--out", ""],
            messages: ["--out", "empty"]),
        .init(
            label: "sweep: --jobs 0", arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2", "--jobs", "0"],
            files: scenarioFile, messages: ["--jobs", "'0'"]),
        .init(
            label: "sweep: --out ''", arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2", "--out", ""],
            files: scenarioFile, messages: ["--out", "empty"]),
        .init(
            label: "sweep: an empty alternative list",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..2", "--set", "policies.limiter="],
            files: scenarioFile, messages: ["--set", "policies.limiter="]),
        .init(
            label: "sweep: more runs than the limit",
            arguments: [
                "sweep", "$D/s.yaml", "--seeds", "1..60000", "--set", "policies.limiter=bitpal,spacing",
            ], files: scenarioFile, messages: ["120000 cells", "more than 100000"]),
        .init(
            label: "sweep: a grid of 10^12 combinations",
            arguments: ["sweep", "$D/s.yaml", "--seeds", "1..1"]
                + (0..<6).flatMap { key in
                    ["--set", "policies.x\(key)=" + (0..<100).map(String.init).joined(separator: ",")]
                },
            files: scenarioFile, messages: ["--set", "more than 100000 combinations"]),
        // check
        .init(
            label: "check: --golden-dir ''", arguments: ["check", "$D/s.yaml", "--golden-dir", ""],
            files: scenarioFile, messages: ["--golden-dir", "empty"]),
        .init(
            label: "check: --junit ''", arguments: ["check", "$D/s.yaml", "--junit", ""],
            files: scenarioFile, messages: ["--junit", "empty"]),
        .init(
            label: "check: --junit a directory", arguments: ["check", "$D/s.yaml", "--junit", "$D"],
            files: scenarioFile, messages: ["--junit $D", "is a directory"]),
        .init(
            label: "check: --junit under a file",
            arguments: ["check", "$D/s.yaml", "--junit", "$D/s.yaml/junit.xml"],
            files: scenarioFile, messages: ["--junit: $D/s.yaml/junit.xml"]),
        .init(
            label: "check: a garbage golden", arguments: ["check", "$D/s.yaml", "--golden-dir", "$D"],
            files: scenarioFile.merging(["bad.charts.txt": .text("# 1D.line\nhello world\n")]) { $1 },
            messages: ["$D/bad.charts.txt:2", "not a golden chart file"]),
        .init(
            label: "check: a golden that is a directory",
            arguments: ["check", "$D/s.yaml", "--golden-dir", "$D"],
            files: scenarioFile.merging(["bad.charts.txt": .directory]) { $1 },
            messages: ["$D/bad.charts.txt", "is a directory"]),
        .init(
            label: "check: a golden that is not UTF-8",
            arguments: ["check", "$D/s.yaml", "--golden-dir", "$D"],
            files: scenarioFile.merging(["bad.charts.txt": .bytes([0x23, 0x20, 0xFF, 0xFE, 0x0A])]) { $1 },
            messages: ["$D/bad.charts.txt", "not UTF-8"]),
        .init(
            label: "check: a golden that is a named pipe",
            arguments: ["check", "$D/s.yaml", "--golden-dir", "$D"],
            files: scenarioFile.merging(["bad.charts.txt": .fifo]) { $1 },
            messages: ["$D/bad.charts.txt", "named pipe"]),
        .init(
            label: "check: no golden yet is not a pass",
            arguments: ["check", "$D/s.yaml", "--golden-dir", "$D"], files: scenarioFile, status: 1,
            messages: ["NEW", "no golden charts"]),
        .init(label: "check: no scenario", arguments: ["check"], messages: ["scenario"]),
        // compare
        .init(
            label: "compare: a missing run", arguments: ["compare", "$D/a.json", "$D/b.json"],
            messages: ["$D/a.json", "no such file"]),
        .init(
            label: "compare: a mistyped run folder",
            arguments: ["compare", "$D/quickstrat", "$D/quickstart"],
            files: ["quickstart/result.json": .text(#"{"metrics": {"x": 1}}"#)],
            messages: ["$D/quickstrat: no such run folder or result.json; did you mean $D/quickstart?"]),
        .init(
            label: "compare: a directory without result.json", arguments: ["compare", "$D/x", "$D/x"],
            files: ["x": .directory], messages: ["$D/x/result.json", "no such file"]),
        .init(
            label: "compare: malformed JSON", arguments: ["compare", "$D/a.json", "$D/a.json"],
            files: ["a.json": .text("{\"metrics\": {")], messages: ["$D/a.json", "result.json"]),
        .init(
            label: "compare: a metric that is not a number",
            arguments: ["compare", "$D/a.json", "$D/a.json"],
            files: ["a.json": .text(#"{"metrics": {"x": "1"}}"#)], messages: ["$D/a.json", "metrics.x"]),
        .init(
            label: "compare: an unknown unit", arguments: ["compare", "$D/a.json", "$D/a.json"],
            files: ["a.json": .text(#"{"metrics": {"x": 1}, "units": {"x": "furlongs"}}"#)],
            messages: ["$D/a.json", "units.x"]),
        .init(
            label: "compare: --html ''", arguments: ["compare", "$D/a.json", "$D/a.json", "--html", ""],
            files: ["a.json": .text(#"{"metrics": {"x": 1}}"#)], messages: ["--html", "empty"]),
        .init(
            label: "compare: --html is a directory",
            arguments: ["compare", "$D/a.json", "$D/a.json", "--html", "$D"],
            messages: ["--html", "$D", "is a directory"]),
        .init(
            label: "compare: a series.json that is not one",
            arguments: ["compare", "$D/a.json", "$D/a.json", "--html", "$D/c.html"],
            files: ["a.json": .text(#"{"metrics": {"x": 1}}"#), "series.json": .text(#"{"lines": 3}"#)],
            messages: ["$D/series.json", "series.json", "lines"]),
        .init(
            label: "compare: a run id without a history",
            arguments: ["compare", "1", "2", "--history", "$D/none.sqlite"],
            messages: ["$D/none.sqlite", "no history yet"]),
        .init(
            label: "compare: a history that is not a database",
            arguments: ["compare", "1", "2", "--history", "$D/h.sqlite"], files: ["h.sqlite": .text("hello")],
            messages: ["$D/h.sqlite", "not"]),
        // history
        .init(
            label: "history: --limit 0", arguments: ["history", "--limit", "0", "--history", "$D/h.sqlite"],
            messages: ["--limit", "'0'"]),
        .init(
            label: "history: --limit -1",
            arguments: ["history", "--limit", "-1", "--history", "$D/h.sqlite"],
            messages: ["--limit", "'-1'"]),
        .init(
            label: "history: no database", arguments: ["history", "--history", "$D/h.sqlite"],
            messages: ["$D/h.sqlite", "no history"]),
        .init(
            label: "history: not a database", arguments: ["history", "--history", "$D/h.sqlite"],
            files: ["h.sqlite": .size(4096)], messages: ["$D/h.sqlite", "not"]),
        .init(
            label: "history: --html ''", arguments: ["history", "--html", "", "--history", "$D/h.sqlite"],
            messages: ["--html", "empty"]),
        .init(
            label: "history: --html is a directory",
            arguments: ["history", "--html", "$D", "--history", "$D/h.sqlite"],
            messages: ["--html", "$D", "is a directory"]),
        // record (nothing is fetched: the requests file and --out are checked first)
        .init(
            label: "record: --out is a file",
            arguments: [
                "record", "--base-url", "http://127.0.0.1:9/api/v3", "--requests", "$D/r.txt", "--out",
                "$D/r.txt",
            ],
            files: ["r.txt": .text("/coins/list\n")], messages: ["--out", "$D/r.txt", "is a file"]),
        .init(
            label: "record: a '..' segment in the requests file",
            arguments: [
                "record", "--base-url", "http://127.0.0.1:9/api/v3", "--requests", "$D/r.txt", "--out",
                "$D/o",
            ],
            files: ["r.txt": .text("/coins/list\n/coins/../ohlc\n")], messages: ["$D/r.txt:2", "'..'"]),
        .init(
            label: "record: --base-url not http",
            arguments: ["record", "--base-url", "ftp://x", "--requests", "$D/r.txt", "--out", "$D/o"],
            files: ["r.txt": .text("/coins/list\n")], messages: ["--base-url", "ftp://x"]),
        // downsample
        .init(
            label: "downsample: standard input is a directory",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3"], files: ["dir": .directory],
            stdinFile: "dir", messages: ["stdin", "is a directory", "--input"]),
        .init(
            label: "downsample: --n-out -1",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "-1", "--input", "$D/s.json"],
            files: ["s.json": .text(series)], messages: ["--n-out", "'-1'"]),
        .init(
            label: "downsample: an unknown algorithm",
            arguments: ["downsample", "--algorithm", "best", "--n-out", "3"], messages: ["best", "lttb"]),
        .init(
            label: "downsample: malformed JSON",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text("{\"x\":[0,1,],\"y\":[1,2]}")], messages: ["$D/s.json:1:"]),
        .init(
            label: "downsample: an infinite value",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text(#"{"x":[0,1,2,3],"y":[1,1e999,2,3]}"#)],
            messages: ["$D/s.json:1:", "$.y[1]"]),
        .init(
            label: "downsample: unsorted timestamps",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text(#"{"x":[0,5,2,3],"y":[1,2,2,3]}"#)], messages: ["$D/s.json", "x[2]"]),
        .init(
            label: "downsample: negative timestamps",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text(#"{"x":[-5,1,2,3],"y":[1,2,2,3]}"#)],
            messages: ["$D/s.json:1:", "$.x[0]"]),
        .init(
            label: "downsample: a missing file",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/none.json"],
            messages: ["$D/none.json", "no such file"]),
        .init(
            label: "downsample: a directory",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/x"],
            files: ["x": .directory], messages: ["$D/x", "is a directory"]),
        .init(
            label: "downsample: lttb with 2 points",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "2", "--input", "$D/s.json"],
            files: ["s.json": .text(series)], messages: ["$D/s.json", "3"]),
        .init(
            label: "downsample: minmax with an odd budget",
            arguments: ["downsample", "--algorithm", "minmax", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text(series)], messages: ["$D/s.json", "even"]),
        .init(
            label: "downsample: x and y of different lengths",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text(#"{"x":[0,1,2],"y":[1,2]}"#)], messages: ["$D/s.json"]),
        .init(
            label: "downsample: truncated JSON",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .text(#"{"x":[0,1,2],"y":[1,2"#)], messages: ["$D/s.json:1:", "end of input"]),
        .init(
            label: "downsample: UTF-16 input",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/s.json"],
            files: ["s.json": .bytes([0xFE, 0xFF] + Array(series.utf8).flatMap { [0, $0] })],
            messages: ["$D/s.json:1:1", "UTF-16 (big-endian)"]),
        .init(
            label: "downsample: a named pipe",
            arguments: ["downsample", "--algorithm", "lttb", "--n-out", "3", "--input", "$D/p"],
            files: ["p": .fifo], messages: ["$D/p", "named pipe"]),
        // generate
        .init(
            label: "generate: --steps -10",
            arguments: ["generate", "--model", "gbm", "--seed", "1", "--steps", "-10"],
            messages: ["--steps", "'-10'"]),
        .init(
            label: "generate: a step past 9999",
            arguments: [
                "generate", "--model", "gbm", "--seed", "1", "--steps", "1100", "--dt", "100000000d",
            ], messages: ["--dt", "100000000d"]),
        .init(
            label: "generate: timestamps past 9999",
            arguments: [
                "generate", "--model", "gbm", "--seed", "1", "--steps", "100000000", "--dt", "2000d",
            ],
            messages: ["steps", "9999"]),
        .init(
            label: "generate: a path that overflows",
            arguments: [
                "generate", "--model", "gbm", "--seed", "1", "--steps", "10", "--param", "drift=1e300",
                "--format", "json",
            ], messages: ["step 1", "gentler parameters"]),
        .init(
            label: "generate: an unknown model",
            arguments: ["generate", "--model", "magic", "--seed", "1", "--steps", "10"],
            messages: ["magic", "gbm"]),
        .init(
            label: "generate: a bad start",
            arguments: ["generate", "--model", "gbm", "--seed", "1", "--steps", "10", "--start", "soon"],
            messages: ["--start", "soon"]),
        .init(
            label: "generate: a zero start price",
            arguments: ["generate", "--model", "gbm", "--seed", "1", "--steps", "10", "--start-price", "0"],
            messages: ["--start-price", "'0'"]),
        .init(
            label: "generate: a NaN parameter",
            arguments: [
                "generate", "--model", "gbm", "--seed", "1", "--steps", "10", "--param", "drift=nan",
            ], messages: ["--param", "drift=nan"]),
        .init(
            label: "generate: a zero step",
            arguments: ["generate", "--model", "gbm", "--seed", "1", "--steps", "10", "--dt", "0s"],
            messages: ["--dt", "0s"]),
        .init(
            label: "generate: --out ''",
            arguments: ["generate", "--model", "gbm", "--seed", "1", "--steps", "10", "--out", ""],
            messages: ["--out", "empty"]),
        // bench
        .init(
            label: "bench: a huge count header", arguments: ["bench", "downsample", "--input", "$D/s.bin"],
            files: ["s.bin": binarySeries(header: 1 << 62, points: [(0, 1)])],
            messages: ["$D/s.bin", "4611686018427387904 points"]),
        .init(
            label: "bench: a negative count header",
            arguments: ["bench", "downsample", "--input", "$D/s.bin"],
            files: ["s.bin": binarySeries(header: -1, points: [])], messages: ["$D/s.bin", "-1 points"]),
        .init(
            label: "bench: unsorted series",
            arguments: ["bench", "downsample", "--input", "$D/s.bin", "--n-out", "3", "--repeat", "1"],
            files: ["s.bin": binarySeries(header: 4, points: [(0, 1), (5, 2), (2, 3), (3, 4)])],
            messages: ["$D/s.bin"]),
        .init(
            label: "bench: --steps=-10", arguments: ["bench", "gbm", "--steps=-10"],
            messages: ["--steps", "'-10'"]),
        .init(
            label: "bench: --steps Int.max", arguments: ["bench", "gbm", "--steps", "9223372036854775807"],
            messages: ["--steps", "9223372036854775807"]),
        .init(label: "bench: no input", arguments: ["bench", "decode"], messages: ["--input"]),
        .init(
            label: "bench: --repeat 0", arguments: ["bench", "gbm", "--repeat", "0"],
            messages: ["--repeat", "'0'"]),
        .init(
            label: "bench: a truncated response", arguments: ["bench", "decode", "--input", "$D/c.json"],
            files: ["c.json": .text(#"{"prices":[[1,2],[3"#)], messages: ["$D/c.json:1:"]),
        // datasets
        .init(
            label: "datasets: an empty directory path",
            arguments: ["datasets", "list", "--directory", ""], messages: ["--directory", "empty"]),
        .init(
            label: "datasets: a directory that is a file",
            arguments: ["datasets", "list", "--directory", "$D/index.json"],
            files: ["index.json": .text("{}")],
            messages: ["--directory", "is a file"]),
        .init(
            label: "datasets: a missing directory",
            arguments: ["datasets", "list", "--directory", "$D/none"], messages: ["$D/none", "index.json"]),
        .init(
            label: "datasets: an index entry that climbs out",
            arguments: ["datasets", "list", "--directory", "$D"],
            files: [
                "index.json": .text(
                    #"[{"file": "../../../../etc/passwd", "uri": "x", "status": 200, "date": "d", "bytes": 1, "sha256": "00", "source": "s"}]"#
                )
            ], messages: ["$D/index.json", "[0].file"]),
        .init(
            label: "datasets: a malformed index", arguments: ["datasets", "list", "--directory", "$D"],
            files: ["index.json": .text("[{")], messages: ["$D/index.json", "malformed"]),
        .init(
            label: "datasets: a truncated recording",
            arguments: ["datasets", "inspect", "$D/coins_list.json"],
            files: ["coins_list.json": .text(#"[{"id": "bitcoin", "symbol": "btc", "name": "Bitc"#)],
            messages: ["coins_list.json:1:"]),
        .init(
            label: "datasets: an index that is a directory",
            arguments: ["datasets", "list", "--directory", "$D"], files: ["index.json": .directory],
            messages: ["$D/index.json", "is a directory"]),
    ]
}
