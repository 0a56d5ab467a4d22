import NIOCore
import NIOSSL

/// The certificate and key a ``TCPServer`` presents when it speaks TLS.
public struct SocketTLSIdentity: Sendable, Hashable {
    /// The leaf certificate first, then any intermediates, as PEM.
    public var certificateChainPEM: String
    /// The private key of the leaf, as PEM.
    public var privateKeyPEM: String

    /// Creates an identity from PEM text.
    public init(certificateChainPEM: String, privateKeyPEM: String) {
        self.certificateChainPEM = certificateChainPEM
        self.privateKeyPEM = privateKeyPEM
    }

    /// Builds the NIOSSL server context.
    ///
    /// - Throws: ``SocketError`` with ``SocketError/Code/invalidConfiguration`` when the PEM cannot be read.
    func makeContext() throws(SocketError) -> NIOSSLContext {
        try SocketError.invalidConfiguration("The server's certificate or key could not be read.") {
            let chain = try NIOSSLCertificate.fromPEMBytes(Array(certificateChainPEM.utf8))
            guard !chain.isEmpty else {
                throw SocketError(code: .invalidConfiguration, message: "The certificate PEM holds no certificate.")
            }
            let key = try NIOSSLPrivateKey(bytes: Array(privateKeyPEM.utf8), format: .pem)
            let configuration = TLSConfiguration.makeServerConfiguration(
                certificateChain: chain.map { .certificate($0) },
                privateKey: .privateKey(key)
            )
            return try NIOSSLContext(configuration: configuration)
        }
    }
}
