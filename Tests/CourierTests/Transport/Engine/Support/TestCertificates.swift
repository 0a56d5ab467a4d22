import CourierTesting
import Foundation
import NIOCore
import NIOSSL

@testable import Courier

/// A certificate for `localhost` and 127.0.0.1 from a private CA, made in-process once per test run (no
/// certificate is kept in the repository, and no child process blocks a thread of the cooperative pool).
enum TestCertificates {
    struct Identity: Sendable {
        /// The server's certificate (what the server presents).
        var certificate: NIOSSLCertificate
        var privateKey: NIOSSLPrivateKey
        /// The CA that issued it (what a client trusts).
        var authority: NIOSSLCertificate
    }

    static let identity: Result<Identity, any Error> = Result {
        let authority = try TestCertificateAuthority(commonName: "Courier Engine Test CA")
        let server = try authority.makeServerCertificate(dnsNames: ["localhost"], ipAddresses: ["127.0.0.1"])
        return Identity(
            certificate: server.nioSSLCertificate, privateKey: server.nioSSLPrivateKey,
            authority: authority.nioSSLCertificate)
    }

    /// A client profile that trusts `certificate` (or the system roots when nil) and offers h2 and http/1.1.
    static func clientProfile(trusting certificate: NIOSSLCertificate?, alpn: [String] = ["h2", "http/1.1"]) throws
        -> TLSClientProfile
    {
        var configuration = TLSConfiguration.makeClientConfiguration()
        if let certificate { configuration.trustRoots = .certificates([certificate]) }
        configuration.applicationProtocols = alpn
        return TLSClientProfile(context: try NIOSSLContext(configuration: configuration))
    }

    /// A server context for the test certificate, offering the given ALPN protocols.
    static func serverContext(alpn: [String]) throws -> NIOSSLContext {
        let identity = try identity.get()
        var configuration = TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(identity.certificate)], privateKey: .privateKey(identity.privateKey))
        configuration.applicationProtocols = alpn
        return try NIOSSLContext(configuration: configuration)
    }
}
