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

        /// Sets a protocol up on the channel; call on its event loop. Checks that the channel is still usable, runs
        /// `addHandlers` with ``pooledInfo(id:protocolName:)``, then releases the setup buffer so what it kept flows
        /// into the new handlers.
        func setUp<Connection>(
            id: Int, protocolName: String, origin: String,
            _ addHandlers: (_ channel: any Channel, _ info: HTTPConnectionInfo) throws -> Connection
        ) throws -> Connection {
            channel.eventLoop.preconditionInEventLoop()
            try requireUsable(origin: origin)
            let connection = try addHandlers(channel, pooledInfo(id: id, protocolName: protocolName))
            try HTTPConnector.releaseSetupBuffer(on: channel)
            return connection
        }
    }

    let group: any EventLoopGroup
    let offersHTTP2: Bool
    let tunnelEstablisher: ProxyTunnelEstablisher?

    /// Connects; throws `HTTPEngineError` naming the origin, or the proxy when the failure was the proxy's.
    func connect(
        key: HTTPConnectionKey, timeout: TimeAmount, authorizer: ProxyAuthorizer?
    ) async throws(HTTPEngineError) -> Connected {
        do {
            return try await connectFuture(key: key, timeout: timeout, authorizer: authorizer, cancellation: nil).get()
        } catch {
            throw Self.engineError(error, key: key)
        }
    }

    /// Connects, as a future of the channel's event loop that fails with `HTTPEngineError` only (or
    /// `CancellationError` once `cancellation` is cancelled). TCP, the setup buffer, the TLS handshake and its
    /// verification (when the chain was accepted before) all run on the event loop, so a caller that chains its own
    /// set-up on the result waits for the loop once, not once per step.
    func connectFuture(
        key: HTTPConnectionKey, timeout: TimeAmount, authorizer: ProxyAuthorizer?,
        cancellation: ConnectCancellation?
    ) -> EventLoopFuture<Connected> {
        let loop = group.next()
        if let problem = Self.unusable(key) { return loop.makeFailedFuture(problem) }
        let started = NIODeadline.now()
        let connectStart = Date()
        let resolver = TimingResolver(loop: loop)
        return ClientBootstrap(group: loop)
            .connectTimeout(timeout)
            .channelOption(.socketOption(.tcp_nodelay), value: 1)
            .resolver(resolver)
            .connect(host: key.proxy?.host ?? key.host, port: key.proxy?.port ?? key.port)
            .flatMapErrorThrowing { error in throw Self.connectError(error, key: key) }
            .flatMap { channel in
                if let cancellation, !cancellation.attach(channel) {
                    channel.close(promise: nil)
                    return channel.eventLoop.makeFailedFuture(CancellationError())
                }
                var info = HTTPConnectionInfo(connectionID: 0, isReused: false, protocolName: "http/1.1")
                info.connectStart = connectStart
                info.connectEnd = Date()
                if let lookup = resolver.timing {
                    info.dnsStart = lookup.start
                    info.dnsEnd = lookup.end
                    // Connecting is timed from the end of the lookup, so the two do not overlap.
                    info.connectStart = lookup.end
                }
                info.local = HTTPConnectionInfo.Endpoint(channel.localAddress)
                info.remote = HTTPConnectionInfo.Endpoint(channel.remoteAddress)
                // The tunnel and the TLS handshake share what is left of the connect timeout.
                return secure(
                    channel, key: key, info: info, until: started + timeout, authorizer: authorizer,
                    cancellation: cancellation)
            }
    }

    /// What makes a key unusable before anything is sent: a port out of range, https without TLS settings.
    private static func unusable(_ key: HTTPConnectionKey) -> HTTPEngineError? {
        guard (1...65535).contains(key.port) else {
            return HTTPEngineError(.invalidRequest, "the port of \(key.host):\(key.port) is out of range (1-65535)")
        }
        if let proxy = key.proxy, !(1...65535).contains(proxy.port) {
            return HTTPEngineError(
                .invalidRequest, "the port of the proxy \(proxy.host):\(proxy.port) is out of range (1-65535)")
        }
        if key.scheme == .https, key.tls == nil {
            return HTTPEngineError(.invalidRequest, "no TLS settings were given for https://\(key.authority)")
        }
        return nil
    }

    /// On the channel's event loop, after TCP: the proxy tunnel when the key needs one, the setup buffer, then TLS.
    /// Closes the channel when any of it fails or the deadline passes first.
    private func secure(
        _ channel: any Channel, key: HTTPConnectionKey, info: HTTPConnectionInfo, until deadline: NIODeadline,
        authorizer: ProxyAuthorizer?, cancellation: ConnectCancellation?
    ) -> EventLoopFuture<Connected> {
        let loop = channel.eventLoop
        let expiry = Deadline()
        let timer = loop.scheduleTask(deadline: deadline) {
            expiry.expire()
            channel.close(promise: nil)
        }
        let tunnelled: EventLoopFuture<Void>
        if key.needsTunnel, let proxy = key.proxy {
            let promise = loop.makePromise(of: Void.self)
            let task = Task {
                do {
                    try await establishTunnel(channel: channel, key: key, proxy: proxy, authorizer: authorizer)
                    promise.succeed()
                } catch {
                    promise.fail(error)
                }
            }
            if let cancellation, !cancellation.attachTunnel({ task.cancel() }) { task.cancel() }
            tunnelled = promise.futureResult
        } else {
            tunnelled = loop.makeSucceededVoidFuture()
        }
        let offersHTTP2 = self.offersHTTP2
        return tunnelled.flatMap { () -> EventLoopFuture<Connected> in
            // The server may speak first (HTTP/2's SETTINGS right after the handshake): keep what arrives
            // until the protocol's handlers are in place.
            let setupErrors = SetupErrors()
            do {
                try channel.pipeline.syncOperations.addHandler(SetupBuffer(errors: setupErrors))
            } catch {
                return loop.makeFailedFuture(error)
            }
            // A tunnel leaves `autoRead` off so that nothing the target sends is read before a handler is there
            // to take it; the buffer is that handler (a TLS server speaks only after the ClientHello).
            if key.needsTunnel { ProxyTunnel.resumeReading(channel) }
            guard key.scheme == .https, let profile = key.tls else {
                return loop.makeSucceededFuture(
                    Connected(channel: channel, isHTTP2: false, info: info, setupErrors: setupErrors))
            }
            var beforeTLS = info
            beforeTLS.tlsStart = Date()
            return Self.handshake(channel: channel, key: key, profile: profile).flatMapThrowing {
                [beforeTLS] handshake in
                var info = beforeTLS
                info.tlsEnd = Date()
                info.tlsVersion = handshake.version
                info.peerCertificates = handshake.chain
                let isHTTP2 = handshake.alpn == "h2"
                if isHTTP2, !offersHTTP2 || key.http1Only {
                    throw HTTPEngineError(
                        .tlsFailed,
                        "\(key.authority) chose h2, but this connection must use HTTP/1.1 (its TLS profile offers h2)")
                }
                if isHTTP2 { info.protocolName = "h2" }
                return Connected(channel: channel, isHTTP2: isHTTP2, info: info, setupErrors: setupErrors)
            }
        }.flatMapThrowing { connected in
            timer.cancel()
            if expiry.hasExpired { throw Self.timedOut(key) }
            return connected
        }.flatMapErrorThrowing { error in
            timer.cancel()
            channel.close(promise: nil)
            if expiry.hasExpired { throw Self.timedOut(key) }
            if cancellation?.isCancelled == true { throw CancellationError() }
            throw Self.engineError(error, key: key)
        }
    }

    /// An error as the connector reports it: an `HTTPEngineError` as it is, anything else as failing to connect.
    private static func engineError(_ error: any Error, key: HTTPConnectionKey) -> HTTPEngineError {
        (error as? HTTPEngineError)
            ?? HTTPEngineError(.cannotConnect, "cannot connect to \(key.authority)", underlying: error)
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

    /// Runs the TLS handshake; call on the channel's event loop. Fails with `HTTPEngineError(.tlsFailed)`.
    private static func handshake(
        channel: any Channel, key: HTTPConnectionKey, profile: TLSClientProfile
    ) -> EventLoopFuture<Handshake> {
        let presented = PresentedChain()
        let promise = channel.eventLoop.makePromise(of: String?.self)
        let sslHandler: NIOSSLClientHandler
        // Puts the verification's own error (which certificate failed, and why) in place of BoringSSL's bare
        // "certificate verify failed".
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
        }
        return promise.futureResult.flatMapThrowing { alpn in
            let handler = try channel.pipeline.syncOperations.handler(type: NIOSSLClientHandler.self)
            var chain = presented.value
            if chain.isEmpty, let leaf = handler.peerCertificate { chain = [leaf] }
            return Handshake(alpn: alpn, version: handler.tlsVersion, chain: chain)
        }.flatMapErrorThrowing { error in
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
