import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.HTTPDate
import enum Courier.JSONValue

/// Chapter 7, performance: the compression echo (the book's Decomp.cgi) and endpoints for every HTTP cache
/// behaviour. Response compression itself is ``ResponseCompressionMiddleware``.
enum PerformanceRoutes {
    /// When `/cache/last-modified` was last modified (fixed, so validators are stable across restarts).
    static let lastModified = Date(timeIntervalSince1970: 1_700_000_000)

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.post("/echo/decompress") { request, _ -> Response in
            try await self.echoDecompressed(request, limit: state.configuration.bodyLimit)
        }

        router.get("/cache/max-age/{seconds}") { request, context -> Response in
            guard let seconds = context.parameters.get("seconds", as: Int.self), (0...31_536_000).contains(seconds)
            else {
                throw SampleError.badRequest("max-age is a number of seconds between 0 and 31536000")
            }
            return self.cacheResponse(
                "max-age", state: state, headers: [.cacheControl: "max-age=\(seconds)"],
                extra: [("maxAge", .number(Double(seconds)))])
        }
        router.get("/cache/etag/{tag}") { request, context -> Response in
            let tag = try context.parameters.require("tag")
            guard (1...64).contains(tag.count),
                tag.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
            else {
                throw SampleError.badRequest("the tag is 1 to 64 letters, digits, '-', '_' or '.'")
            }
            // Weak: the body carries a counter, so two representations are equivalent, not byte-identical.
            let etag = "W/\"\(tag)\""
            let headers: HTTPFields = [.eTag: etag, .cacheControl: "no-cache"]
            if let condition = request.headers[.ifNoneMatch], self.weakMatch(condition, tag: tag) {
                return self.notModified(state: state, headers: headers)
            }
            return self.cacheResponse("etag", state: state, headers: headers, extra: [("etag", .string(etag))])
        }
        router.get("/cache/last-modified") { request, _ -> Response in
            let lastModified = HTTPDate.format(self.lastModified)
            let headers: HTTPFields = [.lastModified: lastModified, .cacheControl: "no-cache"]
            if request.headers[.ifNoneMatch] == nil, let since = request.headers[.ifModifiedSince],
                let date = HTTPDate.parse(since), date >= self.lastModified
            {
                return self.notModified(state: state, headers: headers)
            }
            return self.cacheResponse(
                "last-modified", state: state, headers: headers, extra: [("lastModified", .string(lastModified))])
        }
        router.get("/cache/no-store") { _, _ -> Response in
            self.cacheResponse("no-store", state: state, headers: [.cacheControl: "no-store"], extra: [])
        }
        router.get("/cache/vary") { request, _ -> Response in
            let on = SampleHTTP.query(request, "on") ?? "Accept-Language"
            guard let name = HTTPField.Name(on) else {
                throw SampleError.badRequest("on names a request header field, not \"\(on)\"")
            }
            let value = request.headers[name]
            return self.cacheResponse(
                "vary", state: state, headers: [.vary: name.canonicalName, .cacheControl: "max-age=60"],
                extra: [("varyOn", .string(name.canonicalName)), ("value", value.map { .string($0) } ?? .null)])
        }
    }

    // MARK: Cache endpoints

    /// A JSON body naming the endpoint, a counter of every `/cache/…` response the server has produced
    /// (a cache hit shows an old number) and when it was served.
    static func cacheResponse(
        _ endpoint: String, state: SampleServerState, headers: HTTPFields, extra: [(String, JSONValue)]
    ) -> Response {
        let counter = self.nextCounter(state: state)
        var fields = headers
        fields[.init("X-Cache-Counter")!] = String(counter)
        return SampleHTTP.json(
            .object(
                [
                    ("endpoint", .string(endpoint)), ("counter", .number(Double(counter))),
                    ("servedAt", .string(HTTPDate.format(state.now()))),
                ] + extra),
            headers: fields)
    }

    static func notModified(state: SampleServerState, headers: HTTPFields) -> Response {
        var fields = headers
        fields[.init("X-Cache-Counter")!] = String(self.nextCounter(state: state))
        return Response(status: .notModified, headers: fields)
    }

    static func nextCounter(state: SampleServerState) -> Int {
        state.withStorage { storage in
            storage.cacheCounter += 1
            return storage.cacheCounter
        }
    }

    /// `If-None-Match` with weak comparison (RFC 9110 13.1.2): `*`, or any listed tag equal to `tag` with or
    /// without `W/`.
    static func weakMatch(_ condition: String, tag: String) -> Bool {
        if condition.trimmingCharacters(in: .whitespaces) == "*" { return true }
        return condition.split(separator: ",").contains { candidate in
            var value = candidate.trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("W/") { value.removeFirst(2) }
            return value == "\"\(tag)\""
        }
    }

    // MARK: Compression echo

    /// `POST /echo/decompress`: decodes a `gzip`, `deflate` or `identity` body as it arrives (413 past the
    /// body limit, decoded or not; 400 for malformed data; 415 for other codings) and answers
    /// `Body=<decoded text>` with the wire and decoded sizes in `X-Received-Bytes` and `X-Decoded-Bytes`.
    static func echoDecompressed(_ request: Request, limit: Int) async throws -> Response {
        let codings = request.headers[values: .contentEncoding].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }.filter { !$0.isEmpty && $0 != "identity" }
        let inflater: RequestBodyInflater?
        switch codings {
        case []: inflater = nil
        case ["gzip"], ["x-gzip"]: inflater = RequestBodyInflater(coding: .gzip, limit: limit)
        case ["deflate"]: inflater = RequestBodyInflater(coding: .deflate, limit: limit)
        default:
            throw SampleError(
                .unsupportedMediaType,
                "Content-Encoding \(codings.joined(separator: ", ")) is not supported; send gzip, deflate or identity",
                headers: [.acceptEncoding: "gzip, deflate, identity"])
        }
        var decoded = ByteBuffer()
        var received = 0
        do {
            for try await chunk in request.body {
                received += chunk.readableBytes
                guard received <= limit else { throw RequestBodyInflater.Failure.tooLarge(limit: limit) }
                if let inflater {
                    try inflater.inflate(chunk, into: &decoded)
                } else {
                    var chunk = chunk
                    decoded.writeBuffer(&chunk)
                }
            }
            try inflater?.finish()
        } catch RequestBodyInflater.Failure.malformed(let reason) {
            throw SampleError.badRequest("the \(codings.first ?? "") request body is malformed: \(reason)")
        } catch RequestBodyInflater.Failure.tooLarge(let limit) {
            throw SampleError(
                .contentTooLarge, "the request body is (or decodes to) more than \(limit) bytes",
                headers: [.connection: "close"])
        }
        var text = "Body="
        text += String(decoding: decoded.readableBytesView, as: UTF8.self)
        return SampleHTTP.text(
            text,
            headers: [
                .init("X-Received-Bytes")!: String(received), .init("X-Decoded-Bytes")!: String(decoded.readableBytes),
                .init("X-Request-Content-Encoding")!: codings.first ?? "identity",
            ])
    }
}
