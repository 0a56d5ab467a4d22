import HTTPTypes

/// The directives of `Cache-Control` header fields (RFC 9111 section 5.2), parsed tolerantly: unknown
/// directives are ignored, names are case-insensitive, values may be tokens or quoted strings, and
/// garbage never throws.
///
/// Delta-seconds follow RFC 9111 section 1.2.2: a value too large to represent becomes 2147483648, and an
/// invalid value (negative, not a number) makes `max-age` and `s-maxage` 0 (the response is treated as
/// stale, as section 4.2.1 encourages) and the other directives absent.
struct CacheControl: Sendable, Equatable {
    /// The largest delta-seconds value a cache has to represent.
    static let maximumDeltaSeconds = 2_147_483_648
    /// `Pragma` (swift-http-types names only current fields).
    static let pragma = HTTPField.Name("Pragma")!

    var noStore = false
    var noCache = false
    var noTransform = false
    var onlyIfCached = false
    var mustRevalidate = false
    var proxyRevalidate = false
    var isPublic = false
    var isPrivate = false
    var immutable = false
    var maxAge: Int?
    var sharedMaxAge: Int?
    /// `max-stale` with a value; `Int.max` when given without one (any staleness is acceptable).
    var maxStale: Int?
    var minFresh: Int?
    var staleWhileRevalidate: Int?
    var staleIfError: Int?

    init() {}

    /// The directives of all `Cache-Control` fields, plus `Pragma: no-cache` when there is no `Cache-Control`
    /// (RFC 9111 section 5.4 keeps it for HTTP/1.0 requests).
    init(_ fields: HTTPFields) {
        var sawCacheControl = false
        for field in fields where field.name == .cacheControl {
            sawCacheControl = true
            parse(field.value)
        }
        if !sawCacheControl, let pragma = fields.joinedValue(for: Self.pragma), pragma.lowercased().contains("no-cache")
        {
            noCache = true
        }
    }

    /// The directives of one field value.
    init(parsing value: String) {
        parse(value)
    }

    private mutating func parse(_ value: String) {
        for (name, argument) in Self.directives(in: value) {
            switch name {
            case "no-store": noStore = true
            case "no-cache": noCache = true
            case "no-transform": noTransform = true
            case "only-if-cached": onlyIfCached = true
            case "must-revalidate": mustRevalidate = true
            case "proxy-revalidate": proxyRevalidate = true
            case "public": isPublic = true
            case "private": isPrivate = true
            case "immutable": immutable = true
            case "max-age": maxAge = first(maxAge, Self.deltaSeconds(argument) ?? 0)
            case "s-maxage": sharedMaxAge = first(sharedMaxAge, Self.deltaSeconds(argument) ?? 0)
            case "max-stale":
                if argument == nil {
                    maxStale = Int.max
                } else if let seconds = Self.deltaSeconds(argument) {
                    maxStale = first(maxStale, seconds)
                }
            case "min-fresh": if let seconds = Self.deltaSeconds(argument) { minFresh = first(minFresh, seconds) }
            case "stale-while-revalidate":
                if let seconds = Self.deltaSeconds(argument) {
                    staleWhileRevalidate = first(staleWhileRevalidate, seconds)
                }
            case "stale-if-error":
                if let seconds = Self.deltaSeconds(argument) { staleIfError = first(staleIfError, seconds) }
            default: break
            }
        }
    }

    /// Of two occurrences of a directive, the first wins (RFC 9111 section 4.2.1).
    private func first(_ existing: Int?, _ new: Int) -> Int { existing ?? new }

    /// Splits `a, b=1, c="x, y"` into lower-cased names and unquoted arguments. Runs on every cache lookup,
    /// so it works on the UTF-8 bytes in place and makes strings only for what it returns.
    static func directives(in value: String) -> [(String, String?)] {
        var value = value
        return value.withUTF8 { bytes in
            var result: [(String, String?)] = []
            var index = 0
            let count = bytes.count
            func isOWS(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            func text(_ from: Int, _ to: Int) -> String {
                var from = from
                var to = to
                while from < to, isOWS(bytes[from]) { from += 1 }
                while to > from, isOWS(bytes[to - 1]) { to -= 1 }
                return String(decoding: UnsafeBufferPointer(rebasing: bytes[from..<to]), as: UTF8.self)
            }
            while index < count {
                // The name runs to `=` or `,`.
                let nameStart = index
                while index < count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ",") {
                    index += 1
                }
                var name = text(nameStart, index)
                if name.utf8.contains(where: { (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains($0) }) {
                    name = name.lowercased()
                }
                var argument: String?
                if index < count, bytes[index] == UInt8(ascii: "=") {
                    index += 1
                    while index < count, isOWS(bytes[index]) { index += 1 }
                    if index < count, bytes[index] == UInt8(ascii: "\"") {
                        // A quoted string: up to the closing quote, backslash escapes taken literally.
                        index += 1
                        var unquoted: [UInt8] = []
                        var escaped = false
                        while index < count {
                            let byte = bytes[index]
                            index += 1
                            if escaped {
                                unquoted.append(byte)
                                escaped = false
                            } else if byte == UInt8(ascii: "\\") {
                                escaped = true
                            } else if byte == UInt8(ascii: "\"") {
                                break
                            } else {
                                unquoted.append(byte)
                            }
                        }
                        // Anything between the closing quote and the next comma is kept, as a token would be.
                        let restStart = index
                        while index < count, bytes[index] != UInt8(ascii: ",") { index += 1 }
                        unquoted += bytes[restStart..<index]
                        argument = String(decoding: unquoted, as: UTF8.self).trimmingOWS()
                    } else {
                        let argumentStart = index
                        while index < count, bytes[index] != UInt8(ascii: ",") { index += 1 }
                        argument = text(argumentStart, index)
                    }
                }
                if !name.isEmpty { result.append((name, argument)) }
                index += 1  // past the comma
            }
            return result
        }
    }

    /// Parses delta-seconds: decimal digits only; too large → 2147483648; anything else → `nil`.
    static func deltaSeconds(_ text: String?) -> Int? {
        guard let text, !text.isEmpty else { return nil }
        var value = 0
        for byte in text.utf8 {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if value < maximumDeltaSeconds {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        return min(value, maximumDeltaSeconds)
    }
}
