import NIOCore
import NIOEmbedded
import Synchronization
import Testing

@testable import Courier

@Suite("Connecting: giving up on a connection being opened", .timeLimit(.minutes(1)))
struct ConnectCancellationTests {
    private typealias Support = EngineTestSupport

    /// A key for https to a server that accepts TCP and never answers the ClientHello: the connection stays in its
    /// TLS handshake until the connect timeout (30 s), far longer than these tests wait.
    private func stalledTLSKey(port: Int) throws -> HTTPConnectionKey {
        HTTPConnectionKey(
            scheme: .https, host: "127.0.0.1", port: port, tls: try TestCertificates.clientProfile(trusting: nil))
    }

    @Test func cancellingTheTaskDuringTheHandshakeEndsItAndClosesTheConnection() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                let key = try stalledTLSKey(port: server.port)
                let exchange = Task { try await pool.execute(Support.request(port: server.port, key: key)) }
                let connection = try await server.nextConnection()
                // The ClientHello has arrived: the handshake is under way.
                _ = try await connection.read(until: "\u{16}")
                exchange.cancel()
                await #expect(throws: CancellationError.self) { try await exchange.value }
                await connection.waitForClose()
                #expect(pool.connectionsOpened == 0)
            }
        }
    }

    @Test func cancellingTheScopeDuringTheHandshakeEndsItAndClosesTheConnection() async throws {
        try await Support.withServer { server in
            try await Support.withPool { pool in
                var request = Support.request(port: server.port, key: try stalledTLSKey(port: server.port))
                let scope = CancellationScope()
                request.cancellation = scope
                let exchange = Task { [request] in try await pool.execute(request) }
                let connection = try await server.nextConnection()
                _ = try await connection.read(until: "\u{16}")
                scope.cancel()
                await #expect(throws: CancellationError.self) { try await exchange.value }
                await connection.waitForClose()
                // The caller's task was not cancelled: the pool still serves it.
                #expect(exchange.isCancelled == false)
            }
        }
    }

    @Test func cancellingTheScopeWhileAProxyIgnoresCONNECTEndsItAndClosesTheConnection() async throws {
        try await Support.withServer { proxy in
            try await Support.withPool(.init(tunnelEstablisher: ProxyTunnel().establish)) { pool in
                let key = HTTPConnectionKey(
                    scheme: .https, host: "origin.test", port: 443,
                    proxy: HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: proxy.port),
                    tls: try TestCertificates.clientProfile(trusting: nil))
                var request = Support.request(port: 443, key: key)
                let scope = CancellationScope()
                request.cancellation = scope
                let exchange = Task { [request] in try await pool.execute(request) }
                let connection = try await proxy.nextConnection()
                // The proxy has the CONNECT and never answers it.
                let connect = try #require(try await connection.read(until: "\r\n\r\n"))
                #expect(connect.hasPrefix("CONNECT origin.test:443 HTTP/1.1"))
                scope.cancel()
                await #expect(throws: CancellationError.self) { try await exchange.value }
                await connection.waitForClose()
                #expect(pool.connectionsOpened == 0)
            }
        }
    }

    @Test func aCancelledAttemptClosesItsChannelAndRefusesALaterOne() throws {
        let cancellation = ConnectCancellation()
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        #expect(cancellation.attach(channel))
        let handled = HandlerCount()
        cancellation.onCancel { handled.add() }
        cancellation.cancel()
        cancellation.cancel()
        #expect(handled.count == 1)
        #expect(channel.isActive == false)
        #expect(cancellation.attach(EmbeddedChannel()) == false)
        #expect(cancellation.attachTunnel {} == false)
        // A handler set after the cancellation runs at once.
        cancellation.onCancel { handled.add() }
        #expect(handled.count == 2)
    }

    @Test func aSettledAttemptIsFreedThoughItsHandlerRefersToIt() {
        // The pool's handler refers to the attempt it is set on; settling must break that cycle, or every
        // connection opened leaks its attempt (the reliability harness saw the heap grow by 200 bytes a connection).
        weak var released: ConnectCancellation?
        do {
            let cancellation = ConnectCancellation()
            released = cancellation
            cancellation.onCancel { _ = cancellation.claim() }
            #expect(cancellation.claim())
        }
        #expect(released == nil)
    }

    @Test func theFirstToClaimSettlesTheAttemptAndALaterCancelLeavesTheChannelOpen() throws {
        let cancellation = ConnectCancellation()
        let channel = EmbeddedChannel()
        try channel.connect(to: SocketAddress(ipAddress: "127.0.0.1", port: 1)).wait()
        #expect(cancellation.attach(channel))
        #expect(cancellation.claim())
        #expect(cancellation.claim() == false)
        cancellation.cancel()
        // The completion won: the connection is in use and must stay open.
        #expect(channel.isActive)
        _ = try channel.finish()
    }
}

private final class HandlerCount: Sendable {
    private let value = Mutex(0)
    var count: Int { value.withLock { $0 } }
    func add() { value.withLock { $0 += 1 } }
}
