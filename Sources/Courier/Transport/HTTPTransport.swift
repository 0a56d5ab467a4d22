import AsyncHTTPClient
import Foundation
import HTTPTypes
import Logging
import NIOCore
import NIOFoundationCompat
import NIOHTTP1
import NIOPosix
import NIOSSL
import Synchronization

/// `http` and `https` over async-http-client.
///
/// A session keeps a small set of `HTTPClient`s keyed by what async-http-client fixes per client (the
/// proxy, the host's trust policy and client identity); each has redirects and decompression off (the
/// chain does both) and connection retries off, so a refused port or a bad certificate fails at once and
/// Courier's own retry policy decides. Bodies stream both ways; the watchdog of the task provides the
/// timeouts.
final class HTTPTransport: HTTPLoading {
    /// What async-http-client fixes per client and varies within a session: the proxy (`no_proxy` hosts
    /// go direct), the host's trust policy and client identity (one client per distinct combination, not
    /// per host), and — only when the session has a delegate to ask about server trust — the origin, whose
    /// host the connection initializer cannot learn otherwise. TLS versions are fixed per session.
    struct ClientKey: Hashable, Sendable {
        var proxy: ResolvedProxy?
        /// The host's policy (the session default for plain http, where it plays no part).
        var trust: ServerTrustPolicy
        /// The certificate presented to the host, if any.
        var identity: ClientIdentity?
        /// Set when the session delegate is asked about server trust.
        var origin: ConnectionTrustEvaluator.Origin?
        /// HTTP/1.1 with one connection per host, for NTLM, which authenticates a connection.
        var dedicated = false
    }

    /// Counts the connections a client has opened, so a failed exchange can tell whether it could have run on a
    /// reused connection: when no connection was opened while it ran, it surely did.
    final class ConnectionCounter: Sendable {
        private let opened = Atomic<Int>(0)
        var value: Int { opened.load(ordering: .relaxed) }
        func increment() { opened.add(1, ordering: .relaxed) }
    }

    private struct State {
        var clients: [ClientKey: (client: HTTPClient, connections: ConnectionCounter)] = [:]
        /// The identity provider's answers, per `host:port`, asked once (concurrent askers share the task).
        var identities: [String: Task<ClientIdentity?, any Error>] = [:]
        /// Origins whose requests go through a dedicated single-connection client (NTLM).
        var dedicatedOrigins: Set<String> = []
        var shutDown = false
    }

    let configuration: SessionConfiguration
    private let proxySelector: Result<ProxySelector, CourierError>
    private let trustManager: Result<ServerTrustManager, CourierError>
    private let state = Mutex(State())
    private let ahcLogger: Logger?
    static let disabledLogger = Logger(label: "courier.ahc", factory: { _ in SwiftLogNoOpLogHandler() })

    init(configuration: SessionConfiguration) {
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
        // async-http-client logs at debug and trace only; hand it our logger only when that is wanted.
        self.ahcLogger = configuration.logger.logLevel <= .debug ? configuration.logger : nil
    }

    // MARK: Clients

    func client(for url: URL, session: Session?) async throws -> HTTPClient {
        try await clientAndConnections(for: url, session: session).client
    }

    func clientAndConnections(
        for url: URL, session: Session?
    ) async throws -> (client: HTTPClient, connections: ConnectionCounter) {
        let proxy = try proxySelector.get().proxy(for: url)
        var key = try await clientKey(for: url, proxy: proxy, session: session)
        return try state.withLock { state in
            if state.shutDown {
                throw CourierError(.sessionInvalidated, outcome: .notSent, message: "the session was invalidated")
            }
            if !state.dedicatedOrigins.isEmpty, state.dedicatedOrigins.contains(RedirectInterceptor.origin(url)) {
                key.dedicated = true
            }
            if let entry = state.clients[key] { return entry }
            let connections = ConnectionCounter()
            let client = HTTPClient(
                eventLoopGroupProvider: .shared(MultiThreadedEventLoopGroup.singleton),
                configuration: try makeClientConfiguration(key, session: session, connections: connections),
                backgroundActivityLogger: ahcLogger ?? Self.disabledLogger
            )
            state.clients[key] = (client, connections)
            return (client, connections)
        }
    }

    /// Sends later requests to this URL's origin through an HTTP/1.1 client with one connection per host,
    /// so an NTLM handshake (which authenticates the connection) stays on one connection.
    func dedicateConnections(to url: URL) {
        let origin = RedirectInterceptor.origin(url)
        state.withLock { _ = $0.dedicatedOrigins.insert(origin) }
    }

    /// How many async-http-client clients the session has made (they stay few: one per distinct key).
    var clientCount: Int { state.withLock { $0.clients.count } }

    /// The key of the client for a URL: for https, the host's trust policy and identity.
    func clientKey(for url: URL, proxy: ResolvedProxy?, session: Session?) async throws -> ClientKey {
        let manager = try trustManager.get()
        guard url.scheme?.lowercased() == "https", let host = url.host, !host.isEmpty else {
            return ClientKey(proxy: proxy, trust: manager.defaultPolicy, identity: nil, origin: nil)
        }
        let port = url.port ?? 443
        let identity = try await clientIdentity(host: host, port: port)
        let origin =
            session?.delegate != nil
            ? ConnectionTrustEvaluator.Origin(host: HostPatterns<Int>.normalize(host), port: port) : nil
        return ClientKey(proxy: proxy, trust: manager.policy(forHost: host), identity: identity, origin: origin)
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
            // A failed answer is not kept: the next request asks again.
            state.withLock { state in
                if state.identities[cacheKey] == task { state.identities[cacheKey] = nil }
            }
            if let error = error as? CourierError { throw error }
            throw CourierError(
                .invalidConfiguration, outcome: .notSent,
                message: "the client identity provider failed for \(host):\(port): \(error)", underlyingError: error)
        }
    }

    /// The TLS settings of the client for a key: versions, trust roots and the client identity.
    func makeTLSConfiguration(_ key: ClientKey) throws -> TLSConfiguration {
        try Self.makeTLSConfiguration(configuration: configuration, trust: key.trust, identity: key.identity)
    }

    /// The TLS settings for a trust policy and client identity: versions, trust roots and the identity.
    static func makeTLSConfiguration(
        configuration: SessionConfiguration, trust: ServerTrustPolicy, identity: ClientIdentity?
    ) throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = configuration.tlsMinimumSupportedProtocolVersion.nioVersion
        tls.maximumTLSVersion = configuration.tlsMaximumSupportedProtocolVersion.nioVersion
        switch trust.evaluation {
        case .system:
            tls.additionalTrustRoots = Self.environmentTrustRoots()
        case .anchors(let pems, let includeSystemRoots):
            var certificates: [NIOSSLCertificate] = []
            do {
                for pem in pems {
                    certificates += try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8))
                }
            } catch {
                throw CourierError(
                    .invalidConfiguration, outcome: .notSent,
                    message: "a trust anchor is not a valid PEM certificate: \(error)", underlyingError: error)
            }
            if includeSystemRoots {
                tls.additionalTrustRoots = Self.environmentTrustRoots() + [.certificates(certificates)]
            } else {
                tls.trustRoots = .certificates(certificates)
            }
        case .disabled:
            tls.certificateVerification = .none
        }
        if let identity {
            tls.certificateChain = identity.certificateChain.map { .certificate($0) }
            tls.privateKey = .privateKey(identity.privateKey)
        }
        return tls
    }

    private func makeClientConfiguration(
        _ key: ClientKey, session: Session?, connections: ConnectionCounter
    ) throws -> HTTPClient.Configuration {
        let tls = try makeTLSConfiguration(key)

        var pool = HTTPClient.Configuration.ConnectionPool(
            idleTimeout: .seconds(60),
            concurrentHTTP1ConnectionsPerHostSoftLimit: key.dedicated
                ? 1 : max(1, configuration.httpMaximumConnectionsPerHost)
        )
        pool.retryConnectionEstablishment = false

        var clientConfiguration = HTTPClient.Configuration(
            tlsConfiguration: tls,
            redirectConfiguration: .disallow,
            timeout: HTTPClient.Configuration.Timeout(
                connect: .milliseconds(Int64(min(configuration.timeoutIntervalForRequest, 3600) * 1000)),
                read: nil
            ),
            connectionPool: pool,
            proxy: try key.proxy.map(Self.ahcProxy),
            ignoreUncleanSSLShutdown: false,
            decompression: .disabled
        )
        clientConfiguration.httpVersion = key.dedicated ? .http1Only : .automatic
        // Pins, the disable policy's warning and the delegate's server-trust challenge run on each new
        // connection after the handshake, before its first request.
        let evaluator = ConnectionTrustEvaluator(
            policy: key.trust, origin: key.origin, session: WeakSession(session), logger: configuration.logger)
        let evaluate: (@Sendable (any Channel) -> EventLoopFuture<Void>)? =
            evaluator.isNeeded ? evaluator.initializer : nil
        let initializer: @Sendable (any Channel) -> EventLoopFuture<Void> = { channel in
            connections.increment()
            return evaluate?(channel) ?? channel.eventLoop.makeSucceededVoidFuture()
        }
        clientConfiguration.http1_1ConnectionDebugInitializer = initializer
        clientConfiguration.http2ConnectionDebugInitializer = initializer
        return clientConfiguration
    }

    static func ahcProxy(_ proxy: ResolvedProxy) throws -> HTTPClient.Configuration.Proxy {
        switch proxy.kind {
        case .socks5:
            if proxy.credentials != nil {
                throw CourierError(
                    .invalidConfiguration, outcome: .notSent,
                    message:
                        "SOCKS5 proxies with a user name and password need Courier's own transport (COURIER_HTTP_ENGINE=courier); async-http-client has no SOCKS authentication"
                )
            }
            return .socksServer(host: proxy.host, port: proxy.port)
        case .http:
            let authorization = proxy.credentials.map {
                HTTPClient.Authorization.basic(username: $0.user, password: $0.password)
            }
            return .server(host: proxy.host, port: proxy.port, authorization: authorization)
        }
    }

    /// `SSL_CERT_FILE` and `SSL_CERT_DIR`, which swift-nio-ssl does not read by itself.
    static func environmentTrustRoots() -> [NIOSSLAdditionalTrustRoots] {
        let environment = ProcessInfo.processInfo.environment
        var roots: [NIOSSLAdditionalTrustRoots] = []
        if let file = environment["SSL_CERT_FILE"], FileManager.default.isReadableFile(atPath: file) {
            roots.append(.file(file))
        }
        if let directory = environment["SSL_CERT_DIR"] {
            for path in directory.split(separator: ":") {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: String(path))) ?? []
                for entry in entries.sorted() where entry.hasSuffix(".pem") || entry.hasSuffix(".crt") {
                    roots.append(.file(String(path) + "/" + entry))
                }
            }
        }
        return roots
    }

    // MARK: Shutdown

    func shutdown() async {
        let clients = state.withLock { state in
            state.shutDown = true
            defer { state.clients = [:] }
            return state.clients.values.map(\.client)
        }
        for client in clients {
            try? await client.shutdown()
        }
    }

    /// Shuts the clients down without waiting (the session is going away without invalidation).
    func shutdownInBackground() {
        let clients = state.withLock { state in
            state.shutDown = true
            defer { state.clients = [:] }
            return state.clients.values.map(\.client)
        }
        for client in clients {
            client.shutdown { _ in }
        }
    }

    // MARK: Loading

    /// Sends one request and returns the response head with a streaming body.
    func execute(_ request: Request, context: TaskContext) async throws -> Response {
        try URL.checkPort(of: request.url)
        let (client, connections) = try await clientAndConnections(for: request.url, session: context.session)
        let url = request.url.redactingCredentials
        var outgoing = HTTPClientRequest(url: url.absoluteString)
        outgoing.method = HTTPMethod(rawValue: request.method.rawValue)
        var headers = HTTPHeaders()
        headers.reserveCapacity(request.headerFields.count)
        for field in request.headerFields {
            headers.add(name: field.name.rawName, value: field.value)
        }
        outgoing.headers = headers

        let bodyLength = request.body.knownLength
        context.beginSendingBody(expectedLength: request.body.isEmpty ? nil : bodyLength)
        var transaction = TransactionMetrics(request: request, fetchStartDate: Date())
        transaction.requestStartDate = transaction.fetchStartDate
        transaction.requestHeaderBytesSent = Self.headerSize(request)
        let index = context.beginTransaction(transaction)
        var counter = SentCounter()
        outgoing.body = try makeBody(request.body, length: bodyLength, context: context, counter: counter)

        let response: HTTPClientResponse
        var resent = false
        while true {
            let connectionsBefore = connections.value
            do {
                response = try await client.execute(outgoing, deadline: .distantFuture, logger: ahcLogger)
                break
            } catch {
                // A pooled keep-alive connection the server closed without saying so fails before any byte of
                // the response arrives. Send such a request once more, on a new connection, without counting
                // it against the retry policy (OkHttp's rule): every Courier body can be replayed.
                if !resent, !Task.isCancelled, connections.value == connectionsBefore,
                    Self.isStaleConnectionFailure(error)
                {
                    resent = true
                    context.beginSendingBody(expectedLength: request.body.isEmpty ? nil : bodyLength)
                    counter = SentCounter()
                    outgoing.body = try makeBody(request.body, length: bodyLength, context: context, counter: counter)
                    continue
                }
                let sent = counter.value
                context.updateTransaction(index) { $0.requestBodyBytesSent = sent }
                throw await mapExecutionError(error, request: request, session: context.session)
            }
        }
        context.timer.touch()
        let now = Date()
        var fields = HTTPFields()
        fields.reserveCapacity(response.headers.count)
        for (name, value) in response.headers {
            guard let fieldName = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: fieldName, value: value))
        }
        let status = HTTPResponse.Status(code: Int(response.status.code), reasonPhrase: response.status.reasonPhrase)
        if status.code == 101, request.headerFields[.upgrade] == nil {
            // Only a request that asked for an upgrade may be answered 101; anything else is a broken server.
            throw CourierError(
                .badServerResponse, outcome: .ambiguous,
                message:
                    "\(request.url.hostDescription) answered 101 Switching Protocols to a request that asked for no upgrade",
                request: request)
        }
        let headForMetrics = Response(
            status: status, headerFields: fields, url: request.url, request: request, body: .none)
        let protocolName =
            response.version.major == 2 ? "h2" : "http/\(response.version.major).\(response.version.minor)"
        let sentBytes = counter.value
        context.updateTransaction(index) { transaction in
            transaction.responseStartDate = now
            transaction.response = headForMetrics
            transaction.networkProtocolName = protocolName
            transaction.responseHeaderBytesReceived = Self.headerSize(headForMetrics)
            if case .bytes = counter.mode {
                transaction.requestBodyBytesSent = bodyLength ?? 0
                transaction.requestEndDate = now
            } else {
                transaction.requestBodyBytesSent = sentBytes
            }
        }
        if case .bytes = counter.mode, let bodyLength, bodyLength > 0 {
            // Sent as one buffer: report it now that the server has answered.
            context.didSendBodyData(bodyLength)
        }
        let expectsBody =
            request.method != .head && status.code != 204 && status.code != 304 && !(100..<200).contains(status.code)
        if !expectsBody {
            // No content by definition: the message ended with its head, and its end (which the connection
            // needs before it serves another request) has usually arrived with it. Reading that here, without
            // the stages' body wrappers, is cheaper than every stage above passing an empty stream along.
            try await Self.readEnd(of: response.body, request: request)
            context.recordResponseEnd(transactionIndex: index, received: 0, counter: counter)
            return Response(status: status, headerFields: fields, url: request.url, request: request, body: .none)
        }
        let body = NetworkBody(
            base: response.body, context: context, transactionIndex: index, request: request,
            expectedLength: headForMetrics.expectedContentLength, counter: counter)
        return Response(
            status: status, headerFields: fields, url: request.url, request: request, body: .stream(ResponseBody(body)))
    }

    /// Reads the end of a response that has no content (a `304`, a `204`, the answer to `HEAD`), ignoring
    /// any bytes: HTTP says there are none, and the connection decides where the message ends.
    private static func readEnd(of body: HTTPClientResponse.Body, request: Request) async throws {
        do {
            for try await _ in body {}
        } catch {
            throw ErrorMapping.map(error, request: request, requestWasSent: true)
        }
    }

    /// Whether an exchange failed because its connection was closed or reset before any response byte came:
    /// what a stale pooled keep-alive connection looks like.
    static func isStaleConnectionFailure(_ error: any Error) -> Bool {
        if let error = error as? HTTPClientError {
            return error == .remoteConnectionClosed
        }
        if let error = error as? IOError {
            return error.errnoCode == ECONNRESET || error.errnoCode == EPIPE
        }
        if let error = error as? ChannelError {
            return error == .ioOnClosedChannel || error == .eof || error == .outputClosed
        }
        if let error = error as? HTTPParserError { return error == .invalidEOFState }
        return false
    }

    /// Maps a failed exchange; a refused certificate chain is diagnosed first (expired or not yet valid?).
    private func mapExecutionError(_ error: any Error, request: Request, session: Session?) async -> CourierError {
        var mapped = ErrorMapping.map(error, request: request, requestWasSent: true)
        if mapped.code == .cannotConnectToHost || mapped.code == .cannotFindHost,
            let proxy = try? proxySelector.get().proxy(for: request.url),
            !mapped.message.contains("proxy")
        {
            // The connection that failed was the proxy's: name it, not the origin behind it.
            let kind = proxy.kind == .socks5 ? "SOCKS5 proxy" : "proxy"
            let address = proxy.host.contains(":") ? "[\(proxy.host)]:\(proxy.port)" : "\(proxy.host):\(proxy.port)"
            switch mapped.code {
            case .cannotFindHost:
                mapped.message = "could not find the \(kind) \(address) (for \(request.url.hostDescription))"
            default:
                mapped.message = "could not connect to the \(kind) \(address) (for \(request.url.hostDescription))"
            }
            return mapped
        }
        if mapped.code == .networkConnectionLost || mapped.code == .secureConnectionFailed,
            request.url.scheme?.lowercased() == "https", let host = request.url.host, !host.isEmpty,
            (try? proxySelector.get().proxy(for: request.url)) == nil,
            let key = try? await clientKey(for: request.url, proxy: nil, session: session),
            let tls = try? makeTLSConfiguration(key)
        {
            // A TLS 1.3 server refusing the client certificate often looks like a lost connection.
            let seconds = min(max(configuration.timeoutIntervalForRequest, 0.5), 1.5)
            let port = request.url.port ?? 443
            switch await ClientCertificateDiagnosis.probe(
                host: host, port: port, tls: tls, timeout: .milliseconds(Int64(seconds * 1000)))
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
        if let refusal = CertificateDateDiagnosis.chainVerificationFailure(error),
            request.url.scheme?.lowercased() == "https", let host = request.url.host, !host.isEmpty,
            (try? proxySelector.get().proxy(for: request.url)) == nil
        {
            let seconds = min(max(configuration.timeoutIntervalForRequest, 1), 10)
            if let badDate = await CertificateDateDiagnosis.diagnose(
                host: host, port: request.url.port ?? 443, timeout: .milliseconds(Int64(seconds * 1000)),
                verificationError: refusal)
            {
                return ErrorMapping.map(badDate, request: request, requestWasSent: true)
            }
        }
        return mapped
    }

    /// Counts request body bytes as async-http-client pulls them.
    final class SentCounter: Sendable {
        enum Mode: Sendable {
            case bytes
            case stream
        }
        private let storage = Atomic<Int64>(0)
        private let streamed = Atomic<Bool>(false)
        var value: Int64 { storage.load(ordering: .relaxed) }
        var mode: Mode { streamed.load(ordering: .relaxed) ? .stream : .bytes }
        func add(_ count: Int64) { storage.add(count, ordering: .relaxed) }
        func setStreamed() { streamed.store(true, ordering: .relaxed) }
    }

    private func makeBody(_ body: RequestBody, length: Int64?, context: TaskContext, counter: SentCounter) throws
        -> HTTPClientRequest.Body?
    {
        switch body.storage {
        case .empty:
            return nil
        case .data(let data):
            if data.isEmpty { return nil }
            if !context.isObserved {
                return .bytes(ByteBuffer(data: data))
            }
            counter.setStreamed()
            let chunks = DataChunks(data: data, chunkSize: 64 * 1024)
            return .stream(
                ProgressSequence(base: chunks, context: context, counter: counter), length: .known(Int64(data.count)))
        case .file(let url):
            let reader = try FileChunks(url: url)
            counter.setStreamed()
            return .stream(
                ProgressSequence(base: reader, context: context, counter: counter), length: .known(reader.size))
        case .stream(let declared, let makeStream):
            let stream: RequestBody.Stream
            do {
                stream = try makeStream()
            } catch let error as CourierError {
                throw error
            } catch {
                throw CourierError(
                    .requestBodyStreamExhausted, outcome: .notSent,
                    message: "the request body stream could not be created: \(error)", underlyingError: error)
            }
            counter.setStreamed()
            let buffers = DataToBuffers(base: stream)
            return .stream(
                ProgressSequence(base: buffers, context: context, counter: counter),
                length: declared.map { .known($0) } ?? .unknown)
        case .json:
            throw CourierError(.unknown, outcome: .notSent, message: "a JSON body reached the transport unencoded")
        }
    }

    static func headerSize(_ request: Request) -> Int64 {
        // Method, target and version; the URL's length stands in for target plus Host (computing the
        // path would parse the URL again on every request).
        var size = request.method.rawValue.utf8.count + 1 + request.url.absoluteString.utf8.count + 11
        for field in request.headerFields {
            size += field.name.rawName.utf8.count + 2 + field.value.utf8.count + 2
        }
        return Int64(size + 2)
    }

    static func headerSize(_ response: Response) -> Int64 {
        var size = 13 + response.status.reasonPhrase.utf8.count + 2
        for field in response.headerFields {
            size += field.name.rawName.utf8.count + 2 + field.value.utf8.count + 2
        }
        return Int64(size + 2)
    }
}

extension TLSProtocolVersion {
    var nioVersion: TLSVersion {
        switch self {
        case .v1_0: return .tlsv1
        case .v1_1: return .tlsv11
        case .v1_2: return .tlsv12
        case .v1_3: return .tlsv13
        }
    }
}

/// The response body from async-http-client: feeds the watchdog, counts bytes into the metrics, maps
/// errors, and refuses a body that ends before its `Content-Length`.
struct NetworkBody<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let context: TaskContext
    let transactionIndex: Int
    let request: Request
    let expectedLength: Int64?
    let counter: HTTPTransport.SentCounter
    /// The network stream can be read once; a second reader gets an error instead of a trap.
    let taken = OnceFlag()

    init(
        base: Base, context: TaskContext, transactionIndex: Int, request: Request,
        expectedLength: Int64?, counter: HTTPTransport.SentCounter
    ) {
        self.base = base
        self.context = context
        self.transactionIndex = transactionIndex
        self.request = request
        self.expectedLength = expectedLength
        self.counter = counter
    }

    func makeAsyncIterator() -> Iterator {
        let first = taken.take()
        return Iterator(base: first ? base.makeAsyncIterator() : nil, body: self)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator?
        let body: NetworkBody
        var received: Int64 = 0
        var finished = false

        mutating func next() async throws -> ByteBuffer? {
            guard !finished else { return nil }
            guard base != nil else {
                finished = true
                throw CourierError(
                    .cannotParseResponse, outcome: .ambiguous,
                    message: "the response body from \(body.request.url.hostDescription) was already read",
                    request: body.request)
            }
            let chunk: ByteBuffer?
            do {
                chunk = try await base!.next()
            } catch {
                finish()
                throw ErrorMapping.map(error, request: body.request, requestWasSent: true)
            }
            guard let chunk else {
                finish()
                if let expected = body.expectedLength, received < expected, !Task.isCancelled {
                    throw CourierError(
                        .networkConnectionLost, outcome: .ambiguous,
                        message:
                            "\(body.request.url.hostDescription) closed the connection after \(received) of \(expected) body bytes",
                        request: body.request)
                }
                return nil
            }
            body.context.timer.touch()
            received += Int64(chunk.readableBytes)
            return chunk
        }

        private mutating func finish() {
            finished = true
            body.context.recordResponseEnd(
                transactionIndex: body.transactionIndex, received: received, counter: body.counter)
        }
    }

}

extension TaskContext {
    /// Records the end of a response in its transaction: when it ended, the body bytes received and, for a
    /// streamed upload, the bytes sent.
    func recordResponseEnd(transactionIndex: Int, received: Int64, counter: HTTPTransport.SentCounter) {
        let sent = counter.value
        let streamed = counter.mode == .stream
        updateTransaction(transactionIndex) { transaction in
            transaction.responseEndDate = Date()
            transaction.responseBodyBytesReceived = received
            if streamed {
                transaction.requestBodyBytesSent = sent
                if transaction.requestEndDate == nil { transaction.requestEndDate = transaction.responseStartDate }
            }
        }
    }
}

/// Reports upload progress as async-http-client pulls each chunk.
struct ProgressSequence<Base: AsyncSequence & Sendable>: AsyncSequence, Sendable where Base.Element == ByteBuffer {
    typealias Element = ByteBuffer
    let base: Base
    let context: TaskContext
    let counter: HTTPTransport.SentCounter

    func makeAsyncIterator() -> Iterator {
        Iterator(base: base.makeAsyncIterator(), context: context, counter: counter)
    }

    struct Iterator: AsyncIteratorProtocol {
        var base: Base.AsyncIterator
        let context: TaskContext
        let counter: HTTPTransport.SentCounter

        mutating func next() async throws -> ByteBuffer? {
            guard let chunk = try await base.next() else { return nil }
            let count = Int64(chunk.readableBytes)
            counter.add(count)
            context.didSendBodyData(count)
            return chunk
        }
    }
}

/// Data cut into buffers of at most `chunkSize` bytes.
struct DataChunks: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let data: Data
    let chunkSize: Int

    func makeAsyncIterator() -> Iterator { Iterator(data: data, chunkSize: chunkSize) }

    struct Iterator: AsyncIteratorProtocol {
        let data: Data
        let chunkSize: Int
        var offset = 0
        // Throwing (though it never throws) so that the sequence fits where any body stream does.
        mutating func next() async throws -> ByteBuffer? {
            guard offset < data.count else { return nil }
            let end = Swift.min(offset + chunkSize, data.count)
            let start = data.startIndex + offset
            let buffer = ByteBuffer(bytes: data[start..<(data.startIndex + end)])
            offset = end
            return buffer
        }
    }
}

/// A stream of `Data` as buffers.
struct DataToBuffers: AsyncSequence, Sendable {
    typealias Element = ByteBuffer
    let base: RequestBody.Stream

    func makeAsyncIterator() -> Iterator { Iterator(base: base.makeAsyncIterator()) }

    struct Iterator: AsyncIteratorProtocol {
        var base: any AsyncIteratorProtocol<Data, any Error>
        mutating func next() async throws -> ByteBuffer? {
            while let data = try await base.next() {
                if !data.isEmpty { return ByteBuffer(data: data) }
            }
            return nil
        }
    }
}

/// A flag that can be taken once, from any thread.
final class OnceFlag: Sendable {
    private let flag = Mutex(false)

    /// `true` the first time only.
    func take() -> Bool {
        flag.withLock { taken in
            defer { taken = true }
            return !taken
        }
    }
}
