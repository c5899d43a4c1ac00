/// The size of the app's widget on the home screen, which decides where a tap goes.
///
/// The widget offers all three (`BitpalWidget.swift`, `.supportedFamilies([.systemSmall,
/// .systemMedium, .systemLarge])`, Pointwelve/Bitpal-iOS `da53edf`). The medium and large views
/// wrap their content in `Link(destination: URL(string: "bitpal://portfolio")!)`
/// (`MediumWidgetView.swift`, `LargeWidgetView.swift`); the small one has neither a `Link` nor
/// `.widgetURL`, and Apple documents that `Link` works only in medium and large widgets
/// (WidgetKit, "Link"): a tap on the small widget opens the app without a URL, so it stays on its
/// tab, or shows its first tab on a cold launch.
public enum WidgetFamily: String, Sendable, Equatable, Hashable, CaseIterable, Codable {
    /// `.systemSmall`: a tap opens the app, no deep link.
    case small
    /// `.systemMedium`: a tap opens `bitpal://portfolio`.
    case medium
    /// `.systemLarge`: a tap opens `bitpal://portfolio`.
    case large

    /// Whether a tap carries the `bitpal://portfolio` link (`ContentView.handleDeepLink(_:)`
    /// selects the Portfolio tab).
    public var linksToPortfolio: Bool { self != .small }
}
