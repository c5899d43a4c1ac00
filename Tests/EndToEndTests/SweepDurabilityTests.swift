import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

@Suite("Durable sweeps: kill -9 and resume, shards and merge, byte for byte", .serialized, .reapsChildren)
struct SweepDurabilityTests {
    static let seeds = "1..12"

    /// The files that must match a one-go sweep: summaries and every cell's result.
    static func outputs(_ folder: String) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in ["summary.json", "summary.md"] {
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        for seed in 1...12 {
            let name = "base/seed-\(seed)/result.json"
            files[name] = try Data(contentsOf: URL(fileURLWithPath: "\(folder)/\(name)"))
        }
        return files
    }

    static func sweep(_ out: String, _ extra: [String] = []) throws -> WorkbenchProcess.Outcome {
        try WorkbenchProcess.run(
            ["sweep", "scenarios/quickstart.yaml", "--seeds", seeds, "--out", out, "--quiet"] + extra)
    }

    /// Result files finished under a sweep folder.
    static func finished(_ folder: String) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "\(folder)/base")) ?? []).filter {
            FileManager.default.fileExists(atPath: "\(folder)/base/\($0)/result.json")
        }.count
    }

    /// Temporary files a killed writer left anywhere under a folder.
    static func leftovers(_ folder: String) -> [String] {
        let files = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
        return files.filter { $0.contains(".partial-") || $0.contains(".dat.nosync") }
    }

    @Test("a sweep killed with -9 at several points and resumed gives the one-go bytes, no temp files")
    func killAndResume() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let reference = try Self.sweep(directory.path("reference"), ["--jobs", "2"])
        #expect(reference.status <= 1, "\(reference.stderr)")
        let expected = try Self.outputs(directory.path("reference"))
        for (index, killAfter) in [0, 3, 8].enumerated() {
            let folder = directory.path("killed-\(index)")
            let process = try WorkbenchProcess.start([
                "sweep", "scenarios/quickstart.yaml", "--seeds", Self.seeds, "--out", folder, "--quiet",
                "--jobs", "2",
            ])
            // Kill once `killAfter` cells are on disk (0: as soon as the plan is).
            let deadline = Date().addingTimeInterval(120)
            while process.isRunning, Date() < deadline,
                Self.finished(folder) < killAfter
                    || !FileManager.default.fileExists(atPath: "\(folder)/plan.json")
            {
                usleep(2_000)
            }
            BoundedWait.kill(process)
            let resumed = try Self.sweep(folder, ["--resume", "--jobs", "1"])
            #expect(resumed.status <= 1, "\(resumed.stderr)")
            #expect(try Self.outputs(folder) == expected, "killed after \(killAfter) cells")
            #expect(Self.leftovers(folder).isEmpty)
        }
    }

    @Test(
        "a sweep killed while it wrote its plan left its lock and a partial plan: the next sweep takes the folder"
    )
    func killedWhileWritingThePlan() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        for extra in [["--resume"], []] {
            let folder = directory.path("killed\(extra.count)")
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            FileManager.default.createFile(atPath: "\(folder)/sweep.lock", contents: Data())
            FileManager.default.createFile(
                atPath: "\(folder)/.plan.json.partial-99999-1", contents: Data("{\"version".utf8))
            let outcome = try Self.sweep(folder, extra)
            #expect(outcome.status <= 1, "\(outcome.stderr)")
            #expect(FileManager.default.fileExists(atPath: "\(folder)/summary.json"))
            #expect(Self.leftovers(folder).isEmpty)
        }
    }

    @Test("three shards merged give the one-go bytes; a missing or doubled cell is named")
    func shardsAndMerge() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(try Self.sweep(directory.path("reference")).status <= 1)
        let shards = (1...3).map { directory.path("shard-\($0)") }
        for (index, shard) in shards.enumerated() {
            let outcome = try Self.sweep(shard, ["--shard", "\(index + 1)/3"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(!FileManager.default.fileExists(atPath: "\(shard)/summary.json"))
        }
        let merged = try WorkbenchProcess.run(["merge"] + shards + ["--out", directory.path("merged")])
        #expect(merged.status <= 1, "\(merged.stderr)")
        #expect(try Self.outputs(directory.path("merged")) == (try Self.outputs(directory.path("reference"))))
        let missing = try WorkbenchProcess.run(["merge", shards[0], shards[1], "--out", directory.path("m2")])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("combination 'base', seed 3 is in no shard (4 cell(s) missing)"))
        let doubled = try WorkbenchProcess.run(
            ["merge"] + shards + [shards[0], "--out", directory.path("m3")])
        #expect(doubled.status == 2)
        #expect(doubled.stderr.contains("combination 'base', seed 1 is in two shards"))
        let other = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..12", "--shard", "1/3", "--set",
            "plan=demo-30",
            "--out", directory.path("other"), "--quiet",
        ])
        #expect(other.status == 0, "\(other.stderr)")
        let mixed = try WorkbenchProcess.run([
            "merge", shards[0], directory.path("other"), "--out", directory.path("m4"),
        ])
        #expect(mixed.status == 2 && mixed.stderr.contains("its plan differs"))
        let badShard = try Self.sweep(directory.path("bad"), ["--shard", "4/3"])
        #expect(badShard.status == 2 && badShard.stderr.contains("--shard: expected K/N"))
    }

    @Test("23 shards of a grid, merged ten databases at a time and then again, give the one-go summary")
    func manyShardsMergedInLevels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let sweep = [
            "sweep", "Benchmarks/scenarios/sweep-tiny.yaml", "--seeds", "1..12", "--set",
            "plan=demo-30,seed-50",
            "--quiet",
        ]
        let reference = try WorkbenchProcess.run(sweep + ["--out", directory.path("reference")])
        #expect(reference.status == 0, "\(reference.stderr)")
        let shards = (1...23).map { directory.path("shard-\($0)") }
        for (index, shard) in shards.enumerated() {
            let outcome = try WorkbenchProcess.run(sweep + ["--shard", "\(index + 1)/23", "--out", shard])
            #expect(outcome.status == 0, "\(outcome.stderr)")
        }
        let merged = try WorkbenchProcess.run(["merge"] + shards + ["--out", directory.path("merged")])
        #expect(merged.status == 0, "\(merged.stderr)")
        for name in ["summary.json", "summary.md"] {
            #expect(
                try Data(contentsOf: URL(fileURLWithPath: directory.path("merged/\(name)")))
                    == Data(contentsOf: URL(fileURLWithPath: directory.path("reference/\(name)"))), "\(name)")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: directory.path("merged"))
        #expect(!left.contains { $0.hasPrefix(".merge-") }, "\(left)")
    }

    @Test("a folder in use by another sweep is refused at once, by sweep and merge, and left as it is")
    func folderInUse() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let out = directory.path("in-use")
        let first = try Self.sweep(out)
        #expect(first.status <= 1, "\(first.stderr)")
        let before = try Self.outputs(out)
        // Another process's sweep holds the folder's lock file (this test process plays it).
        let descriptor = open("\(out)/sweep.lock", O_RDWR | O_CLOEXEC)
        #expect(descriptor >= 0 && flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        for arguments in [["--resume"], ["--force"]] {
            let refused = try Self.sweep(out, arguments)
            #expect(refused.status == 2)
            #expect(
                refused.stderr.contains("\(out): another sweep or merge is using this folder"),
                "\(refused.stderr)")
        }
        let merge = try WorkbenchProcess.run(["merge", out, "--out", directory.path("merged")])
        #expect(merge.status == 2)
        #expect(merge.stderr.contains("another sweep or merge is using this folder"), "\(merge.stderr)")
        #expect(try Self.outputs(out) == before)
        close(descriptor)
        let resumed = try Self.sweep(out, ["--resume"])
        #expect(resumed.status <= 1, "\(resumed.stderr)")
        #expect(try Self.outputs(out) == before)
    }

    @Test("a folder of another plan is refused, --force clears it (no stale seeds); a non-sweep folder never")
    func folders() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = directory.path("sweep")
        #expect(try Self.sweep(folder).status <= 1)
        let smaller = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..3", "--out", folder, "--quiet",
        ])
        #expect(smaller.status == 2 && smaller.stderr.contains("holds a sweep of another plan"))
        let forced = try WorkbenchProcess.run([
            "sweep", "scenarios/quickstart.yaml", "--seeds", "1..3", "--out", folder, "--quiet", "--force",
        ])
        #expect(forced.status <= 1, "\(forced.stderr)")
        #expect(
            Set(try FileManager.default.contentsOfDirectory(atPath: "\(folder)/base")) == [
                "seed-1", "seed-2", "seed-3",
            ])
        let keep = directory.path("notes/keep.txt")
        try FileManager.default.createDirectory(
            atPath: directory.path("notes"), withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: URL(fileURLWithPath: keep))
        let refused = try Self.sweep(directory.path("notes"), ["--force"])
        #expect(refused.status == 2 && refused.stderr.contains("holds no sweep (no plan.json)"))
        // Left as it was: not even a lock file is written into a folder that is not a sweep's.
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path("notes")) == ["keep.txt"])
    }
}
