import Foundation
import HTTPTypes

/// The chain's cookie stage (DESIGN.md section 2): `Cookie` out, `Set-Cookie` in.
///
/// It sits below ``RedirectInterceptor``, so it sees every hop: each hop's request gets the cookies for
/// that hop's URL (a cookie for host A never rides along to host B, a Secure cookie never goes to an
/// `http` URL), and each response's `Set-Cookie` — a redirect's included — is stored before the redirect
/// is followed, so cookies set by a 302 go out on the next hop.
///
/// - Sending: when ``SessionConfiguration/httpShouldSetCookies`` is on. A `Cookie` header the caller set
///   on the request is kept and comes first; jar cookies with a name it already carries are left out,
///   the others are appended, in one `Cookie` header. (URLSession replaces a caller's header; merging
///   keeps both the book's per-request cookies and the session's jar working.)
/// - Storing: under ``SessionConfiguration/httpCookieAcceptPolicy``.
/// - A request with ``Request/shouldHandleCookies`` off neither sends nor stores cookies; neither does a
///   session without ``SessionConfiguration/httpCookieStorage``. Only `http(s)` requests take part.
struct CookieInterceptor: Interceptor {
    let storage: CookieStorage?
    let acceptPolicy: Cookie.AcceptPolicy
    let shouldSetCookies: Bool

    init(configuration: SessionConfiguration) {
        self.storage = configuration.httpCookieStorage
        self.acceptPolicy = configuration.httpCookieAcceptPolicy
        self.shouldSetCookies = configuration.httpShouldSetCookies
    }

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        guard let storage, request.shouldHandleCookies, request.isHTTP else {
            return try await chain.proceed(request)
        }
        var outgoing = request
        if shouldSetCookies {
            Self.addCookies(from: storage, to: &outgoing)
        }
        let response = try await chain.proceed(outgoing)
        if acceptPolicy != .never {
            storage.storeCookies(
                from: response.headerFields, for: request.url, mainDocumentURL: request.mainDocumentURL,
                policy: acceptPolicy)
        }
        return response
    }

    /// Adds the jar's cookies for the request's URL, merged after any `Cookie` header already there.
    static func addCookies(from storage: CookieStorage, to request: inout Request) {
        guard let explicit = request.headerFields.joinedCookieValue() else {
            if let header = storage.cookieHeader(for: request.url) { request.headerFields.setSingleCookieField(header) }
            return
        }
        let explicitNames = Set(
            explicit.split(separator: ";").map { pair in
                let name = pair.firstIndex(of: "=").map { pair[..<$0] } ?? ""
                return name.trimmingOWS()
            })
        let added = storage.cookies(for: request.url).filter { !explicitNames.contains($0.name) }
        guard !added.isEmpty else { return }
        request.headerFields.setSingleCookieField(explicit + "; " + added.map(\.pair).joined(separator: "; "))
    }
}

extension HTTPFields {
    /// Replaces every `Cookie` field with one field holding `value`. (The `HTTPFields` subscript splits a
    /// `Cookie` value into one field per pair, as HTTP/2 allows; HTTP/1.1 wants a single field.)
    fileprivate mutating func setSingleCookieField(_ value: String) {
        self[.cookie] = nil
        append(HTTPField(name: .cookie, value: value))
    }

    /// Every `Cookie` field's value joined with `; ` (HTTP/2 may split the header; RFC 9113 8.2.3).
    fileprivate func joinedCookieValue() -> String? {
        var result: String?
        for field in self where field.name == .cookie && !field.value.isEmpty {
            result = result.map { $0 + "; " + field.value } ?? field.value
        }
        return result
    }
}
