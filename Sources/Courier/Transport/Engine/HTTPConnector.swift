import Foundation
import NIOCore
import NIOPosix
import NIOSSL
import NIOTLS
import Synchronization

/// Opens the channel for a connection key: TCP with Happy Eyeballs (to the proxy when there is one), the proxy
/// tunnel when the key needs one, then TLS with ALPN. Each step is timed for metrics; all of them together must
/// finish within the request's connect timeout.
struct HTTPConnector: Sendable {
    /// A connected channel, ready for HTTP.
    struct Connected: Sendable {
        var channel: any Channel
        /// True when ALPN chose HTTP/2.
        var isHTTP2: Bool
        /// Addresses, TLS facts and timings (connection ID and reuse are filled in by the pool).
        var info: HTTPConnectionInfo
        /// What the pipeline reported while the connection was being set up (see `setupFailure`).
        var setupErrors: SetupErrors

        /// ``info`` as the pool records it: with the connection's ID and the protocol its handlers speak.
        func pooledInfo(id: Int, protocolName: String) -> HTTPConnectionInfo {
            var info = self.info
            info.connectionID = id
            info.protocolName = protocolName
            return info
        }

        /// Closes the channel and throws when it closed or failed between the handshake and now (a TLS 1.3
        /// server refusing the client certificate sends its alert and closes right after the handshake). Call on
        /// the event loop, before adding the protocol's handlers.
        func requireUsable(origin: String) throws {
            if let failure = HTTPConnector.setupFailure(of: self, origin: origin) {
                channel.close(promise: nil)
                throw failure
            }
        }

        /// Sets a protocol up on the channel, on its event loop: checks that the channel is still usable, runs
        /// `addHandlers` with ``pooledInfo(id:protocolName:)``, then releases the setup buffer so what it kept
        /// flows into the new handlers.
        func setUp<Connection: Sendable>(
            id: Int, protocolName: String, origin: String,
            _ addHandlers: @escaping @Sendable (_ channel: any Channel, _ info: HTTPConnectionInfo) throws -> Connection
        ) async throws -> Connection {
            let info = pooledInfo(id: id, protocolName: protocolName)
            return try await channel.eventLoop.submit {
                try requireUsable(origin: origin)
                let connection = try addHandlers(channel, info)
                try HTTPConnector.releaseSetupBuffer(on: channel)
                return connection
            }.get()
        }
    }

    let group: any EventLoopGroup
    let offersHTTP2: Bool
    let tunnelEstablisher: ProxyTunnelEstablisher?

    /// Connects; throws `HTTPEngineError` naming the origin, or the proxy when the failure was the proxy's.
    func connect(
        key: HTTPConnectionKey, timeout: TimeAmount, authorizer: ProxyAuthorizer?
    ) async throws(HTTPEngineError) -> Connected {
        guard (1...65535).contains(key.port) else {
            throw HTTPEngineError(.invalidRequest, "the port of \(key.host):\(key.port) is out of range (1-65535)")
        }
        if let proxy = key.proxy, !(1...65535).contains(proxy.port) {
            throw HTTPEngineError(
                .invalidRequest, "the port of the proxy \(proxy.host):\(proxy.port) is out of range (1-65535)")
        }
        if key.scheme == .https, key.tls == nil {
            throw HTTPEngineError(.invalidRequest, "no TLS settings were given for https://\(key.authority)")
        }
        let tcpHost = key.proxy?.host ?? key.host
        let tcpPort = key.proxy?.port ?? key.port
        var info = HTTPConnectionInfo(connectionID: 0, isReused: false, protocolName: "http/1.1")
        let started = ContinuousClock.now
        info.connectStart = Date()
        let channel: any Channel
        let loop = group.next()
        let resolver = TimingResolver(loop: loop)
        do {
            channel = try await ClientBootstrap(group: loop)
                .connectTimeout(timeout)
                .channelOption(.socketOption(.tcp_nodelay), value: 1)
                .resolver(resolver)
                .connect(host: tcpHost, port: tcpPort)
                .get()
        } catch {
            throw Self.connectError(error, key: key)
        }
        info.connectEnd = Date()
        if let lookup = resolver.timing {
            info.dnsStart = lookup.start
            info.dnsEnd = lookup.end
            // Connecting is timed from the end of the lookup, so the two do not overlap.
            info.connectStart = lookup.end
        }
        info.localAddress = channel.localAddress
        info.remoteAddress = channel.remoteAddress

        // The tunnel and the TLS handshake share what is left of the connect timeout.
        let remaining = timeout - TimeAmount(started.duration(to: .now))
        let deadline = Deadline()
        let timer = channel.eventLoop.scheduleTask(in: max(remaining, .zero)) {
            deadline.expire()
            channel.close(promise: nil)
        }
        defer { timer.cancel() }
        do {
            if key.needsTunnel, let proxy = key.proxy {
                try await establishTunnel(channel: channel, key: key, proxy: proxy, authorizer: authorizer)
            }
            // The server may speak first (HTTP/2's SETTINGS right after the handshake): keep what arrives
            // until the protocol's handlers are in place.
            let setupErrors = SetupErrors()
            let tunnelled = key.needsTunnel
            try await channel.eventLoop.submit {
                try channel.pipeline.syncOperations.addHandler(SetupBuffer(errors: setupErrors))
                // A tunnel leaves `autoRead` off so that nothing the target sends is read before a handler is
                // there to take it; the buffer is that handler (a TLS server speaks only after the ClientHello).
                if tunnelled { ProxyTunnel.resumeReading(channel) }
            }.get()
            var isHTTP2 = false
            if key.scheme == .https, let profile = key.tls {
                info.tlsStart = Date()
                let handshake = try await Self.handshake(channel: channel, key: key, profile: profile)
                info.tlsEnd = Date()
                info.tlsVersion = handshake.version
                info.peerCertificates = handshake.chain
                isHTTP2 = handshake.alpn == "h2"
                if isHTTP2, !offersHTTP2 || key.http1Only {
                    throw HTTPEngineError(
                        .tlsFailed,
                        "\(key.authority) chose h2, but this connection must use HTTP/1.1 (its TLS profile offers h2)")
                }
            }
            if deadline.hasExpired { throw Self.timedOut(key) }
            if isHTTP2 { info.protocolName = "h2" }
            return Connected(channel: channel, isHTTP2: isHTTP2, info: info, setupErrors: setupErrors)
        } catch {
            channel.close(promise: nil)
            if deadline.hasExpired { throw Self.timedOut(key) }
            throw (error as? HTTPEngineError)
                ?? HTTPEngineError(.cannotConnect, "cannot connect to \(key.authority)", underlying: error)
        }
    }

    private func establishTunnel(
        channel: any Channel, key: HTTPConnectionKey, proxy: HTTPProxyEndpoint, authorizer: ProxyAuthorizer?
    ) async throws(HTTPEngineError) {
        guard let tunnelEstablisher else {
            throw HTTPEngineError(
                .proxyFailed,
                "cannot reach \(key.authority) through the proxy \(proxy.host):\(proxy.port): no tunnel support is set up"
            )
        }
        do {
            try await tunnelEstablisher(channel, key.host, key.port, proxy, authorizer)
        } catch let error as HTTPEngineError {
            throw error
        } catch {
            throw HTTPEngineError(
                .proxyFailed,
                "the proxy \(proxy.host):\(proxy.port) could not open a tunnel to \(key.authority)", underlying: error)
        }
    }

    private struct Handshake: Sendable {
        var alpn: String?
        var version: TLSVersion?
        var chain: [NIOSSLCertificate]
    }

    private static func handshake(
        channel: any Channel, key: HTTPConnectionKey, profile: TLSClientProfile
    ) async throws(HTTPEngineError) -> Handshake {
        let presented = PresentedChain()
        let result: EventLoopFuture<Handshake> = channel.eventLoop.flatSubmit {
            let promise = channel.eventLoop.makePromise(of: String?.self)
            let sslHandler: NIOSSLClientHandler
            // Puts the verification's own error (which certificate failed, and why) in place of BoringSSL's
            // bare "certificate verify failed".
            let chainErrors = CertificateChainErrorHandler()
            do {
                let serverName = Self.isIPLiteral(key.host) ? nil : key.host
                if let verify = profile.verification {
                    sslHandler = try NIOSSLClientHandler(
                        context: profile.context, serverHostname: serverName,
                        customVerificationCallbackWithMetadata: chainErrors.reportingFailures(of: {
                            certificates, verified in
                            presented.set(certificates)
                            verify(certificates, verified)
                        }))
                } else {
                    sslHandler = try NIOSSLClientHandler(context: profile.context, serverHostname: serverName)
                }
                let buffer = try channel.pipeline.syncOperations.context(handlerType: SetupBuffer.self)
                try channel.pipeline.syncOperations.addHandlers(
                    [sslHandler, chainErrors, TLSHandshakeWatcher(promise: promise)], position: .before(buffer.handler))
            } catch {
                // The watcher never got the promise (the channel closed meanwhile): complete it here.
                promise.fail(error)
                return channel.eventLoop.makeFailedFuture(error)
            }
            return promise.futureResult.flatMapThrowing { alpn in
                let handler = try channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
                var chain = presented.value
                if chain.isEmpty, let leaf = handler.peerCertificate { chain = [leaf] }
                return Handshake(alpn: alpn, version: handler.tlsVersion, chain: chain)
            }
        }
        do {
            return try await result.get()
        } catch {
            throw HTTPEngineError(.tlsFailed, "the TLS handshake with \(key.authority) failed", underlying: error)
        }
    }

    static func isIPLiteral(_ host: String) -> Bool {
        (try? SocketAddress(ipAddress: host, port: 0)) != nil
    }

    private static func timedOut(_ key: HTTPConnectionKey) -> HTTPEngineError {
        HTTPEngineError(.connectTimedOut, "connecting to \(key.authority)\(proxySuffix(key)) timed out")
    }

    private static func proxySuffix(_ key: HTTPConnectionKey) -> String {
        guard let proxy = key.proxy else { return "" }
        return " through the proxy \(proxy.host):\(proxy.port)"
    }

    private static func connectError(_ error: any Error, key: HTTPConnectionKey) -> HTTPEngineError {
        let target = key.proxy.map { "the proxy \($0.host):\($0.port)" } ?? key.authority
        if let error = error as? ChannelError, case .connectTimeout = error {
            return HTTPEngineError(
                key.proxy == nil ? .connectTimedOut : .proxyFailed, "connecting to \(target) timed out",
                underlying: error)
        }
        if let error = error as? NIOConnectionError, error.connectionErrors.isEmpty {
            return HTTPEngineError(
                key.proxy == nil ? .cannotFindHost : .proxyFailed, "cannot find the host of \(target)",
                underlying: error)
        }
        return HTTPEngineError(
            key.proxy == nil ? .cannotConnect : .proxyFailed, "cannot connect to \(target)", underlying: error)
    }
}

extension HTTPConnector {
    /// Set when the connect timeout fires after TCP, so the resulting failure is reported as a timeout.
    final class Deadline: Sendable {
        private let expired = Atomic<Bool>(false)

        var hasExpired: Bool { expired.load(ordering: .acquiring) }

        func expire() { expired.store(true, ordering: .releasing) }
    }

    /// Keeps what the server sends while the connection is being set up, and hands it on when the protocol's
    /// handlers are in place (see `releaseSetupBuffer`). It also keeps the first error that reaches it: a TLS 1.3
    /// server that refuses the client certificate sends its alert right after the client's handshake ended, and
    /// that alert is the only account of why the connection then closes (see `setupFailure`).
    final class SetupBuffer: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        private var buffered: [NIOAny] = []
        private var readComplete = false
        private let errors: SetupErrors

        init(errors: SetupErrors) {
            self.errors = errors
        }

        func channelRead(context: ChannelHandlerContext, data: NIOAny) {
            buffered.append(data)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            errors.record(error)
            context.fireErrorCaught(error)
        }

        func channelReadComplete(context: ChannelHandlerContext) {
            readComplete = true
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            let pending = buffered
            buffered = []
            for data in pending { context.fireChannelRead(data) }
            if readComplete || !pending.isEmpty { context.fireChannelReadComplete() }
        }
    }

    /// Why a connection cannot be used, checked on the event loop before the protocol's handlers are added: it
    /// closed, or its pipeline reported an error, since its handshake (handlers added to a closed channel never
    /// hear of the close, and an error reported before them would be lost). The error names the origin and
    /// carries the pipeline's error, such as the server's TLS alert.
    static func setupFailure(of connected: Connected, origin: String) -> HTTPEngineError? {
        let reported = connected.setupErrors.firstError
        guard !connected.channel.isActive || reported != nil else { return nil }
        return HTTPEngineError(
            .connectionLostBeforeResponse, "the connection to \(origin) closed right after it was set up",
            underlying: reported)
    }

    /// Removes the setup buffer (on the event loop, after the protocol's handlers were added behind it), so what
    /// it kept flows into them.
    static func releaseSetupBuffer(on channel: any Channel) throws {
        let context = try channel.pipeline.syncOperations.context(handlerType: SetupBuffer.self)
        channel.pipeline.syncOperations.removeHandler(context: context, promise: nil)
    }

    /// The first error a connection's pipeline reported while it was being set up. Kept apart from the
    /// `SetupBuffer` that records it, because a closing channel removes its handlers: the error is most needed
    /// just when the buffer is gone.
    final class SetupErrors: Sendable {
        private let first = Mutex<(any Error)?>(nil)

        var firstError: (any Error)? { first.withLock { $0 } }

        func record(_ error: any Error) {
            first.withLock { first in
                if first == nil { first = error }
            }
        }
    }

    /// The chain the server presented, captured by the verification callback.
    final class PresentedChain: Sendable {
        private let certificates = Mutex<[NIOSSLCertificate]>([])

        var value: [NIOSSLCertificate] { certificates.withLock { $0 } }

        func set(_ chain: [NIOSSLCertificate]) { certificates.withLock { $0 = chain } }
    }

    /// Completes a promise with the ALPN protocol when the TLS handshake finishes, or fails it, then leaves.
    final class TLSHandshakeWatcher: ChannelInboundHandler, RemovableChannelHandler {
        typealias InboundIn = NIOAny

        private var promise: EventLoopPromise<String?>?

        init(promise: EventLoopPromise<String?>) {
            self.promise = promise
        }

        func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
            if let event = event as? TLSUserEvent, case .handshakeCompleted(let alpn) = event {
                promise?.succeed(alpn)
                promise = nil
                context.pipeline.syncOperations.removeHandler(context: context, promise: nil)
            }
            context.fireUserInboundEventTriggered(event)
        }

        func errorCaught(context: ChannelHandlerContext, error: any Error) {
            promise?.fail(error)
            promise = nil
            context.close(promise: nil)
        }

        func channelInactive(context: ChannelHandlerContext) {
            promise?.fail(ChannelError.eof)
            promise = nil
            context.fireChannelInactive()
        }

        func handlerRemoved(context: ChannelHandlerContext) {
            promise?.fail(ChannelError.ioOnClosedChannel)
            promise = nil
        }
    }
}
