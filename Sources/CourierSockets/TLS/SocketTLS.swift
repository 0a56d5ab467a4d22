import Courier
import NIOCore
import NIOSSL

/// How a TCP client checks the server it talks to over TLS.
///
/// The standard verification always runs (chain to a trusted root, host name); pins add a check on top.
///
/// ```swift
/// let tls = SocketTLS(trustRoots: .pem(caPEM), serverName: "localhost")
/// let connection = try await TCPClient.connect(host: "127.0.0.1", port: port,
///                                              configuration: TCPConfiguration(tls: tls))
/// ```
///
/// Or with the HTTP core's ``Courier/ServerTrustPolicy``, so a socket trusts exactly what a `Session` would
/// (anchors, pinned certificates, key pins with backups, evaluation disabled with pins only):
///
/// ```swift
/// let tls = SocketTLS(trustPolicy: try .pinnedPublicKeys(["sha256/r/mIkG3eEpVdm+u/ko/cwxzOMo1bk4TyHIlByibiA5E="]))
/// ```
public struct SocketTLS: Sendable, Hashable {
    /// Where trusted root certificates come from.
    public enum TrustRoots: Sendable, Hashable {
        /// The operating system's roots.
        case system
        /// Only the certificates in this PEM text (one or more `CERTIFICATE` blocks).
        case pem(String)
    }

    /// The roots the server's chain must lead to.
    public var trustRoots: TrustRoots
    /// The name sent in SNI and checked against the certificate; nil uses the host connected to (unless
    /// it is an IP address literal, which is neither sent nor, for lack of a name, checked by name).
    public var serverName: String?
    /// SHA-256 digests of the accepted subject public key infos (the `pin-sha256` of RFC 7469), each 32
    /// bytes. When not empty, the server's leaf certificate must carry one of these keys.
    public var pinnedKeySHA256: [[UInt8]]
    /// The HTTP core's trust policy. When set, it alone decides (``trustRoots`` and ``pinnedKeySHA256`` are
    /// not used): the chain is evaluated inside the handshake with swift-certificates, as a `Session` does for
    /// HTTPS, and a refusal names what failed (expired, wrong host, unknown issuer, no pin matched).
    public var trustPolicy: ServerTrustPolicy?

    /// Creates a trust configuration.
    public init(trustRoots: TrustRoots = .system, serverName: String? = nil, pinnedKeySHA256: [[UInt8]] = []) {
        self.trustRoots = trustRoots
        self.serverName = serverName
        self.pinnedKeySHA256 = pinnedKeySHA256
        self.trustPolicy = nil
    }

    /// Creates a trust configuration from the HTTP core's trust policy.
    ///
    /// - Parameters:
    ///   - trustPolicy: What to trust, as for a `Session`'s `serverTrustPolicy`.
    ///   - serverName: The name sent in SNI and checked against the certificate; nil uses the host connected
    ///     to (an IP literal is then checked against the certificate's IP addresses and not sent).
    public init(trustPolicy: ServerTrustPolicy, serverName: String? = nil) {
        self.trustRoots = .system
        self.serverName = serverName
        self.pinnedKeySHA256 = []
        self.trustPolicy = trustPolicy
    }

    /// The HTTP core's evaluation of ``trustPolicy`` for a connection to `host`, or nil without a policy. The
    /// name checked is ``serverName``, or else `host` (an IP literal is checked against the certificate's
    /// addresses and not sent in SNI).
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration`` when the policy's anchors are
    ///   not valid PEM or BoringSSL refuses the configuration.
    func makePolicyTrust(host: String, port: Int) throws(SocketError) -> SocketTrust? {
        guard let trustPolicy else { return nil }
        return try SocketError.invalidConfiguration("The TLS trust policy could not be used.") {
            try SocketTrust(policy: trustPolicy, name: serverName ?? host, port: port)
        }
    }

    /// Builds the NIOSSL context.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration`` when the PEM cannot be read.
    func makeContext() throws(SocketError) -> NIOSSLContext {
        var configuration = TLSConfiguration.makeClientConfiguration()
        switch trustRoots {
        case .system:
            configuration.trustRoots = .default
        case .pem(let text):
            configuration.trustRoots = try SocketError.invalidConfiguration("The trust roots PEM could not be read.") {
                let certificates = try NIOSSLCertificate.fromPEMBytes(Array(text.utf8))
                guard !certificates.isEmpty else {
                    throw SocketError(code: .invalidConfiguration, message: "The trust roots PEM holds no certificate.")
                }
                return .certificates(certificates)
            }
        }
        return try SocketError.invalidConfiguration("The TLS configuration could not be used.") {
            try NIOSSLContext(configuration: configuration)
        }
    }
}
