import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOPosix
import NIOSSL
import Synchronization

/// `http` and `https` over Courier's own connection pool (``HTTPConnectionPool``, on swift-nio, swift-nio-ssl and
/// swift-nio-http2): the request as the chain built it goes out as it is, the response head comes back with a
/// streaming body, and every transaction records its DNS, connect and TLS timings, addresses, protocol and reuse.
///
/// One pool serves the session. Its keys carry what a connection is bound to: the origin, the proxy, the TLS
/// profile (one per origin, trust policy and ALPN choice; the TLS context, which is expensive, is shared per
/// policy) and, for NTLM, a dedicated HTTP/1.1 connection. Server trust is decided inside the handshake: the
/// chain is verified with swift-certificates (``CertificateChainEvaluator``, pins matched against every
/// certificate of the verified chain), then the session delegate's server-trust challenge runs. A client
/// identity is asked for only when a server sends a CertificateRequest.
final class PooledHTTPTransport: Sendable {
    /// What a TLS profile factory is built from: the trust policy and the ALPN choice.
    private struct FactoryKey: Hashable {
        var trust: ServerTrustPolicy
        var http1Only: Bool
    }

    /// A profile serves one origin: its verification checks the chain for that host.
    private struct ProfileKey: Hashable {
        var factory: FactoryKey
        var host: String
        var port: Int
    }

    private struct State {
        var factories: [FactoryKey: TLSClientProfileFactory] = [:]
        var profiles: [ProfileKey: TLSClientProfile] = [:]
        /// The identity provider's answers, per `host:port`, asked once (concurrent askers share the task).
        var identities: [String: Task<ClientIdentity?, any Error>] = [:]
        /// Origins whose requests go through one dedicated HTTP/1.1 connection (NTLM).
        var dedicatedOrigins: Set<String> = []
        var shutDown = false
    }

    /// The most TLS profiles kept; beyond it they are made again on demand (a session visiting many hosts must
    /// not grow without bound).
    private static let maximumProfiles = 512

    let configuration: SessionConfiguration
    private let pool: HTTPConnectionPool
    private let proxySelector: Result<ProxySelector, CourierError>
    private let trustManager: Result<ServerTrustManager, CourierError>
    private let state = Mutex(State())

    init(configuration: SessionConfiguration, observability: SessionObservability) {
        self.configuration = configuration
        do {
            self.proxySelector = .success(try ProxySelector(configuration.proxy))
        } catch let error as CourierError {
            self.proxySelector = .failure(error)
        } catch {
            self.proxySelector = .failure(
                CourierError(.invalidConfiguration, outcome: .notSent, message: "invalid proxy configuration: \(error)")
            )
        }
        self.trustManager = Result { () throws(CourierError) in
            try ServerTrustManager(
                policies: configuration.serverTrustPolicies, default: configuration.serverTrustPolicy)
        }
        var poolConfiguration = HTTPConnectionPool.Configuration(
            maximumConnectionsPerHost: max(1, configuration.httpMaximumConnectionsPerHost),
            tunnelEstablisher: ProxyTunnel().establish)
        poolConfiguration.connectionGauges = observability.makeConnectionGauges()
        self.pool = HTTPConnectionPool(
            configuration: poolConfiguration, eventLoopGroup: MultiThreadedEventLoopGroup.singleton)
    }

    // MARK: Loading

    func dedicateConnections(to url: URL) {
        let origin = url.origin
        state.withLock { _ = $0.dedicatedOrigins.insert(origin) }
    }

    func shutdown() async {
        state.withLock { $0.shutDown = true }
        await pool.shutdown()
    }

    func shutdownInBackground() {
        state.withLock { $0.shutDown = true }
        let pool = self.pool
        Task { await pool.shutdown() }
    }

    /// Sends one request and returns the response head with a streaming body.
    /// Sends the request and returns its response head with the body to stream. `cancellation`, when given, cancels
    /// just the exchange up to that head (see ``CancellationScope``).
    func execute(_ request: Request, context: TaskContext, cancellation: CancellationScope? = nil) async throws
        -> Response
    {
        try URL.checkPort(of: request.url)
        if state.withLock({ $0.shutDown }) {
            throw CourierError(.sessionInvalidated, outcome: .notSent, message: "the session was invalidated")
        }
        let exchange = try await makeExchange(request, context: context)
        let bodyLength = request.body.knownLength
        context.beginSendingBody(expectedLength: request.body.isEmpty ? nil : bodyLength)
        var transaction = TransactionMetrics(request: request, fetchStartDate: Date())
        transaction.requestHeaderBytesSent = HeaderSize.of(request)
        let index = context.beginTransaction(transaction)
        let sent = UploadCounter(context: context, transactionIndex: index)
        // Bytes are counted as the connection writes them, whatever the body's kind.
        sent.setStreamed()
        var outgoing = exchange
        outgoing.cancellation = cancellation
        context.observation.inject(into: &outgoing.head.headerFields)
        outgoing.onBodyBytesWritten = { sent.written($0) }
        outgoing.onRequestSent = { sent.requestSent() }
        var answer: HTTPExchangeResponse
        do {
            answer = try await pool.execute(outgoing)
            if answer.head.status.code == 407, outgoing.key.usesAbsoluteForm {
                if let cancellation {
                    // Reading the refusal's body knows only task cancellation: answer in a task the scope cancels.
                    let (refusal, sent) = (answer, outgoing)
                    (answer, outgoing) = try await cancellation.run { [self] in
                        var again = sent
                        let last = try await answerProxy(refusal, outgoing: &again, request: request, context: context)
                        return (last, again)
                    }
                } else {
                    answer = try await answerProxy(answer, outgoing: &outgoing, request: request, context: context)
                }
            }
        } catch {
            let count = sent.value
            context.updateTransaction(index) { $0.requestBodyBytesSent = count }
            throw await diagnose(error, request: request, key: outgoing.key)
        }
        context.timer.touch()
        let info = answer.connection
        let head = answer.head
        let status = head.status
        if status.code == 101, request.headerFields[.upgrade] == nil {
            // Only a request that asked for an upgrade may be answered 101; anything else is a broken server.
            throw CourierError(
                .badServerResponse, outcome: .ambiguous,
                message:
                    "\(request.url.hostDescription) answered 101 Switching Protocols to a request that asked for no upgrade",
                request: request)
        }
        let headForMetrics = Response(
            status: status, headerFields: head.headerFields, url: request.url, request: request, body: .none)
        let sentBytes = sent.value
        context.updateTransaction(index) { transaction in
            transaction.requestStartDate = info.requestStart ?? transaction.fetchStartDate
            transaction.responseStartDate = info.responseStart ?? Date()
            if transaction.requestEndDate == nil { transaction.requestEndDate = info.requestEnd }
            transaction.response = headForMetrics
            transaction.networkProtocolName = info.protocolName
            transaction.isReusedConnection = info.isReused
            transaction.responseHeaderBytesReceived = HeaderSize.of(headForMetrics)
            transaction.requestBodyBytesSent = sentBytes
            transaction.domainLookupStartDate = info.dnsStart
            transaction.domainLookupEndDate = info.dnsEnd
            transaction.connectStartDate = info.connectStart
            transaction.connectEndDate = info.connectEnd
            transaction.secureConnectionStartDate = info.tlsStart
            transaction.secureConnectionEndDate = info.tlsEnd
            transaction.localAddress = info.local?.address
            transaction.localPort = info.local?.port
            transaction.remoteAddress = info.remote?.address
            transaction.remotePort = info.remote?.port
            transaction.negotiatedTLSProtocolVersion = info.tlsVersion.map(Self.name(of:))
        }
        let expectsBody =
            request.method != .head && status.code != 204 && status.code != 304 && !(100..<200).contains(status.code)
        if !expectsBody {
            // No content by definition: read the end the connection needs before it serves another request.
            do {
                if let scope = context.cancellation, let stop = answer.body.stopReading {
                    try await CancellationScope.withCancellationHandler(scope) {
                        for try await _ in answer.body {}
                    } onCancel: {
                        stop()
                    }
                } else {
                    for try await _ in answer.body {}
                }
            } catch {
                throw mapError(error, request: request)
            }
            context.recordResponseEnd(transactionIndex: index, received: 0, counter: sent)
            return Response(
                status: status, headerFields: head.headerFields, url: request.url, request: request, body: .none)
        }
        let body = NetworkBody(
            base: answer.body, context: context, transactionIndex: index, request: request,
            expectedLength: nil, counter: sent, stopReading: answer.body.stopReading)
        return Response(
            status: status, headerFields: head.headerFields, url: request.url, request: request,
            body: .stream(ResponseBody(body)))
    }

    // MARK: Proxy authentication in absolute form

    /// Answers an HTTP proxy's `407` to a plain `http` request in absolute form with the proxy's configured
    /// credentials, sending the request again: Digest or NTLM when the proxy asks for them (the preemptive Basic
    /// the request carried was not enough), on the same kept-alive connection. NTLM authenticates a connection,
    /// so its handshake moves the origin to one dedicated connection first. Returns the last answer: the
    /// proxy's final response, or its `407` when there is nothing (more) to answer, for the chain to see.
    private func answerProxy(
        _ first: HTTPExchangeResponse, outgoing: inout HTTPExchangeRequest, request: Request, context: TaskContext
    ) async throws -> HTTPExchangeResponse {
        guard let proxy = outgoing.key.proxy, proxy.kind == .http, let user = proxy.username else { return first }
        let head = outgoing.head
        let inMemory = request.body.inMemoryData
        var answerer = ProxyChallengeAnswerer(
            user: user, password: proxy.password ?? "",
            target: "\(head.scheme ?? "http")://\(head.authority ?? "")\(head.path ?? "/")")
        answerer.method = head.method.rawValue
        answerer.body = inMemory ?? Data()
        answerer.canHashBody = inMemory != nil || request.body.isEmpty
        var answer = first
        // Bounded: NTLM takes two answers, a stale Digest nonce one more.
        for attempt in 1...Self.maximumProxyAnswers {
            guard let value = answerer.answer(answer.head, attempt: attempt),
                value != outgoing.head.headerFields[.proxyAuthorization]
            else { return answer }
            if attempt == 1, ProxyChallengeAnswerer.offersOnlyNTLM(answer.head), outgoing.key.maximumConnections != 1 {
                dedicateConnections(to: request.url)
                outgoing.key = try await makeExchange(request, context: context).key
            }
            // The refusal's body is read to its end, so that the connection can carry the answer.
            for try await _ in answer.body {}
            outgoing.head.headerFields[.proxyAuthorization] = value
            answer = try await pool.execute(outgoing)
            guard answer.head.status.code == 407 else { return answer }
        }
        return answer
    }

    /// The most answers to one request's proxy challenges.
    private static let maximumProxyAnswers = 3

    // MARK: Building the exchange

    private func makeExchange(_ request: Request, context: TaskContext) async throws -> HTTPExchangeRequest {
        let url = request.url
        guard let scheme = url.scheme?.lowercased(), scheme == "http" || scheme == "https",
            let rawHost = url.host, !rawHost.isEmpty
        else {
            throw CourierError(
                .badURL, outcome: .notSent, message: "\(url.absoluteString) has no host", request: request)
        }
        let host = rawHost.hasPrefix("[") && rawHost.hasSuffix("]") ? String(rawHost.dropFirst().dropLast()) : rawHost
        let isTLS = scheme == "https"
        let port = url.port ?? (isTLS ? 443 : 80)
        let selector: ProxySelector
        if let own = request.proxy {
            do {
                selector = try ProxySelector(own)
            } catch let error as CourierError {
                throw error.attaching(request: request)
            } catch {
                throw CourierError(
                    .invalidConfiguration, outcome: .notSent, message: "invalid proxy for this request: \(error)",
                    request: request)
            }
        } else {
            selector = try proxySelector.get()
        }
        let proxy = selector.proxy(for: url).map(Self.endpoint(for:))
        let dedicated = state.withLock { state in
            !state.dedicatedOrigins.isEmpty && state.dedicatedOrigins.contains(url.origin)
        }
        var key = HTTPConnectionKey(
            scheme: isTLS ? .https : .http, host: host, port: port, proxy: proxy, http1Only: dedicated,
            maximumConnections: dedicated ? 1 : nil)
        if isTLS {
            key.tls = try await profile(host: host, port: port, http1Only: dedicated, session: context.session)
        }
        let bracketed = host.utf8.contains(UInt8(ascii: ":")) ? "[\(host)]" : host
        let authority = url.port.map { "\(bracketed):\($0)" } ?? bracketed
        var path = url.path(percentEncoded: true)
        if path.isEmpty { path = "/" }
        if let query = url.query(percentEncoded: true) { path += "?" + query }
        var fields = request.headerFields
        if key.usesAbsoluteForm, fields[.proxyAuthorization] == nil, let user = proxy?.username {
            // Plain http through an HTTP proxy: no tunnel to answer a 407 on, so the configured credentials go
            // with the request, as curl sends them (a 407 that still comes back is the chain's to answer).
            fields[.proxyAuthorization] =
                "Basic " + Data("\(user):\(proxy?.password ?? "")".utf8).base64EncodedString()
        }
        let head = HTTPRequest(
            method: request.method, scheme: scheme, authority: authority, path: path, headerFields: fields)
        return HTTPExchangeRequest(
            key: key, head: head, body: try Self.body(of: request),
            canRetryOnNewConnection: true,
            connectTimeout: Self.timeAmount(
                seconds: request.timeout ?? configuration.timeoutIntervalForRequest, within: 0.001...3600),
            proxyAuthorizer: Self.proxyAuthorizer(proxy, target: "\(bracketed):\(port)"))
    }

    /// A timeout in seconds, from the configuration or the request, as a `TimeAmount` clamped to `range`. A timeout
    /// that is not a number is the shortest, as the watchdog reads it (a timeout of 0: at once), instead of trapping
    /// in the conversion.
    static func timeAmount(seconds: TimeInterval, within range: ClosedRange<Double>) -> TimeAmount {
        .milliseconds(
            Int64((seconds.isNaN ? range.lowerBound : min(max(seconds, range.lowerBound), range.upperBound)) * 1000))
    }

    /// The body as the pool sends it; every kind can be produced again for a resend on a new connection. An
    /// in-memory body stays bytes: the connection writes it in 64 KiB pieces on its event loop, reporting each.
    private static func body(of request: Request) throws -> HTTPExchangeRequest.Body {
        switch request.body.storage {
        case .empty:
            return .none
        case .data(let data):
            if data.isEmpty { return .none }
            return .bytes(ByteBuffer(data: data))
        case .file(let url):
            let size = try FileChunks(url: url).size
            return .stream(length: size, make: { try FileChunks(url: url) })
        case .stream(let declared, let makeStream):
            return .stream(
                length: declared,
                make: {
                    do {
                        return DataToBuffers(base: try makeStream())
                    } catch let error as CourierError {
                        throw error
                    } catch {
                        throw CourierError(
                            .requestBodyStreamExhausted, outcome: .notSent,
                            message: "the request body stream could not be created: \(error)", underlyingError: error)
                    }
                })
        case .json:
            throw CourierError(.unknown, outcome: .notSent, message: "a JSON body reached the transport unencoded")
        }
    }

    static func endpoint(for proxy: ResolvedProxy) -> HTTPProxyEndpoint {
        HTTPProxyEndpoint(
            kind: proxy.kind, host: proxy.host, port: proxy.port,
            username: proxy.credentials?.user, password: proxy.credentials?.password,
            resolvesRemotely: proxy.resolvesRemotely)
    }

    /// The proxy's configured credentials, answered to a 407 on the tunnel's own connection: Digest when the
    /// proxy offers it, else Basic (``ProxyChallengeAnswerer``). `target` is the CONNECT request target.
    private static func proxyAuthorizer(_ proxy: HTTPProxyEndpoint?, target: @autoclosure () -> String)
        -> ProxyAuthorizer?
    {
        guard let proxy, proxy.kind == .http, let user = proxy.username else { return nil }
        let answerer = ProxyChallengeAnswerer(user: user, password: proxy.password ?? "", target: target())
        return { challenge, attempt in answerer.answer(challenge, attempt: attempt) }
    }

    // MARK: TLS

    /// The TLS profile for an https origin. Server trust is decided inside the handshake by the chain evaluator
    /// (``ChainTrustSettings``), then by the session delegate's server-trust challenge; the client identity is
    /// asked for only when the server sends a CertificateRequest.
    private func profile(host: String, port: Int, http1Only: Bool, session: Session?) async throws
        -> TLSClientProfile
    {
        let manager = try trustManager.get()
        let factoryKey = FactoryKey(trust: manager.policy(forHost: host), http1Only: http1Only)
        let key = ProfileKey(factory: factoryKey, host: host, port: port)
        if let existing = state.withLock({ $0.profiles[key] }) { return existing }
        let factory = try self.factory(factoryKey, session: session)
        let profile: TLSClientProfile
        do {
            profile = try factory.makeProfile(host: host, port: port)
        } catch {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "the TLS settings for \(host):\(port) are not usable: \(error)", underlyingError: error)
        }
        return state.withLock { state in
            if let raced = state.profiles[key] { return raced }
            if state.profiles.count >= Self.maximumProfiles { state.profiles = [:] }
            state.profiles[key] = profile
            return profile
        }
    }

    /// The profile factory of a trust policy and ALPN choice: its evaluator (and so its cache of verified
    /// chains) and its TLS context are shared by every origin it serves.
    private func factory(_ key: FactoryKey, session: Session?) throws -> TLSClientProfileFactory {
        if let existing = state.withLock({ $0.factories[key] }) { return existing }
        let evaluator = try ChainTrustSettings.evaluator(for: key.trust)
        let identities: TLSClientProfileFactory.ClientIdentitySource
        if configuration.clientIdentity == nil {
            identities = .none
        } else {
            identities = .onRequest { [weak self] host, port in
                guard let identity = try await self?.clientIdentity(host: host, port: port) else { return nil }
                return TLSClientIdentity(certificateChain: identity.certificateChain, privateKey: identity.privateKey)
            }
        }
        let factory: TLSClientProfileFactory
        do {
            factory = try TLSClientProfileFactory(
                evaluator: evaluator, minimumTLSVersion: configuration.tlsMinimumSupportedProtocolVersion.nioVersion,
                maximumTLSVersion: configuration.tlsMaximumSupportedProtocolVersion.nioVersion,
                applicationProtocols: key.http1Only ? ["http/1.1"] : ["h2", "http/1.1"], clientIdentity: identities,
                trustDecision: Self.trustDecision(
                    policy: key.trust, session: session, logger: configuration.logger))
        } catch {
            throw CourierError(
                .invalidConfiguration, outcome: .notSent, message: "the TLS settings are not usable: \(error)",
                underlyingError: error)
        }
        return state.withLock { state in
            if let raced = state.factories[key] { return raced }
            state.factories[key] = factory
            return factory
        }
    }

    /// What runs after the evaluator accepted a chain, still inside the handshake: the disable policy's warning
    /// and the session delegate's server-trust challenge (asked once per connection, with the leaf).
    /// `nil` when there is nothing to do (evaluation on, no delegate): a session's delegate is set when it is made
    /// and never afterwards, so this is known once for the factory.
    private static func trustDecision(
        policy: ServerTrustPolicy, session: Session?, logger: Logger
    ) -> TLSClientProfileFactory.TrustDecision? {
        guard policy.isEvaluationDisabled || session?.delegate != nil else { return nil }
        let session = WeakSession(session)
        return { chain, host, port in
            if policy.isEvaluationDisabled {
                logger.warning(
                    "TLS certificate evaluation is disabled (ServerTrustPolicy.dangerouslyDisableEvaluation); \(policy.hasPins ? "only the pins protect" : "nothing protects") this connection",
                    metadata: ["remote": "\(host):\(port)"])
            }
            guard let session = session.session, let delegate = session.delegate else { return }
            let leaf = try TLSCertificate(derRepresentation: Data(chain.leaf.derBytes))
            let space = ProtectionSpace(
                host: HostPatterns<Int>.normalize(host), port: port, protocol: "https",
                authenticationMethod: .serverTrust)
            let challenge = AuthenticationChallenge(
                protectionSpace: space, proposedCredential: .serverTrust, previousFailureCount: 0,
                failureResponse: nil)
            let disposition = await ServerTrustChallengeContext.$certificate.withValue(leaf) {
                await delegate.session(session, didReceive: challenge)
            }
            switch disposition {
            case nil, .performDefaultHandling, .useCredential:
                return
            case .cancel, .rejectProtectionSpace:
                throw ServerTrustEvaluationError(reason: .rejectedByDelegate, leaf: leaf)
            }
        }
    }

    /// The provider's identity for a host and port, asked once per session.
    private func clientIdentity(host: String, port: Int) async throws -> ClientIdentity? {
        guard let provider = configuration.clientIdentity else { return nil }
        let cacheKey = "\(HostPatterns<Int>.normalize(host)):\(port)"
        let task = state.withLock { state in
            if let asked = state.identities[cacheKey] { return asked }
            let asking = Task { try await provider.identity(host, port) }
            state.identities[cacheKey] = asking
            return asking
        }
        do {
            return try await task.value
        } catch {
            state.withLock { state in
                if state.identities[cacheKey] == task { state.identities[cacheKey] = nil }
            }
            if let error = error as? CourierError { throw error }
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "the client identity provider failed for \(host):\(port): \(error)", underlyingError: error)
        }
    }

    static func name(of version: TLSVersion) -> String {
        switch version {
        case .tlsv1: "TLSv1"
        case .tlsv11: "TLSv1.1"
        case .tlsv12: "TLSv1.2"
        case .tlsv13: "TLSv1.3"
        }
    }

    // MARK: Errors

    private func mapError(_ error: any Error, request: Request) -> CourierError {
        ErrorMapping.map(error, request: request, requestWasSent: true)
    }

    /// Maps a failed exchange; for a direct https connection that failed in its handshake, finds out why: a
    /// certificate outside its dates, or a client certificate the server wanted or refused (TLS 1.3 reports
    /// that after the handshake, often as a lost connection).
    private func diagnose(_ error: any Error, request: Request, key: HTTPConnectionKey) async -> CourierError {
        let mapped = mapError(error, request: request)
        guard key.scheme == .https, key.proxy == nil else { return mapped }
        let lower = (error as? HTTPEngineError)?.underlying ?? error
        if mapped.code == .networkConnectionLost || mapped.code == .secureConnectionFailed,
            let manager = try? trustManager.get(),
            let identity = try? await clientIdentity(host: key.host, port: key.port),
            let tls = try? SessionTLS.configuration(
                configuration: configuration, trust: manager.policy(forHost: key.host), identity: identity)
        {
            switch await ClientCertificateDiagnosis.probe(
                host: key.host, port: key.port, tls: tls,
                timeout: Self.timeAmount(seconds: configuration.timeoutIntervalForRequest, within: 0.5...1.5))
            {
            case .certificateRequired:
                return CourierError(
                    .clientCertificateRequired, outcome: .failed,
                    message: "\(request.url.hostDescription) requires a client certificate", request: request,
                    underlyingError: error)
            case .certificateRejected:
                return CourierError(
                    .clientCertificateRejected, outcome: .failed,
                    message: "\(request.url.hostDescription) rejected the client certificate", request: request,
                    underlyingError: error)
            case nil:
                break
            }
        }
        if let refusal = CertificateDateDiagnosis.chainVerificationFailure(lower) {
            if let badDate = await CertificateDateDiagnosis.diagnose(
                host: key.host, port: key.port,
                timeout: Self.timeAmount(seconds: configuration.timeoutIntervalForRequest, within: 1...10),
                verificationError: refusal)
            {
                return ErrorMapping.map(badDate, request: request, requestWasSent: true)
            }
        }
        return mapped
    }
}
