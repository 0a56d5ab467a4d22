import HTTPTypes
import NIOCore
import NIOPosix

/// Opens a tunnel to a target through a proxy, on a channel already connected to the proxy: HTTP `CONNECT`
/// (answering 407 challenges on the same connection) or SOCKS5 (RFC 1928, with RFC 1929 username/password).
///
/// ``establish(channel:targetHost:targetPort:proxy:authorize:)`` has the shape of ``ProxyTunnelEstablisher``:
///
/// ```swift
/// let establisher: ProxyTunnelEstablisher = ProxyTunnel().establish
/// try await establisher(channel, "example.com", 443, proxy, authorizer)
/// try await channel.eventLoop.submit {
///     try channel.pipeline.syncOperations.addHandler(tlsHandler)
///     ProxyTunnel.resumeReading(channel)
/// }.get()
/// ```
///
/// While it works, the channel's `autoRead` is off and the establisher reads only what it needs. On success every
/// handler it added has left the pipeline and `autoRead` stays off, so nothing the target sends is read (and lost)
/// before the caller's handlers are in place; the caller adds them, then calls ``resumeReading(_:)``. Bytes that
/// arrived together with the proxy's answer are handed to those handlers, in order, at that first read. On failure
/// the channel is closed, because the proxy conversation is in an unknown state.
struct ProxyTunnel: Sendable {
    /// Bounds on what a proxy may send.
    struct Limits: Sendable, Hashable {
        /// The most bytes an HTTP answer head may take.
        var maximumHeadBytes = 16 * 1024
        /// The most header fields an HTTP answer head may have.
        var maximumHeaderFields = 100
        /// The most body bytes of a 407 answer that are read and dropped to keep the connection.
        var maximumChallengeBodyBytes = 1024 * 1024
    }

    /// Resolves a host name to an address for SOCKS5 without remote resolution (`socks5://`).
    typealias Resolver = @Sendable (_ host: String, _ port: Int) async throws -> SocketAddress

    /// How long the proxy may take to answer each `CONNECT`, or the whole SOCKS5 handshake. Time spent in the
    /// authorizer does not count.
    var timeout: TimeAmount = .seconds(30)
    /// The most 407 challenges answered for one tunnel (NTLM needs two).
    var maximumAuthorizationAttempts = 4
    /// A `Proxy-Authorization` value for the first `CONNECT`, such as the one a
    /// ``ProxyTunnelError/Kind/newConnectionRequired(proxyAuthorization:)`` error carries.
    var initialProxyAuthorization: String?
    /// Bounds on the proxy's answers.
    var limits = Limits()
    /// Resolves target host names for `socks5://` (the default asks the system resolver on a thread pool).
    var resolver: Resolver = ProxyTunnel.systemResolver

    /// Creates a tunnel establisher with the default settings.
    init() {}

    /// Opens the tunnel; has the shape of ``ProxyTunnelEstablisher``.
    /// - Throws: ``ProxyTunnelError`` naming the proxy: the target cannot be sent, the proxy refused or sent an
    ///   invalid or oversized answer, did not answer within ``timeout``, closed the connection, asked for
    ///   authentication that was not given, or (HTTP) needs a new connection to retry with credentials.
    @Sendable
    func establish(
        channel: any Channel, targetHost: String, targetPort: Int, proxy: HTTPProxyEndpoint,
        authorize: ProxyAuthorizer?
    ) async throws {
        let makeError: @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError = {
            ProxyTunnelError($0, proxy: proxy, targetHost: targetHost, targetPort: targetPort)
        }
        do {
            switch proxy.kind {
            case .http:
                try await establishHTTP(
                    channel: channel, targetHost: targetHost, targetPort: targetPort, authorize: authorize,
                    makeError: makeError)
            case .socks5:
                try await establishSOCKS5(
                    channel: channel, targetHost: targetHost, targetPort: targetPort, proxy: proxy,
                    makeError: makeError)
            }
        } catch let error as ProxyTunnelError {
            channel.close(promise: nil)
            throw error
        } catch {
            channel.close(promise: nil)
            throw makeError(.connectionClosed)
        }
    }

    /// Turns `autoRead` back on and asks for the first read, which also releases bytes that arrived with the
    /// proxy's answer. Call on the channel's event loop after adding the handlers that use the tunnel.
    static func resumeReading(_ channel: any Channel) {
        channel.eventLoop.preconditionInEventLoop()
        try? channel.syncOptions?.setOption(ChannelOptions.autoRead, value: true)
        channel.pipeline.syncOperations.read()
    }

    /// Resolves with `getaddrinfo` on NIO's shared thread pool, taking the first address.
    static let systemResolver: Resolver = { host, port in
        try await NIOThreadPool.singleton.runIfActive {
            try SocketAddress.makeAddressResolvingHost(host, port: port)
        }
    }

    // MARK: HTTP CONNECT

    private func establishHTTP(
        channel: any Channel, targetHost: String, targetPort: Int, authorize: ProxyAuthorizer?,
        makeError: @escaping @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError
    ) async throws {
        var request: HTTPConnectRequest
        do {
            request = try HTTPConnectRequest(
                targetHost: targetHost, targetPort: targetPort, proxyAuthorization: initialProxyAuthorization)
        } catch {
            throw makeError(error)
        }
        let limits = self.limits
        let timeout = self.timeout
        let handler = try await Self.install(on: channel) {
            HTTPConnectHandler(limits: limits, timeout: timeout, makeError: makeError)
        }
        var attempt = 0
        // Bounded: every pass either returns, throws, or counts one more authorization attempt.
        while true {
            let outcome: HTTPConnectHandler.Outcome
            do {
                outcome = try await Self.exchange(on: channel, handler: handler) { [request] handler, promise in
                    handler.send(request, promise: promise)
                }
            } catch let error as ProxyTunnelError where attempt > 0 && error.kind.isConnectionLoss {
                // The proxy closed while the authorizer worked, or reset the connection the answer was written
                // into (its close raced our write): the answer is still good on a new connection.
                throw makeError(.newConnectionRequired(proxyAuthorization: request.proxyAuthorization))
            }
            switch outcome {
            case .established:
                return
            case .challenge(let challenge, let reusable):
                attempt += 1
                guard attempt <= maximumAuthorizationAttempts else {
                    throw makeError(.authenticationFailed(attempts: attempt - 1))
                }
                let statusLine = "\(challenge.status.code) \(challenge.status.reasonPhrase)"
                guard let authorize, let answer = await authorize(challenge, attempt) else {
                    throw makeError(.authenticationRequired(statusLine: statusLine))
                }
                guard reusable else {
                    throw makeError(.newConnectionRequired(proxyAuthorization: answer))
                }
                do {
                    request = try HTTPConnectRequest(
                        targetHost: targetHost, targetPort: targetPort, proxyAuthorization: answer)
                } catch {
                    throw makeError(error)
                }
            }
        }
    }

    // MARK: SOCKS5

    private func establishSOCKS5(
        channel: any Channel, targetHost: String, targetPort: Int, proxy: HTTPProxyEndpoint,
        makeError: @escaping @Sendable (ProxyTunnelError.Kind) -> ProxyTunnelError
    ) async throws {
        let machine: SOCKS5StateMachine
        do {
            try HTTPConnectRequest.validate(host: targetHost, port: targetPort)
            let address = try await targetAddress(host: targetHost, port: targetPort, proxy: proxy)
            machine = try SOCKS5StateMachine(
                target: address, port: targetPort, username: proxy.username, password: proxy.password)
        } catch {
            throw makeError(error)
        }
        let timeout = self.timeout
        let handler = try await Self.install(on: channel) {
            SOCKS5Handler(machine: machine, timeout: timeout, makeError: makeError)
        }
        try await Self.exchange(on: channel, handler: handler) { handler, promise in
            handler.start(promise: promise)
        }
    }

    // MARK: Handshake handlers

    /// Turns `autoRead` off on `channel` and adds the handler `makeHandler` makes, on the channel's event loop.
    private static func install<Machine>(
        on channel: any Channel, _ makeHandler: @escaping @Sendable () -> ProxyHandshakeHandler<Machine>
    ) async throws -> NIOLoopBound<ProxyHandshakeHandler<Machine>> {
        try await channel.eventLoop.submit {
            try channel.syncOptions?.setOption(ChannelOptions.autoRead, value: false)
            let handler = makeHandler()
            try channel.pipeline.syncOperations.addHandler(handler)
            return NIOLoopBound(handler, eventLoop: channel.eventLoop)
        }.get()
    }

    /// Runs one exchange, which `start` begins on the event loop; cancelling the task aborts it.
    ///
    /// The promise is made only once the handler is in place, which completes it: if the channel closed before (the
    /// request's connect timeout, say), ``install(on:_:)`` throws and no promise is left behind uncompleted.
    private static func exchange<Machine>(
        on channel: any Channel, handler: NIOLoopBound<ProxyHandshakeHandler<Machine>>,
        _ start: @escaping @Sendable (ProxyHandshakeHandler<Machine>, EventLoopPromise<Machine.Outcome>) -> Void
    ) async throws -> Machine.Outcome {
        let promise = channel.eventLoop.makePromise(of: Machine.Outcome.self)
        return try await withTaskCancellationHandler {
            channel.eventLoop.execute { start(handler.value, promise) }
            return try await promise.futureResult.get()
        } onCancel: {
            channel.eventLoop.execute { handler.value.abort(.cancelled) }
        }
    }

    /// The address to send: the literal for an IP target, the name for `socks5h://`, else the locally resolved
    /// address.
    private func targetAddress(
        host: String, port: Int, proxy: HTTPProxyEndpoint
    ) async throws(ProxyTunnelError.Kind) -> SOCKS5StateMachine.TargetAddress {
        let bare = host.hasPrefix("[") && host.hasSuffix("]") ? String(host.dropFirst().dropLast()) : host
        if let literal = try? SocketAddress(ipAddress: bare, port: port), let address = Self.addressBytes(literal) {
            return address
        }
        if proxy.resolvesRemotely {
            return .domainName(bare)
        }
        let resolved: SocketAddress
        do {
            resolved = try await resolver(bare, port)
        } catch {
            throw .cannotResolveTarget(cause: String(describing: error))
        }
        guard let address = Self.addressBytes(resolved) else {
            throw .cannotResolveTarget(cause: "the resolver returned \(resolved), which is not an IP address")
        }
        return address
    }

    private static func addressBytes(_ address: SocketAddress) -> SOCKS5StateMachine.TargetAddress? {
        switch address {
        case .v4(let ipv4):
            var raw = ipv4.address.sin_addr
            return .ipv4(withUnsafeBytes(of: &raw) { Array($0) })
        case .v6(let ipv6):
            var raw = ipv6.address.sin6_addr
            return .ipv6(withUnsafeBytes(of: &raw) { Array($0) })
        case .unixDomainSocket:
            return nil
        }
    }
}
