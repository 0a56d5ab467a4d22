import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS

@testable import Courier

/// An in-process TLS server on 127.0.0.1, port 0, on its own event loop group, that reports the client
/// certificate (its subject) of each completed handshake.
final class TestTLSServer: Sendable {
    let group: MultiThreadedEventLoopGroup
    let channel: any Channel
    /// The subject of each handshake's client certificate, or "none".
    let clientCertificates: AsyncStream<String>
    var port: Int { channel.localAddress?.port ?? 0 }

    private init(group: MultiThreadedEventLoopGroup, channel: any Channel, clientCertificates: AsyncStream<String>) {
        self.group = group
        self.channel = channel
        self.clientCertificates = clientCertificates
    }

    /// Starts a server presenting `chain`; with `clientCertificateRoots`, it requests (and requires) a client
    /// certificate issued under them.
    static func start(
        chain: [NIOSSLCertificate], key: NIOSSLPrivateKey, clientCertificateRoots: [NIOSSLCertificate]? = nil,
        applicationProtocols: [String] = []
    ) async throws -> TestTLSServer {
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: chain.map { .certificate($0) }, privateKey: .privateKey(key))
        configuration.applicationProtocols = applicationProtocols
        if let clientCertificateRoots {
            configuration.certificateVerification = .noHostnameVerification
            configuration.trustRoots = .certificates(clientCertificateRoots)
        }
        let context = try NIOSSLContext(configuration: configuration)
        let (stream, continuation) = AsyncStream.makeStream(of: String.self)
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        do {
            let channel = try await ServerBootstrap(group: group)
                .serverChannelOption(.socketOption(.so_reuseaddr), value: 1)
                .childChannelInitializer { channel in
                    channel.eventLoop.makeCompletedFuture {
                        try channel.pipeline.syncOperations.addHandler(NIOSSLServerHandler(context: context))
                        try channel.pipeline.syncOperations.addHandler(ClientCertificateReporter(continuation))
                    }
                }
                .bind(host: "127.0.0.1", port: 0).get()
            return TestTLSServer(group: group, channel: channel, clientCertificates: stream)
        } catch {
            try await group.shutdownGracefully()
            throw error
        }
    }

    func stop() async throws {
        try await channel.close()
        try await group.shutdownGracefully()
    }

    /// Reports the peer's certificate when the handshake completes, then answers nothing.
    private final class ClientCertificateReporter: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let continuation: AsyncStream<String>.Continuation

        init(_ continuation: AsyncStream<String>.Continuation) {
            self.continuation = continuation
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted = event {
                let peer = (try? context.pipeline.syncOperations.nioSSL_peerCertificate()).flatMap { $0 }
                let subject = peer.flatMap { try? ChainCertificate(derEncoded: $0.toDERBytes()).subjectName }
                continuation.yield(subject ?? "none")
            }
            context.fireUserInboundEventTriggered(event)
        }
    }
}

/// Connects to a TLS server with a ``TLSClientProfile`` and waits for the handshake's outcome.
enum TestTLSClient {
    /// What a completed handshake established.
    struct Outcome {
        /// The subjects of the verified chain, leaf first; empty when nothing was verified.
        let chain: [String]
        /// The ALPN protocol agreed on.
        let applicationProtocol: String?
    }

    /// Completes a handshake with `host` at 127.0.0.1:`port` and returns the verified chain's subjects (empty when
    /// nothing was verified); throws the handshake's error (a ``CertificateChainError`` for a refused chain).
    static func handshake(
        profile: TLSClientProfile, host: String, port: Int, group: any EventLoopGroup
    ) async throws -> [String] {
        try await connect(profile: profile, host: host, port: port, group: group).chain
    }

    /// Completes a handshake and says what it established.
    static func connect(
        profile: TLSClientProfile, host: String, port: Int, group: any EventLoopGroup
    ) async throws -> Outcome {
        let outcome = group.any().makePromise(of: String?.self)
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let (tls, errors) = try profile.makeClientHandlers(host: host)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(errors)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(outcome))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        let applicationProtocol: String?
        do {
            applicationProtocol = try await outcome.futureResult.get()
        } catch {
            try? await channel.close()
            throw error
        }
        let subjects = try await channel.eventLoop.submit {
            let handler = try channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
            return try (handler.peerValidatedCertificateChain.map(Array.init) ?? []).map {
                try ChainCertificate(derEncoded: $0.toDERBytes()).subjectName
            }
        }.get()
        try? await channel.close()
        return Outcome(chain: subjects, applicationProtocol: applicationProtocol)
    }

    /// Completes a handshake, writes `request`, and returns everything the server sends until it closes (at most
    /// 1 MiB).
    static func exchange(
        profile: TLSClientProfile, host: String, port: Int, request: String, group: any EventLoopGroup
    ) async throws -> String {
        let handshake = group.any().makePromise(of: String?.self)
        let response = group.any().makePromise(of: String.self)
        let channel = try await ClientBootstrap(group: group)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let (tls, errors) = try profile.makeClientHandlers(host: host)
                    try channel.pipeline.syncOperations.addHandler(tls)
                    try channel.pipeline.syncOperations.addHandler(errors)
                    try channel.pipeline.syncOperations.addHandler(HandshakeWaiter(handshake))
                    try channel.pipeline.syncOperations.addHandler(ResponseCollector(response))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        do {
            _ = try await handshake.futureResult.get()
            try await channel.writeAndFlush(ByteBuffer(string: request))
            return try await response.futureResult.get()
        } catch {
            try? await channel.close()
            throw error
        }
    }

    /// Collects what arrives until the connection closes.
    private final class ResponseCollector: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let promise: EventLoopPromise<String>
        var received = ByteBuffer()

        init(_ promise: EventLoopPromise<String>) {
            self.promise = promise
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            var buffer = unwrapInboundIn(data)
            guard received.readableBytes + buffer.readableBytes <= 1 << 20 else {
                promise.fail(ChannelError.inputClosed)
                context.close(promise: nil)
                return
            }
            received.writeBuffer(&buffer)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            // A peer that closes without close_notify still sent a whole response.
            if case NIOSSLError.uncleanShutdown = error { return }
            promise.fail(error)
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.succeed(String(buffer: received))
            context.fireChannelInactive()
        }
    }

    /// Succeeds with the ALPN protocol on the handshake's completion, fails on the first error or on a close
    /// before it.
    private final class HandshakeWaiter: ChannelInboundHandler {
        typealias InboundIn = ByteBuffer
        let promise: EventLoopPromise<String?>

        init(_ promise: EventLoopPromise<String?>) {
            self.promise = promise
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if case TLSUserEvent.handshakeCompleted(let applicationProtocol) = event {
                promise.succeed(applicationProtocol)
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise.fail(error)
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise.fail(ChannelError.ioOnClosedChannel)
            context.fireChannelInactive()
        }
    }
}
