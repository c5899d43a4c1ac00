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
guard let run = AppSides.included.check(named: arguments[1], randomCount: count) else {
    FileHandle.standardError.write(Data("no rule '\(arguments[1])' was extracted\n".utf8))
    exit(2)
}
print(RuleCheck<ChartCase, ChartOutput>.json(await run(seed)))
