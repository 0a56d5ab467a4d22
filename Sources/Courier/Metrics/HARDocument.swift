import Foundation

/// The HAR 1.2 format (what browsers' developer tools export and import), as Codable values.
public struct HARDocument: Codable, Sendable {
    /// The document's only top-level member, as HAR requires: `{"log": {...}}`.
    public var log: Log

    /// The log: the format version, the tool that wrote it, pages and the recorded exchanges.
    public struct Log: Codable, Sendable {
        /// The HAR version the document follows; Courier writes `"1.2"`.
        public var version = "1.2"
        /// The application that wrote the log (Courier and its version, unless you replace it).
        public var creator = Creator(name: "Courier", version: CourierVersion.string)
        /// Pages that group entries, as browsers record them; Courier's recorder leaves this empty.
        public var pages: [Page] = []
        /// One entry per request and response exchanged on the wire, in the order they started (a redirect chain
        /// gives one entry per hop).
        public var entries: [Entry]
    }

    /// The name and version of the application that wrote a log.
    public struct Creator: Codable, Sendable {
        /// The application's name, for example `"Courier"`.
        public var name: String
        /// The application's version, for example `"1.0.0"`.
        public var version: String
    }

    /// A page of a browser session; entries refer to it by ``id``.
    public struct Page: Codable, Sendable {
        /// When the page started loading, as an ISO 8601 date with fractional seconds.
        public var startedDateTime: String
        /// The page's identifier, unique within the log.
        public var id: String
        /// The page's title.
        public var title: String
    }

    /// A name and a value: a header field, a cookie or a query item.
    public struct NameValue: Codable, Sendable, Hashable {
        /// The name as it was sent or received (header names keep their case).
        public var name: String
        /// The value; `"<redacted>"` for a secret header when the recorder redacts secrets.
        public var value: String
    }

    /// One request and its response (one transaction on the wire), with timings.
    public struct Entry: Codable, Sendable {
        /// When the exchange started (the fetch start), as an ISO 8601 date with fractional seconds.
        public var startedDateTime: String
        /// The exchange's total elapsed time in milliseconds, from the fetch start to the end of the response.
        public var time: Double
        /// The request as it was sent (after every interceptor changed it).
        public var request: HTTPRequestRecord
        /// The response as it was received; a status of 0 means no response arrived.
        public var response: HTTPResponseRecord
        /// Cache information; HAR 1.2 allows an empty object, which is what Courier writes.
        public var cache: Cache = Cache()
        /// How long each phase of the exchange took.
        public var timings: Timings
        /// A free-text note about the entry.
        public var comment: String?
        // Custom fields start with an underscore, as HAR allows.
        /// The error that ended the task, as `"code: message"` (for example `"timedOut: ..."`), or `nil` if it
        /// succeeded.
        public var _error: String?
        /// Where the response came from when not from the network (for example `"localCache"`); `nil` for a
        /// network load.
        public var _resourceFetchType: String?
    }

    /// The request half of an entry.
    public struct HTTPRequestRecord: Codable, Sendable {
        /// The method, for example `"GET"`.
        public var method: String
        /// The absolute URL; user and password are removed when the recorder redacts secrets.
        public var url: String
        /// The protocol version, `"HTTP/1.1"` or `"HTTP/2"`.
        public var httpVersion: String
        /// The cookies sent; Courier leaves this empty (they are in the `Cookie` header field).
        public var cookies: [NameValue] = []
        /// The header fields as sent, in order.
        public var headers: [NameValue]
        /// The URL's query items, decoded.
        public var queryString: [NameValue]
        /// The request body, when it was held in memory and not empty; `nil` for streamed bodies.
        public var postData: PostData?
        /// The number of bytes of the request head, or -1 when unknown.
        public var headersSize: Int64
        /// The number of bytes of the request body sent, or -1 when unknown.
        public var bodySize: Int64
    }

    /// A request body as HAR records it.
    public struct PostData: Codable, Sendable {
        /// The body's media type, from `Content-Type` (or `application/octet-stream` when none is known).
        public var mimeType: String
        /// The body: text as it was for a textual media type, base64 otherwise (see `_encoding`).
        public var text: String
        /// `"base64"` when ``text`` holds the body in base64, `nil` when it holds it as text.
        public var _encoding: String?
    }

    /// The response half of an entry.
    public struct HTTPResponseRecord: Codable, Sendable {
        /// The status code, or 0 when no response arrived.
        public var status: Int
        /// The reason phrase, for example `"Not Found"`.
        public var statusText: String
        /// The protocol version, `"HTTP/1.1"` or `"HTTP/2"`.
        public var httpVersion: String
        /// The cookies received; Courier leaves this empty (they are in the `Set-Cookie` header fields).
        public var cookies: [NameValue] = []
        /// The header fields as received, in order.
        public var headers: [NameValue]
        /// The response body and what it was.
        public var content: Content
        /// The `Location` field of a redirect, or the empty string.
        public var redirectURL: String
        /// The number of bytes of the response head, or -1 when unknown.
        public var headersSize: Int64
        /// The number of bytes of the response body received (as on the wire, before decoding), or -1 when unknown.
        public var bodySize: Int64
    }

    /// A response body as HAR records it.
    public struct Content: Codable, Sendable {
        /// The number of body bytes received.
        public var size: Int64
        /// The body's media type, from `Content-Type` (`"x-unknown"` when the response had none).
        public var mimeType: String
        /// The body, when the recorder captures bodies: text for a textual media type, base64 otherwise.
        public var text: String?
        /// `"base64"` when ``text`` holds the body in base64, `nil` when it holds it as text.
        public var encoding: String?
        /// A note about the content, for example that the captured body was truncated.
        public var comment: String?
    }

    /// Cache information about an entry; always empty in Courier's logs.
    public struct Cache: Codable, Sendable {}

    /// How long each phase of an exchange took, in milliseconds; -1 marks a phase that did not happen (a reused
    /// connection has no `dns`, `connect` or `ssl`).
    public struct Timings: Codable, Sendable {
        /// Time spent queued waiting for a connection; Courier does not measure it and writes -1.
        public var blocked: Double = -1
        /// Time spent resolving the host name, or -1.
        public var dns: Double = -1
        /// Time spent opening the connection, including ``ssl`` as HAR 1.2 says, or -1.
        public var connect: Double = -1
        /// Time spent on the TLS handshake, or -1.
        public var ssl: Double = -1
        /// Time spent sending the request.
        public var send: Double
        /// Time spent waiting for the first byte of the response.
        public var wait: Double
        /// Time spent receiving the response.
        public var receive: Double
    }
}
