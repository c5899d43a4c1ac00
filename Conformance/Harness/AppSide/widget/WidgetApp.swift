import ConformanceCases
import Foundation

/// The `widget` rule's app side (Pointwelve/Bitpal-iOS `122d91c`, the widget-refresh branch):
/// the screens driver with the Portfolio tab (``PortfolioTabApp``), whose loads write the App
/// Group's `portfolio.json` and `refresh_data.json` through the branch's `WidgetDataProvider` and
/// ask WidgetKit to reload, and the branch's extension: when WidgetKit asks (the case's
/// `timelines`), `PortfolioTimelineProvider().getTimeline(in:completion:)` runs as it is, reading
/// the same container and fetching through `WidgetAPIClient` on its own process's session.
public enum WidgetApp {
    /// Runs one case and returns what the app and its extension did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        let host = WidgetHost()
        defer { try? FileManager.default.removeItem(at: host.container) }
        return await ScreenDriver.run(
            screen, network: network, coinScreen: nil, portfolioTab: PortfolioTabApp.PortfolioTab(),
            widget: host)
    }

    /// WidgetKit's side of the extension: it asks for a timeline and takes what the completion
    /// hands back.
    final class WidgetHost: WidgetExtensionViews {
        let container = FileManager.default.temporaryDirectory.appendingPathComponent(
            "bitpal-conformance-widget-\(UUID().uuidString)", isDirectory: true)

        @MainActor func timeline() {
            PortfolioTimelineProvider().getTimeline(in: TimelineProviderContext()) { timeline in
                let now = URLSession.milliseconds(ScreenScheduler.shared.now)
                guard let data = timeline.entries.first?.data,
                    !(data.holdings.isEmpty && data.lastUpdated == WidgetPortfolioData.empty.lastUpdated)
                else {
                    ScreenTrace.shared.record(widgetShown: nil, lastUpdated: 0, at: now)
                    return
                }
                ScreenTrace.shared.record(
                    widgetShown: data.holdings.count, lastUpdated: URLSession.milliseconds(data.lastUpdated),
                    at: now)
            }
        }
    }
}
