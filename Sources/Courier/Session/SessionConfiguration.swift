import CoreMetrics
import Foundation
import HTTPTypes
import Logging
import Tracing

/// The settings of a ``Session``: copied when the session is created and fixed from then on,
/// as in URLSession (changing your copy afterwards changes nothing).
///
/// ```swift
/// var configuration = SessionConfiguration.ephemeral
/// configuration.timeoutIntervalForRequest = 10
/// configuration.httpAdditionalHeaders[.accept] = "application/json"
/// let session = Session(configuration: configuration)
/// ```
public struct SessionConfiguration: Sendable {
    /// What a session keeps between runs.
    public enum Kind: Hashable, Sendable {
        /// Persistent stores under the XDG data and cache directories.
        case `default`
        /// Everything in memory; gone when the session is invalidated.
        case ephemeral
    }

    /// The kind this configuration was made as (``durable(identifier:)`` makes a `.default` one).
    public private(set) var kind: Kind

    // MARK: Durable transfers (issue 6)

    /// The identifier of a durable session (``durable(identifier:)``), `nil` for any other.
    public private(set) var durableIdentifier: String? = nil
    /// Where a durable session keeps its records and lock; `nil` (the default) for
    /// `$XDG_DATA_HOME/courier/durable/<identifier>` (or `~/.local/share/courier/durable/<identifier>`).
    public var durableStorageDirectory: URL? = nil

    /// Idle timeout in seconds: the longest wait for the next byte in either direction (default 30 s —
    /// the book: "always set a timeout"; the old 240 s default is too long).
    public var timeoutIntervalForRequest: TimeInterval = 30
    /// The longest a task may take in all, redirects and retries included (default 7 days).
    public var timeoutIntervalForResource: TimeInterval = 7 * 24 * 60 * 60
    /// Header fields added to every request that does not set them itself.
    public var httpAdditionalHeaders: HTTPFields = [:]
    /// The most HTTP/1.1 connections kept open to one host (default 6).
    public var httpMaximumConnectionsPerHost: Int = 6
    /// The cache policy for requests that do not set one.
    public var requestCachePolicy: CachePolicy = .useProtocolCachePolicy
    /// Extra protocol handlers, consulted in reverse order of this array (the last one first) before
    /// the built-in `http`, `https`, `file` and `data` handlers.
    public var protocolHandlers: [any ProtocolHandler] = []
    /// The oldest TLS version accepted (default TLS 1.2).
    public var tlsMinimumSupportedProtocolVersion: TLSProtocolVersion = .v1_2
    /// The newest TLS version offered (default TLS 1.3).
    public var tlsMaximumSupportedProtocolVersion: TLSProtocolVersion = .v1_3
    /// How server certificates are evaluated for hosts ``serverTrustPolicies`` does not name (default: the
    /// system trust store, host name checked).
    public var serverTrustPolicy: ServerTrustPolicy = .systemDefault
    /// Which proxy to use (default: the `http_proxy`/`https_proxy`/`all_proxy`/`no_proxy` environment).
    public var proxy: ProxyConfiguration = .environment
    /// How redirects are followed (default: up to 20).
    public var redirectPolicy: RedirectPolicy = .follow(maximum: 20)
    /// The schemes a redirect may lead to (default: `http` and `https`, as curl's default). A `Location` with any
    /// other scheme fails with ``CourierError/Code/unsupportedURL`` naming the scheme, so a server cannot make a
    /// client read `file:///etc/passwd` or inject `data:` content. Add the scheme of your own ``ProtocolHandler``
    /// to let redirects reach it; `file` and `data` are never in the default set.
    public var redirectSchemes: Set<String> = ["http", "https"]
    /// Header fields whose values are secrets (compared case-insensitively): they are removed from a request
    /// that a redirect sends to another origin (or from https to http), and redacted in HAR files,
    /// ``Request/curlDescription`` and logs. The default names the common credential fields; add your own.
    public var secretHeaderNames: Set<String> = SessionConfiguration.defaultSecretHeaderNames
    /// The default ``secretHeaderNames``: `Authorization`, `Proxy-Authorization`, `Cookie`, `X-API-Key`,
    /// `X-Auth-Token` and `X-Api-Token`.
    public static let defaultSecretHeaderNames: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "x-api-key", "x-auth-token", "x-api-token",
    ]
    /// Accepted for compatibility; HTTP/2 multiplexing serves the purpose pipelining had, so it has no effect.
    public var httpShouldUsePipelining: Bool = false
    /// The `User-Agent` sent when a request sets none.
    public var userAgent: String = SessionConfiguration.defaultUserAgent
    /// Observers of every task's events (``HARRecorder`` is one).
    public var eventMonitors: [any EventMonitor] = []
    /// Interceptors that see each request first, before retries and redirects (signing, tokens).
    public var interceptors: [any Interceptor] = []
    /// Interceptors that see each exchange right before the network (logging, metrics).
    public var networkInterceptors: [any Interceptor] = []
    // MARK: Authentication (issue 4)

    /// Where credentials are found and kept: an in-memory store for `.ephemeral`, one backed by the
    /// encrypted secure store under `$XDG_DATA_HOME` for `.default` (opened when first needed); `nil` for none.
    public var urlCredentialStorage: CredentialStore? = nil
    /// When set, only challenges from matching protection spaces are answered; others fail with
    /// `userCancelledAuthentication` (the book's phishing host never gets the password).
    public var authenticationAllowList: [ProtectionSpaceRule]? = nil
    /// Whether Basic credentials may be sent over plain http (default no: they travel in the clear).
    public var allowsBasicAuthenticationOverHTTP: Bool = false

    // MARK: Cookies (issue 4)

    /// Which cookies this session's responses may store (default `.always`, the book's default).
    public var httpCookieAcceptPolicy: Cookie.AcceptPolicy = .always
    /// Whether requests carry the jar's cookies (default `true`); responses' cookies are stored under
    /// ``httpCookieAcceptPolicy`` either way.
    public var httpShouldSetCookies: Bool = true
    /// The cookie jar, `nil` for no cookies at all. For `.default`, the persistent jar of
    /// ``CookieStorage/defaultDirectory`` (`$XDG_DATA_HOME/courier`), shared by every such session; for
    /// `.ephemeral`, an in-memory jar made with this configuration value (sessions created from the same
    /// value share it, as they share any jar you set).
    public var httpCookieStorage: CookieStorage? {
        get { cookieStorageChoice.storage(for: kind) }
        set { cookieStorageChoice = .chosen(newValue) }
    }
    var cookieStorageChoice: CookieStorageChoice = .automatic(CookieStorage())

    // MARK: Retries and connectivity (issue 7)

    /// When failed requests are sent again (default: 2 retries of idempotent requests, exponential backoff
    /// with full jitter from 0.5 s, `Retry-After` honoured up to 60 s). ``RetryPolicy/none`` turns retries off.
    public var retryPolicy: RetryPolicy = .default
    /// Whether a task that finds no network waits for it — up to ``timeoutIntervalForResource`` — instead of
    /// failing with `notConnectedToInternet`, emitting ``TaskEvent/taskIsWaitingForConnectivity`` once
    /// (default `false`, as in URLSession).
    public var waitsForConnectivity: Bool = false
    /// Where the session learns whether the network is there, for ``waitsForConnectivity`` and for retrying
    /// `notConnectedToInternet`; `nil` (the default) uses a system ``Reachability`` monitor opened when
    /// first needed.
    public var reachability: (any ReachabilitySource)? = nil
    /// Looks at every collected response body for an application error and fails the task with it
    /// (`applicationError`); `nil` (the default) leaves that to the caller
    /// (``Response/checkApplicationError(using:)``). Streamed bodies (``Session/bytes(for:)``) are not checked.
    public var applicationErrorDetector: ApplicationErrorDetector? = nil

    // MARK: Cache and compression (issue 5)

    /// The HTTP cache, or `nil` for none. For `.default`, ``HTTPCache/shared`` (4 MiB in memory, 64 MiB on
    /// disk under `$XDG_CACHE_HOME/courier/<executable>/http-cache`, shared by every such session, as
    /// `URLCache.shared` is); for `.ephemeral`, a memory-only cache of 4 MiB made with this configuration
    /// value (sessions created from the same value share it).
    public var urlCache: HTTPCache? {
        get { chosenURLCache ?? (kind == .default ? HTTPCache.shared : ephemeralURLCache) }
        set { chosenURLCache = .some(newValue) }
    }
    private var chosenURLCache: HTTPCache?? = nil
    private let ephemeralURLCache = HTTPCache(memoryCapacity: 4 * 1024 * 1024, diskCapacity: 0)
    /// Limits on decoding compressed responses (default: 1 GiB at most, 100:1 at most after 8 MiB).
    public var decompressionLimits: DecompressionLimits = .default
    /// Hosts whose request bodies are gzipped (`Content-Encoding: gzip`; compressible types only), unless a
    /// request says otherwise with ``Request/compressesBody``. Empty by default: a server that does not
    /// expect a compressed body may drop the request (the book's warning).
    public var requestBodyCompressionHosts: Set<String> = []
    /// The clock the cache reads; tests move it instead of waiting.
    var cacheClock: @Sendable () -> Date = { Date() }
    /// The watchdog that enforces the timeouts of this session's tasks; tests give one on a manual clock.
    var watchdog: Watchdog = .shared

    // MARK: Server trust and client identity (issue 4)

    /// Trust policies for particular hosts, by exact name or `*.example.com` pattern (see
    /// ``ServerTrustManager``); hosts not named here get ``serverTrustPolicy``. An invalid pattern fails
    /// every request with `invalidConfiguration`.
    ///
    /// ```swift
    /// configuration.serverTrustPolicies["api.example.com"] = try .pinnedPublicKeys([current, backup])
    /// ```
    public var serverTrustPolicies: [String: ServerTrustPolicy] = [:]
    /// Chooses the client certificate presented to each host (mutual TLS), asked once per host and port
    /// before the first connection; `nil` (the default) presents none.
    public var clientIdentity: ClientIdentityProvider? = nil

    /// The encoder for ``RequestBody/json(_:)`` bodies.
    public var jsonEncoder: JSONEncoder = JSONEncoder()
    /// The decoder ``Response/decode(_:decoder:)`` uses for responses of this session's `async` methods
    /// when no decoder is passed.
    public var jsonDecoder: JSONDecoder = JSONDecoder()
    /// The largest body a collecting task accepts, or `nil` for no limit.
    public var maximumResponseBodySize: Int? = nil
    /// Where the session logs (never the credentials it handles).
    public var logger: Logger = Logger(label: "courier")

    // MARK: Tracing and metrics

    /// The tracer that gets a client span per task (OpenTelemetry's HTTP client conventions: method, URL, server
    /// address and port, status, protocol version, peer address, resend count, error type), whose trace context
    /// goes out in each request's header fields. `nil`: the tracer the application bootstrapped
    /// (`InstrumentationSystem.bootstrap`), a no-op if it bootstrapped none.
    public var tracer: (any Tracer)? = nil
    /// Where the session's metrics go: `courier.requests` (by method and status class), `courier.errors` (by
    /// error code), `courier.request.duration`, `courier.bytes.sent` and `.received`, and the gauges
    /// `courier.connections.open` and `.idle` of its connection pool. `nil`: the factory the application
    /// bootstrapped (`MetricsSystem.bootstrap`), a no-op if it bootstrapped none.
    public var metricsFactory: (any MetricsFactory)? = nil

    init(kind: Kind) {
        self.kind = kind
        switch kind {
        case .default: self.urlCredentialStorage = CredentialStore(persistentDirectory: nil)
        case .ephemeral: self.urlCredentialStorage = CredentialStore()
        }
    }

    /// Persistent stores under the XDG data and cache directories.
    public static var `default`: SessionConfiguration { SessionConfiguration(kind: .default) }
    /// Everything in memory, gone when the session is invalidated.
    public static var ephemeral: SessionConfiguration { SessionConfiguration(kind: .ephemeral) }

    /// A session whose transfers survive the process (URLSession's background configuration): every
    /// download and file upload is recorded under ``durableStorageDirectory`` before it starts, and a
    /// session created later with the same identifier — in this process or another — re-attaches them:
    /// unfinished downloads continue from their partial files, finished ones not yet reported are
    /// reported (``Session/durableEvents``). Only one live session may have an identifier
    /// (`durableSessionInUse`); uploads must be from files (`invalidConfiguration` otherwise).
    ///
    /// Otherwise like ``default``, except that transfers recover by themselves: ``retryPolicy`` retries
    /// network failures with backoff until the resource timeout (a download continues from the bytes it
    /// has), and ``waitsForConnectivity`` is on.
    ///
    /// ```swift
    /// let session = try Session(attaching: .durable(identifier: "nightly-backups"))
    /// Task {
    ///     for await event in session.durableEvents {
    ///         if case .transferCompleted(let report) = event { print(report.url, report.error ?? "ok") }
    ///     }
    /// }
    /// try await session.download(for: Request(url: imageURL), to: destination)
    /// ```
    /// - Parameter identifier: 1 to 128 letters, digits, `.`, `_` or `-` (it names a directory).
    public static func durable(identifier: String) -> SessionConfiguration {
        var configuration = SessionConfiguration(kind: .default)
        configuration.durableIdentifier = identifier
        configuration.waitsForConnectivity = true
        configuration.retryPolicy = RetryPolicy(maximumRetries: Int.max)
        return configuration
    }

    /// `<executable>/<version> Courier/<version> Linux/<kernel>`, in the shape CFNetwork used.
    public static let defaultUserAgent: String = {
        let executable = ProcessInfo.processInfo.processName
        let application = executable.isEmpty ? "" : "\(executable)/\(CourierVersion.string) "
        return "\(application)Courier/\(CourierVersion.string) Linux/\(kernelRelease())"
    }()

    static func kernelRelease() -> String {
        var name = utsname()
        guard uname(&name) == 0 else { return "unknown" }
        return withUnsafeBytes(of: &name.release) { raw in
            let bytes = raw.prefix { $0 != 0 }
            return String(decoding: bytes, as: UTF8.self)
        }
    }
}

/// Courier's version.
public enum CourierVersion {
    /// The version as `major.minor.patch`, as written into HAR logs and the default `User-Agent`.
    public static let string = "0.1.0"
}

/// TLS protocol versions a session may negotiate.
public enum TLSProtocolVersion: Int, Hashable, Sendable, Comparable {
    /// TLS 1.0 (RFC 2246), obsolete; only for servers that offer nothing newer.
    case v1_0 = 10
    /// TLS 1.1 (RFC 4346), obsolete.
    case v1_1 = 11
    /// TLS 1.2 (RFC 5246).
    case v1_2 = 12
    /// TLS 1.3 (RFC 8446).
    case v1_3 = 13

    /// Orders versions from oldest to newest, so that a minimum and a maximum can be compared.
    public static func < (lhs: TLSProtocolVersion, rhs: TLSProtocolVersion) -> Bool { lhs.rawValue < rhs.rawValue }
}
