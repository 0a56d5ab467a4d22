import Foundation
import HTTPTypes

/// Follows redirects (RFC 9110 section 15.4) up to the session's ``RedirectPolicy``, asking the delegate
/// about each hop.
///
/// - 301 and 302 turn a POST into a GET without body (what browsers do); 303 turns anything but HEAD
///   into a GET; 307 and 308 keep the method and send the body again (bodies are restartable).
/// - On a hop to another origin (scheme, host or port differ) the configuration's secret header fields
///   (``SessionConfiguration/secretHeaderNames``: `Authorization`, `Cookie`, `X-API-Key`, …) are removed; so
///   they are on a hop from https to http.
/// - A hop may only lead to a scheme in ``SessionConfiguration/redirectSchemes`` (http and https by default):
///   `Location: file:///etc/passwd` is ``CourierError/Code/unsupportedURL``, never a local read.
/// - A 3xx without `Location` is a final response. A `Location` that does not parse is
///   `redirectToNonExistentLocation`; more hops than allowed, or the same hop three times (a loop), is
///   `httpTooManyRedirects`.
struct RedirectInterceptor: Interceptor {
    static let redirectStatuses: Set<Int> = [301, 302, 303, 307, 308]

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        let context = chain.context
        let maximum = chain.context.core.configuration.redirectPolicy.maximum
        var current = request
        var hops: [RedirectHop] = []
        var seen: [String: Int] = [:]
        while true {
            var response = try await chain.proceed(current)
            if !hops.isEmpty { response.redirectChain = hops }
            if response.request == nil { response.request = current }

            guard Self.redirectStatuses.contains(response.status.code),
                let location = response.headerFields.joinedValue(for: .location)
            else { return response }
            if case .none = chain.context.core.configuration.redirectPolicy { return response }
            guard let target = Self.resolve(location, against: response.url) else {
                await response.discardBody()
                throw CourierError(
                    .redirectToNonExistentLocation, kind: .transport, outcome: .failed,
                    message: "\(response.url.hostDescription) redirected to \"\(location)\", which is not a valid URL",
                    request: current, response: response.withoutBody)
            }

            let configuration = chain.context.core.configuration
            let targetScheme = target.scheme?.lowercased() ?? ""
            guard configuration.redirectSchemes.contains(where: { $0.lowercased() == targetScheme }) else {
                await response.discardBody()
                throw CourierError(
                    .unsupportedURL, kind: .transport, outcome: .failed,
                    message:
                        "refused a redirect from \(current.url.redactingCredentials.absoluteString) to a \"\(targetScheme):\" URL: "
                        + "redirects may only lead to \(Self.schemeList(configuration.redirectSchemes))",
                    request: current, response: response.withoutBody)
            }
            let proposed = Self.redirectedRequest(
                from: current, status: response.status.code, to: target,
                secretHeaderNames: configuration.secretHeaderNames)
            let hopKey =
                "\(current.method.rawValue) \(current.url.absoluteString) -> \(response.status.code) \(target.absoluteString)"
            seen[hopKey, default: 0] += 1
            if hops.count >= maximum || seen[hopKey, default: 0] > 2 {
                await response.discardBody()
                let why =
                    seen[hopKey, default: 0] > 2
                    ? "a redirect loop: \(current.url.redactingCredentials.absoluteString) keeps redirecting to \(target.redactingCredentials.absoluteString)"
                    : "more than \(maximum) redirects"
                throw CourierError(
                    .httpTooManyRedirects, outcome: .failed,
                    message: "stopped after \(why)", request: current, response: response.withoutBody)
            }

            guard let next = await context.willPerformRedirection(response: response.withoutBody, newRequest: proposed)
            else {
                // Refused: the 3xx (with its body) is the final response.
                return response
            }
            await response.discardBody()
            hops.append(
                RedirectHop(
                    url: response.url, statusCode: response.status.code, location: target,
                    method: current.method.rawValue))
            context.recordRedirect()
            if context.isObserved {
                context.emit(.willPerformHTTPRedirection(response: response.withoutBody, newRequest: next))
            }
            current = next
            context.task.setCurrentRequest(current)
        }
    }

    /// Resolves a `Location` value against the URL that sent it; fragments are inherited (RFC 9110 10.2.2).
    static func resolve(_ location: String, against base: URL) -> URL? {
        let trimmed = location.trimmingOWS()
        guard !trimmed.isEmpty else { return nil }
        // Servers sometimes send unescaped spaces or non-ASCII: escape them instead of failing.
        let escaped = URLEncoding.encodeURL(trimmed)
        guard var resolved = URL(string: escaped, relativeTo: base)?.absoluteURL,
            let scheme = resolved.scheme?.lowercased()
        else { return nil }
        if scheme == "http" || scheme == "https" {
            guard let host = resolved.host, !host.isEmpty else { return nil }
        }
        if resolved.fragment == nil, let fragment = base.fragment,
            var components = URLComponents(url: resolved, resolvingAgainstBaseURL: false)
        {
            components.fragment = fragment
            resolved = components.url ?? resolved
        }
        return resolved
    }

    /// The request for the next hop, with the method, body and sensitive headers the rules require.
    static func redirectedRequest(
        from request: Request, status: Int, to target: URL,
        secretHeaderNames: Set<String> = SessionConfiguration.defaultSecretHeaderNames
    ) -> Request {
        var next = request
        next.url = target
        let method = request.method
        let becomesGet: Bool
        switch status {
        case 301, 302: becomesGet = method == .post
        case 303: becomesGet = method != .head && method != .get
        default: becomesGet = false
        }
        if becomesGet {
            next.method = .get
            next.body = .empty
            for name in [HTTPField.Name.contentType, .contentLength, .contentEncoding, .transferEncoding] {
                next.headerFields[name] = nil
            }
            if let digest = HTTPField.Name("Content-MD5") { next.headerFields[digest] = nil }
        }
        if !request.url.isSameOrigin(as: target) || isDowngrade(from: request.url, to: target) {
            let secrets = Set(secretHeaderNames.map { $0.lowercased() })
            next.headerFields.removeAll { secrets.contains($0.name.canonicalName) }
        }
        return next
    }

    /// "http and https", or the sorted list of allowed schemes.
    static func schemeList(_ schemes: Set<String>) -> String {
        let sorted = schemes.map { $0.lowercased() }.sorted()
        guard let last = sorted.last else { return "no scheme (redirectSchemes is empty)" }
        return sorted.count == 1 ? last : sorted.dropLast().joined(separator: ", ") + " and " + last
    }

    static func isDowngrade(from source: URL, to target: URL) -> Bool {
        source.scheme?.lowercased() == "https" && target.scheme?.lowercased() != "https"
    }
}
