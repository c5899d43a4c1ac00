import ArgumentParser

/// The `workbench` command: Bitpal Workbench's command-line shell.
@main
struct Workbench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Deterministic simulation and backtesting for a CoinGecko crypto tracker's logic.",
        subcommands: []
    )
}
