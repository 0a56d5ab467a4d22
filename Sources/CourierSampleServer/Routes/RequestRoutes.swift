import CourierPayloads
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

import enum Courier.HTTPDate
import enum Courier.JSONValue
import enum Courier.URLEncoding

/// Chapter 3: the video feed and its media files (ETag, Last-Modified, ranges), cookies, header echo,
/// status codes, redirects, slow and broken responses.
enum RequestRoutes {
    /// The videos of the feed: file name and title.
    static let videos: [(name: String, title: String)] = [
        ("intro", "Introducing Courier"), ("requests", "Requests and Responses"),
        ("cookies", "Cookies and Sessions"), ("downloads", "Resumable Downloads"), ("push", "Push Notifications"),
    ]

    /// When every media file was last modified (fixed, so validators are stable across restarts).
    static let mediaLastModified = Date(timeIntervalSince1970: 1_337_270_400)

    /// The largest `/media` file a `?size=` may ask for (4 GiB).
    static let maximumMediaSize = 4 << 30

    static func register(on router: Router<SampleRoutes.Context>, state: SampleServerState) {
        router.get("/feeds/videos.rss") { _, _ -> Response in
            SampleHTTP.text(try self.videoFeed(base: state.baseURL), contentType: "application/rss+xml; charset=utf-8")
        }
        router.get("/media/{file}") { request, context -> Response in
            try self.media(request, file: context.parameters.require("file"), state: state, includeBody: true)
        }
        router.head("/media/{file}") { request, context -> Response in
            try self.media(request, file: context.parameters.require("file"), state: state, includeBody: false)
        }

        router.get("/cookies") { request, _ -> Response in
            SampleHTTP.json(.object([("cookies", .object(self.requestCookies(request).map { ($0.0, .string($0.1)) }))]))
        }
        router.get("/cookies/set") { request, _ -> Response in
            try self.setCookies(request)
        }
        router.get("/cookies/delete") { request, _ -> Response in
            let names = SampleHTTP.queryItems(request).map(\.0)
            guard !names.isEmpty else {
                throw SampleError.badRequest("name the cookies to delete: /cookies/delete?name")
            }
            var headers = HTTPFields()
            for name in names {
                headers.append(
                    HTTPField(
                        name: .setCookie, value: "\(name)=; Path=/; Max-Age=0; Expires=Thu, 01 Jan 1970 00:00:00 GMT"))
            }
            return SampleHTTP.json(.object([("deleted", .array(names.map { .string($0) }))]), headers: headers)
        }

        router.get("/headers") { request, _ -> Response in
            SampleHTTP.json(.object([("headers", self.headersJSON(request.headers))]))
        }
        for method in [HTTPRequest.Method.get, .post, .put, .patch, .delete] {
            router.on("/anything", method: method) { request, _ -> Response in
                try await self.echo(request, state: state)
            }
        }
        router.get("/status/{code}") { _, context -> Response in
            guard let code = context.parameters.get("code", as: Int.self), (200...599).contains(code) else {
                throw SampleError.badRequest("a status code between 200 and 599")
            }
            let status = HTTPResponse.Status(code: code)
            if code == 204 || code == 304 { return Response(status: status) }
            var headers = HTTPFields()
            if code == 401 { headers[.wwwAuthenticate] = "Basic realm=\"Courier Sample\"" }
            if (300...399).contains(code) { headers[.location] = "/anything" }
            return SampleHTTP.json(
                .object([("status", .number(Double(code))), ("reason", .string(status.reasonPhrase))]), status: status,
                headers: headers)
        }
        router.get("/redirect/{n}") { _, context -> Response in
            guard let count = context.parameters.get("n", as: Int.self), (1...50).contains(count) else {
                throw SampleError.badRequest("the redirect count is between 1 and 50")
            }
            let location = count == 1 ? "/anything" : "/redirect/\(count - 1)"
            return Response(status: .found, headers: [.location: location, .contentLength: "0"])
        }
        router.get("/redirect-to") { request, _ -> Response in
            let url = try SampleHTTP.requireQuery(request, "url")
            let code = SampleHTTP.query(request, "status").flatMap { Int($0) } ?? 302
            guard (300...399).contains(code) else { throw SampleError.badRequest("status is a 3xx code") }
            return Response(status: HTTPResponse.Status(code: code), headers: [.location: url, .contentLength: "0"])
        }
        router.get("/delay/{seconds}") { _, context -> Response in
            guard let seconds = context.parameters.get("seconds", as: Double.self), (0...30).contains(seconds) else {
                throw SampleError.badRequest("the delay is between 0 and 30 seconds")
            }
            try await Task.sleep(for: .seconds(seconds))
            return SampleHTTP.json(.object([("delayed", .number(seconds))]))
        }
        router.get("/drip") { request, _ -> Response in
            try self.drip(request)
        }
        router.get("/close-mid-body") { request, _ -> Response in
            let size = SampleHTTP.query(request, "bytes").flatMap { Int($0) } ?? 64 * 1024
            guard (2...(64 << 20)).contains(size) else { throw SampleError.badRequest("bytes is between 2 and 64 MiB") }
            let body = ResponseBody(contentLength: size) { writer in
                try await writer.write(ByteBuffer(repeating: UInt8(ascii: "x"), count: size / 2))
                throw ConnectionDropped()
            }
            return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
        }
    }

    struct ConnectionDropped: Error {}

    // MARK: Feed and media

    static func videoFeed(base: URL) throws -> String {
        var writer = XMLWriter(indentation: "  ")
        try writer.writeDeclaration()
        try writer.startElement("rss", attributes: [.init("version", "2.0")])
        try writer.startElement("channel")
        try writer.element("title", text: "Courier Videos")
        try writer.element("link", text: base.absoluteString + "/feeds/videos.rss")
        try writer.element("description", text: "Short videos about networking with Courier")
        for (index, video) in self.videos.enumerated() {
            try writer.startElement("item")
            try writer.element("title", text: video.title)
            try writer.element("link", text: base.absoluteString + "/media/\(video.name).mp4")
            try writer.element("guid", text: "courier-video-\(video.name)")
            try writer.element(
                "pubDate", text: HTTPDate.format(self.mediaLastModified.addingTimeInterval(Double(index) * 86400)))
            try writer.startElement(
                "enclosure",
                attributes: [
                    .init("url", base.absoluteString + "/media/\(video.name).mp4"), .init("length", "1048576"),
                    .init("type", "video/mp4"),
                ])
            try writer.endElement()
            try writer.endElement()
        }
        try writer.endElement()
        try writer.endElement()
        return writer.string
    }

    /// The byte at `offset` of media file `seed`: a repeating, name-dependent pattern, so a resumed or
    /// ranged download can be checked byte for byte.
    static func mediaByte(seed: UInt8, offset: Int) -> UInt8 {
        UInt8(truncatingIfNeeded: offset &* 31 &+ offset >> 8) ^ seed
    }

    static func mediaBytes(seed: UInt8, range: Range<Int>) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(range.count)
        buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: range.count) { pointer in
            for (index, offset) in range.enumerated() {
                pointer[index] = self.mediaByte(seed: seed, offset: offset)
            }
            return range.count
        }
        return buffer
    }

    static func mediaSeed(_ name: String) -> UInt8 {
        name.utf8.reduce(0x5A) { $0 &* 33 &+ $1 }
    }

    static func media(_ request: Request, file: String, state: SampleServerState, includeBody: Bool) throws
        -> Response
    {
        guard file.hasSuffix(".mp4"), file.count > 4 else { throw SampleError(.notFound, "media files end in .mp4") }
        let name = String(file.dropLast(4))
        guard
            name.utf8.allSatisfy({
                $0 < 0x80
                    && ($0 == 0x2D || $0 == 0x5F || Character(UnicodeScalar($0)).isLetter
                        || Character(UnicodeScalar($0)).isNumber)
            })
        else {
            throw SampleError.badRequest("a media name is letters, digits, - and _")
        }
        var size = state.configuration.mediaSize
        if let requested = SampleHTTP.query(request, "size") {
            guard let value = Int(requested), (0...self.maximumMediaSize).contains(value) else {
                throw SampleError.badRequest("size is a byte count up to 4 GiB")
            }
            size = value
        }
        var rate: Int?
        if let requested = SampleHTTP.query(request, "rate") {
            guard let value = Int(requested), value >= 1024 else {
                throw SampleError.badRequest("rate is at least 1024 bytes per second")
            }
            rate = value
        }
        // A body that starts before this offset stops there and sends nothing more until the client goes away:
        // an interruption that does not depend on how fast the client polls (a demo of resuming downloads).
        var pauseAt: Int?
        if let requested = SampleHTTP.query(request, "pauseAt") {
            guard let value = Int(requested), value > 0 else {
                throw SampleError.badRequest("pauseAt is a byte offset greater than 0")
            }
            pauseAt = value
        }
        let seed = self.mediaSeed(name)
        let etag = "\"\(name)-\(size)-v1\""
        let lastModified = HTTPDate.format(self.mediaLastModified)
        var headers: HTTPFields = [
            .contentType: "video/mp4", .eTag: etag, .lastModified: lastModified, .acceptRanges: "bytes",
        ]
        if let match = request.headers[.ifNoneMatch],
            match.split(separator: ",").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == etag || $0.trimmingCharacters(in: .whitespaces) == "*"
            })
        {
            return Response(status: .notModified, headers: headers)
        }
        var range = 0..<size
        var status = HTTPResponse.Status.ok
        if let rangeHeader = request.headers[.range] {
            var honour = true
            if let ifRange = request.headers[.ifRange] {
                honour = ifRange == etag || ifRange == lastModified
            }
            if honour {
                switch ByteRange.parse(rangeHeader, size: size) {
                case .satisfiable(let requested):
                    range = requested
                    status = .partialContent
                    headers[.contentRange] = "bytes \(requested.lowerBound)-\(requested.upperBound - 1)/\(size)"
                case .unsatisfiable:
                    headers[.contentRange] = "bytes */\(size)"
                    throw SampleError(
                        .rangeNotSatisfiable, "the range \(rangeHeader) is outside 0-\(size - 1)", headers: headers)
                case .ignored:
                    break
                }
            }
        }
        guard includeBody else {
            headers[.contentLength] = String(range.count)
            return Response(status: status, headers: headers)
        }
        let bodyRange = range
        let bodyRate = rate
        let bodyPause = pauseAt.flatMap { range.lowerBound < $0 ? $0 : nil }
        let body = ResponseBody(contentLength: bodyRange.count) { writer in
            let range = bodyRange
            let rate = bodyRate
            let chunk = 64 * 1024
            var offset = range.lowerBound
            let started = ContinuousClock.now
            while offset < range.upperBound {
                if let pause = bodyPause, offset >= pause {
                    // Hold the connection without sending; the client's cancel (or the server's shutdown) ends it.
                    try await Task.sleep(for: .seconds(3600))
                }
                let end = min(offset + chunk, range.upperBound, bodyPause.map { max($0, offset + 1) } ?? Int.max)
                try await writer.write(self.mediaBytes(seed: seed, range: offset..<end))
                offset = end
                if let rate {
                    let sent = offset - range.lowerBound
                    let due = started + .milliseconds(sent * 1000 / rate)
                    try await Task.sleep(until: due)
                }
            }
            try await writer.finish(nil)
        }
        return Response(status: status, headers: headers, body: body)
    }

    // MARK: Cookies

    static let cookieAttributes: Set<String> = [
        "Path", "Domain", "Max-Age", "Expires", "Secure", "HttpOnly", "SameSite",
    ]

    static func setCookies(_ request: Request) throws -> Response {
        let items = SampleHTTP.queryItems(request)
        let attributes = items.filter { self.cookieAttributes.contains($0.0) }
        let cookies = items.filter { !self.cookieAttributes.contains($0.0) }
        guard !cookies.isEmpty else {
            throw SampleError.badRequest(
                "name the cookies to set: /cookies/set?name=value (attributes: Path, Domain, Max-Age, Expires, Secure, HttpOnly, SameSite)"
            )
        }
        var suffix = ""
        if !attributes.contains(where: { $0.0 == "Path" }) { suffix += "; Path=/" }
        for (name, value) in attributes {
            if name == "Secure" || name == "HttpOnly" {
                suffix += "; \(name)"
            } else {
                guard value.allSatisfy({ $0 != ";" && $0 != "\r" && $0 != "\n" }) else {
                    throw SampleError.badRequest("cookie attribute \(name) may not contain ';' or line breaks")
                }
                suffix += "; \(name)=\(value)"
            }
        }
        var headers = HTTPFields()
        for (name, value) in cookies {
            guard !name.isEmpty, name.allSatisfy({ $0.isASCII && !$0.isWhitespace && !";=,\"".contains($0) }),
                value.allSatisfy({ $0.isASCII && !$0.isWhitespace && !";,\"\\".contains($0) })
            else {
                throw SampleError.badRequest("cookie \(name) is not a valid cookie name and value")
            }
            headers.append(HTTPField(name: .setCookie, value: "\(name)=\(value)\(suffix)"))
        }
        return SampleHTTP.json(.object([("set", .object(cookies.map { ($0.0, .string($0.1)) }))]), headers: headers)
    }

    static func requestCookies(_ request: Request) -> [(String, String)] {
        var cookies: [(String, String)] = []
        for field in request.headers where field.name == .cookie {
            for pair in field.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                let name = parts[0].trimmingCharacters(in: .whitespaces)
                guard !name.isEmpty else { continue }
                cookies.append((name, parts.count > 1 ? String(parts[1]) : ""))
            }
        }
        return cookies
    }

    // MARK: Echo

    static func headersJSON(_ headers: HTTPFields) -> JSONValue {
        var members: [(String, JSONValue)] = []
        var seen: [String: Int] = [:]
        for field in headers {
            let name = field.name.rawName
            if let index = seen[name], case .string(let existing) = members[index].1 {
                members[index].1 = .string(existing + ", " + field.value)
            } else {
                seen[name] = members.count
                members.append((name, .string(field.value)))
            }
        }
        return .object(members)
    }

    static func echo(_ request: Request, state: SampleServerState) async throws -> Response {
        let data = try await SampleHTTP.bodyData(request, limit: state.configuration.bodyLimit)
        var members: [(String, JSONValue)] = [
            ("method", .string(request.method.rawValue)),
            ("url", .string(state.baseURL.absoluteString + request.uri.string)),
            ("args", .object(SampleHTTP.queryItems(request).map { ($0.0, .string($0.1)) })),
            ("headers", self.headersJSON(request.headers)),
        ]
        let contentType = request.headers[.contentType] ?? ""
        if contentType.hasPrefix("application/x-www-form-urlencoded") {
            guard let text = String(data: data, encoding: .utf8) else {
                throw SampleError.badRequest("the form is not UTF-8")
            }
            members.append(("form", .object(URLEncoding.parseQuery(text).map { ($0.0, .string($0.1)) })))
        } else if contentType.hasPrefix("application/json") && !data.isEmpty {
            guard let value = try? JSONValue(parsing: data, allowsFragments: true) else {
                throw SampleError.badRequest("the body is not valid JSON")
            }
            members.append(("json", value))
        } else if !data.isEmpty {
            members.append(("data", .string(String(data: data, encoding: .utf8) ?? data.base64EncodedString())))
        }
        return SampleHTTP.json(.object(members))
    }

    // MARK: Slow bodies

    static func drip(_ request: Request) throws -> Response {
        let bytes = SampleHTTP.query(request, "bytes").flatMap { Int($0) } ?? 10
        let duration = SampleHTTP.query(request, "duration").flatMap { Double($0) } ?? 2
        guard (1...(10 << 20)).contains(bytes) else { throw SampleError.badRequest("bytes is between 1 and 10 MiB") }
        guard (0...60).contains(duration) else { throw SampleError.badRequest("duration is between 0 and 60 seconds") }
        let pieces = min(bytes, 100)
        let body = ResponseBody(contentLength: bytes) { writer in
            var sent = 0
            for piece in 0..<pieces {
                let end = bytes * (piece + 1) / pieces
                try await writer.write(ByteBuffer(repeating: UInt8(ascii: "*"), count: end - sent))
                sent = end
                if piece < pieces - 1 { try await Task.sleep(for: .seconds(duration / Double(pieces))) }
            }
            try await writer.finish(nil)
        }
        return Response(status: .ok, headers: [.contentType: "application/octet-stream"], body: body)
    }
}

/// A single byte range of a `Range` header (`bytes=a-b`, `bytes=a-`, `bytes=-n`); multiple ranges are
/// answered with the whole entity, which RFC 9110 allows.
enum ByteRange {
    case satisfiable(Range<Int>)
    case unsatisfiable
    case ignored

    static func parse(_ header: String, size: Int) -> ByteRange {
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes="), !trimmed.contains(",") else { return .ignored }
        let spec = trimmed.dropFirst(6).trimmingCharacters(in: .whitespaces)
        let parts = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard parts.count == 2 else { return .ignored }
        if parts[0].isEmpty {
            guard let suffix = Int(parts[1]), suffix >= 0 else { return .ignored }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .satisfiable(max(0, size - suffix)..<size)
        }
        guard let start = Int(parts[0]), start >= 0 else { return .ignored }
        let end: Int
        if parts[1].isEmpty {
            end = size - 1
        } else {
            guard let value = Int(parts[1]), value >= start else { return .ignored }
            end = min(value, size - 1)
        }
        guard start < size else { return .unsatisfiable }
        return .satisfiable(start..<(end + 1))
    }
}
