import CourierCertificates
import Foundation
import NIOSSL

/// The certificates of the HTTPS listeners, generated at start: a self-signed server certificate (for
/// trust and pinning demos) and a certificate authority that issues client identities and that the
/// client-certificate port trusts.
struct ServerCredentials: Sendable {
    let serverCertificate: IssuedCertificate
    let clientAuthority: CertificateAuthority

    static func make(in directory: URL, host: String) throws -> ServerCredentials {
        do {
            var addresses = ["127.0.0.1", "::1"]
            var names = ["localhost"]
            if host.contains(":") || host.allSatisfy({ $0.isNumber || $0 == "." }) {
                if !addresses.contains(host) && host != "0.0.0.0" && host != "::" { addresses.append(host) }
            } else if !names.contains(host) {
                names.append(host)
            }
            let server = try CertificateAuthority.makeSelfSignedServerCertificate(
                dnsNames: names, ipAddresses: addresses)
            let authority = try CertificateAuthority(commonName: "Courier Sample Bank Device CA")
            try Data(server.certificatePEM.utf8).write(
                to: directory.appendingPathComponent("server-certificate.pem"), options: .atomic)
            try Data(authority.certificatePEM.utf8).write(
                to: directory.appendingPathComponent("client-ca.pem"), options: .atomic)
            return ServerCredentials(serverCertificate: server, clientAuthority: authority)
        } catch {
            throw SampleServerError.certificates("\(error)")
        }
    }

    func serverTLSConfiguration() -> TLSConfiguration {
        TLSConfiguration.makeServerConfiguration(
            certificateChain: [.certificate(self.serverCertificate.nioSSLCertificate)],
            privateKey: .privateKey(self.serverCertificate.nioSSLPrivateKey)
        )
    }

    func clientCertificateTLSConfiguration() -> TLSConfiguration {
        var configuration = self.serverTLSConfiguration()
        configuration.certificateVerification = .noHostnameVerification
        configuration.trustRoots = .certificates([self.clientAuthority.nioSSLCertificate])
        return configuration
    }
}
