import Foundation
import HTTPTypes
import Logging

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

    /// The kind this configuration was made as.
    public private(set) var kind: Kind

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
    /// How server certificates are evaluated (default: the system trust store, host name checked).
    public var serverTrustPolicy: ServerTrustPolicy = .systemDefault
    /// Which proxy to use (default: the `http_proxy`/`https_proxy`/`all_proxy`/`no_proxy` environment).
    public var proxy: ProxyConfiguration = .environment
    /// How redirects are followed (default: up to 20).
    public var redirectPolicy: RedirectPolicy = .follow(maximum: 20)
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
    /// The encoder for ``RequestBody/json(_:)`` bodies.
    public var jsonEncoder: JSONEncoder = JSONEncoder()
    /// The largest body a collecting task accepts, or `nil` for no limit.
    public var maximumResponseBodySize: Int? = nil
    /// Where the session logs (never the credentials it handles).
    public var logger: Logger = Logger(label: "courier")

    init(kind: Kind) {
        self.kind = kind
    }

    /// Persistent stores under the XDG data and cache directories.
    public static var `default`: SessionConfiguration { SessionConfiguration(kind: .default) }
    /// Everything in memory, gone when the session is invalidated.
    public static var ephemeral: SessionConfiguration { SessionConfiguration(kind: .ephemeral) }

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
    public static let string = "0.1.0"
}

/// TLS protocol versions a session may negotiate.
public enum TLSProtocolVersion: Int, Hashable, Sendable, Comparable {
    case v1_0 = 10
    case v1_1 = 11
    case v1_2 = 12
    case v1_3 = 13

    public static func < (lhs: TLSProtocolVersion, rhs: TLSProtocolVersion) -> Bool { lhs.rawValue < rhs.rawValue }
}
