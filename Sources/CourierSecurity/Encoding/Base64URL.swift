import Foundation

/// URL- and filename-safe base64 (RFC 4648 §5) without padding, as used in URLs and JWTs.
///
/// ```swift
/// let token = Base64URL.encode(Data([0xfb, 0xff]))   // "-_8"
/// let bytes = try Base64URL.decode(token)
/// ```
public enum Base64URL {
    /// Encodes bytes with the `-` and `_` alphabet and no `=` padding.
    public static func encode(_ bytes: some DataProtocol) -> String {
        var encoded = Array(Data(bytes).base64EncodedString().utf8)
        while encoded.last == UInt8(ascii: "=") {
            encoded.removeLast()
        }
        for index in encoded.indices {
            switch encoded[index] {
            case UInt8(ascii: "+"): encoded[index] = UInt8(ascii: "-")
            case UInt8(ascii: "/"): encoded[index] = UInt8(ascii: "_")
            default: break
            }
        }
        return String(decoding: encoded, as: UTF8.self)
    }

    /// Decodes unpadded base64url text.
    ///
    /// - Throws: ``SecurityError/Code/invalidEncoding`` for characters outside the URL-safe
    ///   alphabet (including `+`, `/` and `=`), an impossible length, or non-zero padding bits.
    public static func decode(_ text: some StringProtocol) throws -> Data {
        var characters = Array(text.utf8)
        try Base64Alphabet.url.validate(characters, requirePadding: false)
        for index in characters.indices {
            switch characters[index] {
            case UInt8(ascii: "-"): characters[index] = UInt8(ascii: "+")
            case UInt8(ascii: "_"): characters[index] = UInt8(ascii: "/")
            default: break
            }
        }
        while !characters.count.isMultiple(of: 4) {
            characters.append(UInt8(ascii: "="))
        }
        guard let data = Data(base64Encoded: Data(characters)) else {
            throw SecurityError(.invalidEncoding, "the text is not valid base64url")
        }
        return data
    }
}
