import Courier
import Foundation
import Synchronization

/// Active versioning, client side: every request carries the client's version, and the API version the
/// server chose for it comes back in a header (`X-API-Version`).
///
/// ```swift
/// let negotiator = try APIVersionNegotiator(clientVersion: "1.3")                    // X-Client-Version: 1.3
/// let byQuery = try APIVersionNegotiator(clientVersion: "1.3", sendsVersionAs: .queryItem("apiVersion"))
/// configuration.interceptors = [ServiceURLInterceptor(locator: locator), negotiator]
/// let response = try await session.data(from: url)
/// response.apiVersion          // "1.0": the contract this answer follows
/// negotiator.negotiatedVersion // the same, from the latest answer that named one
/// ```
///
/// A request that already carries the header or query item keeps its own value. Passive versioning (the
/// version in the path, `/api/2.0/…`) needs no interceptor: it is the URL you build.
public final class APIVersionNegotiator: Interceptor {
    /// How the client's version travels.
    public enum Placement: Sendable, Hashable {
        /// A request header, `X-Client-Version` by default.
        case header(String)
        /// A query item, such as the book's `apiVersion`.
        case queryItem(String)
    }

    /// The header the book's façade reads: `X-Client-Version`.
    public static let clientVersionHeader = "X-Client-Version"
    /// The query item of the book's example URL: `apiVersion`.
    public static let apiVersionQueryItem = "apiVersion"
    /// The response header naming the API version the server answered with: `X-API-Version`.
    public static let apiVersionHeader = "X-API-Version"

    /// The version this client sends.
    public let clientVersion: String
    /// How it is sent.
    public let placement: Placement
    /// The response header read for the chosen version.
    public let responseHeader: String
    private let latest = Mutex<String?>(nil)

    /// A negotiator sending `clientVersion`.
    /// - Throws: ``CourierError`` with code `invalidConfiguration` for an empty version or placement name, or
    ///   `invalidHeaderField` for a header name or version that cannot be sent in a header (control
    ///   characters, separators in the name).
    public init(
        clientVersion: String, sendsVersionAs placement: Placement = .header(APIVersionNegotiator.clientVersionHeader),
        responseHeader: String = APIVersionNegotiator.apiVersionHeader
    ) throws {
        guard !clientVersion.isEmpty else {
            throw CourierError(.invalidConfiguration, outcome: .notSent, message: "the client version is empty")
        }
        var probe = Request(url: URL(fileURLWithPath: "/"))
        switch placement {
        case .header(let name):
            try probe.setValue(clientVersion, forHTTPHeaderField: name)
        case .queryItem(let name):
            guard !name.isEmpty else {
                throw CourierError(.invalidConfiguration, outcome: .notSent, message: "the query item name is empty")
            }
        }
        try probe.setValue("1", forHTTPHeaderField: responseHeader)
        self.clientVersion = clientVersion
        self.placement = placement
        self.responseHeader = responseHeader
    }

    /// The API version named by the latest response that named one, or `nil` before any.
    public var negotiatedVersion: String? { self.latest.withLock { $0 } }

    /// Adds the client's version (unless the request already has it), proceeds, and remembers the API version the
    /// response names.
    public nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response
    {
        var versioned = request
        switch self.placement {
        case .header(let name):
            if versioned.value(forHTTPHeaderField: name) == nil {
                try versioned.setValue(self.clientVersion, forHTTPHeaderField: name)
            }
        case .queryItem(let name):
            let query = URLComponents(url: versioned.url, resolvingAgainstBaseURL: false)?.percentEncodedQuery ?? ""
            if !URLEncoding.parseQuery(query).contains(where: { $0.0 == name }) {
                versioned.url = versioned.url.appendingQuery([(name, self.clientVersion)])
            }
        }
        let response = try await chain.proceed(versioned)
        if let chosen = response.value(forHTTPHeaderField: self.responseHeader), !chosen.isEmpty {
            self.latest.withLock { $0 = chosen }
        }
        return response
    }
}

extension Response {
    /// The API version the server says this answer follows (`X-API-Version`), or `nil`.
    public var apiVersion: String? {
        self.value(forHTTPHeaderField: APIVersionNegotiator.apiVersionHeader)
    }
}
