import AsyncHTTPClient
import CourierTesting
import NIOCore
import NIOHTTP1
import NIOSSL

/// Runs `body` with a started test server and always shuts the server down afterwards.
@discardableResult
func withTestServer<Result>(
    tls: TestServer.TLSConfiguration? = nil,
    bodyLimit: Int = TestServer.defaultBodyLimit,
    handler: @escaping TestServer.Handler,
    _ body: (TestServer) async throws -> Result
) async throws -> Result {
    let server = try await TestServer.start(tls: tls, bodyLimit: bodyLimit, handler: handler)
    do {
        let result = try await body(server)
        try await server.shutdown()
        return result
    } catch {
        try? await server.shutdown()
        throw error
    }
}

/// Runs `body` with an AsyncHTTPClient that follows no redirects and fails a connection at once instead of
/// retrying it, and always shuts the client down afterwards.
@discardableResult
func withHTTPClient<Result>(
    trusting authority: TestCertificateAuthority? = nil,
    clientCertificate: TestCertificate? = nil,
    httpVersion: HTTPClient.Configuration.HTTPVersion = .automatic,
    readTimeout: TimeAmount = .seconds(60),
    _ body: (HTTPClient) async throws -> Result
) async throws -> Result {
    var configuration = HTTPClient.Configuration()
    configuration.redirectConfiguration = .disallow
    configuration.httpVersion = httpVersion
    // The connect timeout also bounds the wait for a pooled connection: generous, for requests queued
    // behind others at the stalled start of a full parallel run.
    configuration.timeout = .init(connect: .seconds(30), read: readTimeout)
    configuration.connectionPool.retryConnectionEstablishment = false
    if let authority {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.trustRoots = .certificates([authority.nioSSLCertificate])
        if let clientCertificate {
            tls.certificateChain = [.certificate(clientCertificate.nioSSLCertificate)]
            tls.privateKey = .privateKey(clientCertificate.nioSSLPrivateKey)
        }
        configuration.tlsConfiguration = tls
    }
    let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    do {
        let result = try await body(client)
        try await client.shutdown()
        return result
    } catch {
        try? await client.shutdown()
        throw error
    }
}

extension HTTPClient {
    /// Sends a request and collects its body (up to 256 MiB) as a string.
    func fetch(
        _ url: String,
        method: HTTPMethod = .GET,
        headers: [(String, String)] = [],
        body: ByteBuffer? = nil,
        timeout: TimeAmount = .seconds(60)
    ) async throws -> (response: HTTPClientResponse, body: String) {
        var request = HTTPClientRequest(url: url)
        request.method = method
        for (name, value) in headers {
            request.headers.add(name: name, value: value)
        }
        if let body {
            request.body = .bytes(body)
        }
        let response = try await self.execute(request, timeout: timeout)
        let collected = try await response.body.collect(upTo: 256 << 20)
        return (response, String(buffer: collected))
    }
}

/// Lets a test wait for something a server handler does.
final class Signal: Sendable {
    let stream: AsyncStream<Void>
    private let continuation: AsyncStream<Void>.Continuation

    init() {
        (self.stream, self.continuation) = AsyncStream.makeStream()
    }

    func fire() {
        self.continuation.yield()
    }

    func wait() async {
        for await _ in self.stream {
            return
        }
    }
}

/// Shares a non-copyable synchronisation value (`Mutex`, `Atomic`) with escaping closures.
final class Box<Value: ~Copyable & Sendable>: Sendable {
    let value: Value

    init(_ value: consuming Value) {
        self.value = value
    }
}
