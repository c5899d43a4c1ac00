/// SwiftData's `PersistentModel` makes every `@Model` class `Equatable` by identity, which
/// `ClosedPosition`'s `Equatable` needs of `Transaction`; with `@Model` dropped, this says it.
extension Transaction: Equatable {
    static func == (lhs: Transaction, rhs: Transaction) -> Bool { lhs === rhs }
}
