import Foundation
import Logging

/// How a ``SampleServer`` listens and where it keeps its files.
public struct SampleServerConfiguration: Sendable {
    /// The interface every port binds to; loopback by default.
    public var host: String = "127.0.0.1"
    /// The plain HTTP port; `0` picks a free one (read it back from ``RunningSampleServer/baseURL``).
    public var port: Int = 8080
    /// Also serve HTTPS with a self-signed certificate generated at start (written into the data
    /// directory as `server-certificate.pem`, for trust and pinning demos), and a second HTTPS port that
    /// demands a client certificate (the banking service's "expedited" login).
    public var tls: Bool = false
    /// The HTTPS port when ``tls`` is on; `0` picks a free one.
    public var tlsPort: Int = 0
    /// The HTTPS port that requires a client certificate when ``tls`` is on; `0` picks a free one.
    public var clientCertificatePort: Int = 0
    /// The TCP port of the chapter 8 warehouse status server; `0` picks a free one, `nil` turns it off.
    public var warehousePort: Int? = 0
    /// Where uploads, issued identities and the generated certificates go. Created if missing.
    public var dataDirectory: URL
    /// The largest request body an upload endpoint accepts before answering 413 (it stops reading and
    /// removes the partial file).
    public var uploadLimit: Int = 32 * 1024 * 1024
    /// The largest body any other endpoint reads (JSON, XML, forms).
    public var bodyLimit: Int = 1024 * 1024
    /// The size of every `/media/{name}.mp4` file.
    public var mediaSize: Int = 1024 * 1024
    /// No request log when `true` (tests, the tour).
    public var quiet: Bool = false
    /// The passphrase protecting the PKCS#12 identities the banking service issues.
    public var identityPassphrase: String = "courier"
    /// Requests per ``rateLimitPeriod`` for callers without an API key on `/api/…` (they share one token
    /// bucket).
    public var anonymousRateLimit: Int = 60
    /// Requests per ``rateLimitPeriod`` for each valid API key (a token bucket per key).
    public var keyedRateLimit: Int = 600
    /// The period of both rate limits: a full bucket refills in this time, one token every
    /// `rateLimitPeriod / limit` (a minute by default).
    public var rateLimitPeriod: Duration = .seconds(60)
    /// The API keys `/api/…` accepts (`X-API-Key`).
    public var apiKeys: Set<String> = ["courier-demo-key"]
    /// The users of the login, banking and Basic/Digest endpoints (user name → password).
    public var users: [String: String] = ["courier": "courier", "jdoe": "password"]
    /// The AES key of the banking service's sealed messages: the ASCII bytes of this string, so 16, 24 or 32
    /// characters (AES-128/192/256).
    public var bankingEncryptionKey: String = "c0ur1er-sample-bank-aes256-key!!"
    /// The HMAC-SHA256 key of the banking service's sealed messages (ASCII bytes, at least 32 characters);
    /// the book's key by default, so its test vector holds.
    public var bankingMACKey: String = "065a62448fb75fce3764dcbe68f9908d"
    /// How long a Digest nonce issued by `/auth/digest/…` stays valid; an older one is answered with
    /// `stale=true` so the client retries with a fresh nonce.
    public var digestNonceLifetime: TimeInterval = 300
    /// The log handler's label and level.
    public var logger: Logger = Logger(label: "courier.sample-server")

    /// A configuration on `host`:`port` keeping its files in `dataDirectory` (a fresh directory under the
    /// temporary directory when `nil`).
    public init(host: String = "127.0.0.1", port: Int = 8080, dataDirectory: URL? = nil) {
        self.host = host
        self.port = port
        self.dataDirectory =
            dataDirectory
            ?? FileManager.default.temporaryDirectory
            .appendingPathComponent("courier-sample-server-\(UUID().uuidString)", isDirectory: true)
    }

    /// A configuration for tests and the tour: every port ephemeral on 127.0.0.1, no request log, a fresh
    /// data directory.
    public static func ephemeral(tls: Bool = false) -> SampleServerConfiguration {
        var configuration = SampleServerConfiguration(port: 0)
        configuration.quiet = true
        configuration.tls = tls
        return configuration
    }
}
