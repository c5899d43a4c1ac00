import ConformanceCases
import Foundation

/// The `watchlist-screen` rule's app side: the screens driver (``ScreenDriver``) without a coin
/// screen.
public enum WatchlistScreenApp {
    /// Runs one case and returns what the app's session did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        await ScreenDriver.run(screen, network: network, coinScreen: nil)
    }
}
