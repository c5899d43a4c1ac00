import Foundation
import TestSupport
import Testing

/// `workbench fleet` (issue 54, first slice): a keyless fleet's users share nothing, so each is
/// `workbench run` of its scenario with its seed, the fleet's totals are their sums, and the
/// result is the same for any `--jobs`; bad fleet files are refused with file, line and key.
@Suite("workbench fleet: keyless users run one by one, exact sums, any --jobs", .reapsChildren)
struct FleetTests {
    /// A folder with the fleet's base scenario (`fleets/user-day.yaml` with no searches) and a
    /// fleet whose habits are that scenario's own, so every user is the scenario with a seed.
    static func fixture(users: Int, habits: String? = nil, extra: String = "") throws -> TemporaryDirectory {
        let folder = try TemporaryDirectory()
        let base = try String(
            contentsOf: RepositoryFiles.root.appendingPathComponent("fleets/user-day.yaml"), encoding: .utf8)
        try base.replacingOccurrences(
            of: "sessions: {per_day: 6, length: 5m, portfolio_visits: 0.3}",
            with: "sessions: {per_day: 6, length: 5m, portfolio_visits: 0.3, searches: 0}"
        ).write(toFile: folder.path("user.yaml"), atomically: true, encoding: .utf8)
        let fleet = """
            name: same-users
            fleet:
              scenario: user.yaml
              users: \(users)
              seed: 9
            \(extra)  habits:
            \(habits ?? """
                sessions_per_day: 6
                session_length: 5m
                watchlist: 3
                portfolio_visits: 0.3
                searches: 0
            """)

            """
        try fleet.write(toFile: folder.path("fleet.yaml"), atomically: true, encoding: .utf8)
        return folder
    }

    static func json(_ path: String) throws -> [String: Any] {
        try #require(
            JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [String: Any]
        )
    }

    /// Runs the fixture's fleet into `out`: its `fleet.json`, and its first arm.
    static func runFleet(in folder: TemporaryDirectory) throws -> (result: [String: Any], arm: [String: Any])
    {
        let fleet = try WorkbenchProcess.run([
            "fleet", folder.path("fleet.yaml"), "--out", folder.path("out"), "--quiet",
        ])
        #expect(fleet.status == 0, "\(fleet.stdout)\(fleet.stderr)")
        // fleet.md opens with one recommendation in plain words and says what "enough" means;
        // a keyless arm bills no credits (issue 69).
        let markdown = try String(contentsOfFile: folder.path("out/fleet.md"), encoding: .utf8)
        #expect(markdown.contains("**Recommendation for "), "\(markdown)")
        #expect(markdown.contains("Enough means at most 1.00 % of requests answered 429"), "\(markdown)")
        #expect(markdown.contains("SC-009 is the team's own target"), "\(markdown)")
        if markdown.contains("| keyless |") { #expect(markdown.contains("none (no key)"), "\(markdown)") }
        let result = try Self.json(folder.path("out/fleet.json"))
        return (result, try #require((result["arms"] as? [[String: Any]])?.first))
    }

    @Test("each user is `workbench run` with the user's seed on the fleet's market; the totals are their sum")
    func usersAreRuns() throws {
        let folder = try Self.fixture(users: 3)
        defer { folder.remove() }
        let (result, arm) = try Self.runFleet(in: folder)
        let users = try #require(result["users_detail"] as? [[String: Any]])
        #expect(users.count == 3)
        var sum = 0
        var hourly: [Double] = []
        for user in users {
            let seed = try #require(user["seed"] as? Int)
            // The fleet's users share one market, drawn from the fleet's seed (9).
            let run = try WorkbenchProcess.run([
                "run", folder.path("user.yaml"), "--seed", "\(seed)", "--set", "market.seed=9", "--out",
                folder.path("run-\(seed)"), "--no-history",
            ])
            #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
            let metrics = try #require(
                try Self.json(folder.path("run-\(seed)/result.json"))["metrics"] as? [String: Any])
            let requests = try #require(metrics["rate_limit.requests"] as? Int)
            #expect((user["requests_by_arm"] as? [Int])?.first == requests, "user \(user["index"] ?? "?")")
            sum += requests
            hourly.append(Double(requests) / 24)
        }
        #expect(sum > 0 && arm["requests"] as? Int == sum)
        // The per-user percentiles, by nearest rank over the runs' own counts.
        hourly.sort()
        let percentiles = try #require(arm["requests_per_hour_per_user"] as? [String: Any])
        for (key, fraction) in [("p50", 0.5), ("p95", 0.95), ("p99", 0.99)] {
            let rank = Int((fraction * Double(hourly.count)).rounded(.up))
            #expect(percentiles[key] as? Double == hourly[rank - 1], "\(key)")
        }
    }

    @Test(
        "a coupled arm of one user is `workbench run` on the arm's plan: the shared window is the run's own",
        arguments: ["demo-100", "pro-500"])
    func coupledUserIsRun(plan: String) throws {
        let folder = try Self.fixture(users: 1, extra: "  topology: shared-key\n  plan: \(plan)\n")
        defer { folder.remove() }
        let (result, arm) = try Self.runFleet(in: folder)
        let user = try #require((result["users_detail"] as? [[String: Any]])?.first)
        let seed = try #require(user["seed"] as? Int)
        let run = try WorkbenchProcess.run([
            "run", folder.path("user.yaml"), "--seed", "\(seed)", "--set", "market.seed=9", "--set",
            "plan=\(plan)",
            "--out", folder.path("run"), "--no-history",
        ])
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let metrics = try #require(try Self.json(folder.path("run/result.json"))["metrics"] as? [String: Any])
        #expect(arm["label"] as? String == "shared-key \(plan)" && (arm["requests"] as? Int ?? 0) > 0)
        #expect(arm["requests"] as? Int == metrics["rate_limit.requests"] as? Int)
        #expect(arm["refused_429"] as? Int == metrics["rate_limit.status_429"] as? Int)
        #expect(arm["credits_billed"] as? Int == metrics["rate_limit.credits"] as? Int)
    }

    @Test(
        "a fleet killed with -9 after its first arm and resumed gives the one-go bytes, and keeps nothing after"
    )
    func killAndResume() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = "fleets/plan-choice.yaml"
        let whole = try WorkbenchProcess.run([
            "fleet", file, "--users", "30", "--out", folder.path("whole"), "--quiet",
        ])
        #expect(whole.status == 0, "\(whole.stderr)")
        let killed = folder.path("killed")
        let process = try WorkbenchProcess.start(["fleet", file, "--users", "30", "--out", killed, "--quiet"])
        let deadline = Date().addingTimeInterval(120)
        while process.isRunning, Date() < deadline,
            !FileManager.default.fileExists(atPath: "\(killed)/.fleet-progress/arm-2.json")
        {
            usleep(2_000)
        }
        BoundedWait.kill(process)
        #expect(!FileManager.default.fileExists(atPath: "\(killed)/fleet.json"))
        try FileManager.default.createDirectory(
            atPath: folder.path("other"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(
            atPath: "\(killed)/.fleet-progress", toPath: folder.path("other/.fleet-progress"))
        let resumed = try WorkbenchProcess.run(["fleet", file, "--users", "30", "--out", killed, "--resume"])
        #expect(resumed.status == 0, "\(resumed.stderr)")
        #expect(resumed.stderr.contains("arms already done in"), "\(resumed.stderr)")
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.path("whole/fleet.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: "\(killed)/fleet.json")) == one)
        #expect(!FileManager.default.fileExists(atPath: "\(killed)/.fleet-progress"))
        // Kept arms of another fleet (here, another size) are not used.
        let other = try WorkbenchProcess.run([
            "fleet", file, "--users", "31", "--out", folder.path("other"), "--resume",
        ])
        #expect(other.status == 0 && !other.stderr.contains("already done"), "\(other.stderr)")
    }

    @Test("the same fleet.json, byte for byte, with one job or two")
    func anyJobs() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = RepositoryFiles.root.appendingPathComponent("fleets/keyless-day.yaml").path
        for jobs in [1, 2] {
            let outcome = try WorkbenchProcess.run([
                "fleet", file, "--users", "12", "--jobs", "\(jobs)", "--out", folder.path("jobs-\(jobs)"),
                "--quiet",
            ])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.path("jobs-1/fleet.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("jobs-2/fleet.json"))) == one)
        let result = try Self.json(folder.path("jobs-1/fleet.json"))
        let arm = try #require((result["arms"] as? [[String: Any]])?.first)
        #expect(
            result["users"] as? Int == 12 && (arm["requests_per_minute_of_day"] as? [Int])?.count == 1_440)
    }

    @Test(
        "two shards merged give the one-go fleet.json, coupled arms included; a missing or doubled shard is named"
    )
    func shardsMerge() throws {
        let folder = try TemporaryDirectory()
        defer { folder.remove() }
        let file = RepositoryFiles.root.appendingPathComponent("fleets/plan-choice.yaml").path
        let whole = try WorkbenchProcess.run([
            "fleet", file, "--users", "9", "--out", folder.path("whole"), "--quiet",
        ])
        #expect(whole.status == 0, "\(whole.stderr)")
        for part in ["1/2", "2/2"] {
            let shard = try WorkbenchProcess.run([
                "fleet", file, "--users", "9", "--shard", part, "--out",
                folder.path("shard-\(part.prefix(1))"),
                "--quiet",
            ])
            #expect(shard.status == 0, "\(shard.stderr)")
        }
        #expect(!FileManager.default.fileExists(atPath: folder.path("shard-1/fleet.json")))
        let merged = try WorkbenchProcess.run([
            "fleet", "merge", folder.path("shard-2"), folder.path("shard-1"), "--out", folder.path("merged"),
        ])
        #expect(merged.status == 0, "\(merged.stderr)")
        let one = try Data(contentsOf: URL(fileURLWithPath: folder.path("whole/fleet.json")))
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path("merged/fleet.json"))) == one)
        let missing = try WorkbenchProcess.run([
            "fleet", "merge", folder.path("shard-1"), "--out", folder.path("bad"),
        ])
        #expect(missing.status == 2 && missing.stderr.contains("shard(s) 2/2 missing"), "\(missing.stderr)")
        let doubled = try WorkbenchProcess.run([
            "fleet", "merge", folder.path("shard-1"), folder.path("shard-1"), "--out", folder.path("bad"),
        ])
        #expect(
            doubled.status == 2 && doubled.stderr.contains("shard 1/2 is given twice"), "\(doubled.stderr)")
        // A shard edited by hand (its users not its part's) is refused before anything is merged.
        let shardFile = folder.path("shard-2/fleet-shard.json")
        let edited = try String(contentsOfFile: shardFile, encoding: .utf8).replacingOccurrences(
            of: #""indices":[1,"#, with: #""indices":[0,"#)
        try edited.write(toFile: shardFile, atomically: true, encoding: .utf8)
        let tampered = try WorkbenchProcess.run([
            "fleet", "merge", folder.path("shard-1"), folder.path("shard-2"), "--out", folder.path("bad"),
        ])
        #expect(
            tampered.status == 2
                && tampered.stderr.contains("is not a whole shard: its users are not those of part 2/2"),
            "\(tampered.stderr)")
        let none = try WorkbenchProcess.run([
            "fleet", "merge", folder.path("whole"), "--out", folder.path("bad"),
        ])
        #expect(none.status == 2 && none.stderr.contains("fleet-shard.json: no such file"), "\(none.stderr)")
    }

    @Test(
        "bad fleet files are refused with file, line and key",
        arguments: [
            ("users: 0", "fleet.users", "at least 1"),
            ("users: 2000000000", "fleet.users", "at most 1000000 users"),
            ("users: 2.5", "fleet.users", "a whole number"),
        ])
    func badUsers(line: String, key: String, message: String) throws {
        let folder = try Self.fixture(users: 1)
        defer { folder.remove() }
        let text = try String(contentsOfFile: folder.path("fleet.yaml"), encoding: .utf8)
        try text.replacingOccurrences(of: "users: 1", with: line).write(
            toFile: folder.path("fleet.yaml"), atomically: true, encoding: .utf8)
        let outcome = try WorkbenchProcess.run([
            "fleet", folder.path("fleet.yaml"), "--out", folder.path("out"),
        ])
        #expect(outcome.status == 2)
        #expect(outcome.stderr.contains("fleet.yaml:4:") && outcome.stderr.contains(key), "\(outcome.stderr)")
        #expect(outcome.stderr.contains(message), "\(outcome.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path("out")))
    }

    @Test("a topology without its plan, builds that do not add up, a mean out of range: refused")
    func badHabits() throws {
        // The scenario resolves as `extends` does: inside the project folder, existing.
        let escaping = try Self.fixture(users: 1)
        defer { escaping.remove() }
        let text = try String(contentsOfFile: escaping.path("fleet.yaml"), encoding: .utf8)
        for (given, message) in [
            ("../user.yaml", "is outside the project folder"),
            ("/etc/hostname", "expected a scenario file relative"),
            ("missing.yaml", "no such file 'missing.yaml'"),
        ] {
            try text.replacingOccurrences(of: "scenario: user.yaml", with: "scenario: \(given)").write(
                toFile: escaping.path("fleet.yaml"), atomically: true, encoding: .utf8)
            let outcome = try WorkbenchProcess.run(["fleet", escaping.path("fleet.yaml")])
            #expect(
                outcome.status == 2 && outcome.stderr.contains("fleet.yaml:3:")
                    && outcome.stderr.contains(message), "\(given): \(outcome.stderr)")
        }
        let shared = try Self.fixture(users: 1, extra: "  topology: shared-key\n")
        defer { shared.remove() }
        let topology = try WorkbenchProcess.run(["fleet", shared.path("fleet.yaml")])
        #expect(
            topology.status == 2 && topology.stderr.contains("fleet.yaml:6:")
                && topology.stderr.contains("'shared-key' topology needs the plan of its key"),
            "\(topology.stderr)")
        let keyed = try Self.fixture(users: 1, extra: "  topology: keyless\n  plan: pro-500\n")
        defer { keyed.remove() }
        let credits = try WorkbenchProcess.run(["fleet", keyed.path("fleet.yaml")])
        #expect(
            credits.status == 2 && credits.stderr.contains("fleet.plan")
                && credits.stderr.contains("no plan with monthly credits"), "\(credits.stderr)")
        let builds = try Self.fixture(
            users: 1,
            habits: "    sessions_per_day: 6\n    session_length: 5m\n    builds: {bitpal: 0.5, spec: 0.4}\n")
        defer { builds.remove() }
        let shares = try WorkbenchProcess.run(["fleet", builds.path("fleet.yaml")])
        #expect(shares.status == 2 && shares.stderr.contains("must add up to 1"), "\(shares.stderr)")
        let wide = try Self.fixture(
            users: 1,
            habits: "    sessions_per_day: {lognormal: {median: 100, sigma: 3}}\n    session_length: 5m\n")
        defer { wide.remove() }
        let mean = try WorkbenchProcess.run(["fleet", wide.path("fleet.yaml")])
        #expect(mean.status == 2 && mean.stderr.contains("puts the mean at"), "\(mean.stderr)")
        #expect(mean.stderr.contains("fleet.habits.sessions_per_day.lognormal.sigma"), "\(mean.stderr)")
    }
}
