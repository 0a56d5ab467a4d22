import Courier
import Foundation
import HTTPTypes

/// Sends `service://name/version/path?query` requests to the endpoint a ``ServiceLocator`` lists for that
/// name and version, so that callers never hard-code an address. Other URLs pass through untouched.
///
/// ```swift
/// var configuration = SessionConfiguration.default
/// configuration.interceptors = [ServiceURLInterceptor(locator: locator)]
/// let session = Session(configuration: configuration)
/// let quote = try await session.data(from: URL(string: "service://stockQuote/2/AAPL")!)
/// ```
///
/// The locator is loaded on first use if nobody loaded it before. Nothing is sent when the URL is
/// malformed (`badURL`), when no locator document is available (`serviceLocatorUnavailable`) or when the
/// locator lists no such service or version (`serviceNotFound`); each is a ``CourierError`` with outcome
/// `notSent` and a message naming what is missing.
///
/// Put it first among ``SessionConfiguration/interceptors``: redirects, retries, cookies and the cache then
/// see the resolved `http(s)` URL.
public struct ServiceURLInterceptor: Interceptor {
    /// The locator that resolves names.
    public let locator: ServiceLocator

    /// An interceptor resolving through `locator`.
    public init(locator: ServiceLocator) {
        self.locator = locator
    }

    /// Resolves a `service://name/version/path` URL to the `http(s)` URL the locator lists and proceeds with it;
    /// other URLs pass unchanged.
    ///
    /// - Throws: `serviceLocatorUnavailable` when the locator document cannot be loaded, `serviceNotFound` when it
    ///   lists no such service or version, and the `ServiceURL` parser's error for a malformed service URL.
    public nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response
    {
        guard request.url.scheme?.lowercased() == ServiceURL.scheme else { return try await chain.proceed(request) }
        let serviceURL: ServiceURL
        do {
            serviceURL = try ServiceURL(request.url)
        } catch var error as CourierError {
            error.request = request
            throw error
        }
        do {
            try await self.locator.load()
        } catch {
            throw CourierError(
                .serviceLocatorUnavailable, outcome: .notSent,
                message: "cannot resolve \(request.url.absoluteString): \(error)", request: request,
                underlyingError: error)
        }
        guard let entry = await self.locator.entry(for: serviceURL.name, version: serviceURL.version) else {
            let versions = await self.locator.versions(of: serviceURL.name)
            let listed =
                versions.isEmpty
                ? "lists no service \"\(serviceURL.name)\""
                : "lists \"\(serviceURL.name)\" only in version \(versions.map(String.init).joined(separator: ", "))"
            throw CourierError(
                .serviceNotFound, outcome: .notSent,
                message: "cannot resolve \(request.url.absoluteString): the service locator \(listed)",
                request: request)
        }
        var resolved = request
        do {
            resolved.url = try serviceURL.resolved(against: entry.url)
        } catch var error as CourierError {
            error.request = request
            throw error
        }
        Self.addHTTPDefaults(to: &resolved, configuration: chain.configuration)
        return try await chain.proceed(resolved)
    }

    /// The session adds `User-Agent`, `Accept` and the body's `Content-Type` to `http(s)` requests only, and
    /// it saw a `service:` URL; the resolved request gets them here (a field the caller set wins).
    static func addHTTPDefaults(to request: inout Request, configuration: SessionConfiguration) {
        if request.headerFields[.userAgent] == nil, !configuration.userAgent.isEmpty {
            try? request.setValue(configuration.userAgent, forHTTPHeaderField: "User-Agent")
        }
        if request.headerFields[.accept] == nil {
            request.headerFields[.accept] = "*/*"
        }
        if request.headerFields[.contentType] == nil, !request.body.isEmpty, let type = request.body.contentType {
            try? request.setValue(type, forHTTPHeaderField: "Content-Type")
        }
    }
}
