/// The problems found while reading one scenario file: a section or list item that is wrong is
/// recorded and reading goes on, so that one pass reports every problem it can find (a problem in
/// `market` still hides those that depend on the market's coins).
final class ProblemSink {
    private(set) var problems: [ScenarioError] = []

    /// Runs `body`; on a problem, records it and returns nil.
    func attempt<Value>(_ body: () throws(ScenarioError) -> Value) -> Value? {
        do {
            return try body()
        } catch {
            problems.append(error)
            return nil
        }
    }

    /// Records a problem found without `attempt` (an unknown key beside known ones).
    func record(_ problem: ScenarioError) {
        problems.append(problem)
    }

    /// Throws the first problem in file order, carrying the others, when there is any.
    func throwIfAny() throws(ScenarioError) {
        let ordered = problems.enumerated().sorted { lhs, rhs in
            (lhs.element.file, lhs.element.line, lhs.element.column, lhs.offset)
                < (rhs.element.file, rhs.element.line, rhs.element.column, rhs.offset)
        }.map(\.element)
        guard var first = ordered.first else { return }
        first.others = Array(ordered.dropFirst())
        throw first
    }
}
