// A fixture written for the workbench's tests, in the app's layout: not the app's code.
/// A coin screen's header.
struct CoinDetail {
    let id: String
    let name: String
}
