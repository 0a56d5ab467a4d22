import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The matching rules of RFC 6265 section 5.1: canonical hosts, domain matching, default paths and path
/// matching. Pure functions, shared by parsing, the jar and the tests.
enum CookieRules {
    /// The host of a URL as cookies see it: lower case, ASCII (URLs already apply IDNA), no IPv6 brackets.
    static func canonicalHost(of url: URL) -> String? {
        guard var host = url.host, !host.isEmpty else { return nil }
        if host.hasPrefix("[") && host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.utf8.contains(where: { $0 >= 0x41 && $0 <= 0x5A }) { host = host.lowercased() }
        return host
    }

    /// Whether `host` is an IPv4 or IPv6 address (cookies for addresses are host-only).
    static func isIPAddress(_ host: String) -> Bool {
        if host.contains(":") { return true }
        guard let last = host.utf8.last, last >= 0x30 && last <= 0x39 else { return false }
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }

    /// RFC 6265 section 5.1.3: `host` domain-matches `domain` when they are identical, or when `host` is a
    /// name (not an address) that ends with `.` + `domain`. Both are canonical (lower case).
    static func domainMatches(host: String, domain: some StringProtocol) -> Bool {
        let hostBytes = host.utf8
        let domainBytes = domain.utf8
        if hostBytes.count == domainBytes.count { return hostBytes.elementsEqual(domainBytes) }
        guard hostBytes.count > domainBytes.count, !domainBytes.isEmpty else { return false }
        guard hostBytes.reversed().starts(with: domainBytes.reversed()) else { return false }
        let dot = hostBytes.index(hostBytes.endIndex, offsetBy: -(domainBytes.count + 1))
        return hostBytes[dot] == UInt8(ascii: ".") && !isIPAddress(host)
    }

    /// The path of a URL as cookies compare it: percent-encoded as sent, `/` when empty.
    static func requestPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        return path.isEmpty ? "/" : path
    }

    /// RFC 6265 section 5.1.4: the directory of the request path (`/a/b` for `/a/b/c`), `/` for the root
    /// or a path that does not start with `/`.
    static func defaultPath(of url: URL) -> String {
        let path = url.path(percentEncoded: true)
        guard path.hasPrefix("/"), let lastSlash = path.lastIndex(of: "/"), lastSlash != path.startIndex else {
            return "/"
        }
        return String(path[..<lastSlash])
    }

    /// RFC 6265 section 5.1.4: a request path matches a cookie path when they are identical, or the cookie
    /// path is a prefix that ends with `/` or is followed by `/` in the request path.
    static func pathMatches(requestPath: String, cookiePath: String) -> Bool {
        let request = requestPath.utf8
        let cookie = cookiePath.utf8
        guard request.starts(with: cookie) else { return false }
        if request.count == cookie.count { return true }
        if cookie.last == UInt8(ascii: "/") { return true }
        return request[request.index(request.startIndex, offsetBy: cookie.count)] == UInt8(ascii: "/")
    }

    /// Whether cookies marked Secure may travel to this URL (`https` and `wss`).
    static func isSecureScheme(_ url: URL) -> Bool {
        url.hasScheme("https") || url.hasScheme("wss")
    }

    /// The registrable domain of a canonical host or cookie domain (`example.co.uk`); the host itself for
    /// addresses, public suffixes and malformed names. Cookie limits count per registrable domain.
    static func site(of domain: String) -> String {
        if isIPAddress(domain) { return domain }
        return PublicSuffixList.shared.registrableDomain(of: domain).map(String.init) ?? domain
    }

    /// Whether a name or value contains a control character that RFC 6265bis refuses (all but HTAB).
    static func containsForbiddenControl(_ text: some StringProtocol) -> Bool {
        text.utf8.contains { ($0 < 0x20 && $0 != 0x09) || $0 == 0x7F }
    }
}
