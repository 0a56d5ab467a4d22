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
        Self.forEachDirective(in: value) { name, argument in
            func named(_ literal: StaticString) -> Bool { Self.equalsIgnoringCase(name, literal) }
            // Sorted by length first: most names are told apart without reading them.
            switch name.count {
            case 6: if named("public") { isPublic = true }
            case 7:
                if named("max-age") {
                    maxAge = first(maxAge, argument?.seconds ?? 0)
                } else if named("private") {
                    isPrivate = true
                }
            case 8:
                if named("no-store") {
                    noStore = true
                } else if named("no-cache") {
                    noCache = true
                } else if named("s-maxage") {
                    sharedMaxAge = first(sharedMaxAge, argument?.seconds ?? 0)
                }
            case 9:
                if named("immutable") {
                    immutable = true
                } else if named("max-stale") {
                    if let argument {
                        if let seconds = argument.seconds { maxStale = first(maxStale, seconds) }
                    } else {
                        maxStale = Int.max
                    }
                } else if named("min-fresh"), let seconds = argument?.seconds {
                    minFresh = first(minFresh, seconds)
                }
            case 12: if named("no-transform") { noTransform = true }
            case 14:
                if named("only-if-cached") {
                    onlyIfCached = true
                } else if named("stale-if-error"), let seconds = argument?.seconds {
                    staleIfError = first(staleIfError, seconds)
                }
            case 15: if named("must-revalidate") { mustRevalidate = true }
            case 16: if named("proxy-revalidate") { proxyRevalidate = true }
            case 22:
                if named("stale-while-revalidate"), let seconds = argument?.seconds {
                    staleWhileRevalidate = first(staleWhileRevalidate, seconds)
                }
            default: break
            }
        }
    }

    /// Of two occurrences of a directive, the first wins (RFC 9111 section 4.2.1).
    private func first(_ existing: Int?, _ new: Int) -> Int { existing ?? new }

    /// Whether `bytes` spell `literal` (lower-case ASCII) in any case.
    static func equalsIgnoringCase(_ bytes: UnsafeBufferPointer<UInt8>, _ literal: StaticString) -> Bool {
        guard bytes.count == literal.utf8CodeUnitCount else { return false }
        let expected = literal.utf8Start
        for index in 0..<bytes.count {
            var byte = bytes[index]
            if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") { byte += 0x20 }
            if byte != expected[index] { return false }
        }
        return true
    }

    /// A directive's argument, as it lies in the field value.
    enum Argument {
        /// A token (white space trimmed).
        case token(UnsafeBufferPointer<UInt8>)
        /// A quoted string, unquoted.
        case quoted([UInt8])

        /// The argument as delta-seconds (``CacheControl/deltaSeconds(_:)``).
        var seconds: Int? {
            switch self {
            case .token(let bytes): return CacheControl.deltaSeconds(digits: bytes)
            case .quoted(let bytes):
                return CacheControl.deltaSeconds(String(decoding: bytes, as: UTF8.self).trimmingOWS())
            }
        }
    }

    /// The directives of `a, b=1, c="x, y"`, in order: each name (white space trimmed, as it was written)
    /// and its argument (`nil` without `=`). Runs on every cache lookup, so it reads the UTF-8 bytes in place.
    static func forEachDirective(
        in value: String, _ body: (UnsafeBufferPointer<UInt8>, Argument?) -> Void
    ) {
        var value = value
        value.withUTF8 { bytes in
            var index = 0
            let count = bytes.count
            func isOWS(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }
            func trimmed(_ from: Int, _ to: Int) -> UnsafeBufferPointer<UInt8> {
                var from = from
                var to = to
                while from < to, isOWS(bytes[from]) { from += 1 }
                while to > from, isOWS(bytes[to - 1]) { to -= 1 }
                return UnsafeBufferPointer(rebasing: bytes[from..<to])
            }
            while index < count {
                // The name runs to `=` or `,`.
                let nameStart = index
                while index < count, bytes[index] != UInt8(ascii: "="), bytes[index] != UInt8(ascii: ",") {
                    index += 1
                }
                let name = trimmed(nameStart, index)
                var argument: Argument?
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
                        argument = .quoted(unquoted)
                    } else {
                        let argumentStart = index
                        while index < count, bytes[index] != UInt8(ascii: ",") { index += 1 }
                        argument = .token(trimmed(argumentStart, index))
                    }
                }
                if !name.isEmpty { body(name, argument) }
                index += 1  // past the comma
            }
        }
    }

    /// Parses delta-seconds: decimal digits only; too large → 2147483648; anything else → `nil`.
    static func deltaSeconds(_ text: String?) -> Int? {
        guard let text else { return nil }
        return deltaSeconds(digits: text.utf8)
    }

    /// ``deltaSeconds(_:)`` of bytes.
    static func deltaSeconds<Digits: Collection<UInt8>>(digits: Digits) -> Int? {
        guard !digits.isEmpty else { return nil }
        var value = 0
        for byte in digits {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            if value < maximumDeltaSeconds {
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
        }
        return min(value, maximumDeltaSeconds)
    }
}
