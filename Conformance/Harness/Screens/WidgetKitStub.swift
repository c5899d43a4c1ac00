import Foundation

// WidgetKit and the App Group container as `WidgetDataProvider` and `AppGroupStorage` use them
// (the app's `Features/Widget/WidgetDataProvider.swift`, `Shared/Services/AppGroupStorage.swift`).

/// `WidgetCenter`: a reload is recorded in the case's output, at the case's time.
final class WidgetCenter: @unchecked Sendable {
    static let shared = WidgetCenter()

    func reloadAllTimelines() {
        guard !ScreenScheduler.shared.isStale else { return }
        ScreenTrace.shared.recordWidgetReload(at: URLSession.milliseconds(ScreenScheduler.shared.now))
    }

    func reloadTimelines(ofKind kind: String) { reloadAllTimelines() }
}

extension FileManager {
    /// No App Group container, as on a device without the entitlement: `AppGroupStorage`'s write
    /// fails and is logged, and the reload still goes out (`updateAndReloadWidgets`). The file
    /// the widget reads is the `widget` rule's business, not this one's.
    func containerURL(forSecurityApplicationGroupIdentifier identifier: String) -> URL? { nil }
}
