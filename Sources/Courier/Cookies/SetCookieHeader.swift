import Foundation

/// One `Set-Cookie` value taken apart by the algorithm of RFC 6265 section 5.2 (with RFC 6265bis's
/// nameless cookies, control-character and size rules), then turned into a ``Cookie`` for a request URL
/// by the storage model's checks of section 5.3 that do not depend on what the jar holds.
///
/// Nothing here throws: a value that does not make a cookie is ignored, as browsers ignore it. Parsing is
/// linear in the length of the value.
struct SetCookieHeader: Sendable, Equatable {
    var name: String
    var value: String
    /// The last valid `Expires` attribute.
    var expires: Date?
    /// The last valid `Max-Age` attribute, in seconds (zero or negative: expire now).
    var maxAge: Int64?
    /// The last non-empty `Domain` attribute, without a leading dot, lower case.
    var domain: String?
    /// The last `Path` attribute that begins with `/`; `nil` means the default path.
    var path: String?
    var secure = false
    var httpOnly = false
    var sameSite: Cookie.SameSitePolicy?
    var comment: String?
    var commentURL: URL?
    var version = 0

    /// RFC 6265bis: attribute values longer than this are ignored.
    static let maximumAttributeValueSize = 1024

    /// Section 5.2: name and value before the first `;`, then attributes; `nil` when the value cannot be
    /// a cookie (nothing but white space, controls in name or value, more than 4096 bytes).
    static func parse(_ header: String) -> SetCookieHeader? {
        let (nameValuePair, attributes) = split(Substring(header), at: ";")
        var unparsedAttributes = attributes ?? ""

        // RFC 6265bis: without "=", the whole pair is the value of a nameless cookie.
        let name: String
        let value: String
        switch split(nameValuePair, at: "=") {
        case (let before, let after?):
            name = before.trimmingOWS()
            value = after.trimmingOWS()
        case (let whole, nil):
            name = ""
            value = whole.trimmingOWS()
        }
        if name.isEmpty && value.isEmpty { return nil }
        // A nameless cookie whose value holds "=" would come back as a different, named cookie.
        if name.isEmpty && value.utf8.contains(UInt8(ascii: "=")) { return nil }
        if CookieRules.containsForbiddenControl(name) || CookieRules.containsForbiddenControl(value) { return nil }
        if name.utf8.count + value.utf8.count > Cookie.maximumNameValueSize { return nil }

        var result = SetCookieHeader(name: name, value: value)
        while !unparsedAttributes.isEmpty {
            let (cookieAV, rest) = split(unparsedAttributes, at: ";")
            unparsedAttributes = rest ?? ""
            let (attributeName, rawValue) = split(cookieAV, at: "=")
            let attributeValue = rawValue?.trimmingOWS() ?? ""
            if attributeValue.utf8.count > maximumAttributeValueSize { continue }
            result.apply(name: attributeName.trimmingOWS().lowercased(), value: attributeValue)
        }
        return result
    }

    /// `text` before the first `delimiter`, and after it (`nil` when there is none).
    ///
    /// Searching the UTF-8 view is exact for ASCII delimiters and much faster than by characters.
    private static func split(_ text: Substring, at delimiter: Unicode.Scalar) -> (Substring, Substring?) {
        guard let index = text.utf8.firstIndex(of: UInt8(ascii: delimiter)) else { return (text, nil) }
        return (text[..<index], text[text.utf8.index(after: index)...])
    }

    private init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    /// Sections 5.2.1–5.2.6 (and 6265bis's SameSite): one attribute; unknown ones are ignored.
    private mutating func apply(name: String, value: String) {
        switch name {
        case "expires":
            if let date = CookieDate.parse(value) { expires = date }
        case "max-age":
            if let seconds = Self.parseMaxAge(value) { maxAge = seconds }
        case "domain":
            guard !value.isEmpty else { return }  // undefined by the RFC; ignored, as it recommends
            let bare = value.hasPrefix(".") ? value.dropFirst() : Substring(value)
            domain = Punycode.asciiDomain(bare) ?? bare.lowercased()  // unencodable: it will not match the host
        case "path":
            path = value.hasPrefix("/") ? value : nil
        case "secure":
            secure = true
        case "httponly":
            httpOnly = true
        case "samesite":
            switch value.lowercased() {
            case "strict": sameSite = .strict
            case "lax": sameSite = .lax
            case "none": sameSite = Cookie.SameSitePolicy.none
            default: sameSite = nil
            }
        case "comment":
            comment = value
        case "commenturl":
            commentURL = URL(string: value)
        case "version":
            if let number = Int(value), (0...1).contains(number) { version = number }
        default:
            break
        }
    }

    /// Section 5.2.2: an optional `-` then digits only; out-of-range values are clamped.
    static func parseMaxAge(_ text: String) -> Int64? {
        var bytes = Substring(text).utf8[...]
        var negative = false
        if bytes.first == UInt8(ascii: "-") {
            negative = true
            bytes = bytes.dropFirst()
        }
        guard !bytes.isEmpty, bytes.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else { return nil }
        var seconds: Int64 = 0
        for byte in bytes {
            let (times10, overflow1) = seconds.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = times10.addingReportingOverflow(Int64(byte - 0x30))
            if overflow1 || overflow2 {
                seconds = Int64.max
                break
            }
            seconds = sum
        }
        return negative ? -seconds : seconds
    }

    /// The expiry the attributes give at `now`: Max-Age wins over Expires (section 5.3 step 3); `nil`
    /// for a session cookie. Far-future values are clamped to `Date.distantFuture`.
    func expiryDate(now: Date) -> Date? {
        if let maxAge {
            if maxAge <= 0 { return Date.distantPast }
            let seconds = min(Double(maxAge), Date.distantFuture.timeIntervalSince(now))
            return now.addingTimeInterval(seconds)
        }
        return expires
    }

    /// Section 5.3 for a response from `url`, steps that need no jar: the domain must domain-match the
    /// request host and must not be a public suffix (unless it is the host itself: then the cookie is
    /// host-only, step 5), Secure cookies come only over https (6265bis), and the name prefixes hold.
    /// `nil` when the cookie is to be ignored.
    func cookie(for url: URL, now: Date) -> Cookie? {
        guard url.isHTTP || CookieRules.isSecureScheme(url) || url.hasScheme("ws"),
            let host = CookieRules.canonicalHost(of: url)
        else { return nil }
        var domainAttribute = domain ?? ""
        if !domainAttribute.isEmpty {
            if CookieRules.isIPAddress(host) {
                // An address only ever sets host-only cookies for itself.
                guard domainAttribute == host else { return nil }
                domainAttribute = ""
            } else if PublicSuffixList.shared.isPublicSuffix(domainAttribute) {
                guard domainAttribute == host else { return nil }  // a supercookie
                domainAttribute = ""
            }
        }
        let cookieDomain: String
        if domainAttribute.isEmpty {
            cookieDomain = host
        } else {
            guard CookieRules.domainMatches(host: host, domain: domainAttribute) else { return nil }
            cookieDomain = "." + domainAttribute
        }
        if secure && !CookieRules.isSecureScheme(url) { return nil }
        let cookie = Cookie(
            name: name, value: value, domain: cookieDomain, path: path ?? CookieRules.defaultPath(of: url),
            expiresDate: expiryDate(now: now), isSecure: secure, isHTTPOnly: httpOnly, sameSite: sameSite,
            comment: comment, commentURL: commentURL, version: version, creationDate: now, lastAccessDate: now)
        guard cookie.satisfiesPrefixRules else { return nil }
        // Paths are sent back in the Cookie header only as part of matching, but a path with controls
        // would be stored and shown: refuse it like a value with controls.
        if CookieRules.containsForbiddenControl(cookie.path) { return nil }
        return cookie
    }
}
