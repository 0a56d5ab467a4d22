import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// Opens TCP connections: host names or address literals, IPv4 and IPv6 (happy eyeballs through NIO's
/// bootstrap), optionally with TLS.
public enum TCPClient {
    /// Connects to `host` on `port`; with ``TCPConfiguration/tls`` set, returns after the TLS handshake
    /// and pin check succeeded.
    ///
    /// - Throws: ``SocketError``: ``SocketError/Code/cannotFindHost`` when the name does not resolve,
    ///   ``SocketError/Code/cannotConnectToHost`` when no address accepts,
    ///   ``SocketError/Code/timedOut`` after ``TCPConfiguration/connectTimeout``,
    ///   ``SocketError/Code/secureConnectionFailed`` or ``SocketError/Code/serverCertificateUntrusted``
    ///   when TLS fails, ``SocketError/Code/invalidConfiguration`` for unusable settings.
    public static func connect(
        host: String,
        port: Int,
        configuration: TCPConfiguration = TCPConfiguration(),
        eventLoopGroup: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton,
        logger: Logger = Logger(label: "courier.sockets")
    ) async throws -> TCPConnection {
        try configuration.validate(port: port)
        let policyTrust = try configuration.tls?.makePolicyTrust(host: host, port: port)
        let sslContext = policyTrust == nil ? try configuration.tls?.makeContext() : nil
        // An IP literal is neither a valid SNI name nor something a certificate names by DNS name.
        let serverName = configuration.tls?.serverName ?? (Self.isAddressLiteral(host) ? nil : host)
        let pins = configuration.tls?.pinnedKeySHA256 ?? []
        logger.debug(
            "connecting", metadata: ["host": "\(host)", "port": "\(port)", "tls": "\(configuration.tls != nil)"])
        let bootstrap = ClientBootstrap(group: eventLoopGroup)
            .connectTimeout(configuration.connectTimeout.timeAmount)
            .channelOption(.allowRemoteHalfClosure, value: true)
            // Nothing is read before `run` asks (the TLS handshake excepted): see `EarlyInboundBuffer`.
            .channelOption(.autoRead, value: false)
            .channelOption(.writeBufferWaterMark, value: configuration.writeBufferWaterMark)
            .channelOption(.tcpOption(.tcp_nodelay), value: 1)
        do {
            let (connection, handshake) = try await bootstrap.connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    var tlsHandlers: [any ChannelHandler] = []
                    var handshake: EventLoopFuture<Void>? = nil
                    if let policyTrust {
                        tlsHandlers = try policyTrust.makeHandlers()
                    } else if let sslContext {
                        tlsHandlers.append(try NIOSSLClientHandler(context: sslContext, serverHostname: serverName))
                    }
                    if !tlsHandlers.isEmpty {
                        let promise = channel.eventLoop.makePromise(of: Void.self)
                        tlsHandlers.append(
                            TLSHandshakeHandler(
                                pins: pins,
                                handshake: promise,
                                host: host,
                                timeout: configuration.connectTimeout.timeAmount
                            ))
                        handshake = promise.futureResult
                    }
                    let early = try ConnectionPipeline.configure(
                        channel,
                        configuration: configuration,
                        tlsHandlers: tlsHandlers,
                        host: host
                    )
                    return (
                        TCPConnection(channel: channel, early: early, configuration: configuration, host: host),
                        handshake
                    )
                }
            }
            if let handshake {
                do {
                    try await handshake.get()
                } catch {
                    // Not awaited: a TLS close waits for the peer's close_notify, which a refused
                    // server need not send.
                    connection.channel.close(promise: nil)
                    throw error
                }
            }
            return connection
        } catch {
            let mapped = SocketError.mapping(error, host: host)
            logger.debug("connect failed", metadata: ["error": "\(mapped)"])
            throw mapped
        }
    }

    /// Whether `host` is an IPv4 or IPv6 address literal rather than a name.
    static func isAddressLiteral(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }
}
