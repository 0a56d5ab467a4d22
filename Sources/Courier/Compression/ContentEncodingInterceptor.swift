import Foundation
import HTTPTypes
import NIOCore
import Synchronization

/// Content codings, the way OkHttp's `BridgeInterceptor` handles them, above the cache (which stores
/// bodies as the server sent them):
///
/// - Responses in `gzip`, `x-gzip` or `deflate` are decoded as they stream, with the session's
///   ``DecompressionLimits``; `Content-Encoding` and `Content-Length` are removed from the head (the
///   metrics keep the wire sizes). A caller that set its own `Accept-Encoding` (other than Courier's
///   default) gets the bytes as they are, to decode itself. Codings Courier does not know (`br`, `zstd`)
///   and partial (206) responses pass through untouched.
/// - Request bodies are gzipped only on request (``Request/compressesBody`` or
///   ``SessionConfiguration/requestBodyCompressionHosts``) and only for compressible media types. A
///   server that answers `415 Unsupported Media Type` gets the request once more uncompressed, and its
///   host is remembered for the rest of the session.
final class ContentEncodingInterceptor: Interceptor {
    /// What `Accept-Encoding` says by default.
    static let defaultAcceptEncoding = "gzip, deflate"

    /// Hosts (`host:port`) that refused a gzipped request body.
    private let refusingHosts = Mutex<Set<String>>([])

    init() {}

    nonisolated(nonsending) func intercept(_ request: Request, chain: InterceptorChain) async throws -> Response {
        guard request.isHTTP else { return try await chain.proceed(request) }
        let core = chain.context.core  // configuration read field by field: a copy retains every part
        if wantsCompressedBody(request, configuration: core.configuration),
            let compressed = try Self.compressingBody(of: request)
        {
            let response = try await chain.proceed(compressed)
            guard response.status.code == 415 else { return decoded(response, request: compressed, chain: chain) }
            let hostKey = Self.hostKey(request.url)
            refusingHosts.withLock { _ = $0.insert(hostKey) }
            core.configuration.logger.notice(
                "\(hostKey) refused a gzipped request body (415); sending it uncompressed from now on")
            await response.discardBody()
            return decoded(try await chain.proceed(request), request: request, chain: chain)
        }
        return decoded(try await chain.proceed(request), request: request, chain: chain)
    }

    // MARK: Requests

    private func wantsCompressedBody(_ request: Request, configuration: SessionConfiguration) -> Bool {
        let wanted =
            request.compressesBody
            ?? configuration.requestBodyCompressionHosts.contains { $0.lowercased() == request.url.host?.lowercased() }
        guard wanted, !request.body.isEmpty, !request.headerFields.contains(.contentEncoding) else { return false }
        guard let contentType = request.headerFields.joinedValue(for: .contentType), Self.isCompressible(contentType)
        else {
            return false
        }
        let hostKey = Self.hostKey(request.url)
        return !refusingHosts.withLock { $0.contains(hostKey) }
    }

    /// The request with its body gzipped and `Content-Encoding: gzip`; bodies in memory are compressed at
    /// once (so the length is known), files and streams chunk by chunk as they are sent.
    static func compressingBody(of request: Request) throws -> Request? {
        var compressed = request
        let original = request.body
        switch original.storage {
        case .empty, .json:
            return nil
        case .data(let data):
            compressed.body = .data(try GzipEncoder.compress(data), contentType: original.contentType)
        case .file(let url):
            compressed.body = .stream(length: nil, contentType: original.contentType) {
                GzipStream(base: try FileChunks(url: url))
            }
        case .stream(_, let makeStream):
            compressed.body = .stream(length: nil, contentType: original.contentType) {
                GzipStream(base: DataToBuffers(base: try makeStream()))
            }
        }
        compressed.headerFields[.contentEncoding] = "gzip"
        compressed.headerFields[.contentLength] = nil
        return compressed
    }

    /// Whether a media type is worth compressing: text and structured text; never images, audio, video,
    /// archives, PDFs or opaque (possibly encrypted) bytes.
    static func isCompressible(_ contentType: String) -> Bool {
        let type = contentType.split(separator: ";").first.map { $0.trimmingOWS().lowercased() } ?? ""
        if type.hasPrefix("image/") || type.hasPrefix("audio/") || type.hasPrefix("video/") { return false }
        if type.hasPrefix("text/") || type.hasSuffix("+json") || type.hasSuffix("+xml") { return true }
        return [
            "application/json", "application/xml", "application/javascript", "application/x-javascript",
            "application/ecmascript", "application/x-www-form-urlencoded", "application/yaml", "application/x-yaml",
            "application/jsonl", "application/x-ndjson", "application/graphql", "application/csv",
            "application/x-sh", "application/sql",
        ].contains(type)
    }

    static func hostKey(_ url: URL) -> String {
        "\(url.host?.lowercased() ?? ""):\(url.port ?? (url.hasScheme("https") ? 443 : 80))"
    }

    // MARK: Responses

    /// The response with its body decoded, when Courier asked for compression and knows the coding.
    private func decoded(_ response: Response, request: Request, chain: InterceptorChain) -> Response {
        guard let encoding = response.headerFields.joinedValue(for: .contentEncoding) else { return response }
        if let asked = request.headerFields.joinedValue(for: .acceptEncoding), asked != Self.defaultAcceptEncoding,
            asked != "identity"
        {
            return response
        }
        guard request.method != .head, response.status.code != 206, response.status.code != 204,
            response.status.code != 304
        else { return response }
        var codings: [ContentDecoder.Coding] = []
        for part in encoding.split(separator: ",") {
            switch part.trimmingOWS().lowercased() {
            case "gzip", "x-gzip": codings.append(.gzip)
            case "deflate": codings.append(.deflate)
            case "identity", "": continue
            default: return response
            }
        }
        guard !codings.isEmpty else { return response }
        let context = chain.context
        let transactionIndex = context.lastTransactionIndex
        let limits = chain.context.core.configuration.decompressionLimits
        // Codings are listed in the order they were applied; undo them last first.
        var body = response.stream
        for (position, coding) in codings.reversed().enumerated() {
            let isOutermost = position == codings.count - 1
            body = ResponseBody(
                DecodingBody(base: body, coding: coding, limits: limits) { _, decoded in
                    guard isOutermost, let transactionIndex else { return }
                    context.updateTransaction(transactionIndex) { $0.decodedResponseBodyBytes = decoded }
                })
        }
        var result = response
        result.headerFields[.contentEncoding] = nil
        result.headerFields[.contentLength] = nil
        result.body = .stream(body)
        return result
    }
}
