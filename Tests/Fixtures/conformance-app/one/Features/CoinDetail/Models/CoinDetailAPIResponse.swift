// A fixture written for the workbench's tests, in the app's layout: not the app's code.
/// /coins/{id}, the fields read.
struct CoinDetailAPIResponse: Decodable {
    let id: String
    let name: String

    func toCoinDetail() -> CoinDetail { CoinDetail(id: id, name: name) }
}
