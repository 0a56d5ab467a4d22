import Courier
import Foundation
import NIOCore
import NIOFoundationCompat
import Synchronization

/// A network interceptor (the last stage before the transport) that notes each exchange as it went over the
/// wire: the request with every header the stages added, the response head before content decoding (so
/// `Content-Encoding` and the `Content-Length` of the encoded body are there) and the protocol (`h2`).
///
/// `-p h` prints these headers, the request and status lines say `HTTP/2` when h2 carried them, and `--all`
/// prints every exchange, redirects included.
final class WireRecorder: Interceptor {
    /// One exchange as it went over the wire.
    struct Exchange: Sendable {
        /// The request as sent.
        var request: Request
        /// The response head as received, without its body.
        var response: Response
        /// `h2`, `http/1.1`, or `nil` when the transport did not say.
        var protocolName: String?
        /// The body of a redirect, kept when ``WireRecorder/keepsRedirectBodies`` and it is small.
        var redirectBody: Data?
    }

    /// The largest redirect body kept for `--all`.
    static let redirectBodyLimit: Int64 = 64 * 1024

    /// Whether the bodies of redirects (which the redirect stage throws away) are read and kept, for `--all`.
    let keepsRedirectBodies: Bool
    private let recorded = Mutex<[Exchange]>([])

    init(keepsRedirectBodies: Bool) {
        self.keepsRedirectBodies = keepsRedirectBodies
    }

    /// Every exchange so far, in order.
    var exchanges: [Exchange] { recorded.withLock { $0 } }

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        var response = try await chain.proceed(request)
        let metrics = chain.latestTransactionMetrics
        var head = metrics?.response ?? response
        head.body = .none
        var exchange = Exchange(request: request, response: head, protocolName: metrics?.networkProtocolName)
        if keepsRedirectBodies, (300..<400).contains(response.status.code), response.headerFields[.location] != nil,
            let length = response.expectedContentLength, length <= Self.redirectBodyLimit
        {
            // A declared, small length: reading it whole here costs little and shows it as httpie's --all does.
            var collected = ByteBuffer()
            for try await chunk in response.stream {
                var chunk = chunk
                collected.writeBuffer(&chunk)
                if collected.readableBytes > Self.redirectBodyLimit { break }
            }
            let data = Data(buffer: collected)
            exchange.redirectBody = data
            response.body = data.isEmpty ? .none : .data(data)
        }
        recorded.withLock { $0.append(exchange) }
        return response
    }

    /// The exchange that brought `response`: the last one, when its status is the response's (a cache that
    /// answered after a `304` revalidation, or a cached answer with no exchange at all, has none).
    func exchange(for response: Response) -> Exchange? {
        guard let last = exchanges.last, last.response.status.code == response.status.code else { return nil }
        return last
    }

    /// `HTTP/2` for h2, `HTTP/1.1` otherwise.
    static func versionText(_ protocolName: String?) -> String {
        switch protocolName {
        case "h2": "HTTP/2"
        case .some(let name) where name.lowercased().hasPrefix("http/"): name.uppercased()
        default: "HTTP/1.1"
        }
    }
}
