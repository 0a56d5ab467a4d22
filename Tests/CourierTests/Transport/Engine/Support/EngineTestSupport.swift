import HTTPTypes
import NIOCore
import NIOPosix

@testable import Courier

/// Builds requests and pools for the engine's tests.
enum EngineTestSupport {
    static func request(
        port: Int, path: String = "/", method: HTTPRequest.Method = .get, body: HTTPExchangeRequest.Body = .none,
        headers: HTTPFields = [:], canRetry: Bool = true, key: HTTPConnectionKey? = nil,
        onInformational: (@Sendable (HTTPResponse) -> Void)? = nil
    ) -> HTTPExchangeRequest {
        let key = key ?? HTTPConnectionKey(scheme: .http, host: "127.0.0.1", port: port)
        let authority = HTTP1HeadConversion.defaultAuthority(key)
        var head = HTTPRequest(method: method, scheme: key.scheme.rawValue, authority: authority, path: path)
        head.headerFields.append(contentsOf: headers)
        return HTTPExchangeRequest(
            key: key, head: head, body: body, canRetryOnNewConnection: canRetry, connectTimeout: .seconds(30),
            onInformational: onInformational)
    }

    /// Runs `body` with a pool on an event loop group of its own, then shuts both down.
    static func withPool<Result: Sendable>(
        _ configuration: HTTPConnectionPool.Configuration = .init(),
        _ body: (HTTPConnectionPool) async throws -> Result
    ) async throws -> Result {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let pool = HTTPConnectionPool(configuration: configuration, eventLoopGroup: group)
        do {
            let result = try await body(pool)
            await pool.shutdown()
            try await group.shutdownGracefully()
            return result
        } catch {
            await pool.shutdown()
            try await group.shutdownGracefully()
            throw error
        }
    }

    /// Runs `body` with a raw test server, then shuts it down.
    static func withServer<Result: Sendable>(_ body: (RawTestServer) async throws -> Result) async throws -> Result {
        let server = try await RawTestServer()
        do {
            let result = try await body(server)
            await server.shutdown()
            return result
        } catch {
            await server.shutdown()
            throw error
        }
    }
}

extension HTTPExchangeResponse {
    /// The body as a string (test bodies are small).
    func bodyText() async throws -> String {
        let buffer = try await body.collect(upTo: 1 << 20)
        return String(buffer: buffer)
    }
}

/// An async sequence of buffers from a list, for streamed request bodies.
struct BufferSequence: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let parts: [String]

    struct AsyncIterator: AsyncIteratorProtocol {
        var index = 0
        let parts: [String]

        mutating func next() async throws -> ByteBuffer? {
            guard index < parts.count else { return nil }
            defer { index += 1 }
            return ByteBuffer(string: parts[index])
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(parts: parts) }
}
