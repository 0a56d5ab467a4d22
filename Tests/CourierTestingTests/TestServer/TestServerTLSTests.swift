import AsyncHTTPClient
import CourierTesting
import Foundation
import HTTPTypes
import NIOCore
import NIOPosix
import NIOSSL
import Testing
import X509

@Suite("TestServer over TLS (HTTP/2 and HTTP/1.1)")
struct TestServerTLSTests {
    let authority: TestCertificateAuthority
    let serverCertificate: TestCertificate

    init() throws {
        self.authority = try TestCertificateAuthority()
        self.serverCertificate = try self.authority.makeServerCertificate()
    }

    @Test("ALPN negotiates h2: the client and the handler both see HTTP/2")
    func http2IsNegotiated() async throws {
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate)
        try await withTestServer(tls: tls) { request in
            .text("\(request.httpVersion) \(request.method) \(request.body.count)")
        } _: { server in
            #expect(server.baseURL.absoluteString == "https://localhost:\(server.port)")
            try await withHTTPClient(trusting: self.authority) { client in
                let (get, getBody) = try await client.fetch(server.url("/h2?x=1").absoluteString)
                #expect(get.version == .http2)
                #expect(getBody == "HTTP/2 GET 0")
                let (post, postBody) = try await client.fetch(
                    server.url("/h2").absoluteString,
                    method: .POST,
                    body: ByteBuffer(string: "twelve bytes")
                )
                #expect(post.version == .http2)
                #expect(postBody == "HTTP/2 POST 12")
            }
            let recorded = server.recordedRequests
            #expect(recorded.map(\.httpVersion) == ["HTTP/2", "HTTP/2"])
            #expect(recorded.first?.path == "/h2")
            #expect(recorded.first?.queryValue("x") == "1")
            #expect(recorded.first?.headers[HTTPField.Name("Host")!] == "localhost:\(server.port)")
            #expect(recorded.last?.bodyText == "twelve bytes")
        }
    }

    @Test("HTTP/2: concurrent requests share one connection; streamed bodies arrive as DATA frames")
    func http2Multiplexing() async throws {
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate)
        try await withTestServer(tls: tls) { request in
            if request.path == "/stream" {
                return .chunks((0..<5).map { Data("frame\($0);".utf8) }, delay: .milliseconds(2))
            }
            return .text(request.path)
        } _: { server in
            try await withHTTPClient(trusting: self.authority) { client in
                // One request first, so the pool knows the connection speaks HTTP/2 before the burst.
                let (stream, streamBody) = try await client.fetch(server.url("/stream").absoluteString)
                #expect(stream.version == .http2)
                #expect(streamBody == (0..<5).map { "frame\($0);" }.joined())
                try await withThrowingTaskGroup(of: String.self) { group in
                    for index in 0..<20 {
                        group.addTask { try await client.fetch(server.url("/r\(index)").absoluteString).body }
                    }
                    var bodies = Set<String>()
                    for try await body in group {
                        bodies.insert(body)
                    }
                    #expect(bodies == Set((0..<20).map { "/r\($0)" }))
                }
            }
            #expect(server.connectionCount == 1)
        }
    }

    @Test("http/1.1-only TLS: the client gets HTTP/1.1 with keep-alive")
    func http1OnlyTLS() async throws {
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate, applicationProtocols: .http1Only)
        try await withTestServer(tls: tls) { request in
            .text(request.httpVersion)
        } _: { server in
            try await withHTTPClient(trusting: self.authority) { client in
                for _ in 0..<3 {
                    let (response, body) = try await client.fetch(server.url("/").absoluteString)
                    #expect(response.version == .http1_1)
                    #expect(body == "HTTP/1.1")
                }
            }
            #expect(server.connectionCount == 1)
        }
    }

    @Test("A client trusting an unrelated CA refuses the server")
    func untrustedAuthority() async throws {
        let unrelated = try TestCertificateAuthority(commonName: "Unrelated CA")
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate)
        try await withTestServer(tls: tls) { _ in
            .empty
        } _: { server in
            try await withHTTPClient(trusting: unrelated) { client in
                await #expect(throws: NIOSSLError.self) {
                    try await client.fetch(server.url("/").absoluteString)
                }
            }
            #expect(server.recordedRequests.isEmpty)
        }
    }

    @Test("An expired server certificate is refused")
    func expiredCertificate() async throws {
        let expired = try self.authority.makeServerCertificate(
            notValidBefore: Date(timeIntervalSinceNow: -10 * 86400),
            notValidAfter: Date(timeIntervalSinceNow: -86400)
        )
        try await withTestServer(tls: .init(certificate: expired)) { _ in
            .empty
        } _: { server in
            try await withHTTPClient(trusting: self.authority) { client in
                await #expect(throws: NIOSSLError.self) {
                    try await client.fetch(server.url("/").absoluteString)
                }
            }
        }
    }

    @Test("Mutual TLS: the client certificate is required and reaches the handler")
    func mutualTLS() async throws {
        let clientCertificate = try self.authority.makeClientCertificate(commonName: "courier-client-7")
        let tls = TestServer.TLSConfiguration(
            certificate: self.serverCertificate,
            clientAuthentication: .required(trustRoots: [self.authority.nioSSLCertificate])
        )
        try await withTestServer(tls: tls) { request in
            guard let der = try request.clientCertificate?.toDERBytes() else {
                return .text("anonymous")
            }
            let certificate = try Certificate(derEncoded: der)
            return .text(certificate.subject.description)
        } _: { server in
            try await withHTTPClient(trusting: self.authority, clientCertificate: clientCertificate) { client in
                let (_, body) = try await client.fetch(server.url("/whoami").absoluteString)
                #expect(body.contains("CN=courier-client-7"))
            }
            try await withHTTPClient(trusting: self.authority) { client in
                await #expect(throws: (any Error).self) {
                    try await client.fetch(server.url("/whoami").absoluteString)
                }
            }
            #expect(server.recordedRequests.count == 1)
        }
    }

    @Test("Optional client authentication accepts clients with and without a certificate")
    func optionalClientCertificate() async throws {
        let clientCertificate = try self.authority.makeClientCertificate()
        let tls = TestServer.TLSConfiguration(
            certificate: self.serverCertificate,
            clientAuthentication: .optional(trustRoots: [self.authority.nioSSLCertificate])
        )
        try await withTestServer(tls: tls) { request in
            .text(request.clientCertificate == nil ? "anonymous" : "identified")
        } _: { server in
            try await withHTTPClient(trusting: self.authority, clientCertificate: clientCertificate) { client in
                let body = try await client.fetch(server.url("/").absoluteString).body
                #expect(body == "identified")
            }
            try await withHTTPClient(trusting: self.authority) { client in
                let body = try await client.fetch(server.url("/").absoluteString).body
                #expect(body == "anonymous")
            }
        }
    }

    @Test("HTTP/2: a hanging stream hits the client's deadline and shutdown still completes")
    func http2Hang() async throws {
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate)
        let server = try await TestServer.start(tls: tls) { request in
            request.path == "/hang" ? .hang : .text("fine")
        }
        try await withHTTPClient(trusting: self.authority) { client in
            await #expect(throws: HTTPClientError.deadlineExceeded) {
                try await client.fetch(server.url("/hang").absoluteString, timeout: .milliseconds(300))
            }
            let (response, body) = try await client.fetch(server.url("/ok").absoluteString)
            #expect(response.version == .http2)
            #expect(body == "fine")
            try await server.shutdown()
        }
    }

    @Test("HTTP/2: a truncated body resets the stream, an error for the client")
    func http2TruncatedBody() async throws {
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate)
        try await withTestServer(tls: tls) { _ in
            .truncatedBody(declaredLength: 50, sending: Data("short".utf8))
        } _: { server in
            try await withHTTPClient(trusting: self.authority) { client in
                await #expect(throws: (any Error).self) {
                    try await client.fetch(server.url("/").absoluteString)
                }
            }
        }
    }

    @Test("shutdown completes with a connection that never starts its TLS handshake")
    func shutdownBeforeHandshake() async throws {
        let tls = TestServer.TLSConfiguration(certificate: self.serverCertificate)
        let server = try await TestServer.start(tls: tls) { _ in .empty }
        let silent = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connect(host: "127.0.0.1", port: server.port)
            .get()
        // A full request after it makes it (nearly) certain the silent connection was accepted too.
        try await withHTTPClient(trusting: self.authority) { client in
            _ = try await client.fetch(server.url("/").absoluteString)
        }
        try await server.shutdown()
        try await silent.closeFuture.get()
    }
}
