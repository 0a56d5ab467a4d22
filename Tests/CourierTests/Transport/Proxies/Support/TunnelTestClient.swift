import NIOCore
import NIOPosix

@testable import Courier

/// Connects to a fake proxy on an event loop of the test's own and runs `body` with the channel, then closes both.
func withProxyConnection<T: Sendable>(
    port: Int, _ body: @Sendable (any Channel) async throws -> T
) async throws -> T {
    let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
    do {
        let channel = try await ClientBootstrap(group: group).connect(host: "127.0.0.1", port: port).get()
        let result: T
        do {
            result = try await body(channel)
        } catch {
            try? await channel.close()
            throw error
        }
        try? await channel.close()
        try await group.shutdownGracefully()
        return result
    } catch {
        try? await group.shutdownGracefully()
        throw error
    }
}

/// Adds a collector after a tunnel opened and resumes reading, as part A does with its own handlers.
func attachCollector(to channel: any Channel) async throws -> ByteCollector {
    let collector = ByteCollector()
    try await channel.eventLoop.submit {
        try channel.pipeline.syncOperations.addHandler(collector)
        ProxyTunnel.resumeReading(channel)
    }.get()
    return collector
}

/// Whether any handler of the tunnel establishers is still in the pipeline.
func hasTunnelHandlers(_ channel: any Channel) async throws -> Bool {
    try await channel.eventLoop.submit {
        let sync = channel.pipeline.syncOperations
        return (try? sync.handler(type: HTTPConnectHandler.self)) != nil
            || (try? sync.handler(type: SOCKS5Handler.self)) != nil
            || (try? sync.handler(type: TunnelLeftoverHandler.self)) != nil
    }.get()
}

extension HTTPProxyEndpoint {
    /// An HTTP proxy on 127.0.0.1.
    static func localHTTP(port: Int) -> HTTPProxyEndpoint {
        HTTPProxyEndpoint(kind: .http, host: "127.0.0.1", port: port)
    }

    /// A SOCKS5 proxy on 127.0.0.1.
    static func localSOCKS5(
        port: Int, username: String? = nil, password: String? = nil, resolvesRemotely: Bool = false
    ) -> HTTPProxyEndpoint {
        HTTPProxyEndpoint(
            kind: .socks5, host: "127.0.0.1", port: port, username: username, password: password,
            resolvesRemotely: resolvesRemotely)
    }
}

/// Runs `body` and returns the ``ProxyTunnelError`` it throws, or nil when it throws nothing or something else.
func proxyError(_ body: () async throws -> Void) async -> ProxyTunnelError? {
    do {
        try await body()
        return nil
    } catch {
        return error as? ProxyTunnelError
    }
}
