import Foundation
import HTTPTypes

/// An HTTP (or `file:`, `data:`, custom-scheme) request: a value type, so a task keeps its own copy.
///
/// ```swift
/// var request = try Request("https://api.example.com/v1/items?page=2")
/// request.method = .post
/// try request.setValue("application/json", forHTTPHeaderField: "Accept")
/// request.body = .json(NewItem(name: "pen"))
/// ```
///
/// Header names and values are checked when they are set: a name that is not an HTTP token
/// (it contains `:`, white space or other separators) or a value that contains CR, LF or NUL throws
/// ``CourierError/Code/invalidHeaderField``, so header injection cannot happen through this API.
public struct Request: Sendable {
    // One copy-on-write box for all fields: requests are copied at every stage of the chain and into
    // metrics; a copy then costs one retain.
    private struct Fields: Sendable {
        var url: URL
        var method: HTTPRequest.Method
        var headerFields: HTTPFields
        var body: RequestBody
        var cachePolicy: CachePolicy?
        var timeout: TimeInterval?
        var shouldHandleCookies: Bool
        var priority: Priority
        var mainDocumentURL: URL?
        var compressesBody: Bool?
        var credentialFromURL: Credential? = nil
        var proxy: ProxyConfiguration? = nil
    }

    // Mutated only through `update`, which copies the box unless this request holds the only reference
    // to it: a shared box is never written.
    private final class Storage: @unchecked Sendable {
        var fields: Fields
        /// Whether the URL's scheme is `http` or `https`, worked out once per URL (every stage asks).
        var isHTTP: Bool
        init(_ fields: Fields) {
            self.fields = fields
            self.isHTTP = fields.url.isHTTP
        }
        init(_ fields: Fields, isHTTP: Bool) {
            self.fields = fields
            self.isHTTP = isHTTP
        }
    }

    private var storage: Storage

    private mutating func update(_ change: (inout Fields) -> Void) {
        if !isKnownUniquelyReferenced(&storage) {
            storage = Storage(storage.fields, isHTTP: storage.isHTTP)
        }
        change(&storage.fields)
    }

    /// The URL to load.
    public var url: URL {
        get { storage.fields.url }
        set {
            update { $0.url = newValue }
            storage.isHTTP = newValue.isHTTP
        }
    }

    /// Whether the URL's scheme is `http` or `https`.
    var isHTTP: Bool { storage.isHTTP }
    /// The method, in upper case (`GET`, `POST`, …). Method names are case-sensitive.
    public var method: HTTPRequest.Method {
        get { storage.fields.method }
        set { update { $0.method = newValue } }
    }
    /// The header fields. Lookup through ``value(forHTTPHeaderField:)`` is case-insensitive.
    public var headerFields: HTTPFields {
        get { storage.fields.headerFields }
        set { update { $0.headerFields = newValue } }
    }
    /// The body to send.
    public var body: RequestBody {
        get { storage.fields.body }
        set { update { $0.body = newValue } }
    }
    /// The cache policy, or `nil` for the session's ``SessionConfiguration/requestCachePolicy``.
    public var cachePolicy: CachePolicy? {
        get { storage.fields.cachePolicy }
        set { update { $0.cachePolicy = newValue } }
    }
    /// The idle timeout in seconds (no bytes in either direction), or `nil` for the session's
    /// ``SessionConfiguration/timeoutIntervalForRequest``. It also bounds connecting (name lookup, TCP, a proxy
    /// tunnel and the TLS handshake together) for this request.
    public var timeout: TimeInterval? {
        get { storage.fields.timeout }
        set { update { $0.timeout = newValue } }
    }
    /// The proxy for this request alone, or `nil` (the default) for the session's
    /// ``SessionConfiguration/proxy``. ``ProxyConfiguration/direct`` sends it without a proxy. Connections are
    /// pooled per proxy, so requests with different proxies never share one.
    ///
    /// ```swift
    /// request.proxy = .socks5(host: "127.0.0.1", port: 1080, resolvesRemotely: true)
    /// ```
    public var proxy: ProxyConfiguration? {
        get { storage.fields.proxy }
        set { update { $0.proxy = newValue } }
    }
    /// Whether cookies are sent from and stored into the session's cookie storage (default `true`).
    public var shouldHandleCookies: Bool {
        get { storage.fields.shouldHandleCookies }
        set { update { $0.shouldHandleCookies = newValue } }
    }
    /// Whether the body is sent gzipped (`Content-Encoding: gzip`), for compressible media types only;
    /// `nil` (the default) follows ``SessionConfiguration/requestBodyCompressionHosts``. A server that
    /// answers 415 gets the request once more uncompressed and is not sent compressed bodies again.
    public var compressesBody: Bool? {
        get { storage.fields.compressesBody }
        set { update { $0.compressesBody = newValue } }
    }
    /// A hint for scheduling, 0 (lowest) to 1 (highest); ``Priority/default`` is 0.5.
    public var priority: Priority {
        get { storage.fields.priority }
        set { update { $0.priority = newValue } }
    }
    /// The URL of the top-level document, used by the `.onlyFromMainDocumentDomain` cookie policy.
    public var mainDocumentURL: URL? {
        get { storage.fields.mainDocumentURL }
        set { update { $0.mainDocumentURL = newValue } }
    }
    /// The credential the session took out of the URL's `user:password@` before passing the request on: the
    /// URL itself no longer carries it, so it is never logged or recorded. Protocol handlers of schemes that
    /// log in on their own connection, such as FTP, read it here. `nil` when the URL had none.
    public internal(set) var credentialFromURL: Credential? {
        get { storage.fields.credentialFromURL }
        set { update { $0.credentialFromURL = newValue } }
    }

    /// The relative importance of a request, like `URLSessionTask.priority`.
    public struct Priority: Hashable, Sendable, Comparable {
        /// The priority from 0 (lowest) to 1 (highest).
        public var value: Float
        /// Creates a priority; values outside 0...1 are clamped.
        public init(_ value: Float) { self.value = min(max(value, 0), 1) }
        /// A priority of 0.25, for prefetching and other work nobody waits for.
        public static let low = Priority(0.25)
        /// A priority of 0.5, what requests get unless they ask otherwise.
        public static let `default` = Priority(0.5)
        /// A priority of 0.75, for what the user waits for.
        public static let high = Priority(0.75)
        /// Orders priorities by ``value``.
        public static func < (lhs: Priority, rhs: Priority) -> Bool { lhs.value < rhs.value }
    }

    /// Creates a request for a URL.
    public init(
        url: URL,
        method: HTTPRequest.Method = .get,
        headerFields: HTTPFields = [:],
        body: RequestBody = .empty
    ) {
        self.storage = Storage(
            Fields(
                url: url, method: method, headerFields: headerFields, body: body, cachePolicy: nil, timeout: nil,
                shouldHandleCookies: true, priority: .default, mainDocumentURL: nil, compressesBody: nil))
    }

    /// Creates a request from a URL string, refusing malformed URLs and URLs without a scheme.
    ///
    /// - Throws: ``CourierError`` with code `badURL` when the string is not a URL, has no scheme
    ///   (the old "defaults to file" behaviour is a trap, not a feature) or an `http(s)` URL has no host.
    public init(_ urlString: String, method: HTTPRequest.Method = .get) throws {
        self.init(url: try URL.validated(urlString), method: method)
    }

    // MARK: Header fields

    /// The value of a header field, found case-insensitively; repeated fields are joined with `, `.
    public func value(forHTTPHeaderField name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        return headerFields.joinedValue(for: fieldName)
    }

    /// Sets a header field, replacing any existing value; `nil` removes the field.
    ///
    /// An empty string blanks the field: it is not sent, and neither is a session default of the
    /// same name (`Accept-Encoding: ""` turns compression off for this request).
    /// - Throws: `invalidHeaderField` for a malformed name or a value with CR, LF or NUL.
    public mutating func setValue(_ value: String?, forHTTPHeaderField name: String) throws {
        let fieldName = try HTTPField.Name.validated(name)
        guard let value else {
            headerFields[fieldName] = nil
            return
        }
        headerFields[fieldName] = try HTTPField.validated(value: value, name: name)
    }

    /// Adds a value to a header field: an existing field gets `, value` appended (the book's
    /// `Content-Language: en,da`), except `Set-Cookie`, which is never joined.
    /// - Throws: `invalidHeaderField` for a malformed name or a value with CR, LF or NUL.
    public mutating func addValue(_ value: String, forHTTPHeaderField name: String) throws {
        let fieldName = try HTTPField.Name.validated(name)
        headerFields.addJoining(try HTTPField.validated(value: value, name: name), for: fieldName)
    }

    /// Adds a header field line of its own, keeping any field of that name already there: `X-A: 1` and `X-A: 2`
    /// go out as two lines (``addValue(_:forHTTPHeaderField:)`` joins them into one instead).
    /// - Throws: `invalidHeaderField` for a malformed name or a value with CR, LF or NUL.
    public mutating func addField(_ value: String, forHTTPHeaderField name: String) throws {
        let fieldName = try HTTPField.Name.validated(name)
        headerFields.append(HTTPField(name: fieldName, value: try HTTPField.validated(value: value, name: name)))
    }

    /// The headers the request would carry, as a dictionary keyed by the field names as written.
    public var allHTTPHeaderFields: [String: String] {
        var result: [String: String] = [:]
        for field in headerFields {
            if let existing = result[field.name.rawName] {
                result[field.name.rawName] = existing + ", " + field.value
            } else {
                result[field.name.rawName] = field.value
            }
        }
        return result
    }
}

extension Request: CustomStringConvertible {
    /// The method and the URL (credentials removed), such as `GET https://example.com/items`.
    public var description: String { "\(method.rawValue) \(url.redactingCredentials.absoluteString)" }
}

extension HTTPField.Name {
    static func validated(_ name: String) throws -> HTTPField.Name {
        guard let fieldName = HTTPField.Name(name) else {
            throw CourierError(
                .invalidHeaderField,
                outcome: .notSent,
                message:
                    "invalid header field name \"\(name.debugEscaped)\": names are HTTP tokens without ':', white space or separators"
            )
        }
        return fieldName
    }
}

extension HTTPField {
    /// The value with surrounding spaces and tabs removed (RFC 9110 optional white space),
    /// refusing CR, LF, NUL and other control characters instead of rewriting them.
    static func validated(value: String, name: String) throws -> String {
        let trimmed = value.trimmingOWS()
        guard HTTPField.isValidValue(trimmed) else {
            throw CourierError(
                .invalidHeaderField,
                outcome: .notSent,
                message:
                    "invalid value for header field \(name): values must not contain CR, LF, NUL or other control characters"
            )
        }
        return trimmed
    }
}

extension HTTPFields {
    /// All values of a field joined with `, ` (`nil` when absent).
    func joinedValue(for name: HTTPField.Name) -> String? {
        var result: String?
        for field in self where field.name == name {
            if let existing = result {
                result = existing + ", " + field.value
            } else {
                result = field.value
            }
        }
        return result
    }

    /// Sets a field to one value: appended when absent (the common case: an append to a shared list
    /// measured about 250 ns here, the name subscript's replacement about 350 ns), replacing every field
    /// of the name otherwise.
    mutating func setValue(_ value: String, for name: HTTPField.Name) {
        if contains(name) {
            self[name] = value
        } else {
            append(HTTPField(name: name, value: value))
        }
    }

    /// Appends to an existing field with `, `, or adds the field (always a new field for Set-Cookie).
    mutating func addJoining(_ value: String, for name: HTTPField.Name) {
        if name != .setCookie, let existing = self[name] {
            self[name] = existing.isEmpty ? value : existing + ", " + value
        } else {
            self.append(HTTPField(name: name, value: value))
        }
    }
}

extension String {
    /// The string with control characters shown as escapes, for error messages.
    var debugEscaped: String {
        var result = ""
        for scalar in unicodeScalars {
            if scalar.value < 0x20 || scalar.value == 0x7F {
                result += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

extension URL {
    /// Whether the scheme is `name` (given in lower case), without allocating in the common case.
    func hasScheme(_ name: String) -> Bool {
        guard let scheme else { return false }
        return scheme == name || scheme.lowercased() == name
    }

    /// Whether this is an `http` or `https` URL.
    var isHTTP: Bool {
        // One look at the scheme: every stage asks, and `URL.scheme` is not free.
        guard let scheme else { return false }
        if scheme == "https" || scheme == "http" { return true }
        let lowered = scheme.lowercased()
        return lowered == "https" || lowered == "http"
    }

    /// Parses a URL string strictly: no white space or control characters, a scheme required,
    /// and a host required for `http`/`https`.
    static func validated(_ string: String) throws -> URL {
        if string.isEmpty {
            throw CourierError(.badURL, outcome: .notSent, message: "the URL is empty")
        }
        if let bad = string.unicodeScalars.first(where: { $0.value <= 0x20 || $0.value == 0x7F }) {
            let what = bad == " " ? "a space" : "a control character"
            throw CourierError(
                .badURL,
                outcome: .notSent,
                message: "malformed URL \"\(string.debugEscaped)\": it contains \(what); percent-encode it"
            )
        }
        guard let url = URL(string: string) else {
            throw CourierError(.badURL, outcome: .notSent, message: "malformed URL \"\(string)\"")
        }
        guard let scheme = url.scheme, !scheme.isEmpty else {
            throw CourierError(
                .badURL,
                outcome: .notSent,
                message: "URL \"\(string)\" has no scheme; write it in full, e.g. https://\(string)"
            )
        }
        if url.isHTTP {
            // Only whether there is one: the encoded form answers that without percent-decoding a new string.
            guard let host = url.host(percentEncoded: true), !host.isEmpty else {
                throw CourierError(.badURL, outcome: .notSent, message: "URL \"\(string)\" has no host")
            }
        }
        try checkPort(of: url)
        return url
    }

    /// Refuses a port outside 0–65535 (`http://host:99999/`) with `badURL`, before anything tries to connect.
    static func checkPort(of url: URL) throws {
        if let port = url.port, !(0...65535).contains(port) {
            throw CourierError(
                .badURL, outcome: .notSent,
                message:
                    "URL \"\(url.redactingCredentials.absoluteString)\" has port \(port); a port is a number from 0 to 65535"
            )
        }
    }
}
