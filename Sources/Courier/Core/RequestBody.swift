import Foundation
import NIOCore
import NIOFoundationCompat

/// The body of a request.
///
/// Every body can be produced again from the start, so Courier can re-send it after an
/// authentication challenge or a 307/308 redirect (what URLSession's `needNewBodyStream` asks for):
/// data is kept, files are reopened and streams are made anew by their closure.
///
/// ```swift
/// request.body = .json(Order(item: "pen", quantity: 2))
/// request.body = .form([("user", "ann"), ("note", "a&b=c")])
/// request.body = .file(URL(fileURLWithPath: "/tmp/big.iso"))
/// request.body = .stream(length: 1_000_000) { makeChunks() }
/// ```
public struct RequestBody: Sendable {
    /// A restartable stream of body bytes.
    public typealias Stream = any AsyncSequence<Data, any Error> & Sendable

    enum Storage: Sendable {
        case empty
        case data(Data)
        case file(URL)
        case stream(length: Int64?, makeStream: @Sendable () throws -> Stream)
        case json(any Encodable & Sendable)
    }

    let storage: Storage
    /// The `Content-Type` sent when the request has none of its own, or `nil` for none.
    public var contentType: String?

    init(storage: Storage, contentType: String?) {
        self.storage = storage
        self.contentType = contentType
    }

    /// No body.
    public static let empty = RequestBody(storage: .empty, contentType: nil)

    /// Bytes in memory; `Content-Type` defaults to `application/octet-stream`.
    public static func data(_ data: Data, contentType: String? = "application/octet-stream") -> RequestBody {
        RequestBody(storage: .data(data), contentType: contentType)
    }

    /// UTF-8 text; `Content-Type` defaults to `text/plain; charset=utf-8`.
    public static func text(_ text: String, contentType: String? = "text/plain; charset=utf-8") -> RequestBody {
        RequestBody(storage: .data(Data(text.utf8)), contentType: contentType)
    }

    /// The contents of a local file, streamed from disk and never read whole into memory.
    /// `Content-Type` defaults to a type guessed from the file extension.
    public static func file(_ url: URL, contentType: String? = nil) -> RequestBody {
        RequestBody(
            storage: .file(url), contentType: contentType ?? MIMEType.guess(forPathExtension: url.pathExtension))
    }

    /// A stream of chunks. `makeStream` is called again whenever the body must be sent anew.
    /// With an unknown `length` the body goes out chunked (HTTP/1.1) or as DATA frames (HTTP/2).
    public static func stream(
        length: Int64?,
        contentType: String? = "application/octet-stream",
        makeStream: @escaping @Sendable () throws -> Stream
    ) -> RequestBody {
        RequestBody(storage: .stream(length: length, makeStream: makeStream), contentType: contentType)
    }

    /// A value encoded as JSON with the session's ``SessionConfiguration/jsonEncoder`` when sent.
    public static func json(_ value: some Encodable & Sendable) -> RequestBody {
        RequestBody(storage: .json(value), contentType: "application/json")
    }

    /// Name/value pairs as `application/x-www-form-urlencoded`, in order, each escaped with
    /// ``URLEncoding/encodeComponent(_:)``.
    public static func form(_ fields: [(String, String)]) -> RequestBody {
        let encoded = URLEncoding.query(fields.map { ($0.0, Optional($0.1)) })
        return RequestBody(storage: .data(Data(encoded.utf8)), contentType: "application/x-www-form-urlencoded")
    }

    /// Whether there is no body at all.
    public var isEmpty: Bool {
        if case .empty = storage { return true }
        if case .data(let data) = storage { return data.isEmpty }
        return false
    }

    /// The length in bytes when it is known without reading the body.
    public var knownLength: Int64? {
        switch storage {
        case .empty: return 0
        case .data(let data): return Int64(data.count)
        case .file(let url):
            let attributes = try? FileManager.default.attributesOfItem(atPath: url.path)
            return (attributes?[.size] as? NSNumber)?.int64Value
        case .stream(let length, _): return length
        case .json: return nil
        }
    }

    /// The same bytes with their length left undeclared, so that HTTP/1.1 sends them with
    /// `Transfer-Encoding: chunked` (curl's and httpie's `--chunked`); HTTP/2 sends DATA frames either way.
    /// An empty body stays empty, and a ``json(_:)`` value, which the session encodes only when it sends it,
    /// keeps its length: encode it first (``data(_:contentType:)``) to send it chunked.
    public var withUndeclaredLength: RequestBody {
        switch storage {
        case .empty, .json:
            return self
        case .data(let data):
            if data.isEmpty { return self }
            return .stream(length: nil, contentType: contentType) {
                DataChunks(data: data, chunkSize: 64 * 1024).map { Data(buffer: $0) }
            }
        case .file(let url):
            return .stream(length: nil, contentType: contentType) {
                try FileChunks(url: url).map { Data(buffer: $0) }
            }
        case .stream(_, let makeStream):
            return .stream(length: nil, contentType: contentType, makeStream: makeStream)
        }
    }

    /// Whether the body is a value still to be encoded as JSON.
    var isJSON: Bool {
        if case .json = storage { return true }
        return false
    }

    /// Encodes a JSON body into data with the given encoder; other bodies are returned as they are.
    func resolvingJSON(with encoder: JSONEncoder) throws -> RequestBody {
        guard case .json(let value) = storage else { return self }
        do {
            return RequestBody(storage: .data(try encoder.encode(value)), contentType: contentType)
        } catch EncodingError.invalidValue(let invalid, let context) where Self.isNonFinite(invalid) {
            // JSONEncoder throws (never crashes) on NaN and infinity with its default strategy; say so plainly.
            let path =
                (["$"] + context.codingPath.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" })
                .joined()
            throw CourierError(
                .cannotDecodeRawData,
                kind: .payload,
                outcome: .notSent,
                message:
                    "the JSON request body contains \(invalid) at \(path), which JSON cannot represent; send null or a "
                    + "string, or set a nonConformingFloatEncodingStrategy on the session's jsonEncoder",
                underlyingError: JSONError(.nonFiniteNumber, message: "\(invalid) at \(path)")
            )
        } catch {
            throw CourierError(
                .cannotDecodeRawData,
                kind: .payload,
                outcome: .notSent,
                message: "could not encode the JSON request body: \(error)",
                underlyingError: error
            )
        }
    }

    private static func isNonFinite(_ value: Any) -> Bool {
        if let double = value as? Double { return !double.isFinite }
        if let float = value as? Float { return !float.isFinite }
        return false
    }

    /// A ``JSONValue`` written now (compact, in insertion order unless `options` say otherwise), with
    /// `Content-Type: application/json`.
    /// - Throws: ``JSONError`` when the value cannot be JSON: NaN or infinity anywhere, or a top-level
    ///   fragment without `.fragmentsAllowed`.
    public static func json(_ value: JSONValue, options: JSONValue.WritingOptions) throws -> RequestBody {
        RequestBody(storage: .data(try value.serialized(options: options)), contentType: "application/json")
    }

    /// The bytes in memory, when the body is held in memory.
    public var inMemoryData: Data? {
        switch storage {
        case .empty: return Data()
        case .data(let data): return data
        default: return nil
        }
    }
}
