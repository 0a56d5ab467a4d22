import CourierServicesServer
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import struct Courier.JSONObject
import enum Courier.JSONValue
import enum Courier.URLEncoding

/// An error an endpoint answers with: a status and a JSON body
/// `{"error":{"status":400,"message":"…"}}` (plus optional headers such as `Retry-After`).
struct SampleError: Error, HTTPResponseError {
    var status: HTTPResponse.Status
    var message: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ message: String, headers: HTTPFields = [:]) {
        self.status = status
        self.message = message
        self.headers = headers
    }

    static func badRequest(_ message: String) -> SampleError { SampleError(.badRequest, message) }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        var response = SampleHTTP.json(
            .object([
                ("error", .object([("status", .number(Double(self.status.code))), ("message", .string(self.message))]))
            ]),
            status: self.status)
        response.headers.append(contentsOf: self.headers)
        return response
    }
}

/// Turns every error an endpoint throws (Hummingbird's own 404/405 included) into a JSON error body, so
/// that no request ever gets an empty or HTML error and no error escapes as a crash.
struct JSONErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        do {
            return try await next(request, context)
        } catch let error as SampleError {
            return try error.response(from: request, context: context)
        } catch let error as ServiceHTTPError {
            // The chapter 2 middleware's refusals (401, 429 with Retry-After, 400), in the server's own shape.
            return try SampleError(error.status, error.message, headers: error.headers).response(
                from: request, context: context)
        } catch let error as HTTPError {
            let message = error.body ?? error.status.reasonPhrase
            return try SampleError(error.status, message, headers: error.headers).response(
                from: request, context: context)
        } catch let error as any HTTPResponseError {
            return try SampleError(error.status, error.status.reasonPhrase).response(from: request, context: context)
        } catch is CancellationError {
            throw CancellationError()
        } catch {
            return try SampleError(.internalServerError, "internal error: \(error)").response(
                from: request, context: context)
        }
    }
}

extension JSONValue {
    /// An object with its members in the order written (the books' answers list their fields in a
    /// deliberate order).
    static func object(_ members: [(String, JSONValue)]) -> JSONValue { .object(JSONObject(members)) }

    /// The value as compact JSON text. Every value the server builds is finite, so serializing cannot
    /// fail; a value that did fail would answer `null` rather than crash the server.
    var compactText: String { (try? self.serializedString(options: .fragmentsAllowed)) ?? "null" }
}

enum SampleHTTP {
    static func json(_ value: JSONValue, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]) -> Response {
        var fields = headers
        fields[.contentType] = "application/json; charset=utf-8"
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: value.compactText)))
    }

    static func encodable(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(value)
        return Response(
            status: status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func text(
        _ text: String, contentType: String = "text/plain; charset=utf-8", status: HTTPResponse.Status = .ok,
        headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: .init(byteBuffer: ByteBuffer(string: text)))
    }

    static func bytes(
        _ bytes: ByteBuffer, contentType: String, status: HTTPResponse.Status = .ok, headers: HTTPFields = [:]
    ) -> Response {
        var fields = headers
        fields[.contentType] = contentType
        return Response(status: status, headers: fields, body: .init(byteBuffer: bytes))
    }

    /// The request body, read whole up to `limit` bytes (413 beyond it).
    static func body(_ request: Request, limit: Int) async throws -> ByteBuffer {
        var buffer = ByteBuffer()
        for try await chunk in request.body {
            guard buffer.readableBytes + chunk.readableBytes <= limit else {
                throw SampleError(.contentTooLarge, "request body larger than \(limit) bytes")
            }
            var chunk = chunk
            buffer.writeBuffer(&chunk)
        }
        return buffer
    }

    static func bodyData(_ request: Request, limit: Int) async throws -> Data {
        let buffer = try await self.body(request, limit: limit)
        return Data(buffer.readableBytesView)
    }

    /// The fields of an `application/x-www-form-urlencoded` body (or of the query when the body is empty).
    static func form(_ request: Request, limit: Int) async throws -> [(String, String)] {
        let data = try await self.bodyData(request, limit: limit)
        guard let text = String(data: data, encoding: .utf8) else {
            throw SampleError.badRequest("the form body is not UTF-8")
        }
        return URLEncoding.parseQuery(text)
    }

    /// A JSON object body, decoded with JSONSerialization's rules; 400 with a reason otherwise.
    static func jsonObject(_ request: Request, limit: Int) async throws -> [String: Any] {
        let data = try await self.bodyData(request, limit: limit)
        guard !data.isEmpty else { throw SampleError.badRequest("a JSON object body is required") }
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else {
            throw SampleError.badRequest("the body is not a JSON object")
        }
        return object
    }

    static func decode<T: Decodable>(_ type: T.Type, from request: Request, limit: Int) async throws -> T {
        let data = try await self.bodyData(request, limit: limit)
        do {
            return try JSONDecoder().decode(T.self, from: data)
        } catch let DecodingError.keyNotFound(key, _) {
            throw SampleError.badRequest("missing field \"\(key.stringValue)\"")
        } catch let DecodingError.typeMismatch(_, context) {
            throw SampleError.badRequest(
                "wrong type at \(context.codingPath.map(\.stringValue).joined(separator: "."))")
        } catch {
            throw SampleError.badRequest("the body is not the expected JSON")
        }
    }

    /// The first value of the query parameter `name`, decoded.
    static func query(_ request: Request, _ name: String) -> String? {
        guard let query = request.uri.query else { return nil }
        return URLEncoding.parseQuery(query).first { $0.0 == name }?.1
    }

    static func queryItems(_ request: Request) -> [(String, String)] {
        guard let query = request.uri.query else { return [] }
        return URLEncoding.parseQuery(query)
    }

    static func requireQuery(_ request: Request, _ name: String) throws -> String {
        guard let value = self.query(request, name), !value.isEmpty else {
            throw SampleError.badRequest("missing query parameter \"\(name)\"")
        }
        return value
    }

    static func header(_ request: Request, _ name: String) -> String? {
        guard let fieldName = HTTPField.Name(name) else { return nil }
        return request.headers[fieldName]
    }
}
