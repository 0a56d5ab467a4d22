import CompressNIO
import CourierTesting
import Foundation
import HTTPTypes
import NIOCore
import NIOFoundationCompat
import Synchronization
import Testing

@testable import Courier

@Suite("Compression")
struct CompressionTests {
    static let text = Data(String(repeating: "<item>Courier compresses XML nicely</item>\n", count: 1000).utf8)

    static func gzip(_ data: Data) throws -> Data { try GzipEncoder.compress(data) }

    static func zlib(_ data: Data, algorithm: ZlibAlgorithm) throws -> Data {
        let compressor = try ZlibCompressor(algorithm: algorithm)
        var input = ByteBuffer(data: data)
        var output = ByteBuffer()
        output.reserveCapacity(data.count + 1024)
        try compressor.deflate(from: &input, to: &output, flush: .finish)
        return Data(buffer: output)
    }

    static func gunzip(_ data: Data) throws -> Data {
        let decoder = ContentDecoder(coding: .gzip, limits: .unlimited)
        var input = ByteBuffer(data: data)
        var result = Data()
        while input.readableBytes > 0 { result.append(contentsOf: try decoder.decode(&input).readableBytesView) }
        try decoder.finish()
        return result
    }

    /// Decodes `data` fed in chunks of `chunkSize` through a ``DecodingBody``.
    static func decode(
        _ data: Data, coding: ContentDecoder.Coding, chunkSize: Int, limits: DecompressionLimits = .default
    )
        async throws -> Data
    {
        let chunks = stride(from: 0, to: data.count, by: chunkSize).map {
            ByteBuffer(data: data.subdata(in: $0..<min($0 + chunkSize, data.count)))
        }
        let body = DecodingBody(base: ResponseBody(chunks: chunks), coding: coding, limits: limits) { _, _ in }
        var result = Data()
        for try await chunk in body { result.append(contentsOf: chunk.readableBytesView) }
        return result
    }

    // MARK: Decoding

    @Test(arguments: [1, 7, 100, 65536])
    func decodesGzipDeflateAndRawDeflateInAnyChunking(chunkSize: Int) async throws {
        #expect(try await Self.decode(try Self.gzip(Self.text), coding: .gzip, chunkSize: chunkSize) == Self.text)
        #expect(
            try await Self.decode(try Self.zlib(Self.text, algorithm: .zlib), coding: .deflate, chunkSize: chunkSize)
                == Self.text)
        #expect(
            try await Self.decode(try Self.zlib(Self.text, algorithm: .deflate), coding: .deflate, chunkSize: chunkSize)
                == Self.text)
    }

    @Test func decodesMultipleGzipMembers() async throws {
        let joined = try Self.gzip(Data("first ".utf8)) + Self.gzip(Data("second".utf8))
        #expect(try await Self.decode(joined, coding: .gzip, chunkSize: 5) == Data("first second".utf8))
        #expect(try await Self.decode(Data(), coding: .gzip, chunkSize: 5).isEmpty)
    }

    @Test func truncatedCorruptOrTrailingDataFailsClearly() async throws {
        let compressed = try Self.gzip(Self.text)
        for broken in [compressed.prefix(compressed.count - 5), compressed.prefix(20), compressed + Data("junk".utf8)] {
            let error = await #expect(throws: CourierError.self) {
                _ = try await Self.decode(Data(broken), coding: .gzip, chunkSize: 512)
            }
            #expect(error?.code == .cannotDecodeContentData)
        }
        var corrupt = compressed
        corrupt[compressed.count / 2] ^= 0xFF
        let error = await #expect(throws: CourierError.self) {
            _ = try await Self.decode(corrupt, coding: .gzip, chunkSize: 512)
        }
        #expect(error?.code == .cannotDecodeContentData)
    }

    @Test func decompressionBombsHitTheLimits() async throws {
        let bomb = try Self.gzip(Data(repeating: 0, count: 16 << 20))
        #expect(bomb.count < 100_000)
        let ratio = await #expect(throws: CourierError.self) {
            _ = try await Self.decode(bomb, coding: .gzip, chunkSize: 4096)
        }
        #expect(ratio?.code == .decompressionLimitExceeded)
        let absolute = await #expect(throws: CourierError.self) {
            _ = try await Self.decode(
                try Self.gzip(Self.text), coding: .gzip, chunkSize: 4096,
                limits: DecompressionLimits(maximumDecodedSize: 1000, maximumRatio: nil))
        }
        #expect(absolute?.code == .decompressionLimitExceeded)
        // Within the limits it decodes.
        #expect(try await Self.decode(bomb, coding: .gzip, chunkSize: 65536, limits: .unlimited).count == 16 << 20)
    }

    // MARK: Over the network

    @Test func responsesAreDecodedTransparentlyAndMetricsKeepWireSizes() async throws {
        let gzipped = try Self.gzip(Self.text)
        let deflated = try Self.zlib(Self.text, algorithm: .zlib)
        try await withServer(handler: { request in
            let asked = request.headers[.acceptEncoding] ?? ""
            switch request.path {
            case "/gzip": return .data(gzipped, headers: [.contentEncoding: "gzip", .contentType: "application/xml"])
            case "/deflate": return .data(deflated, headers: [.contentEncoding: "deflate"])
            case "/brotli": return .data(Data("not really br".utf8), headers: [.contentEncoding: "br"])
            default: return .text("accept-encoding=\(asked)")
            }
        }) { server, session async throws in
            let response = try await session.data(for: Request(url: server.url("/gzip")))
            #expect(response.data == Self.text)
            #expect(response.value(forHTTPHeaderField: "Content-Encoding") == nil)
            #expect(response.value(forHTTPHeaderField: "Content-Length") == nil)
            let transaction = try #require(response.metrics?.transactionMetrics.last)
            #expect(transaction.responseBodyBytesReceived == Int64(gzipped.count))
            #expect(transaction.responseBodyBytesAfterDecoding == Int64(Self.text.count))
            #expect(try await session.data(for: Request(url: server.url("/deflate"))).data == Self.text)
            let unknown = try await session.data(for: Request(url: server.url("/brotli")))
            #expect(unknown.value(forHTTPHeaderField: "Content-Encoding") == "br")
            #expect(unknown.text == "not really br")

            #expect(
                try await session.data(for: Request(url: server.url("/echo"))).text == "accept-encoding=gzip, deflate")
            var blank = Request(url: server.url("/echo"))
            try blank.setValue("", forHTTPHeaderField: "Accept-Encoding")
            #expect(try await session.data(for: blank).text == "accept-encoding=")
            var ranged = Request(url: server.url("/echo"))
            try ranged.setValue("bytes=0-", forHTTPHeaderField: "Range")
            #expect(try await session.data(for: ranged).text == "accept-encoding=identity")
            // A caller that asks for its own codings gets the bytes as sent.
            var own = Request(url: server.url("/gzip"))
            try own.setValue("gzip", forHTTPHeaderField: "Accept-Encoding")
            #expect(try await session.data(for: own).data == gzipped)
        }
    }

    @Test func theCacheStoresCompressedBytesAndVaryAcceptEncodingWorks() async throws {
        let gzipped = try Self.gzip(Self.text)
        let cache = HTTPCache(memoryCapacity: 1 << 20, diskCapacity: 0)
        try await withServer(
            configure: { $0.urlCache = cache },
            handler: { request in
                if request.headers[.acceptEncoding]?.contains("gzip") == true {
                    return .data(
                        gzipped,
                        headers: [.contentEncoding: "gzip", .vary: "Accept-Encoding", .cacheControl: "max-age=600"])
                }
                return .data(Self.text, headers: [.vary: "Accept-Encoding", .cacheControl: "max-age=600"])
            }
        ) { server, session async throws in
            #expect(try await session.data(for: Request(url: server.url("/x"))).data == Self.text)
            let hit = try await session.data(for: Request(url: server.url("/x")))
            #expect(hit.data == Self.text)
            #expect(hit.metrics?.transactionMetrics.map(\.resourceFetchType) == [.localCache])
            #expect(cache.cachedResponse(for: try session.prepare(Request(url: server.url("/x"))))?.data == gzipped)
            var identity = Request(url: server.url("/x"))
            try identity.setValue("", forHTTPHeaderField: "Accept-Encoding")
            #expect(try await session.data(for: identity).data == Self.text)
            #expect(server.recordedRequests.count == 2)
        }
    }

    // MARK: Request bodies

    @Test func requestBodiesAreGzippedOnRequestOnlyForCompressibleTypes() async throws {
        try await withServer(
            configure: { $0.requestBodyCompressionHosts = ["127.0.0.1"] },
            handler: { request in
                let body = request.headers[.contentEncoding] == "gzip" ? try Self.gunzip(request.body) : request.body
                return .text(
                    "\(request.headers[.contentEncoding] ?? "none") \(request.body.count) \(body == Self.text)")
            }
        ) { server, session async throws in
            // The host is configured: compressed unless the request says no.
            var xml = Request(url: server.url("/echo"), method: .post)
            xml.body = .data(Self.text, contentType: "application/xml")
            let compressed = try #require(try await session.data(for: xml).text)
            #expect(compressed.hasPrefix("gzip "))
            #expect(compressed.hasSuffix(" true"))
            #expect(Int(compressed.split(separator: " ")[1]) ?? .max < Self.text.count / 10)
            xml.compressesBody = false
            #expect(try await session.data(for: xml).text == "none \(Self.text.count) true")

            var image = Request(url: server.url("/echo"), method: .post)
            image.body = .data(Self.text, contentType: "image/png")
            image.compressesBody = true
            #expect(try await session.data(for: image).text?.hasPrefix("none ") == true)
        }
        // Per request on a session that compresses for no host.
        try await withServer(handler: { request in .text(request.headers[.contentEncoding] ?? "none") }) {
            server, session async throws in
            var json = Request(url: server.url("/echo"), method: .post)
            json.body = .data(Self.text, contentType: "application/json")
            #expect(try await session.data(for: json).text == "none")
            json.compressesBody = true
            #expect(try await session.data(for: json).text == "gzip")
        }
    }

    @Test func aStreamedBodyIsCompressedChunkByChunk() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "courier-compress-\(UInt32.random(in: 0...UInt32.max)).json")
        let json = Data(String(repeating: "{\"field\":\"value\",\"n\":12345}\n", count: 100_000).utf8)
        try json.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        try await withServer(handler: { request in
            .text(
                "\(request.headers[.contentEncoding] ?? "none") \(request.headers[.transferEncoding] ?? "-") \(try Self.gunzip(request.body) == json)"
            )
        }) { server, session async throws in
            var upload = Request(url: server.url("/upload"), method: .post)
            upload.body = .file(file, contentType: "application/json")
            upload.compressesBody = true
            #expect(try await session.data(for: upload).text == "gzip chunked true")
        }
    }

    @Test func a415IsAnsweredWithOneUncompressedReplayAndTheHostIsRemembered() async throws {
        try await withServer(handler: { request in
            if request.headers[.contentEncoding] != nil { return .text("no gzip here", status: 415) }
            return .text("ok \(request.body.count)")
        }) { server, session async throws in
            var request = Request(url: server.url("/strict"), method: .post)
            request.body = .text(String(repeating: "abc", count: 1000))
            request.compressesBody = true
            #expect(try await session.data(for: request).text == "ok 3000")
            #expect(try await session.data(for: request).text == "ok 3000")
            #expect(server.recordedRequests.map { $0.headers[.contentEncoding] ?? "-" } == ["gzip", "-", "-"])
        }
    }

    @Test func compressibleTypes() {
        for type in [
            "text/plain; charset=utf-8", "application/json", "application/problem+json", "application/soap+xml",
            "application/x-www-form-urlencoded",
        ] {
            #expect(ContentEncodingInterceptor.isCompressible(type), "\(type)")
        }
        for type in [
            "image/svg+xml", "image/png", "audio/mpeg", "video/mp4", "application/zip", "application/gzip",
            "application/pdf", "application/octet-stream", "multipart/form-data; boundary=x",
        ] {
            #expect(!ContentEncodingInterceptor.isCompressible(type), "\(type)")
        }
    }
}
