import Foundation

// What the Portfolio tab's files need from Apple's frameworks beyond Foundation on Linux.

/// SwiftData's `@Model` makes `Transaction` a `PersistentModel`, equal by identity (what
/// `ClosedPosition`'s `Equatable` reads); the patches drop `@Model`.
extension Transaction: Equatable {
    static func == (left: Transaction, right: Transaction) -> Bool { left === right }
}

/// Security-scoped URLs (`ImportExportService.parseFile(at:)`, an import the rule never does):
/// access is granted, as for a file the app owns.
extension URL {
    func startAccessingSecurityScopedResource() -> Bool { true }
    func stopAccessingSecurityScopedResource() {}
}
