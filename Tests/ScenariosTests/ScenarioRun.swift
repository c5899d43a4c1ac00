import AppHosting
import Foundation
import Scenarios
import Simulation
import TestSupport

/// Parses a scenario given as YAML text (paths relative to the repository root) and runs it.
///
/// - Parameters:
///   - text: The scenario.
///   - file: The name errors give it.
/// - Returns: The run's result and its configuration (for the true prices).
func runScenario(_ text: String, file: String = "test.yaml") throws -> (result: RunResult, config: RunConfig)
{
    let root = RepositoryFiles.root
    let scenario = try ScenarioParser.parse(text, file: file, projectRoot: root)
    let config = try scenario.runConfig(projectRoot: root)
    var simulation = try AppSimulation(config: config)
    return (simulation.run(), config)
}
