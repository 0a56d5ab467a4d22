import NIOSSL

extension TestServer {
    /// How the test server speaks TLS: its certificate, the protocols it offers through ALPN and whether it
    /// asks the client for a certificate.
    ///
    /// ```swift
    /// let ca = try TestCertificateAuthority()
    /// let tls = try TestServer.TLSConfiguration(certificate: ca.makeServerCertificate())
    /// let server = try await TestServer.start(tls: tls) { _ in .text("secure") }
    /// ```
    public struct TLSConfiguration: Sendable {
        /// The protocols offered through ALPN.
        public enum ApplicationProtocols: Sendable {
            /// Offers `h2` and `http/1.1`: clients that support HTTP/2 get it.
            case http2AndHTTP1
            /// Offers only `http/1.1`.
            case http1Only
        }

        /// Whether the server asks for a client certificate (mutual TLS).
        public enum ClientAuthentication: Sendable {
            /// No client certificate is requested.
            case none
            /// A certificate is requested and, when sent, must chain to `trustRoots`; clients without one are
            /// still accepted.
            case optional(trustRoots: [NIOSSLCertificate])
            /// The handshake fails unless the client presents a certificate chaining to `trustRoots`.
            case required(trustRoots: [NIOSSLCertificate])
        }

        /// The server's certificate first, then any intermediates.
        public var certificateChain: [NIOSSLCertificate]
        /// The private key of the first certificate in the chain.
        public var privateKey: NIOSSLPrivateKey
        /// The protocols offered through ALPN.
        public var applicationProtocols: ApplicationProtocols
        /// Whether a client certificate is requested.
        public var clientAuthentication: ClientAuthentication

        /// Creates a configuration from NIOSSL values.
        public init(
            certificateChain: [NIOSSLCertificate],
            privateKey: NIOSSLPrivateKey,
            applicationProtocols: ApplicationProtocols = .http2AndHTTP1,
            clientAuthentication: ClientAuthentication = .none
        ) {
            self.certificateChain = certificateChain
            self.privateKey = privateKey
            self.applicationProtocols = applicationProtocols
            self.clientAuthentication = clientAuthentication
        }

        /// Creates a configuration serving a certificate issued by a ``TestCertificateAuthority``.
        public init(
            certificate: TestCertificate,
            applicationProtocols: ApplicationProtocols = .http2AndHTTP1,
            clientAuthentication: ClientAuthentication = .none
        ) {
            self.init(
                certificateChain: [certificate.nioSSLCertificate],
                privateKey: certificate.nioSSLPrivateKey,
                applicationProtocols: applicationProtocols,
                clientAuthentication: clientAuthentication
            )
        }

        var offersHTTP2: Bool {
            switch self.applicationProtocols {
            case .http2AndHTTP1: true
            case .http1Only: false
            }
        }

        func makeSSLContext() throws -> NIOSSLContext {
            var configuration = NIOSSL.TLSConfiguration.makeServerConfiguration(
                certificateChain: self.certificateChain.map { .certificate($0) },
                privateKey: .privateKey(self.privateKey)
            )
            configuration.applicationProtocols = self.offersHTTP2 ? ["h2", "http/1.1"] : ["http/1.1"]
            switch self.clientAuthentication {
            case .none:
                configuration.certificateVerification = .none
            case .optional(let trustRoots):
                configuration.certificateVerification = .optionalVerification
                configuration.trustRoots = .certificates(trustRoots)
            case .required(let trustRoots):
                configuration.certificateVerification = .noHostnameVerification
                configuration.trustRoots = .certificates(trustRoots)
            }
            return try NIOSSLContext(configuration: configuration)
        }
    }
}
