import NIOSSL

/// Reads a client identity from PEM text: certificates and one private key.
enum PEMIdentityReader {
    static let keyLabels: Set<String> = ["PRIVATE KEY", "ENCRYPTED PRIVATE KEY", "RSA PRIVATE KEY", "EC PRIVATE KEY"]

    static func read(certificates certificateText: String, key keyText: String?, passphrase: String?)
        throws(ClientIdentityError) -> PKCS12Reader.Identity
    {
        for text in [certificateText, keyText ?? ""] where text.utf8.count > ClientIdentity.maximumPEMSize {
            throw ClientIdentityError(
                .tooLarge, "the PEM text is larger than \(ClientIdentity.maximumPEMSize / 1024) KiB")
        }
        let certificateBlocks: [PEM.Block]
        let keySource: [PEM.Block]
        do {
            certificateBlocks = try PEM.blocks(in: certificateText)
            keySource = try keyText.map { try PEM.blocks(in: $0) } ?? certificateBlocks
        } catch let error as PEM.DecodingError {
            throw ClientIdentityError(.malformed, error.description)
        } catch {
            throw ClientIdentityError(.malformed, "\(error)")
        }

        var certificates: [NIOSSLCertificate] = []
        for block in certificateBlocks where block.label == "CERTIFICATE" {
            do {
                _ = try TLSCertificate(derRepresentation: block.der)
                certificates.append(try NIOSSLCertificate(bytes: block.der, format: .der))
            } catch {
                throw ClientIdentityError(.malformed, "a PEM CERTIFICATE block is not a valid certificate")
            }
        }
        guard !certificates.isEmpty else {
            throw ClientIdentityError(.missingCertificate, "the PEM text has no CERTIFICATE block")
        }
        let keys = keySource.filter { keyLabels.contains($0.label) }
        guard let keyBlock = keys.first else {
            throw ClientIdentityError(
                .missingPrivateKey,
                keyText == nil
                    ? "the PEM text has no private key; give the key file too"
                    : "the key text has no PEM private key block (PRIVATE KEY, EC PRIVATE KEY, RSA PRIVATE KEY)")
        }
        guard keys.count == 1 else {
            throw ClientIdentityError(.multiplePrivateKeys, "the PEM text holds \(keys.count) private keys")
        }
        let privateKey = try readKey(keyBlock, passphrase: passphrase)
        return try IdentityAssembly.assemble(certificates: certificates, privateKey: privateKey)
    }

    private static func readKey(_ block: PEM.Block, passphrase: String?) throws(ClientIdentityError) -> NIOSSLPrivateKey
    {
        let isEncrypted =
            block.label == "ENCRYPTED PRIVATE KEY" || block.headers.contains { $0.uppercased().contains("ENCRYPTED") }
        if isEncrypted, passphrase == nil {
            throw ClientIdentityError(.passphraseRequired, "the private key is encrypted; give its passphrase")
        }
        if block.label == "ENCRYPTED PRIVATE KEY" {
            do {
                let parts = try DER.parse(block.der).children(expecting: DER.Tag.sequence, "the encrypted key")
                guard parts.count == 2 else { throw DER.DecodingError("the encrypted key has the wrong shape") }
                try PKCS12Reader.checkIterations(ofAlgorithm: parts[0])
            } catch let error as ClientIdentityError {
                throw error
            } catch {
                throw ClientIdentityError(.malformed, "the encrypted private key is malformed")
            }
        }
        // The block is armoured again on its own (with its legacy headers), so nothing else in the text is
        // parsed by BoringSSL. A passphrase callback is always given: without one BoringSSL would prompt on
        // the terminal.
        var text = "-----BEGIN \(block.label)-----\n"
        if !block.headers.isEmpty { text += block.headers.joined(separator: "\n") + "\n\n" }
        let body = PEM.armor(block.der, label: block.label).split(separator: "\n").dropFirst().dropLast()
        text += body.joined(separator: "\n") + "\n-----END \(block.label)-----\n"
        do {
            return try NIOSSLPrivateKey(bytes: Array(text.utf8), format: .pem) { (setter: ([UInt8]) -> Void) in
                setter(Array((passphrase ?? "").utf8))
            }
        } catch {
            if isEncrypted {
                throw ClientIdentityError(.wrongPassphrase, "the passphrase does not decrypt the private key")
            }
            throw ClientIdentityError(.malformed, "the PEM private key is not a valid key (\(error))")
        }
    }
}
