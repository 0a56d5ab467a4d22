import Foundation

/// Standard base64 (RFC 4648 §4) with optional line wrapping and strict decoding.
///
/// Decoding is strict so that a tampered or truncated value fails here rather than decoding to
/// something else: only the base64 alphabet, a length that is a multiple of four, at most two `=`
/// and only at the end, and zero bits where padding drops them. Line breaks (CR, LF) are skipped
/// when `ignoringLineBreaks` is true, so wrapped output decodes again.
///
/// ```swift
/// Base64.encode(Data("test string".utf8))                 // "dGVzdCBzdHJpbmc="
/// Base64.encode(certificate, lineLength: 64)              // PEM-style lines joined by "\r\n"
/// let bytes = try Base64.decode("dGVzdCBzdHJpbmc=")
/// ```
public enum Base64 {
    /// Encodes bytes as base64 with `=` padding.
    ///
    /// - Parameters:
    ///   - bytes: The bytes to encode.
    ///   - lineLength: When set, a line break is inserted after every `lineLength` characters
    ///     (the book's `base64EncodingWithLineLength:`). Values below 1 mean no wrapping.
    ///   - lineSeparator: The line break to insert; `"\r\n"` as in MIME by default.
    public static func encode(
        _ bytes: some DataProtocol,
        lineLength: Int? = nil,
        lineSeparator: String = "\r\n"
    ) -> String {
        let encoded = Data(bytes).base64EncodedString()
        guard let lineLength, lineLength > 0, encoded.utf8.count > lineLength else {
            return encoded
        }
        var output = ""
        output.reserveCapacity(encoded.utf8.count + (encoded.utf8.count / lineLength) * lineSeparator.utf8.count)
        var lineStart = encoded.startIndex
        while lineStart < encoded.endIndex {
            let lineEnd =
                encoded.index(lineStart, offsetBy: lineLength, limitedBy: encoded.endIndex) ?? encoded.endIndex
            if lineStart != encoded.startIndex {
                output += lineSeparator
            }
            output += encoded[lineStart..<lineEnd]
            lineStart = lineEnd
        }
        return output
    }

    /// Encodes the UTF-8 bytes of a string.
    public static func encode(_ string: String, lineLength: Int? = nil, lineSeparator: String = "\r\n") -> String {
        encode(Data(string.utf8), lineLength: lineLength, lineSeparator: lineSeparator)
    }

    /// Decodes base64 text.
    ///
    /// - Parameters:
    ///   - text: The base64 text.
    ///   - ignoringLineBreaks: Skip `\r` and `\n` anywhere in the text (default `true`).
    /// - Throws: ``SecurityError/Code/invalidEncoding`` for any character outside the alphabet,
    ///   a wrong length, misplaced or excess padding, or non-zero padding bits.
    public static func decode(_ text: some StringProtocol, ignoringLineBreaks: Bool = true) throws -> Data {
        var characters = Array(text.utf8)
        if ignoringLineBreaks {
            characters.removeAll { $0 == UInt8(ascii: "\r") || $0 == UInt8(ascii: "\n") }
        }
        try Base64Alphabet.standard.validate(characters, requirePadding: true)
        guard let data = Data(base64Encoded: Data(characters)) else {
            throw SecurityError(.invalidEncoding, "the text is not valid base64")
        }
        return data
    }
}

/// The strict structural check shared by ``Base64`` and ``Base64URL``.
struct Base64Alphabet: Sendable {
    let name: String
    let plus: UInt8
    let slash: UInt8

    static let standard = Base64Alphabet(name: "base64", plus: UInt8(ascii: "+"), slash: UInt8(ascii: "/"))
    static let url = Base64Alphabet(name: "base64url", plus: UInt8(ascii: "-"), slash: UInt8(ascii: "_"))

    /// The 6-bit value of a character, or nil if it is not in this alphabet.
    func value(of character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case plus: 62
        case slash: 63
        default: nil
        }
    }

    /// Checks alphabet, length and padding. With `requirePadding` false, `=` is refused entirely
    /// and the length may be 2 or 3 modulo 4.
    func validate(_ characters: [UInt8], requirePadding: Bool) throws {
        let equals = UInt8(ascii: "=")
        var dataCount = characters.count
        if requirePadding {
            guard characters.count.isMultiple(of: 4) else {
                throw SecurityError(
                    .invalidEncoding,
                    "\(name) text must be a multiple of 4 characters long, got \(characters.count)"
                )
            }
            while dataCount > 0, characters[dataCount - 1] == equals, characters.count - dataCount < 2 {
                dataCount -= 1
            }
        } else {
            guard characters.count % 4 != 1 else {
                throw SecurityError(.invalidEncoding, "\(name) text has an impossible length \(characters.count)")
            }
        }
        for (offset, character) in characters[..<dataCount].enumerated() where value(of: character) == nil {
            throw SecurityError(.invalidEncoding, "\(name) text has an invalid character at offset \(offset)")
        }
        // Bits that the final character carries beyond the encoded bytes must be zero (RFC 4648 §3.5).
        let remainder = dataCount % 4
        if remainder != 0, let last = value(of: characters[dataCount - 1]) {
            let unusedBitMask: UInt8 = remainder == 2 ? 0x0f : 0x03
            guard last & unusedBitMask == 0 else {
                throw SecurityError(.invalidEncoding, "\(name) text is not canonical: padding bits are set")
            }
        }
    }
}
