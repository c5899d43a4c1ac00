// A fixture written for the workbench's tests, in the app's layout: not the app's code.
/// One entry of /coins/list.
struct CoinListItem: Decodable {
    let id: String
    let symbol: String
    let name: String
}
