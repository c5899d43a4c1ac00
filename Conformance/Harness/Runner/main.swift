import ConformanceCases
import Foundation

// `conformance-runner RULE SEED COUNT`: runs one rule's cases (COUNT random ones after the edges)
// on both sides and prints the result as JSON. `workbench conformance diff` builds this package
// and runs one process per rule, so a rule whose app code traps does not take the others with it.
let arguments = CommandLine.arguments
guard arguments.count == 4, let seed = UInt64(arguments[2]), let count = Int(arguments[3]) else {
    FileHandle.standardError.write(Data("usage: conformance-runner RULE SEED COUNT\n".utf8))
    exit(2)
}
let result: RuleResult
switch arguments[1] {
case "line-chart" where AppSides.included.lineChart != nil:
    result = await WorkbenchCharts.lineRule(app: AppSides.included.lineChart!, randomCount: count).run(
        seed: seed)
case "candle-chart" where AppSides.included.candleChart != nil:
    result = await WorkbenchCharts.candleRule(app: AppSides.included.candleChart!, randomCount: count).run(
        seed: seed)
case "portfolio-ledger" where AppSides.included.ledger != nil:
    result = await WorkbenchLedger.rule(app: AppSides.included.ledger!, randomCount: count).run(seed: seed)
case "chart-cache" where AppSides.included.chartCache != nil:
    result = await WorkbenchChartCache.rule(app: AppSides.included.chartCache!, randomCount: count).run(
        seed: seed)
case "search-ranking" where AppSides.included.searchRanking != nil:
    result = await WorkbenchSearch.rule(app: AppSides.included.searchRanking!, randomCount: count).run(
        seed: seed)
case "rate-limiter" where AppSides.included.rateLimiter != nil:
    result = await WorkbenchLimiter.rule(app: AppSides.included.rateLimiter!, randomCount: count).run(
        seed: seed)
default:
    FileHandle.standardError.write(Data("no rule '\(arguments[1])' was extracted\n".utf8))
    exit(2)
}
print(RuleCheck<ChartCase, ChartOutput>.json(result))
