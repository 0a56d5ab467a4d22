import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The error every middleware of this module answers with: a status, a message a caller can act on, and
/// headers such as `Retry-After`. The body is JSON: `{"error":{"message":"unknown API key","status":401}}`.
///
/// An application that renders errors its own way catches it in its error middleware and reads
/// ``status``, ``message`` and ``headers``.
public struct ServiceHTTPError: HTTPResponseError, Sendable, CustomStringConvertible {
    /// The response status.
    public var status: HTTPResponse.Status
    /// What went wrong.
    public var message: String
    /// Extra response headers (`Retry-After` on 429).
    public var headers: HTTPFields

    /// Creates an error.
    public init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    /// "401 Unauthorized: unknown API key".
    public var description: String { "\(self.status.code) \(self.status.reasonPhrase): \(self.message)" }

    private struct Body: Encodable {
        struct Detail: Encodable {
            var status: Int
            var message: String
        }
        var error: Detail
    }

    /// The JSON response: the status, ``headers`` and the `{"error":{…}}` body.
    public func response(from request: Request, context: some RequestContext) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Body(error: .init(status: self.status.code, message: self.message)))
        var fields = self.headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: self.status, headers: fields, body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
