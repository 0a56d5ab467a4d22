import CompressNIO
import HTTPTypes
import Hummingbird
import NIOCore

/// Compresses responses of the book's nine text types with gzip when the client accepts it (chapter 7).
///
/// - Types: `text/plain`, `text/xml`, `application/xhtml+xml`, `text/css`, `application/xml`,
///   `application/atom_xml` (the book's spelling) and `application/atom+xml`, `application/x-javascript`,
///   `text/html`, `application/json`. Everything else (media, octet streams) passes untouched and unbuffered.
/// - `Accept-Encoding` is read with its q-values: `gzip`/`x-gzip` with q > 0, or `*` with q > 0 when gzip
///   is not named; `gzip;q=0` refuses.
/// - Responses of those types always get `Vary: Accept-Encoding` (their bytes depend on that header).
/// - Never for HEAD, 1xx/204/304, partial content (206, `Content-Range`, or a ranged request), a body that
///   already has a `Content-Encoding`, or `Cache-Control: no-transform`.
/// - The body is compressed as it is written (a sync flush per write, so streamed text still streams);
///   `Content-Length` is dropped and a strong `ETag` becomes weak, as the coded bytes differ.
struct ResponseCompressionMiddleware<Context: RequestContext>: RouterMiddleware {
    /// The media types that are compressed (lower case, without parameters).
    static var compressibleTypes: Set<String> {
        [
            "text/plain", "text/xml", "application/xhtml+xml", "text/css", "application/xml", "application/atom_xml",
            "application/atom+xml", "application/x-javascript", "text/html", "application/json",
        ]
    }

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws
        -> Response
    {
        var response = try await next(request, context)
        guard let contentType = response.headers[.contentType], Self.isCompressible(contentType) else {
            return response
        }
        Self.addVary(to: &response.headers)
        let code = response.status.code
        guard request.method != .head, code >= 200, code != 204, code != 304, code != 206,
            response.headers[.contentRange] == nil, request.headers[.range] == nil,
            response.headers[.contentEncoding] == nil,
            !(response.headers[.cacheControl] ?? "").lowercased().contains("no-transform"),
            Self.acceptsGzip(request.headers[values: .acceptEncoding])
        else {
            return response
        }
        let body = response.body
        response.body = ResponseBody { writer in
            let compressor = try ZlibCompressor(algorithm: .gzip)
            try await body.write(GzipResponseBodyWriter(parent: writer, compressor: compressor))
        }
        response.headers[.contentEncoding] = "gzip"
        response.headers[.contentLength] = nil
        if let etag = response.headers[.eTag], !etag.hasPrefix("W/") {
            response.headers[.eTag] = "W/" + etag
        }
        return response
    }

    static func isCompressible(_ contentType: String) -> Bool {
        let mediaType = contentType.split(separator: ";", maxSplits: 1).first.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        return mediaType.map { self.compressibleTypes.contains($0) } ?? false
    }

    /// Whether `Accept-Encoding` (all its field lines) allows gzip.
    static func acceptsGzip(_ values: [String]) -> Bool {
        var gzip: Double?
        var wildcard: Double?
        for element in values.flatMap({ $0.split(separator: ",") }) {
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = parts.first?.lowercased(), !coding.isEmpty else { continue }
            var quality = 1.0
            for parameter in parts.dropFirst() {
                let pair = parameter.split(separator: "=", maxSplits: 1).map {
                    $0.trimmingCharacters(in: .whitespaces)
                }
                if pair.count == 2, pair[0].lowercased() == "q" {
                    quality = Double(pair[1]) ?? 0
                }
            }
            switch coding {
            case "gzip", "x-gzip": gzip = max(gzip ?? 0, quality)
            case "*": wildcard = quality
            default: break
            }
        }
        if let gzip { return gzip > 0 }
        return (wildcard ?? 0) > 0
    }

    static func addVary(to headers: inout HTTPFields) {
        let existing = headers[values: .vary].flatMap { $0.split(separator: ",") }.map {
            $0.trimmingCharacters(in: .whitespaces).lowercased()
        }
        if !existing.contains("accept-encoding") && !existing.contains("*") {
            headers.append(HTTPField(name: .vary, value: "Accept-Encoding"))
        }
    }
}

/// Gzips what a response body writes, chunk by chunk, and hands the compressed bytes to the real writer.
struct GzipResponseBodyWriter: ResponseBodyWriter {
    var parent: any ResponseBodyWriter
    let compressor: ZlibCompressor

    mutating func write(_ buffer: ByteBuffer) async throws {
        guard buffer.readableBytes > 0 else { return }
        var input = buffer
        var output = ByteBuffer()
        repeat {
            output.reserveCapacity(minimumWritableBytes: max(16 * 1024, input.readableBytes + 64))
            do {
                try self.compressor.deflate(from: &input, to: &output, flush: .sync)
            } catch let error as CompressNIOError where error == .bufferOverflow {
                // Output full (or nothing left to flush): make room and go on.
            }
        } while input.readableBytes > 0 || output.writableBytes == 0
        try await self.parent.write(output)
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {
        var output = ByteBuffer()
        var finished = false
        while !finished {
            output.reserveCapacity(minimumWritableBytes: 16 * 1024)
            var empty = ByteBuffer()
            do {
                try self.compressor.deflate(from: &empty, to: &output, flush: .finish)
                finished = true
            } catch let error as CompressNIOError where error == .bufferOverflow {
                continue
            }
        }
        try await self.parent.write(output)
        try await self.parent.finish(trailingHeaders)
    }
}
