import Foundation
import Hummingbird
import HummingbirdCore
import HummingbirdTLS
import Logging
import NIOCore
import NIOPosix
import NIOSSL

/// The books' sample back ends as one Hummingbird application: the chapter 2 façade with its simulated
/// upstreams, versioned services and locator; the chapter 3 requests, cookies and media; the chapter 4
/// news, share and SOAP services; the chapter 5 login and error envelope; the chapter 6 banking service;
/// the chapter 7 compression and cache endpoints; the chapter 8 warehouse socket; the chapter 10 push
/// registration; and the textbook's login and upload services.
///
/// ```swift
/// let server = try await SampleServer.start(.ephemeral())
/// defer { Task { await server.stop() } }
/// let response = try await session.data(for: Request(url: server.url("/headers")))
/// ```
///
/// `courier serve` runs one in the foreground; `courier tour` and the tests embed one on ephemeral ports.
public enum SampleServer {
    /// Starts every listener of `configuration` and returns once all of them accept connections.
    ///
    /// - Throws: ``SampleServerError`` when a port cannot be bound or the data directory cannot be created.
    public static func start(_ configuration: SampleServerConfiguration) async throws -> RunningSampleServer {
        do {
            try FileManager.default.createDirectory(at: configuration.dataDirectory, withIntermediateDirectories: true)
        } catch {
            throw SampleServerError.dataDirectory(configuration.dataDirectory.path, underlying: "\(error)")
        }
        let state = SampleServerState(configuration: configuration)
        var listeners: [Listener] = []
        do {
            let plain = try await Listener.startHTTP(
                name: "http", port: configuration.port, tls: nil, state: state)
            listeners.append(plain)
            state.setBaseURL(URL(string: "http://\(Self.urlHost(configuration.host)):\(plain.port)")!)

            var tlsURL: URL?
            var clientCertificateURL: URL?
            if configuration.tls {
                let credentials = try ServerCredentials.make(in: configuration.dataDirectory, host: configuration.host)
                state.setCredentials(credentials)
                let secure = try await Listener.startHTTP(
                    name: "https", port: configuration.tlsPort, tls: credentials.serverTLSConfiguration(), state: state)
                listeners.append(secure)
                tlsURL = URL(string: "https://\(Self.urlHost(configuration.host)):\(secure.port)")!
                let mutual = try await Listener.startHTTP(
                    name: "https-client-certificate", port: configuration.clientCertificatePort,
                    tls: credentials.clientCertificateTLSConfiguration(), state: state)
                listeners.append(mutual)
                clientCertificateURL = URL(string: "https://\(Self.urlHost(configuration.host)):\(mutual.port)")!
            }
            var warehouse: WarehouseServer?
            if let port = configuration.warehousePort {
                warehouse = try await WarehouseServer.start(host: configuration.host, port: port)
            }
            return RunningSampleServer(
                configuration: configuration,
                state: state,
                listeners: listeners,
                warehouse: warehouse,
                baseURL: state.baseURL,
                tlsURL: tlsURL,
                clientCertificateURL: clientCertificateURL
            )
        } catch {
            for listener in listeners { await listener.stop() }
            await state.upstream.invalidate()
            if let error = error as? SampleServerError { throw error }
            throw SampleServerError.listen(configuration.host, underlying: "\(error)")
        }
    }

    static func urlHost(_ host: String) -> String {
        host.contains(":") ? "[\(host)]" : host
    }
}

/// A sample server that is running; stop it with ``stop()``.
public final class RunningSampleServer: Sendable {
    /// The configuration it was started with.
    public let configuration: SampleServerConfiguration
    /// `http://host:port` of the plain HTTP listener.
    public let baseURL: URL
    /// `https://host:port` of the HTTPS listener (self-signed certificate), when TLS is on.
    public let tlsURL: URL?
    /// `https://host:port` of the listener that demands a client certificate, when TLS is on.
    public let clientCertificateURL: URL?
    let state: SampleServerState
    let listeners: [Listener]
    let warehouse: WarehouseServer?

    init(
        configuration: SampleServerConfiguration, state: SampleServerState, listeners: [Listener],
        warehouse: WarehouseServer?, baseURL: URL, tlsURL: URL?, clientCertificateURL: URL?
    ) {
        self.configuration = configuration
        self.state = state
        self.listeners = listeners
        self.warehouse = warehouse
        self.baseURL = baseURL
        self.tlsURL = tlsURL
        self.clientCertificateURL = clientCertificateURL
    }

    /// The port of the chapter 8 warehouse status server, when it runs.
    public var warehousePort: Int? { self.warehouse?.port }

    /// The self-signed server certificate of the HTTPS listeners (PEM), when TLS is on; a client pins it
    /// or takes it as its trust anchor.
    public var serverCertificatePEM: String? { self.state.credentials?.serverCertificate.certificatePEM }

    /// The file the server certificate was written to, when TLS is on.
    public var serverCertificateFile: URL? {
        self.state.credentials == nil
            ? nil : self.configuration.dataDirectory.appendingPathComponent("server-certificate.pem")
    }

    /// The certificate authority that issues the banking identities and that the client-certificate port
    /// trusts (PEM), when TLS is on.
    public var clientCertificateAuthorityPEM: String? { self.state.credentials?.clientAuthority.certificatePEM }

    /// `baseURL` with `path` (and an optional query) appended.
    public func url(_ pathAndQuery: String) -> URL {
        URL(string: self.baseURL.absoluteString + pathAndQuery)!
    }

    /// Stops every listener; in-flight requests are cut.
    public func stop() async {
        for listener in self.listeners { await listener.stop() }
        await self.warehouse?.stop()
        await self.state.upstream.invalidate()
    }

    /// Waits until the server is stopped (by ``stop()`` or a failure of a listener).
    public func waitUntilStopped() async {
        for listener in self.listeners { await listener.waitUntilStopped() }
    }
}

/// Why the sample server could not start.
public enum SampleServerError: Error, CustomStringConvertible, Sendable {
    /// A port could not be bound.
    case listen(String, underlying: String)
    /// The data directory could not be created.
    case dataDirectory(String, underlying: String)
    /// The TLS certificates could not be generated.
    case certificates(String)

    /// What failed and what to check, as one sentence.
    public var description: String {
        switch self {
        case .listen(let host, let underlying):
            return "the sample server could not listen on \(host): \(underlying); is the port already in use?"
        case .dataDirectory(let path, let underlying):
            return "the sample server could not create its data directory \(path): \(underlying)"
        case .certificates(let reason):
            return "the sample server could not generate its TLS certificates: \(reason)"
        }
    }
}

/// One Hummingbird application on one port, run in its own task.
final class Listener: Sendable {
    let name: String
    let port: Int
    private let task: Task<Void, Never>
    private let stopped: Task<Void, Never>

    private init(name: String, port: Int, task: Task<Void, Never>) {
        self.name = name
        self.port = port
        self.task = task
        self.stopped = Task { await task.value }
    }

    static func startHTTP(
        name: String, port: Int, tls: TLSConfiguration?, state: SampleServerState
    ) async throws -> Listener {
        let router = SampleRoutes.makeRouter(state: state)
        var logger = state.configuration.logger
        if state.configuration.quiet { logger.logLevel = .critical }
        let (portStream, portContinuation) = AsyncStream<Result<Int, any Error>>.makeStream()
        let server: HTTPServerBuilder
        if let tls {
            server = try .tls(.http1(), tlsConfiguration: tls)
        } else {
            server = .http1()
        }
        let application = Application(
            router: router,
            server: server,
            configuration: ApplicationConfiguration(
                address: .hostname(state.configuration.host, port: port),
                serverName: "Courier-Sample/1.0",
                reuseAddress: true
            ),
            onServerRunning: { channel in
                portContinuation.yield(.success(channel.localAddress?.port ?? 0))
            },
            logger: logger
        )
        let task = Task {
            do {
                try await application.runService(gracefulShutdownSignals: [])
            } catch {
                portContinuation.yield(.failure(error))
            }
            portContinuation.finish()
        }
        for await result in portStream {
            let port = try result.get()
            return Listener(name: name, port: port, task: task)
        }
        throw SampleServerError.listen(state.configuration.host, underlying: "the \(name) listener stopped at start")
    }

    func stop() async {
        self.task.cancel()
        await self.task.value
    }

    func waitUntilStopped() async {
        await self.stopped.value
    }
}
