import WorkbenchFoundation

/// Turns a transport response into the body to decode or a typed ``CoinGeckoError``.
///
/// Pure and synchronous, so that the async client and the event-driven simulator classify
/// responses the same way.
public enum CoinGeckoResponseClassifier {
    /// The body of a successful response, or the error the response means.
    ///
    /// - Parameters:
    ///   - response: What the transport received.
    ///   - request: The request it answers.
    /// - Returns: The body of a 2xx response.
    /// - Throws: ``CoinGeckoError``: unknown coin for a 404 on a per-coin endpoint, rate limited
    ///   for a 429 (with `Retry-After`), the status and decoded error body otherwise.
    public static func body(of response: HTTPResponse, for request: HTTPRequest) throws(CoinGeckoError)
        -> [UInt8]
    {
        switch response.status {
        case 200..<300:
            return response.body
        case 429:
            let delay = RetryAfter.delayMilliseconds(of: response)
            let body = CoinGeckoErrorBody.recognise(response.body)
            throw CoinGeckoError(
                .rateLimited(retryAfterMilliseconds: delay, body: body), request: request.target)
        case 404:
            if let coinId = request.endpoint?.coinId {
                throw CoinGeckoError(.unknownCoin(id: coinId), request: request.target)
            }
            fallthrough
        default:
            let body = CoinGeckoErrorBody.recognise(response.body)
            throw CoinGeckoError(.httpStatus(response.status, body: body), request: request.target)
        }
    }

    /// Decodes a body with `decode`, wrapping a decoding error with the request it came from.
    ///
    /// - Parameters:
    ///   - body: The body of a 2xx response.
    ///   - request: The request, named in errors.
    ///   - decode: The endpoint's decoder, given the body and the label for errors.
    /// - Returns: The decoded value.
    public static func decode<Value>(
        _ body: [UInt8],
        for request: HTTPRequest,
        with decode: ([UInt8], String) throws(LocatedDecodingError) -> Value
    ) throws(CoinGeckoError) -> Value {
        do throws(LocatedDecodingError) {
            return try decode(body, "response")
        } catch {
            throw CoinGeckoError(.decoding(error), request: request.target)
        }
    }
}
