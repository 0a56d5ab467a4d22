import CourierSecurity
import Foundation

/// Passes data in a URL the way the book recommends: serialize, then base64url (RFC 4648 §5, no
/// padding, no line breaks), which only uses characters that need no escaping in a path segment or
/// query value. Decoding reverses it and checks the size first, so an oversized URL costs no
/// decoding work.
///
/// Plain base64 is refused with its own error: its `+` reads as a space in a query and its `/`
/// splits path segments (the book's `employee/5/` that opened employee 5).
///
/// ```swift
/// struct Note: Codable { var employee: Int; var text: String }
/// let payload = LinkPayload(maximumSize: 64 * 1024)
/// let segment = try payload.encode(Note(employee: 1, text: "hello"))
/// let url = "acme-records://note/\(segment)"
/// let note = try payload.decode(Note.self, from: segment)
/// ```
public struct LinkPayload: Sendable, Hashable {
    /// The default largest payload: 256 KiB of serialized bytes (about 342 KiB of URL text). Long URLs
    /// are slow to open, and a limit keeps a hostile URL from costing unbounded memory.
    public static let defaultMaximumSize = 256 * 1024

    /// The serialization of `Codable` values.
    public var format: PayloadFormat
    /// The largest payload accepted or produced, in serialized bytes (before base64url).
    public var maximumSize: Int

    /// Creates a payload codec.
    public init(format: PayloadFormat = .json, maximumSize: Int = LinkPayload.defaultMaximumSize) {
        self.format = format
        self.maximumSize = max(0, maximumSize)
    }

    /// The longest base64url text that can hold ``maximumSize`` bytes.
    public var maximumEncodedLength: Int {
        (maximumSize * 4 + 2) / 3
    }

    /// Serializes a value and encodes it as base64url.
    ///
    /// - Throws: ``LinkError/Code/encodingFailed`` when the value cannot be serialized,
    ///   ``LinkError/Code/payloadTooLarge`` when the serialized bytes exceed ``maximumSize``.
    public func encode<Value: Encodable>(_ value: Value) throws(LinkError) -> String {
        let bytes: Data
        do {
            switch format {
            case .json:
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys]
                bytes = try encoder.encode(value)
            case .propertyList:
                let encoder = PropertyListEncoder()
                encoder.outputFormat = .binary
                bytes = try encoder.encode(value)
            }
        } catch {
            throw LinkError(.encodingFailed, "the value cannot be encoded as \(format.rawValue): \(error)")
        }
        return try encode(data: bytes)
    }

    /// Encodes bytes as base64url.
    ///
    /// - Throws: ``LinkError/Code/payloadTooLarge`` when there are more than ``maximumSize`` bytes.
    public func encode(data: some DataProtocol) throws(LinkError) -> String {
        guard data.count <= maximumSize else {
            throw LinkError(
                .payloadTooLarge,
                "the payload is \(data.count) bytes; at most \(maximumSize) fit in a link (pass large data another way)"
            )
        }
        return Base64URL.encode(data)
    }

    /// A query item carrying a value: `name=<base64url>`, with the name percent-encoded. The value
    /// needs no escaping, since base64url uses only unreserved characters.
    ///
    /// - Throws: As ``encode(_:)``.
    public func queryItem<Value: Encodable>(_ name: String, _ value: Value) throws(LinkError) -> String {
        PercentEncoding.encode(name) + "=" + (try encode(value))
    }

    /// Decodes base64url text and deserializes the value.
    ///
    /// - Throws: The errors of ``decodeData(_:)``, and ``LinkError/Code/malformedPayload`` when the
    ///   bytes are not a `Value` in ``format``.
    public func decode<Value: Decodable>(_ type: Value.Type, from text: some StringProtocol) throws(LinkError) -> Value
    {
        let bytes = try decodeData(text)
        do {
            switch format {
            case .json:
                return try JSONDecoder().decode(type, from: bytes)
            case .propertyList:
                return try PropertyListDecoder().decode(type, from: bytes)
            }
        } catch {
            throw LinkError(
                .malformedPayload, "the payload is not a \(Value.self) in \(format.rawValue) form: \(error)")
        }
    }

    /// Decodes base64url text (already percent-decoded, as ``LinkURL`` gives it) to bytes.
    ///
    /// - Throws: ``LinkError/Code/payloadTooLarge`` when the text is longer than ``maximumSize``
    ///   bytes can need (checked before decoding), ``LinkError/Code/plainBase64Refused`` for `+`,
    ///   `/` or `=`, ``LinkError/Code/malformedPayload`` for anything else that is not canonical
    ///   base64url (other characters, line breaks, an impossible length, stray padding bits).
    public func decodeData(_ text: some StringProtocol) throws(LinkError) -> Data {
        let length = text.utf8.count
        guard length <= maximumEncodedLength else {
            throw LinkError(
                .payloadTooLarge,
                "the payload is \(length) characters of base64url; at most \(maximumEncodedLength) (\(maximumSize) bytes) are accepted"
            )
        }
        if let offset = text.utf8.firstIndex(where: {
            $0 == UInt8(ascii: "+") || $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "=")
        }) {
            let character = Character(Unicode.Scalar(text.utf8[offset]))
            throw LinkError(
                .plainBase64Refused,
                "the payload has '\(character)' at offset \(text.utf8.distance(from: text.utf8.startIndex, to: offset)), so it is plain base64; links carry base64url (RFC 4648 §5: '-' and '_', no '=' padding)"
            )
        }
        let bytes: Data
        do {
            bytes = try Base64URL.decode(text)
        } catch {
            let reason = (error as? SecurityError)?.message ?? "\(error)"
            throw LinkError(.malformedPayload, "the payload is not valid base64url: \(reason)")
        }
        guard bytes.count <= maximumSize else {
            throw LinkError(
                .payloadTooLarge, "the payload is \(bytes.count) bytes; at most \(maximumSize) are accepted")
        }
        return bytes
    }
}
