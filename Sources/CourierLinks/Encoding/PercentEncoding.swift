import CourierSecurity

/// Percent-encoding that is safe for data (RFC 3986 §2.1, §2.3).
///
/// Only the unreserved characters (`A`–`Z`, `a`–`z`, `0`–`9`, `-`, `.`, `_`, `~`) are left as
/// they are; every other byte of the UTF-8 text becomes `%XX` with upper-case hex. In particular
/// `+` and `/` are always escaped: the book's warning is that an encoder which only escapes
/// characters that are *illegal* in a URL leaves them alone, so a value that happens to start with
/// `employee/5/` opens employee 5 instead of passing data, and a `+` in a query reads as a space.
///
/// Decoding is strict: a `%` must be followed by two hex digits, and the result must be UTF-8 when
/// text is asked for.
///
/// ```swift
/// PercentEncoding.encode("a+b/c d")          // "a%2Bb%2Fc%20d"
/// try PercentEncoding.decode("a%2Bb%2Fc%20d") // "a+b/c d"
/// ```
public enum PercentEncoding {
    /// Escapes every byte of the UTF-8 text except the RFC 3986 unreserved characters.
    public static func encode(_ text: String) -> String {
        encode(bytes: Array(text.utf8))
    }

    /// Escapes every byte except the RFC 3986 unreserved characters.
    public static func encode(bytes: some Sequence<UInt8>) -> String {
        PercentCoding.encode(bytes, keeping: isUnreserved)
    }

    /// Reverses ``encode(_:)``: `%XX` escapes become bytes, which must form UTF-8 text.
    ///
    /// - Parameters:
    ///   - text: Percent-encoded text.
    ///   - plusIsSpace: Read a literal `+` as a space, as HTML form encoding does in query strings.
    /// - Throws: ``LinkError/Code/invalidPercentEncoding`` for a `%` not followed by two hex digits or
    ///   bytes that are not UTF-8.
    public static func decode(_ text: some StringProtocol, plusIsSpace: Bool = false) throws(LinkError) -> String {
        let bytes = try decodeBytes(text, plusIsSpace: plusIsSpace)
        guard let decoded = String(validating: bytes, as: UTF8.self) else {
            throw LinkError(
                .invalidPercentEncoding,
                "percent-encoded text \"\(URLScheme.printable(text))\" does not decode to UTF-8")
        }
        return decoded
    }

    /// Reverses ``encode(bytes:)``: `%XX` escapes become bytes.
    ///
    /// - Throws: ``LinkError/Code/invalidPercentEncoding`` for a `%` not followed by two hex digits.
    public static func decodeBytes(_ text: some StringProtocol, plusIsSpace: Bool = false) throws(LinkError) -> [UInt8]
    {
        do {
            return try PercentCoding.decode(Array(text.utf8), plusAsSpace: plusIsSpace)
        } catch {
            throw LinkError(
                .invalidPercentEncoding,
                "\"%\" at offset \(error.offset) of \"\(URLScheme.printable(text))\" is not followed by two hex digits")
        }
    }

    /// Whether a byte is one of RFC 3986's unreserved characters.
    public static func isUnreserved(_ byte: UInt8) -> Bool {
        URLScheme.isLetter(byte) || URLScheme.isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ".")
            || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
    }
}
