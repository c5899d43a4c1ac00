import ArgumentParser
import CommandLineShell
import Foundation
import LiveHTTP
import Recording
import TrackerCore
import WorkbenchFoundation

/// `workbench record`: live (or served) CoinGecko responses kept as a dataset.
struct RecordCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Record CoinGecko responses, byte for byte, into a dataset folder.",
        discussion: """
            Each request path in --requests (one a line, # for comments) is fetched through the \
            project's CoinGeckoClient and its rate limiter (a sliding window at the plan's limit, \
            and every 429's retry-after honoured), so it never goes faster than the plan. Each \
            body is kept byte for byte in its own file, with its headers, size and SHA-256 in \
            the folder's index.json: `workbench datasets list --directory DIR` verifies them and \
            a scenario with market: {source: fixtures, directory: DIR} replays them. Nothing is \
            ever replaced: a taken name gets -2, -3, ... Three 429s in a row end the run with what \
            it has (exit 1), as does any request that got no response.

            Examples:
              workbench record --base-url https://api.coingecko.com/api/v3 \\
                  --requests requests.txt --out datasets/live --plan demo-30 \\
                  --api-key-env CG_KEY
              workbench record --base-url http://127.0.0.1:8080/api/v3 \\
                  --requests r.txt --out out/rec
            """
    )

    @Option(help: "The API root, such as https://api.coingecko.com/api/v3 or a workbench serve URL.")
    var baseURL: String

    @Option(help: "The requests file: one path below the API root a line.")
    var requests: String

    @Option(help: "The dataset folder to record into (created when missing; never overwritten).")
    var out: String

    @Option(
        help: ArgumentHelp(
            "The plan to stay within: keyless, demo-30, seed-50, demo-100, pro-500 or custom-N.",
            discussion: "keyless without a key, demo-30 with one, by default."))
    var plan: String?

    @Option(
        help:
            "An environment variable holding the API key (sent as x-cg-demo-api-key, or x-cg-pro-api-key on a pro plan)."
    )
    var apiKeyEnv: String?

    @Option(help: "A file holding the API key (its content, without surrounding whitespace).")
    var apiKeyFile: String?

    @Flag(help: "No progress lines.")
    var quiet = false

    func run() throws {
        let items: [RequestList.Item]
        do {
            items = try RequestList.read(requests)
        } catch {
            throw CLIError.badInput(error.description)
        }
        let directory = try InputFiles.givenDirectory(out, option: "--out")
        guard let base = URL(string: baseURL), base.scheme == "http" || base.scheme == "https",
            base.host != nil
        else {
            throw CLIError.badInput(
                "--base-url: '\(baseURL)' is not an http(s) URL such as http://127.0.0.1:8080/api/v3")
        }
        let key = try APIKeyInput.read(environment: apiKeyEnv, file: apiKeyFile)
        let chosenPlan = try self.chosenPlan(hasKey: key != nil)
        let apiKey = key.map { CoinGeckoRequests.APIKey($0, on: chosenPlan) }
        let limiter = AsyncRateLimiter(
            RateLimiter(policy: .slidingWindow, plan: chosenPlan, backoff: .retryAfter), clock: WallClock())
        let client = CoinGeckoClient(
            transport: CurlTransport(baseURL: baseURL), requests: CoinGeckoRequests(apiKey: apiKey),
            limiter: limiter)
        let recorder = Recorder(client: client, baseURL: baseURL, directory: URL(fileURLWithPath: directory))
        let quiet = quiet
        let total = items.count
        if !quiet {
            StandardStreams.error(
                "recording \(total) request(s) from \(baseURL) into \(directory) on \(chosenPlan.name)"
                    + (key.map { " with " + APIKeyInput.describe($0, plan: chosenPlan.name) } ?? "") + "\n"
            )
        }
        let result = Locked<Result<Recorder.Summary, Recorder.Failure>?>(nil)
        let finished = DispatchSemaphore(value: 0)
        Task {
            let outcome: Result<Recorder.Summary, Recorder.Failure>
            do throws(Recorder.Failure) {
                outcome = .success(
                    try await recorder.record(items) { position, item, outcome in
                        guard !quiet else { return }
                        let line = "[\(position + 1)/\(total)] \(item.text) -> \(Self.describe(outcome))\n"
                        StandardStreams.error(line)
                    })
            } catch {
                outcome = .failure(error)
            }
            result.withLock { $0 = outcome }
            finished.signal()
        }
        finished.wait()
        switch result.withLock({ $0 })! {
        case .failure(let failure): throw CLIError.badInput(failure.description)
        case .success(let summary): try report(summary, total: total, directory: directory)
        }
    }

    private func report(_ summary: Recorder.Summary, total: Int, directory: String) throws {
        let recorded = summary.outcomes.filter { if case .recorded = $0.outcome { true } else { false } }
        print(
            "recorded \(recorded.count) of \(total) request(s) into \(directory) (\(summary.rateLimited) 429s met)"
        )
        for failed in summary.outcomes {
            if case .failed(let reason) = failed.outcome { print("  \(requests):\(failed.line): \(reason)") }
        }
        if summary.stoppedByStorm {
            print(
                "stopped: \(Recorder.defaultStormLimit) 429s in a row (a rate-limit storm); \(summary.notAttempted) request(s) not attempted"
            )
        }
        if !summary.isComplete {
            throw CLIError(message: "not every request was recorded", exitCode: CLIError.failedCheckCode)
        }
    }

    private func chosenPlan(hasKey: Bool) throws(CLIError) -> RateLimitPlan {
        guard let plan else { return hasKey ? .demo30 : .keyless }
        guard let named = RateLimitPlan.named(plan) else {
            throw .badInput(
                "--plan: unknown plan '\(plan)' (keyless, demo-30, seed-50, demo-100, pro-500 or custom-N)")
        }
        return named
    }

    static func describe(_ outcome: Recorder.Outcome) -> String {
        switch outcome {
        case .recorded(let file, let status, let bytes): "\(status), \(bytes) bytes, \(file)"
        case .failed(let reason): "no response: \(reason)"
        }
    }
}
