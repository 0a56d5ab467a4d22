import Courier
import Foundation
import HTTPTypes
import Testing

@testable import CourierSampleServer

@Suite("Chapter 7: compression echo, response compression and cache endpoints")
struct PerformanceRoutesTests {
    // MARK: Compression echo

    func echo(
        _ body: Data, encoding: String?, contentType: String = "text/plain; charset=utf-8", server: RunningSampleServer,
        session: Session
    ) async throws -> Response {
        var request = Request(
            url: server.url("/echo/decompress"), method: .post, body: .data(body, contentType: contentType))
        if let encoding { request.headerFields[.contentEncoding] = encoding }
        return try await session.data(for: request)
    }

    @Test("an uncompressed body is echoed after Body=")
    func echoIdentity() async throws {
        try await withSampleServer { server, session in
            let response = try await echo(Data("hello, 世界".utf8), encoding: nil, server: server, session: session)
            #expect(response.status == .ok)
            #expect(response.text == "Body=hello, 世界")
            #expect(response.value(forHTTPHeaderField: "X-Request-Content-Encoding") == "identity")
        }
    }

    @Test("a body gzipped by Courier's request compression is decoded and echoed (PostCompress)")
    func echoCourierGzip() async throws {
        try await withSampleServer { server, session in
            let xml =
                "<?xml version=\"1.0\"?><orders>"
                + String(repeating: "<order id=\"1\"><item>widget</item><quantity>4</quantity></order>", count: 600)
                + "</orders>"
            var request = Request(
                url: server.url("/echo/decompress"), method: .post, body: .text(xml, contentType: "text/xml"))
            request.compressesBody = true
            let response = try await session.data(for: request)
            #expect(response.status == .ok)
            #expect(response.text == "Body=" + xml)
            #expect(response.value(forHTTPHeaderField: "X-Request-Content-Encoding") == "gzip")
            let received = try #require(response.value(forHTTPHeaderField: "X-Received-Bytes").flatMap { Int($0) })
            #expect(received < xml.utf8.count / 10)
            #expect(response.value(forHTTPHeaderField: "X-Decoded-Bytes") == String(xml.utf8.count))
        }
    }

    @Test("gzip (two members) and deflate (zlib) bodies made by hand are decoded")
    func echoHandMadeCodings() async throws {
        try await withSampleServer { server, session in
            let twoMembers = gzipStored(Data("first ".utf8)) + gzipStored(Data("second".utf8))
            let gzip = try await echo(twoMembers, encoding: "gzip", server: server, session: session)
            #expect(gzip.text == "Body=first second")
            let deflate = try await echo(
                zlibStored(Data("deflated".utf8)), encoding: "deflate", server: server, session: session)
            #expect(deflate.text == "Body=deflated")
        }
    }

    enum Malformed: String, CaseIterable, Sendable {
        case notGzip, truncated, badChecksum, trailingGarbage
    }

    @Test("malformed gzip is a 400 with a JSON error", arguments: Malformed.allCases)
    func echoMalformed(_ kind: Malformed) async throws {
        try await withSampleServer { server, session in
            let good = gzipStored(Data(String(repeating: "payload ", count: 50).utf8))
            let body: Data
            switch kind {
            case .notGzip: body = Data("this is not gzip at all".utf8)
            case .truncated: body = good.prefix(good.count - 6)
            case .badChecksum:
                var bytes = [UInt8](good)
                bytes[bytes.count - 8] ^= 0xFF
                body = Data(bytes)
            case .trailingGarbage: body = good + Data("garbage".utf8)
            }
            let response = try await echo(body, encoding: "gzip", server: server, session: session)
            #expect(response.status == .badRequest)
            #expect(errorMessage(response)?.contains("malformed") == true)
        }
    }

    @Test("a gzip bomb (2 MiB from a few KiB) stops at the limit with 413")
    func echoBomb() async throws {
        try await withSampleServer { server, session in
            var request = Request(
                url: server.url("/echo/decompress"), method: .post,
                body: .text(String(repeating: "a", count: 2 << 20), contentType: "text/plain"))
            request.compressesBody = true
            let response = try await session.data(for: request)
            #expect(response.status == .contentTooLarge)
            #expect(errorMessage(response) != nil)
        }
    }

    @Test("an unknown Content-Encoding is 415 naming the supported codings")
    func echoUnsupportedCoding() async throws {
        try await withSampleServer { server, session in
            let response = try await echo(Data("x".utf8), encoding: "br", server: server, session: session)
            #expect(response.status == .unsupportedMediaType)
            #expect(response.value(forHTTPHeaderField: "Accept-Encoding") == "gzip, deflate, identity")
        }
    }

    // MARK: Response compression

    @Test("a JSON response is gzipped on the wire and decoded by Courier transparently")
    func responseGzipTransparent() async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url("/textbook/videos.xml")))
            #expect(response.status == .ok)
            #expect(response.text?.hasPrefix("<?xml") == true)
            #expect(response.value(forHTTPHeaderField: "Content-Encoding") == nil)
            #expect(response.value(forHTTPHeaderField: "Vary")?.contains("Accept-Encoding") == true)
        }
    }

    @Test(
        "Accept-Encoding with q-values decides whether a text type is gzipped",
        arguments: [
            ("gzip", true), ("gzip;q=0.5, deflate", true), ("deflate", false), ("gzip;q=0, *", false),
            ("*;q=0.1", true), ("identity", false), ("x-gzip", true), ("*;q=0", false),
        ])
    func responseGzipNegotiation(_ acceptEncoding: String, _ compressed: Bool) async throws {
        try await withSampleServer { server, session in
            var request = Request(url: server.url("/textbook/videos.xml"))
            request.headerFields[.acceptEncoding] = acceptEncoding
            let response = try await session.data(for: request)
            #expect(response.status == .ok)
            let isGzip = response.data.starts(with: [0x1F, 0x8B])
            #expect(isGzip == compressed)
            #expect((response.value(forHTTPHeaderField: "Content-Encoding") == "gzip") == compressed)
            #expect(response.value(forHTTPHeaderField: "Vary")?.contains("Accept-Encoding") == true)
        }
    }

    @Test("media, HEAD and ranged requests are never compressed")
    func responseGzipExclusions() async throws {
        try await withSampleServer { server, session in
            var media = Request(url: server.url("/media/intro.mp4"))
            media.headerFields[.acceptEncoding] = "gzip"
            let mediaResponse = try await session.data(for: media)
            #expect(mediaResponse.value(forHTTPHeaderField: "Content-Encoding") == nil)
            #expect(mediaResponse.value(forHTTPHeaderField: "Vary") == nil)

            var head = Request(url: server.url("/textbook/videos.xml"), method: .head)
            head.headerFields[.acceptEncoding] = "gzip"
            #expect(try await session.data(for: head).value(forHTTPHeaderField: "Content-Encoding") == nil)

            var ranged = Request(url: server.url("/textbook/videos.xml"))
            ranged.headerFields[.acceptEncoding] = "gzip"
            ranged.headerFields[.range] = "bytes=0-9"
            #expect(try await session.data(for: ranged).value(forHTTPHeaderField: "Content-Encoding") == nil)
        }
    }

    @Test("the middleware's type list and Accept-Encoding parsing")
    func middlewareTables() {
        typealias Middleware = ResponseCompressionMiddleware<SampleRoutes.Context>
        for type in [
            "text/plain", "text/xml", "application/xhtml+xml", "text/css", "application/xml", "application/atom_xml",
            "application/atom+xml", "application/x-javascript", "text/html", "application/json; charset=utf-8",
        ] {
            #expect(Middleware.isCompressible(type), "\(type)")
        }
        for type in ["video/mp4", "image/png", "application/octet-stream", "application/rss+xml", ""] {
            #expect(!Middleware.isCompressible(type), "\(type)")
        }
        #expect(Middleware.acceptsGzip(["deflate", "gzip;q=0.3"]))
        #expect(!Middleware.acceptsGzip([]))
        #expect(!Middleware.acceptsGzip(["GZIP; Q=0"]))
    }

    // MARK: Cache endpoints

    func counter(_ response: Response) throws -> Int {
        try #require(try jsonObject(response)["counter"] as? Int)
    }

    func serverCounter(_ response: Response) -> Int? {
        response.value(forHTTPHeaderField: "X-Cache-Counter").flatMap { Int($0) }
    }

    @Test("max-age: the second request is a cache hit (same counter, no network)")
    func cacheMaxAge() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/cache/max-age/60")
            let first = try await session.data(for: Request(url: url))
            #expect(first.value(forHTTPHeaderField: "Cache-Control") == "max-age=60")
            let second = try await session.data(for: Request(url: url))
            #expect(try counter(second) == counter(first))
            // Another endpoint shows the server's counter moved only once in between.
            let other = try await session.data(for: Request(url: server.url("/cache/no-store")))
            #expect(try counter(other) == counter(first) + 1)
        }
    }

    @Test("ETag: a stored response is revalidated with If-None-Match and the 304 gives the stored body")
    func cacheETag() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/cache/etag/v1")
            let first = try await session.data(for: Request(url: url))
            #expect(first.status == .ok)
            #expect(first.value(forHTTPHeaderField: "ETag") == "W/\"v1\"")
            let second = try await session.data(for: Request(url: url))
            #expect(second.status == .ok)
            #expect(try counter(second) == counter(first))
            // The revalidation reached the server: its 304 carried a newer counter header.
            #expect((serverCounter(second) ?? 0) > (serverCounter(first) ?? 0))
        }
    }

    @Test("Last-Modified: revalidated with If-Modified-Since, 304 gives the stored body")
    func cacheLastModified() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/cache/last-modified")
            let first = try await session.data(for: Request(url: url))
            #expect(first.value(forHTTPHeaderField: "Last-Modified") != nil)
            let second = try await session.data(for: Request(url: url))
            #expect(second.status == .ok)
            #expect(try counter(second) == counter(first))
            #expect((serverCounter(second) ?? 0) > (serverCounter(first) ?? 0))
        }
    }

    @Test("conditional requests without a cache: 304 on a match, 200 otherwise")
    func conditionalWithoutCache() async throws {
        try await withSampleServer { server, _ in
            try await withSession({ $0.urlCache = nil }) { session in
                func get(_ path: String, _ field: HTTPField.Name, _ value: String) async throws -> HTTPResponse.Status {
                    var request = Request(url: server.url(path))
                    request.headerFields[field] = value
                    return try await session.data(for: request).status
                }
                let modified = HTTPDate.format(PerformanceRoutes.lastModified)
                let cases: [(String, HTTPField.Name, String, HTTPResponse.Status)] = [
                    ("/cache/etag/v1", .ifNoneMatch, "\"v1\"", .notModified),
                    ("/cache/etag/v1", .ifNoneMatch, "W/\"v0\", W/\"v1\"", .notModified),
                    ("/cache/etag/v1", .ifNoneMatch, "*", .notModified),
                    ("/cache/etag/v1", .ifNoneMatch, "\"v2\"", .ok),
                    ("/cache/last-modified", .ifModifiedSince, modified, .notModified),
                    // The two obsolete formats RFC 9110 5.6.7 asks a recipient to accept, for the same instant.
                    ("/cache/last-modified", .ifModifiedSince, "Tuesday, 14-Nov-23 22:13:20 GMT", .notModified),
                    ("/cache/last-modified", .ifModifiedSince, "Tue Nov 14 22:13:20 2023", .notModified),
                    ("/cache/last-modified", .ifModifiedSince, "Sun, 06 Nov 1994 08:49:37 GMT", .ok),
                ]
                for (path, field, value, expected) in cases {
                    let status = try await get(path, field, value)
                    #expect(status == expected, "\(path) \(field): \(value)")
                }
            }
        }
    }

    @Test("no-store: every request goes to the network")
    func cacheNoStore() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/cache/no-store")
            let first = try await session.data(for: Request(url: url))
            let second = try await session.data(for: Request(url: url))
            #expect(try counter(second) > counter(first))
        }
    }

    @Test("Vary: Accept-Language keeps one stored response per language")
    func cacheVary() async throws {
        try await withSampleServer { server, session in
            let url = server.url("/cache/vary?on=Accept-Language")
            func get(_ language: String) async throws -> Response {
                var request = Request(url: url)
                request.headerFields[.acceptLanguage] = language
                return try await session.data(for: request)
            }
            let english = try await get("en")
            #expect(try jsonObject(english)["value"] as? String == "en")
            let englishAgain = try await get("en")
            #expect(try counter(englishAgain) == counter(english))
            let german = try await get("de")
            #expect(try jsonObject(german)["value"] as? String == "de")
            #expect(try counter(german) > counter(english))
        }
    }

    @Test(
        "bad cache parameters are 400s",
        arguments: ["/cache/max-age/soon", "/cache/max-age/-1", "/cache/etag/bad%20tag", "/cache/vary?on=bad%20name"])
    func cacheBadInput(_ path: String) async throws {
        try await withSampleServer { server, session in
            let response = try await session.data(for: Request(url: server.url(path)))
            #expect(response.status == .badRequest)
            #expect(errorMessage(response) != nil)
        }
    }
}
