import ConformanceCases
import Foundation

/// The `coin-screen` rule's app side: the screens driver (``ScreenDriver``) with the app's
/// `CoinDetailViewModel` behind `CoinDetailView` (Pointwelve/Bitpal-iOS `da53edf`,
/// `Features/CoinDetail/Views/CoinDetailView.swift`):
///
/// - `@State private var viewModel: CoinDetailViewModel`, made in `init(coinId:)` for each push;
/// - `.task { viewModel.configure(modelContext:); await viewModel.loadInitialData() }`: started
///   when the screen appears, cancelled when it is popped;
/// - `.refreshable { await viewModel.refresh() }`: a pop cancels a refresh under way (SwiftUI does
///   not document it; the model makes the same choice, `CoinDetailLoader.cancelLoads()`);
/// - `ChartSection`'s range selector and chart-type toggle call `switchTimeRange(to:)` and
///   `switchChartType(to:)`; the selector offers the chart type's ranges only, and tapping the
///   selected one does nothing.
///
/// The chart type chosen last is kept in `UserDefaults` (`ChartType.saveAsPreference()`): each
/// case starts from `line`, as a fresh install does.
public enum CoinScreenApp {
    /// Runs one case and returns what the app's session did.
    @MainActor
    public static func run(_ screen: ScreenCase, network: any ScreenNetwork) async -> ScreenOutput {
        ChartType.line.saveAsPreference()
        return await ScreenDriver.run(screen, network: network, coinScreen: CoinScreen())
    }

    /// One pushed `CoinDetailView` at a time.
    final class CoinScreen: CoinScreenViews {
        var model: CoinDetailViewModel?
        var task: Task<Void, Never>?
        var refreshes: [Task<Void, Never>] = []

        @MainActor func open(_ coin: String, context: ModelContext) {
            let model = CoinDetailViewModel(coinId: coin)
            self.model = model
            task = Task { @MainActor in
                model.configure(modelContext: context)
                await model.loadInitialData()
            }
        }

        @MainActor func perform(_ step: ScreenCase.Step) {
            guard let model else { return }
            switch step.action {
            case .switchRange:
                // `TimeRangeSelector` offers the type's ranges and does nothing for the selected one.
                guard let range = ChartTimeRange(rawValue: step.option ?? ""),
                    model.availableTimeRanges.contains(range), range != model.selectedTimeRange
                else { return }
                model.switchTimeRange(to: range)
            case .switchChart:
                guard let type = ChartType.allCases.first(where: { $0.rawValue.lowercased() == step.option })
                else {
                    return
                }
                model.switchChartType(to: type)
            case .refreshCoin:
                // A pop cancels a refresh under way, as the model has it (SwiftUI does not say).
                refreshes.append(Task { @MainActor in await model.refresh() })
            default: break
            }
        }

        /// `ChartSection`: the selected type's data, `lineChartData` or `candleChartData`.
        @MainActor var chart: (type: String, lastPoint: Date?) {
            guard let model else { return ("line", nil) }
            let last =
                model.selectedChartType == .line
                ? model.lineChartData.last?.timestamp : model.candleChartData.last?.timestamp
            return (model.selectedChartType.rawValue.lowercased(), last)
        }

        @MainActor func close() {
            task?.cancel()
            task = nil
            for refresh in refreshes { refresh.cancel() }
            refreshes = []
            model = nil
        }
    }
}
