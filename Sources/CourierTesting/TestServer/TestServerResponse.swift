import Foundation
import HTTPTypes

extension TestServer {
    /// What the test server sends back for one request: a well-formed response, or on purpose a broken one.
    ///
    /// Well-formed responses get `Content-Length` automatically for bodies of known size (unless the handler
    /// set one) and `Transfer-Encoding: chunked` for streamed bodies on HTTP/1.1; on HTTP/2 streamed bodies
    /// go out as DATA frames.
    ///
    /// ```swift
    /// let server = try await TestServer.start { request in
    ///     switch request.path {
    ///     case "/hello": .text("hello")
    ///     case "/broken": .raw(Data("NOT HTTP\r\n\r\n".utf8))
    ///     default: Response(status: 404)
    ///     }
    /// }
    /// ```
    ///
    /// The misbehaviour factories (``raw(_:thenClose:)``, ``truncatedBody(declaredLength:sending:status:headers:)``,
    /// ``closeConnection``, ``hang``, ``slowBody(chunks:delay:status:headers:)`` and
    /// ``headThenHang(status:headers:)``) exist to test a client's failure handling; they are described for
    /// HTTP/1.1, and on HTTP/2 each affects only its stream, as documented on each.
    public struct Response: Sendable {
        /// The status code, for example `200`.
        public var status: Int
        /// The header fields to send; the server adds framing fields (`Content-Length`, `Transfer-Encoding`,
        /// `Connection`) only where these do not already say.
        public var headers: HTTPFields
        /// The body to send.
        public var body: Body
        var misbehavior: Misbehavior?

        /// How a response body is produced.
        public enum Body: Sendable {
            /// No body; `Content-Length: 0` where the status allows a body.
            case empty
            /// A body of known size.
            case data(Data)
            /// A body produced while the response is being sent; each element is written when the connection
            /// can take it (backpressure), as one chunk on HTTP/1.1 or one DATA frame on HTTP/2.
            case stream(AsyncStream<Data>)
            /// A fixed list of chunks; the head goes out at once and each chunk follows after `delay`.
            case chunks([Data], delay: Duration)
        }

        /// Creates a response from its parts.
        public init(status: Int = 200, headers: HTTPFields = [:], body: Body = .empty) {
            self.status = status
            self.headers = headers
            self.body = body
            self.misbehavior = nil
        }

        /// Creates a response with headers given as name/value pairs, in order.
        ///
        /// Pairs whose name is not a valid HTTP token are skipped; use ``raw(_:thenClose:)`` to send such bytes.
        public init(status: Int = 200, headers: [(String, String)], body: Body = .empty) {
            self.init(status: status, headers: HTTPFields(pairs: headers), body: body)
        }

        // MARK: Well-formed responses

        /// An empty `200 OK`.
        public static var empty: Response { Response() }

        /// A response with a body of known size.
        public static func data(_ data: Data, status: Int = 200, headers: HTTPFields = [:]) -> Response {
            Response(status: status, headers: headers, body: .data(data))
        }

        /// A `text/plain; charset=utf-8` response, unless `headers` names another content type.
        public static func text(_ text: String, status: Int = 200, headers: HTTPFields = [:]) -> Response {
            Response(
                status: status,
                headers: headers.settingIfAbsent(.contentType, "text/plain; charset=utf-8"),
                body: .data(Data(text.utf8))
            )
        }

        /// An `application/json` response whose body is `json`, sent as is.
        public static func json(_ json: Data, status: Int = 200, headers: HTTPFields = [:]) -> Response {
            Response(
                status: status,
                headers: headers.settingIfAbsent(.contentType, "application/json"),
                body: .data(json)
            )
        }

        /// An `application/json` response with `value` encoded by `encoder`.
        ///
        /// - Throws: Whatever `encoder` throws for `value`.
        public static func json<Value: Encodable>(
            _ value: Value,
            status: Int = 200,
            headers: HTTPFields = [:],
            encoder: JSONEncoder = JSONEncoder()
        ) throws -> Response {
            .json(try encoder.encode(value), status: status, headers: headers)
        }

        /// A streamed response: `Transfer-Encoding: chunked` on HTTP/1.1 (unless `headers` has a
        /// `Content-Length`), DATA frames on HTTP/2. The stream is read only as fast as the client reads.
        public static func stream(_ stream: AsyncStream<Data>, status: Int = 200, headers: HTTPFields = [:]) -> Response
        {
            Response(status: status, headers: headers, body: .stream(stream))
        }

        /// A chunked response whose chunks are sent `delay` apart (the first one `delay` after the head).
        public static func chunks(
            _ chunks: [Data],
            delay: Duration = .zero,
            status: Int = 200,
            headers: HTTPFields = [:]
        ) -> Response {
            Response(status: status, headers: headers, body: .chunks(chunks, delay: delay))
        }

        // MARK: Misbehaviour

        /// Writes `bytes` instead of a formatted response (a garbage status line, a bad header, …), then closes
        /// the connection when `thenClose` is true or reads the next request when it is false.
        ///
        /// On HTTP/2, where no raw bytes can be sent inside a stream, the stream is reset instead.
        public static func raw(_ bytes: Data, thenClose: Bool = true) -> Response {
            Response(misbehavior: .raw(bytes, thenClose: thenClose))
        }

        /// Sends a head with `Content-Length: declaredLength`, then only `sending` (which should be shorter),
        /// then closes the connection (on HTTP/2: resets the stream without ending it).
        public static func truncatedBody(
            declaredLength: Int,
            sending: Data,
            status: Int = 200,
            headers: HTTPFields = [:]
        ) -> Response {
            var response = Response(
                misbehavior: .truncatedBody(declaredLength: declaredLength, sending: sending),
                status: status,
                headers: headers
            )
            response.headers[.contentLength] = String(declaredLength)
            return response
        }

        /// Closes the connection without answering (on HTTP/2 too: the whole connection).
        public static var closeConnection: Response { Response(misbehavior: .closeConnection) }

        /// Never answers and never closes the connection; only the client giving up, or
        /// ``TestServer/shutdown()``, ends it. On HTTP/2 only the stream hangs.
        public static var hang: Response { Response(misbehavior: .hang) }

        /// A response with a correct `Content-Length` whose body trickles in: the head goes out at once and
        /// each chunk follows after `delay`. Lets a test tell an idle (read) timeout from a total deadline.
        public static func slowBody(
            chunks: [Data],
            delay: Duration,
            status: Int = 200,
            headers: HTTPFields = [:]
        ) -> Response {
            let length = chunks.reduce(0) { $0 + $1.count }
            return Response(
                status: status,
                headers: headers.settingIfAbsent(.contentLength, String(length)),
                body: .chunks(chunks, delay: delay)
            )
        }

        /// Sends the head (with `Transfer-Encoding: chunked` unless `headers` has a `Content-Length`), then
        /// stalls forever without a byte of body. On HTTP/2 the HEADERS frame is sent and the stream stalls.
        public static func headThenHang(status: Int = 200, headers: HTTPFields = [:]) -> Response {
            Response(misbehavior: .headThenHang, status: status, headers: headers)
        }

        private init(misbehavior: Misbehavior, status: Int = 200, headers: HTTPFields = [:]) {
            self.status = status
            self.headers = headers
            self.body = .empty
            self.misbehavior = misbehavior
        }
    }
}

/// The ways a response can break the protocol on purpose.
enum Misbehavior: Sendable {
    case raw(Data, thenClose: Bool)
    case truncatedBody(declaredLength: Int, sending: Data)
    case closeConnection
    case hang
    case headThenHang
}

extension HTTPFields {
    /// Builds fields from ordered pairs, skipping names that are not valid tokens.
    fileprivate init(pairs: [(String, String)]) {
        self.init()
        for (name, value) in pairs {
            if let fieldName = HTTPField.Name(name) {
                self.append(HTTPField(name: fieldName, value: value))
            }
        }
    }

    fileprivate func settingIfAbsent(_ name: HTTPField.Name, _ value: String) -> HTTPFields {
        var fields = self
        if fields[name] == nil {
            fields[name] = value
        }
        return fields
    }
}
