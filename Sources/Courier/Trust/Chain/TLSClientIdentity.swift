import NIOSSL

/// A client certificate chain (the client's certificate first, then intermediates) with its private key, to
/// present to a server that asks for one (mutual TLS).
struct TLSClientIdentity: Sendable {
    /// The client's certificate first, then any intermediates.
    let certificateChain: [NIOSSLCertificate]
    /// The private key of the first certificate.
    let privateKey: NIOSSLPrivateKey

    /// An identity from its chain and key.
    init(certificateChain: [NIOSSLCertificate], privateKey: NIOSSLPrivateKey) {
        self.certificateChain = certificateChain
        self.privateKey = privateKey
    }
}

/// Chooses the client identity for a connection to `host`:`port` when, and only when, the server asks for a
/// client certificate during the handshake (its CertificateRequest). `nil` means "no certificate"; a thrown error
/// fails the handshake.
typealias TLSClientIdentityProvider = @Sendable (_ host: String, _ port: Int) async throws -> TLSClientIdentity?
