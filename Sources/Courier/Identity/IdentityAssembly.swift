import NIOSSL

/// Puts a private key and its certificates in TLS order: the certificate of the key first, then the
/// others (intermediates) as they came.
enum IdentityAssembly {
    static func assemble(
        certificates: [NIOSSLCertificate], privateKey: NIOSSLPrivateKey
    ) throws(ClientIdentityError) -> PKCS12Reader.Identity {
        // BoringSSL picks the last certificate matching the key; so does Courier.
        guard let leafIndex = certificates.lastIndex(where: { keyMatches(privateKey, $0) }) else {
            throw ClientIdentityError(
                .keyDoesNotMatchCertificate,
                certificates.count == 1
                    ? "the private key does not belong to the certificate"
                    : "the private key belongs to none of the \(certificates.count) certificates")
        }
        var chain = [certificates[leafIndex]]
        for (index, certificate) in certificates.enumerated() where index != leafIndex {
            chain.append(certificate)
        }
        return PKCS12Reader.Identity(certificateChain: chain, privateKey: privateKey)
    }

    /// Whether the key belongs to the certificate: BoringSSL refuses a TLS context whose key and leaf
    /// certificate differ, for every key type it knows.
    static func keyMatches(_ key: NIOSSLPrivateKey, _ certificate: NIOSSLCertificate) -> Bool {
        var configuration = TLSConfiguration.makeClientConfiguration()
        configuration.trustRoots = .certificates([])
        configuration.certificateChain = [.certificate(certificate)]
        configuration.privateKey = .privateKey(key)
        return (try? NIOSSLContext(configuration: configuration)) != nil
    }
}
