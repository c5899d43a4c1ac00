import Foundation

// WidgetKit and the App Group container as `WidgetDataProvider` and `AppGroupStorage` use them
// (the app's `Features/Widget/WidgetDataProvider.swift`, `Shared/Services/AppGroupStorage.swift`),
// and as the branch's widget extension uses them.

/// `WidgetCenter`: a reload is recorded in the case's output, at the case's time.
final class WidgetCenter: @unchecked Sendable {
    static let shared = WidgetCenter()

    @MainActor func reloadAllTimelines() {
        guard !ScreenScheduler.shared.isStale else { return }
        let now = URLSession.milliseconds(ScreenScheduler.shared.now)
        ScreenTrace.shared.recordWidgetReload(at: now)
        // WidgetKit makes a timeline the app asks for from the foreground at once (as the
        // workbench does): when the case has a timeline at this instant, it starts here, in the
        // app's turn, before the app's next request of the same millisecond.
        ScreenTrace.shared.startTimelineAskedByApp(at: now)
    }

    @MainActor func reloadTimelines(ofKind kind: String) { reloadAllTimelines() }
}

extension FileManager {
    /// The App Group container: a fresh folder for each case of the `widget` rule (the app's
    /// files and the extension's, as on a device with the entitlement); none for the other
    /// rules, as on a device without it: `AppGroupStorage`'s write fails and is logged, and the
    /// reload still goes out (`updateAndReloadWidgets`).
    func containerURL(forSecurityApplicationGroupIdentifier identifier: String) -> URL? {
        ScreenTrace.shared.appGroupContainer
    }
}

// WidgetKit as the branch's extension uses it (`BitpalWidget/Provider/PortfolioTimelineProvider.swift`,
// `Entry/PortfolioEntry.swift`): a timeline's entries and its reload policy. When WidgetKit asks
// is the driver's input (the workbench's schedule, WidgetKit's budget being iOS's).

/// `TimelineEntry`.
protocol TimelineEntry {
    var date: Date { get }
}

/// `TimelineReloadPolicy`.
enum TimelineReloadPolicy {
    case atEnd, never
    case after(Date)
}

/// `Timeline`.
struct Timeline<EntryType: TimelineEntry> {
    let entries: [EntryType]
    let policy: TimelineReloadPolicy
}

/// `TimelineProviderContext`: a home-screen widget, not the gallery's preview.
struct TimelineProviderContext {
    var isPreview = false
}

/// `TimelineProvider`.
protocol TimelineProvider {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext
    func placeholder(in context: Context) -> Entry
    func getSnapshot(in context: Context, completion: @escaping (Entry) -> Void)
    func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> Void)
}
