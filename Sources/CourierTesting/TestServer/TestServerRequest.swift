import Foundation
import HTTPTypes
import NIOCore
import NIOSSL

extension TestServer {
    /// A request as the test server received it, with its body fully collected.
    ///
    /// Every request the server sees is also appended to ``TestServer/recordedRequests``, so a test can
    /// assert on what a client sent after the fact.
    public struct Request: Sendable {
        /// The request method exactly as sent, for example `"GET"`.
        public var method: String
        /// The raw request target, including the query: `"/search?q=swift"`.
        public var target: String
        /// The path part of the target, still percent-encoded, without the query: `"/search"`.
        public var path: String
        /// The query items of the target, percent-decoded; empty when there is no query.
        public var queryItems: [URLQueryItem]
        /// The header fields in the order received, duplicates preserved.
        ///
        /// On HTTP/2 the `:authority` pseudo-header appears as `host`.
        public var headers: HTTPFields
        /// The complete request body (de-chunked); empty when none was sent.
        public var body: Data
        /// `"HTTP/1.1"`, `"HTTP/1.0"` or `"HTTP/2"`.
        public var httpVersion: String
        /// The client's address, when the socket reported one.
        public var remoteAddress: SocketAddress?
        /// Which TCP connection carried the request: 0 for the first connection the server accepted,
        /// 1 for the second, and so on. Equal indexes mean the client reused a connection.
        public var connectionIndex: Int
        /// The certificate the client presented during the TLS handshake, if any (mutual TLS).
        public var clientCertificate: NIOSSLCertificate?

        /// Creates a request value; the server builds these, tests may build them to unit-test handlers.
        public init(
            method: String,
            target: String,
            headers: HTTPFields = [:],
            body: Data = Data(),
            httpVersion: String = "HTTP/1.1",
            remoteAddress: SocketAddress? = nil,
            connectionIndex: Int = 0,
            clientCertificate: NIOSSLCertificate? = nil
        ) {
            self.method = method
            self.target = target
            let (path, queryItems) = Self.split(target: target)
            self.path = path
            self.queryItems = queryItems
            self.headers = headers
            self.body = body
            self.httpVersion = httpVersion
            self.remoteAddress = remoteAddress
            self.connectionIndex = connectionIndex
            self.clientCertificate = clientCertificate
        }

        /// The body decoded as UTF-8, or `nil` when it is not valid UTF-8.
        public var bodyText: String? {
            String(data: self.body, encoding: .utf8)
        }

        /// The value of the first query item called `name`, if present.
        public func queryValue(_ name: String) -> String? {
            self.queryItems.first { $0.name == name }?.value
        }

        /// Splits an origin-form (`/a?b`), absolute-form (`http://h/a?b`) or asterisk-form (`*`) target.
        static func split(target: String) -> (path: String, queryItems: [URLQueryItem]) {
            var remainder = Substring(target)
            if !remainder.hasPrefix("/"), let schemeEnd = remainder.range(of: "://") {
                let afterAuthority = remainder[schemeEnd.upperBound...]
                if let slash = afterAuthority.firstIndex(where: { $0 == "/" || $0 == "?" }) {
                    remainder = afterAuthority[slash...]
                } else {
                    remainder = ""
                }
            }
            let path: Substring
            let query: Substring?
            if let questionMark = remainder.firstIndex(of: "?") {
                path = remainder[..<questionMark]
                query = remainder[remainder.index(after: questionMark)...]
            } else {
                path = remainder
                query = nil
            }
            var queryItems: [URLQueryItem] = []
            if let query, !query.isEmpty {
                queryItems = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
                    guard let equals = pair.firstIndex(of: "=") else {
                        return URLQueryItem(name: Self.decoded(pair), value: nil)
                    }
                    let value = pair[pair.index(after: equals)...]
                    return URLQueryItem(name: Self.decoded(pair[..<equals]), value: Self.decoded(value))
                }
            }
            return (path.isEmpty ? "/" : String(path), queryItems)
        }

        /// Percent-decodes a query component, keeping it as sent when its escapes are malformed.
        private static func decoded(_ component: Substring) -> String {
            String(component).removingPercentEncoding ?? String(component)
        }
    }
}
