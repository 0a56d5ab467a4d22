/// A URL of a custom scheme, parsed strictly by the generic syntax of RFC 3986:
/// `scheme://host/segment/segment?name=value&name=value#fragment`.
///
/// Parsing refuses what Foundation's lenient parsers sometimes accept: characters that are not
/// allowed anywhere in a URL (spaces, quotes, `<`, `>`, `\`, `{`, `}`, `|`, `^`, a backtick,
/// control characters, raw non-ASCII), a second `#`, bad `%` escapes, a port that is not a number,
/// and text longer than the caller's limit (checked before anything else, so memory stays bounded).
///
/// Path segments and query items are percent-decoded; in the query, a literal `+` reads as a space
/// as in HTML forms (which is why ``PercentEncoding`` always escapes `+`). The host is lower-cased,
/// since RFC 3986 §3.2.2 makes it case-insensitive. One trailing `/` is not a segment of its own.
///
/// ```swift
/// let url = try LinkURL("acme-directory://employee/5?tab=notes")
/// url.host           // "employee"
/// url.pathSegments   // ["5"]
/// url.queryItems     // [LinkURL.QueryItem(name: "tab", value: "notes")]
/// ```
public struct LinkURL: Sendable, Hashable, CustomStringConvertible {
    /// A `name=value` pair of the query, decoded.
    public struct QueryItem: Sendable, Hashable {
        /// The decoded name.
        public var name: String
        /// The decoded value; nil when the item has no `=`.
        public var value: String?

        /// Creates an item.
        public init(name: String, value: String?) {
            self.name = name
            self.value = value
        }
    }

    /// The default for the longest URL text accepted: 1 MiB. The book notes that long URLs are slow
    /// to open; a limit also keeps a hostile caller from making the parser hold gigabytes.
    public static let defaultMaximumLength = 1024 * 1024

    /// The text as given.
    public let string: String
    /// The scheme, lower-cased.
    public let scheme: URLScheme
    /// The decoded user information before `@`, if any.
    public let user: String?
    /// The decoded host, lower-cased; nil when the URL has no `//` authority; empty for `scheme:///`.
    public let host: String?
    /// The port, if the authority has one.
    public let port: Int?
    /// The decoded path segments after the host, without the separating `/`.
    public let pathSegments: [String]
    /// The query as written (still percent-encoded), without `?`.
    public let query: String?
    /// The decoded query items, in order.
    public let queryItems: [QueryItem]
    /// The decoded fragment, without `#`.
    public let fragment: String?

    /// Parses URL text.
    ///
    /// - Parameters:
    ///   - text: The URL.
    ///   - maximumLength: The longest text accepted, in UTF-8 bytes.
    /// - Throws: ``LinkError/Code/malformedURL`` for text that is too long, has no valid scheme, has a
    ///   character URLs do not allow, a bad `%` escape, percent-encoded bytes that are not UTF-8, or a
    ///   bad port.
    public init(_ text: String, maximumLength: Int = LinkURL.defaultMaximumLength) throws(LinkError) {
        let bytes = Array(text.utf8)
        guard bytes.count <= maximumLength else {
            throw LinkError(
                .malformedURL, "the URL is \(bytes.count) bytes long; at most \(maximumLength) are accepted")
        }
        guard !bytes.isEmpty else {
            throw LinkError(.malformedURL, "the URL is empty")
        }
        guard let colon = bytes.firstIndex(of: UInt8(ascii: ":")) else {
            throw LinkError(
                .malformedURL,
                "\"\(URLScheme.printable(text))\" is not a URL: it has no scheme (such as acme-directory:)")
        }
        let schemeText = String(decoding: bytes[..<colon], as: UTF8.self)
        do {
            scheme = try URLScheme(schemeText)
        } catch {
            throw LinkError(.malformedURL, "\"\(URLScheme.printable(text))\" is not a URL: \(error.message)")
        }
        if let offset = bytes.firstIndex(where: { !Self.isAllowed($0) }) {
            throw LinkError(
                .malformedURL,
                "the URL has a character that URLs do not allow at offset \(offset) (percent-encode it): \"\(URLScheme.printable(text))\""
            )
        }
        var rest = bytes[(colon + 1)...]
        var fragmentBytes: ArraySlice<UInt8>?
        if let hash = rest.firstIndex(of: UInt8(ascii: "#")) {
            fragmentBytes = rest[(hash + 1)...]
            rest = rest[..<hash]
            if fragmentBytes?.contains(UInt8(ascii: "#")) == true {
                throw LinkError(.malformedURL, "the URL has more than one '#': \"\(URLScheme.printable(text))\"")
            }
        }
        var queryBytes: ArraySlice<UInt8>?
        if let question = rest.firstIndex(of: UInt8(ascii: "?")) {
            queryBytes = rest[(question + 1)...]
            rest = rest[..<question]
        }
        var authority: ArraySlice<UInt8>?
        if rest.starts(with: [UInt8(ascii: "/"), UInt8(ascii: "/")]) {
            let afterSlashes = rest.dropFirst(2)
            let end = afterSlashes.firstIndex(of: UInt8(ascii: "/")) ?? afterSlashes.endIndex
            authority = afterSlashes[..<end]
            rest = afterSlashes[end...]
        }
        if rest.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") })
            || queryBytes?.contains(where: { $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: "]") }) == true
        {
            throw LinkError(
                .malformedURL, "'[' and ']' are only allowed around an IP address: \"\(URLScheme.printable(text))\"")
        }
        do throws(LinkError) {
            (user, host, port) = try Self.parseAuthority(authority)
            pathSegments = try Self.parsePath(rest)
            query = queryBytes.map { String(decoding: $0, as: UTF8.self) }
            queryItems = try Self.parseQuery(queryBytes)
            if let fragmentBytes {
                fragment = try PercentEncoding.decode(String(decoding: fragmentBytes, as: UTF8.self))
            } else {
                fragment = nil
            }
        } catch {
            throw LinkError(.malformedURL, "the URL \"\(URLScheme.printable(text))\" is malformed: \(error.message)")
        }
        string = text
    }

    /// The first value of the query item with this name.
    public func queryValue(_ name: String) -> String? {
        queryItems.first { $0.name == name }?.value ?? nil
    }

    /// The text as given.
    public var description: String {
        string
    }

    private static func parseAuthority(
        _ authority: ArraySlice<UInt8>?
    ) throws(LinkError) -> (user: String?, host: String?, port: Int?) {
        guard var authority else {
            return (nil, nil, nil)
        }
        var user: String?
        if let at = authority.lastIndex(of: UInt8(ascii: "@")) {
            user = try PercentEncoding.decode(String(decoding: authority[..<at], as: UTF8.self))
            authority = authority[(at + 1)...]
        }
        var hostBytes = authority
        var port: Int?
        let closingBracket = authority.lastIndex(of: UInt8(ascii: "]"))
        if let colon = authority.lastIndex(of: UInt8(ascii: ":")), closingBracket.map({ colon > $0 }) ?? true {
            let digits = authority[(colon + 1)...]
            hostBytes = authority[..<colon]
            if !digits.isEmpty {
                guard digits.count <= 5, digits.allSatisfy(URLScheme.isDigit),
                    let number = Int(String(decoding: digits, as: UTF8.self)), number <= 65535
                else {
                    throw LinkError(.malformedURL, "the port must be a number from 0 to 65535")
                }
                port = number
            }
        }
        let host = try PercentEncoding.decode(String(decoding: hostBytes, as: UTF8.self))
        return (user, host.lowercased(), port)
    }

    private static func parsePath(_ path: ArraySlice<UInt8>) throws(LinkError) -> [String] {
        var text = String(decoding: path, as: UTF8.self)
        if text.hasPrefix("/") {
            text.removeFirst()
        }
        if text.hasSuffix("/") {
            text.removeLast()
        }
        if text.isEmpty {
            return []
        }
        var segments: [String] = []
        for segment in text.split(separator: "/", omittingEmptySubsequences: false) {
            segments.append(try PercentEncoding.decode(segment))
        }
        return segments
    }

    private static func parseQuery(_ query: ArraySlice<UInt8>?) throws(LinkError) -> [QueryItem] {
        guard let query, !query.isEmpty else {
            return []
        }
        var items: [QueryItem] = []
        for pair in String(decoding: query, as: UTF8.self).split(separator: "&") {
            if let equals = pair.firstIndex(of: "=") {
                let name = try PercentEncoding.decode(pair[..<equals], plusIsSpace: true)
                let value = try PercentEncoding.decode(pair[pair.index(after: equals)...], plusIsSpace: true)
                items.append(QueryItem(name: name, value: value))
            } else {
                items.append(QueryItem(name: try PercentEncoding.decode(pair, plusIsSpace: true), value: nil))
            }
        }
        return items
    }

    /// Whether a byte may appear in a URL at all: unreserved, reserved (RFC 3986 §2.2) or `%`.
    private static func isAllowed(_ byte: UInt8) -> Bool {
        if PercentEncoding.isUnreserved(byte) {
            return true
        }
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="), UInt8(ascii: "%"):
            return true
        default:
            return false
        }
    }
}
