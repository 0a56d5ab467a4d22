import Foundation
import HTTPTypes

/// An HTTP cookie (RFC 6265), with the attributes the book's `NSHTTPCookie` has plus SameSite and the
/// creation and last-access times the jar keeps. A value type; only `name=value` is ever sent back.
///
/// ```swift
/// // Find the session a JavaEE server handed out (the book's JSESSIONID example).
/// let response = try await session.data(for: try Request("https://shop.example/login"))
/// let cookies = Cookie.cookies(withResponseHeaderFields: response.headerFields, for: response.url)
/// let sessionID = cookies.first { $0.name == "JSESSIONID" }?.value
///
/// // Send a cookie with one request only.
/// var request = try Request("https://shop.example/cart")
/// let foo = try Cookie(name: "FOO", value: "This is foo", domain: "shop.example")
/// request.headerFields.append(contentsOf: Cookie.requestHeaderFields(with: [foo]))
/// ```
///
/// ``domain`` is written the way the book's table 3-2 writes it: `.host.com` for a cookie sent to
/// `host.com` and every host under it, `host.com` (no leading dot) for a host-only cookie sent to
/// `host.com` alone. A `Set-Cookie` with `Domain=host.com` makes `.host.com`; one without `Domain`
/// makes a host-only cookie for the host that sent it.
public struct Cookie: Sendable, Hashable, Codable {
    /// The name; may be empty (RFC 6265bis), then only the value is sent.
    public let name: String
    /// The value, as the server sent it (quotes included, if any).
    public let value: String
    /// `.example.com` for a domain cookie (sent to `example.com` and its subdomains), `example.com` for a
    /// host-only cookie; lower case, ASCII (`xn--` for internationalized names).
    public let domain: String
    /// The path the cookie is limited to (`/` for all paths).
    public let path: String
    /// When the cookie expires, or `nil` for a session cookie that lives as long as the jar.
    public let expiresDate: Date?
    /// Whether the cookie is sent over `https` (and `wss`) only.
    public let isSecure: Bool
    /// Whether the cookie is hidden from scripts (kept for completeness: Courier runs no scripts).
    public let isHTTPOnly: Bool
    /// The `SameSite` attribute, or `nil` when the server gave none (or an unknown value).
    public let sameSite: SameSitePolicy?
    /// The `Comment` attribute of RFC 2965 cookies.
    public let comment: String?
    /// The `CommentURL` attribute of RFC 2965 cookies.
    public let commentURL: URL?
    /// The cookie specification version: 0 for Netscape / RFC 6265 cookies, 1 for RFC 2965 ones.
    public let version: Int
    /// When the cookie was first stored (a replacement keeps the original's date, RFC 6265 section 5.3).
    public internal(set) var creationDate: Date
    /// When the cookie was last sent or stored.
    public internal(set) var lastAccessDate: Date

    /// Whether the cookie lives only as long as the jar (no `Expires` or `Max-Age`).
    public var isSessionOnly: Bool { expiresDate == nil }
    /// Whether the cookie is sent only to the host that set it (no leading dot on ``domain``).
    public var isHostOnly: Bool { !domain.hasPrefix(".") }

    /// The `SameSite` values of RFC 6265bis.
    public enum SameSitePolicy: String, Sendable, Hashable, Codable {
        /// Sent only with requests from the cookie's own site.
        case strict = "Strict"
        /// Sent with same-site requests and top-level navigations from other sites.
        case lax = "Lax"
        /// Sent with every request; browsers require `Secure` with it.
        case none = "None"
    }

    /// Which cookies a jar stores from responses, as `HTTPCookie.AcceptPolicy`.
    public enum AcceptPolicy: String, Sendable, Hashable, Codable {
        /// Every valid cookie (the book's default).
        case always
        /// None.
        case never
        /// Only cookies from responses whose host has the same registrable domain (`example.co.uk`) as the
        /// request's ``Request/mainDocumentURL``; a request without a main document URL is its own main
        /// document and its cookies are stored.
        case onlyFromMainDocumentDomain
    }

    /// Makes a cookie, checking its parts the way a `Set-Cookie` would be checked.
    ///
    /// - Parameters:
    ///   - domain: `.example.com` for a domain cookie, `example.com` for a host-only cookie (table 3-2).
    ///   - path: Must begin with `/`.
    ///   - expiresDate: `nil` for a session cookie.
    /// - Throws: ``CourierError`` with code `invalidHeaderField` for a name with `=`, `;`, white space at
    ///   either end or control characters, a value with `;` or control characters, name and value both
    ///   empty or longer than 4096 bytes together, an empty domain, a domain cookie for an IP address, or
    ///   a path that does not begin with `/`.
    public init(
        name: String,
        value: String,
        domain: String,
        path: String = "/",
        expiresDate: Date? = nil,
        isSecure: Bool = false,
        isHTTPOnly: Bool = false,
        sameSite: SameSitePolicy? = nil,
        comment: String? = nil,
        commentURL: URL? = nil,
        version: Int = 0,
        creationDate: Date = Date()
    ) throws {
        let isDomainCookie = domain.hasPrefix(".")
        let bare = isDomainCookie ? domain.dropFirst() : Substring(domain)
        guard let canonical = Punycode.asciiDomain(bare) else {
            throw Self.invalid("the domain \"\(domain.debugEscaped)\" is not a host name")
        }
        try Self.validate(name: name, value: value)
        if canonical.isEmpty || canonical.utf8.contains(where: { $0 <= 0x20 || $0 == 0x7F || "/;,".utf8.contains($0) })
        {
            throw Self.invalid("the domain \"\(domain.debugEscaped)\" is not a host name")
        }
        if isDomainCookie && CookieRules.isIPAddress(canonical) {
            throw Self.invalid("a cookie for an IP address must be host-only (no leading dot): \(canonical)")
        }
        guard path.hasPrefix("/"), !path.contains(";"), !CookieRules.containsForbiddenControl(path) else {
            throw Self.invalid(
                "the cookie path \"\(path.debugEscaped)\" must begin with / and contain no ; or controls")
        }
        self.init(
            name: name, value: value, domain: isDomainCookie ? "." + canonical : canonical, path: path,
            expiresDate: expiresDate, isSecure: isSecure, isHTTPOnly: isHTTPOnly, sameSite: sameSite,
            comment: comment, commentURL: commentURL, version: version, creationDate: creationDate,
            lastAccessDate: creationDate)
    }

    /// Every field given, already checked (the parser and the decoder use it).
    init(
        name: String, value: String, domain: String, path: String, expiresDate: Date?, isSecure: Bool,
        isHTTPOnly: Bool, sameSite: SameSitePolicy?, comment: String?, commentURL: URL?, version: Int,
        creationDate: Date, lastAccessDate: Date
    ) {
        self.name = name
        self.value = value
        self.domain = domain
        self.path = path
        self.expiresDate = expiresDate
        self.isSecure = isSecure
        self.isHTTPOnly = isHTTPOnly
        self.sameSite = sameSite
        self.comment = comment
        self.commentURL = commentURL
        self.version = version
        self.creationDate = creationDate
        self.lastAccessDate = lastAccessDate
    }

    // MARK: Rules

    /// The most bytes name and value may have together (RFC 6265bis).
    public static let maximumNameValueSize = 4096

    static func validate(name: String, value: String) throws {
        if name.isEmpty && value.isEmpty { throw invalid("a cookie needs a name or a value") }
        if name.utf8.count + value.utf8.count > maximumNameValueSize {
            throw invalid("name and value together exceed \(maximumNameValueSize) bytes")
        }
        if name.contains("=") || name.contains(";") || CookieRules.containsForbiddenControl(name)
            || name.trimmingOWS() != name
        {
            throw invalid("invalid cookie name \"\(name.debugEscaped)\"")
        }
        if value.contains(";") || CookieRules.containsForbiddenControl(value) || value.trimmingOWS() != value {
            throw invalid("invalid value for cookie \"\(name.debugEscaped)\": no ;, controls or surrounding spaces")
        }
        if name.isEmpty && value.contains("=") {
            throw invalid("a cookie without a name cannot have = in its value (it would be read back as a name)")
        }
    }

    private static func invalid(_ message: String) -> CourierError {
        CourierError(.invalidHeaderField, outcome: .notSent, message: message)
    }

    /// The domain without the leading dot: what hosts are matched against.
    var matchDomain: Substring { isHostOnly ? Substring(domain) : domain.dropFirst() }

    /// Name, domain and path: a jar holds one cookie per identity, and a new one replaces the old.
    struct Identity: Hashable, Sendable {
        var name: String
        var domain: String
        var path: String
    }

    var identity: Identity { Identity(name: name, domain: domain, path: path) }

    /// Whether the cookie has expired at `now`.
    func isExpired(at now: Date) -> Bool {
        guard let expiresDate else { return false }
        return expiresDate <= now
    }

    /// Whether the cookie goes to a request for this host, path and scheme (RFC 6265 section 5.4).
    func matches(host: String, path requestPath: String, isSecureScheme: Bool) -> Bool {
        if isSecure && !isSecureScheme { return false }
        if isHostOnly {
            guard host == domain else { return false }
        } else {
            guard CookieRules.domainMatches(host: host, domain: matchDomain) else { return false }
        }
        return CookieRules.pathMatches(requestPath: requestPath, cookiePath: path)
    }

    /// Whether the cookie obeys the `__Secure-` and `__Host-` name prefixes (RFC 6265bis section 4.1.3),
    /// compared case-insensitively as browsers do: `__Secure-` needs Secure; `__Host-` needs Secure, a
    /// host-only cookie and the path `/`. A nameless cookie may not use them in its value.
    var satisfiesPrefixRules: Bool {
        let subject = name.isEmpty ? value : name
        if Self.hasPrefix(subject, "__secure-") { return !name.isEmpty && isSecure }
        if Self.hasPrefix(subject, "__host-") { return !name.isEmpty && isSecure && isHostOnly && path == "/" }
        return true
    }

    private static func hasPrefix(_ text: String, _ lowercasePrefix: String) -> Bool {
        guard text.utf8.count >= lowercasePrefix.utf8.count else { return false }
        return zip(text.utf8, lowercasePrefix.utf8).allSatisfy { byte, expected in
            (byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte) == expected
        }
    }

    /// `name=value`, or the value alone for a nameless cookie.
    var pair: String { name.isEmpty ? value : name + "=" + value }

    // MARK: Header fields

    /// The `Cookie` header field that sends these cookies, in the order given: `[Cookie: a=1; b=2]`, or no
    /// fields for an empty list. What `NSHTTPCookie`'s `requestHeaderFieldsWithCookies:` does.
    public static func requestHeaderFields(with cookies: [Cookie]) -> HTTPFields {
        guard !cookies.isEmpty else { return [:] }
        return [.cookie: cookies.map(\.pair).joined(separator: "; ")]
    }

    /// The cookies that the `Set-Cookie` fields of a response from `url` set, checked as a jar would check
    /// them (domain, public suffixes, Secure, prefixes) but without storing them. Cookies that delete
    /// (an expiry in the past) are included; invalid ones are left out.
    ///
    /// - Parameter now: The time `Max-Age` counts from.
    public static func cookies(withResponseHeaderFields fields: HTTPFields, for url: URL, now: Date = Date())
        -> [Cookie]
    {
        var cookies: [Cookie] = []
        for field in fields where field.name == .setCookie {
            if let cookie = SetCookieHeader.parse(field.value)?.cookie(for: url, now: now) {
                cookies.append(cookie)
            }
        }
        return cookies
    }

    // MARK: Codable

    // Encoding is synthesized from the keys: every stored attribute, including the creation and last-access dates,
    // as the cookie file stores it (optional ones only when set).
    private enum CodingKeys: String, CodingKey {
        case name, value, domain, path, expiresDate, isSecure, isHTTPOnly, sameSite, comment, commentURL, version
        case creationDate, lastAccessDate
    }

    /// Decodes a cookie and checks it like ``init(name:value:domain:path:expiresDate:isSecure:isHTTPOnly:sameSite:comment:commentURL:version:creationDate:)``,
    /// so a damaged file cannot put an invalid cookie in a jar.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let creationDate = try container.decode(Date.self, forKey: .creationDate)
        do {
            var cookie = try Cookie(
                name: container.decode(String.self, forKey: .name),
                value: container.decode(String.self, forKey: .value),
                domain: container.decode(String.self, forKey: .domain),
                path: container.decode(String.self, forKey: .path),
                expiresDate: container.decodeIfPresent(Date.self, forKey: .expiresDate),
                isSecure: container.decodeIfPresent(Bool.self, forKey: .isSecure) ?? false,
                isHTTPOnly: container.decodeIfPresent(Bool.self, forKey: .isHTTPOnly) ?? false,
                sameSite: container.decodeIfPresent(SameSitePolicy.self, forKey: .sameSite),
                comment: container.decodeIfPresent(String.self, forKey: .comment),
                commentURL: container.decodeIfPresent(URL.self, forKey: .commentURL),
                version: container.decodeIfPresent(Int.self, forKey: .version) ?? 0,
                creationDate: creationDate)
            cookie.lastAccessDate = try container.decodeIfPresent(Date.self, forKey: .lastAccessDate) ?? creationDate
            self = cookie
        } catch let error as CourierError {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: decoder.codingPath, debugDescription: error.message))
        }
    }
}

extension Cookie: CustomStringConvertible {
    /// `name=<n bytes>; domain; path; flags` — the value is not shown (it is often a secret).
    public var description: String {
        var parts = [
            "\(name.isEmpty ? "(no name)" : name)=<\(value.utf8.count) bytes>", "domain=\(domain)", "path=\(path)",
        ]
        if let expiresDate { parts.append("expires=\(expiresDate)") } else { parts.append("session") }
        if isSecure { parts.append("secure") }
        if isHTTPOnly { parts.append("httponly") }
        if let sameSite { parts.append("samesite=\(sameSite.rawValue)") }
        return "Cookie(" + parts.joined(separator: "; ") + ")"
    }
}
