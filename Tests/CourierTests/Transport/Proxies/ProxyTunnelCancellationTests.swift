import NIOCore
import Testing

@testable import Courier

/// Cancelling the task that waits for a tunnel ends the wait and closes the channel.
struct ProxyTunnelCancellationTests {
    @Test func cancellingTheTaskEndsTheHandshake() async throws {
        let server = try await FakeProxyServer { _, _ in SilentHandler() }
        let port = server.port
        try await withProxyConnection(port: port) { channel in
            let task = Task {
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "origin.test", targetPort: 443, proxy: .localHTTP(port: port),
                    authorize: nil)
            }
            task.cancel()
            let error = await proxyError { try await task.value }
            #expect(error?.kind == .cancelled)
            try await channel.closeFuture.get()
        }
        try await server.stop()
    }

    @Test func cancellingTheTaskEndsASOCKS5Handshake() async throws {
        let server = try await FakeProxyServer { _, _ in SilentHandler() }
        let port = server.port
        try await withProxyConnection(port: port) { channel in
            let task = Task {
                try await ProxyTunnel().establish(
                    channel: channel, targetHost: "192.0.2.1", targetPort: 443, proxy: .localSOCKS5(port: port),
                    authorize: nil)
            }
            task.cancel()
            let error = await proxyError { try await task.value }
            #expect(error?.kind == .cancelled)
        }
        try await server.stop()
    }
}
