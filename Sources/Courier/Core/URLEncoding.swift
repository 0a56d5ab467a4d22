import CourierSecurity
import Foundation

/// RFC 3986 percent-encoding, with the two encoders the book needs and a query builder.
///
/// - ``encodeURL(_:)`` escapes a whole URL string and keeps its structure (`:/?#&=` stay), what
///   `stringByAddingPercentEscapes` did.
/// - ``encodeComponent(_:)`` escapes one query name or value, or one path segment: everything but the
///   unreserved characters, so `&`, `=`, `+`, `/`, `?` and `#` inside a value cannot change the URL's
///   meaning (the book's `urlEncode`).
///
/// ```swift
/// let query = URLEncoding.query([("q", "fish & chips"), ("page", "2")])
/// // "q=fish%20%26%20chips&page=2"
/// ```
public enum URLEncoding {
    /// RFC 3986 unreserved characters: `A-Z a-z 0-9 - . _ ~`.
    static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// RFC 3986 reserved characters (gen-delims and sub-delims).
    static func isReserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "?"), UInt8(ascii: "#"), UInt8(ascii: "["),
            UInt8(ascii: "]"), UInt8(ascii: "@"), UInt8(ascii: "!"), UInt8(ascii: "$"), UInt8(ascii: "&"),
            UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "*"), UInt8(ascii: "+"),
            UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "="):
            return true
        default:
            return false
        }
    }

    private static func escape(_ string: String, keeping keep: (UInt8) -> Bool, keepExistingEscapes: Bool) -> String {
        let bytes = Array(string.utf8)
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if keepExistingEscapes, byte == UInt8(ascii: "%"), index + 2 < bytes.count,
                Hex.value(of: bytes[index + 1]) != nil, Hex.value(of: bytes[index + 2]) != nil
            {
                output.append(contentsOf: bytes[index...(index + 2)])
                index += 3
                continue
            }
            if keep(byte) {
                output.append(byte)
            } else {
                PercentCoding.appendEscape(byte, to: &output)
            }
            index += 1
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Escapes a whole URL string, keeping reserved characters (`:/?#[]@!$&'()*+,;=`) and existing
    /// `%XX` escapes; a stray `%` becomes `%25`. Spaces, quotes, `<>`, `{}`, `|`, `\`, `^`, `` ` ``
    /// and non-ASCII characters (as UTF-8) are escaped.
    public static func encodeURL(_ string: String) -> String {
        escape(string, keeping: { isUnreserved($0) || isReserved($0) }, keepExistingEscapes: true)
    }

    /// Escapes one query name or value, or one path segment: everything except `A-Z a-z 0-9 - . _ ~`
    /// (so `&`, `=`, `+`, `/`, `?`, `#`, `%` and spaces are all escaped; a space becomes `%20`).
    public static func encodeComponent(_ string: String) -> String {
        escape(string, keeping: isUnreserved, keepExistingEscapes: false)
    }

    /// Decodes `%XX` escapes (and, with `plusAsSpace`, `+` as a space, for form bodies).
    /// Returns `nil` for a malformed escape or bytes that are not UTF-8.
    public static func decode(_ string: String, plusAsSpace: Bool = false) -> String? {
        guard let bytes = decodeBytes(string, plusAsSpace: plusAsSpace) else { return nil }
        return String(validating: bytes, as: UTF8.self)
    }

    /// Decodes `%XX` escapes into raw bytes; `nil` for a malformed escape.
    public static func decodeBytes(_ string: String, plusAsSpace: Bool = false) -> [UInt8]? {
        try? PercentCoding.decode(Array(string.utf8), plusAsSpace: plusAsSpace)
    }

    /// Joins `name=value` pairs with `&`, escaping each name and value with ``encodeComponent(_:)``.
    /// A `nil` value produces the bare name (`flag`).
    public static func query(_ items: [(String, String?)]) -> String {
        items.map { name, value in
            guard let value else { return encodeComponent(name) }
            return encodeComponent(name) + "=" + encodeComponent(value)
        }.joined(separator: "&")
    }

    /// Parses a query string or form body into name/value pairs, decoding escapes (and `+` as space).
    /// Malformed escapes are kept as written.
    public static func parseQuery(_ query: String) -> [(String, String)] {
        query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = String(parts[0])
            let value = parts.count > 1 ? String(parts[1]) : ""
            return (decode(name, plusAsSpace: true) ?? name, decode(value, plusAsSpace: true) ?? value)
        }
    }
}

extension URL {
    /// A copy of the URL with `name=value` pairs appended to its query, each escaped with
    /// ``URLEncoding/encodeComponent(_:)``.
    public func appendingQuery(_ items: [(String, String?)]) -> URL {
        guard !items.isEmpty, var components = URLComponents(url: self, resolvingAgainstBaseURL: false) else {
            return self
        }
        let addition = URLEncoding.query(items)
        if let existing = components.percentEncodedQuery, !existing.isEmpty {
            components.percentEncodedQuery = existing + "&" + addition
        } else {
            components.percentEncodedQuery = addition
        }
        return components.url ?? self
    }
}
