import CourierSecurity
import Foundation
import NIOSSL

/// Reads a PKCS#12 (`.p12`, `.pfx`) identity without ever handing BoringSSL a file that would make
/// swift-nio-ssl trap.
///
/// `NIOSSLPKCS12Bundle` calls `fatalError` when a file that decrypts has no private key or no
/// certificate matching it (a trust-store `.p12`, a key-only export). So Courier reads the structure
/// itself: it checks the integrity MAC (a wrong passphrase is reported as such), takes the one private key
/// from its key bag (decrypted by BoringSSL as a PKCS#8 `ENCRYPTED PRIVATE KEY`), and lets BoringSSL
/// decrypt the certificate bags inside a container that also holds a throwaway key and a certificate
/// matching it, so that parse can always succeed; the throwaway pair is then dropped. Every encryption
/// scheme BoringSSL supports (PBES2 with AES, the legacy 3DES and RC2 schemes of OpenSSL 1.x and macOS
/// exports) works that way.
enum PKCS12Reader {
    /// The largest PKCS#12 file accepted.
    static let maximumSize = 1024 * 1024
    /// The most key-derivation iterations accepted (Windows caps at 600 000; OpenSSL uses 2048).
    static let maximumIterations = 1_000_000

    struct Identity {
        var certificateChain: [NIOSSLCertificate]
        var privateKey: NIOSSLPrivateKey
    }

    /// Reads a PKCS#12 file.
    /// - Parameter verifiesIntegrity: `false` only for the reliability harness, which fuzzes what lies
    ///   behind the integrity MAC (a mutated file almost never passes it); every caller in the library
    ///   checks the MAC.
    static func read(
        _ bytes: [UInt8], passphrase: String, verifiesIntegrity: Bool = true
    ) throws(ClientIdentityError) -> Identity {
        guard !bytes.isEmpty else { throw ClientIdentityError(.malformed, "the PKCS#12 data is empty") }
        guard bytes.count <= maximumSize else {
            throw ClientIdentityError(.tooLarge, "the PKCS#12 data is larger than \(maximumSize / 1024) KiB")
        }
        do {
            return try readChecked(bytes, passphrase: passphrase, verifiesIntegrity: verifiesIntegrity)
        } catch let error as ClientIdentityError {
            throw error
        } catch let error as DER.DecodingError {
            throw ClientIdentityError(.malformed, "not a PKCS#12 file (\(error.description))")
        } catch {
            throw ClientIdentityError(.malformed, "the PKCS#12 file could not be read (\(error))")
        }
    }

    // MARK: Structure

    private static func readChecked(_ bytes: [UInt8], passphrase: String, verifiesIntegrity: Bool) throws -> Identity {
        // PFX ::= SEQUENCE { version INTEGER (3), authSafe ContentInfo, macData MacData OPTIONAL }
        let pfx = try DER.parse(bytes).children(expecting: DER.Tag.sequence, "the PKCS#12 file")
        guard pfx.count == 2 || pfx.count == 3, try pfx[0].integerValue() == 3 else {
            throw ClientIdentityError(.malformed, "not a PKCS#12 version 3 file")
        }
        let authSafe = try pfx[1].children(expecting: DER.Tag.sequence, "the PKCS#12 content")
        guard authSafe.count == 2, try authSafe[0].objectIdentifier() == DER.OID.data else {
            throw ClientIdentityError(
                .unsupported, "the PKCS#12 file uses public-key integrity mode, which Courier does not read")
        }
        let wrapped = try authSafe[1].children(expecting: DER.Tag.explicit(0), "the PKCS#12 content")
        guard wrapped.count == 1 else { throw DER.DecodingError("the PKCS#12 content has the wrong shape") }
        let authSafeContent = try wrapped[0].octetStringBytes()

        guard pfx.count == 3 else {
            throw ClientIdentityError(.unsupported, "the PKCS#12 file has no integrity MAC")
        }
        let password =
            verifiesIntegrity
            ? try verifyMAC(pfx[2], content: authSafeContent, passphrase: passphrase)
            : PKCS12KeyDerivation.passwordBytes(passphrase)

        // AuthenticatedSafe ::= SEQUENCE OF ContentInfo (data, or encryptedData holding bags).
        var keyBags: [(shrouded: Bool, value: DER.Node)] = []
        var certificates: [NIOSSLCertificate] = []
        var encryptedContents: [[UInt8]] = []
        for contentInfo in try DER.parse(authSafeContent).children(expecting: DER.Tag.sequence, "the bags") {
            let parts = try contentInfo.children(expecting: DER.Tag.sequence, "a content info")
            guard parts.count == 2 else { throw DER.DecodingError("a content info has the wrong shape") }
            let type = try parts[0].objectIdentifier()
            if type == DER.OID.data {
                let octets = try parts[1].children(expecting: DER.Tag.explicit(0), "a content info")
                guard octets.count == 1 else { throw DER.DecodingError("a content info has the wrong shape") }
                let bags = try DER.parse(try octets[0].octetStringBytes()).children(
                    expecting: DER.Tag.sequence, "the safe contents")
                for bag in bags {
                    try collect(bag, keyBags: &keyBags, certificates: &certificates)
                }
            } else if type == DER.OID.encryptedData {
                try checkIterations(ofEncryptedData: parts[1])
                encryptedContents.append(Array(contentInfo.encoded))
            } else {
                throw ClientIdentityError(
                    .unsupported,
                    "the PKCS#12 file has content of type \(DER.OID.dotted(type)), which Courier does not read")
            }
        }

        guard !keyBags.isEmpty else {
            throw ClientIdentityError(
                .missingPrivateKey,
                encryptedContents.isEmpty
                    ? "the PKCS#12 file holds no private key (is it a trust store?)"
                    : "the PKCS#12 file holds no private key outside its encrypted certificate bags (is it a trust store?)"
            )
        }
        guard keyBags.count == 1, let keyBag = keyBags.first else {
            throw ClientIdentityError(.multiplePrivateKeys, "the PKCS#12 file holds \(keyBags.count) private keys")
        }
        let privateKey = try decryptKey(keyBag.value, shrouded: keyBag.shrouded, passphrase: passphrase)
        if !encryptedContents.isEmpty {
            certificates += try decryptCertificates(encryptedContents, password: password, passphrase: passphrase)
        }
        guard !certificates.isEmpty else {
            throw ClientIdentityError(.missingCertificate, "the PKCS#12 file holds no certificate")
        }
        return try IdentityAssembly.assemble(certificates: certificates, privateKey: privateKey)
    }

    /// Checks the integrity MAC and returns the password encoding that opened it.
    private static func verifyMAC(_ node: DER.Node, content: [UInt8], passphrase: String) throws -> [UInt8] {
        // MacData ::= SEQUENCE { mac DigestInfo, macSalt OCTET STRING, iterations INTEGER DEFAULT 1 }
        let macData = try node.children(expecting: DER.Tag.sequence, "the MAC")
        guard macData.count == 2 || macData.count == 3 else { throw DER.DecodingError("the MAC has the wrong shape") }
        let digestInfo = try macData[0].children(expecting: DER.Tag.sequence, "the MAC")
        guard digestInfo.count == 2 else { throw DER.DecodingError("the MAC has the wrong shape") }
        let algorithm = try digestInfo[0].children(expecting: DER.Tag.sequence, "the MAC algorithm")
        guard let algorithmOID = try algorithm.first?.objectIdentifier() else {
            throw DER.DecodingError("the MAC algorithm is missing")
        }
        let digests: [[UInt8]: DigestAlgorithm] = [
            DER.OID.sha1: .sha1, DER.OID.sha224: .sha224, DER.OID.sha256: .sha256, DER.OID.sha384: .sha384,
            DER.OID.sha512: .sha512,
        ]
        guard let digest = digests[algorithmOID] else {
            throw ClientIdentityError(
                .unsupported, "the PKCS#12 MAC uses \(DER.OID.dotted(algorithmOID)), which Courier does not read")
        }
        let expected = try digestInfo[1].octetStringBytes()
        let salt = try macData[1].octetStringBytes()
        let iterations = macData.count == 3 ? try iterationCount(macData[2]) : 1
        // An empty passphrase is two zero bytes in PKCS#12, but some tools use no bytes at all; BoringSSL
        // accepts both, and so does Courier.
        var candidates = [PKCS12KeyDerivation.passwordBytes(passphrase)]
        if passphrase.isEmpty { candidates.append(PKCS12KeyDerivation.passwordBytes(nil)) }
        for password in candidates {
            let mac = try PKCS12KeyDerivation.mac(
                of: content, password: password, salt: salt, iterations: iterations, digest: digest)
            if ConstantTime.isEqual(mac, expected) { return password }
        }
        throw ClientIdentityError(
            .wrongPassphrase, "the passphrase is wrong (the PKCS#12 integrity check failed) or the file is damaged")
    }

    private static func iterationCount(_ node: DER.Node) throws -> Int {
        guard let count = try? node.integerValue(), count >= 1 else {
            throw ClientIdentityError(.malformed, "the PKCS#12 file has an invalid iteration count")
        }
        guard count <= maximumIterations else {
            throw ClientIdentityError(
                .unsupported,
                "the PKCS#12 file asks for \(count) key-derivation iterations (at most \(maximumIterations))")
        }
        return count
    }

    /// Sorts one `SafeBag` into keys and certificates.
    private static func collect(
        _ bag: DER.Node, keyBags: inout [(shrouded: Bool, value: DER.Node)], certificates: inout [NIOSSLCertificate]
    ) throws {
        // SafeBag ::= SEQUENCE { bagId OID, bagValue [0] EXPLICIT ANY, bagAttributes SET OPTIONAL }
        let parts = try bag.children(expecting: DER.Tag.sequence, "a bag")
        guard parts.count >= 2 else { throw DER.DecodingError("a bag has the wrong shape") }
        let type = try parts[0].objectIdentifier()
        let values = try parts[1].children(expecting: DER.Tag.explicit(0), "a bag")
        guard values.count == 1 else { throw DER.DecodingError("a bag has the wrong shape") }
        let value = values[0]
        switch type {
        case DER.OID.keyBag:
            keyBags.append((false, value))
        case DER.OID.shroudedKeyBag:
            let encrypted = try value.children(expecting: DER.Tag.sequence, "an encrypted key")
            guard encrypted.count == 2 else { throw DER.DecodingError("an encrypted key has the wrong shape") }
            try checkIterations(ofAlgorithm: encrypted[0])
            keyBags.append((true, value))
        case DER.OID.certBag:
            // CertBag ::= SEQUENCE { certId OID, certValue [0] EXPLICIT OCTET STRING }
            let certBag = try value.children(expecting: DER.Tag.sequence, "a certificate bag")
            guard certBag.count == 2 else { throw DER.DecodingError("a certificate bag has the wrong shape") }
            guard try certBag[0].objectIdentifier() == DER.OID.x509Certificate else { return }
            let wrapped = try certBag[1].children(expecting: DER.Tag.explicit(0), "a certificate bag")
            guard wrapped.count == 1 else { throw DER.DecodingError("a certificate bag has the wrong shape") }
            let der = try wrapped[0].octetStringBytes()
            _ = try TLSCertificate(derRepresentation: der)
            certificates.append(try NIOSSLCertificate(bytes: der, format: .der))
        default:
            break  // CRLs, secrets and nested bags play no part in a TLS identity.
        }
    }

    // MARK: Decryption

    private static func decryptKey(_ value: DER.Node, shrouded: Bool, passphrase: String) throws -> NIOSSLPrivateKey {
        guard shrouded else {
            do {
                return try NIOSSLPrivateKey(bytes: Array(value.encoded), format: .der)
            } catch {
                throw ClientIdentityError(.malformed, "the PKCS#12 private key is not a valid key (\(error))")
            }
        }
        let pem = PEM.armor(value.encoded, label: "ENCRYPTED PRIVATE KEY")
        do {
            return try NIOSSLPrivateKey(bytes: Array(pem.utf8), format: .pem) { (setter: ([UInt8]) -> Void) in
                setter(Array(passphrase.utf8))
            }
        } catch {
            throw ClientIdentityError(
                .unsupported,
                "the PKCS#12 private key could not be decrypted with the passphrase that opened the file (\(error))")
        }
    }

    /// Lets BoringSSL decrypt the encrypted certificate bags, inside a container it can always parse.
    private static func decryptCertificates(
        _ encryptedContents: [[UInt8]], password: [UInt8], passphrase: String
    ) throws -> [NIOSSLCertificate] {
        let placeholder = try PlaceholderIdentity()
        let keyBag = DER.sequence([
            DER.objectIdentifier(DER.OID.keyBag), DER.explicit(0, placeholder.privateKeyPKCS8),
        ])
        let certificateBag = DER.sequence([
            DER.objectIdentifier(DER.OID.certBag),
            DER.explicit(
                0,
                DER.sequence([
                    DER.objectIdentifier(DER.OID.x509Certificate),
                    DER.explicit(0, DER.octetString(placeholder.certificate)),
                ])),
        ])
        let placeholderContent = DER.sequence([
            DER.objectIdentifier(DER.OID.data),
            DER.explicit(0, DER.octetString(DER.sequence([keyBag, certificateBag]))),
        ])
        let authSafeContent = DER.sequence(encryptedContents + [placeholderContent])
        let salt = Array(SecureRandom.bytes(count: 16))
        let mac = try PKCS12KeyDerivation.mac(
            of: authSafeContent, password: password, salt: salt, iterations: 1, digest: .sha256)
        let pfx = DER.sequence([
            DER.integer(3),
            DER.sequence([
                DER.objectIdentifier(DER.OID.data), DER.explicit(0, DER.octetString(authSafeContent)),
            ]),
            DER.sequence([
                DER.sequence([
                    DER.sequence([DER.objectIdentifier(DER.OID.sha256), DER.encode(DER.Tag.null, [])]),
                    DER.octetString(mac),
                ]),
                DER.octetString(salt),
                DER.integer(1),
            ]),
        ])
        let bundle: NIOSSLPKCS12Bundle
        do {
            bundle = try NIOSSLPKCS12Bundle(buffer: pfx, passphrase: Array(passphrase.utf8))
        } catch {
            throw ClientIdentityError(
                .unsupported,
                "the certificates of the PKCS#12 file could not be decrypted, or a private key is hidden among them (\(error))"
            )
        }
        return try bundle.certificateChain.filter { try $0.toDERBytes() != placeholder.certificate }
    }

    /// Refuses key-derivation parameters that would take minutes (a denial of service, not a real file).
    private static func checkIterations(ofEncryptedData node: DER.Node) throws {
        // [0] EXPLICIT EncryptedData ::= SEQUENCE { version, EncryptedContentInfo ::= SEQUENCE {
        //     contentType, contentEncryptionAlgorithm, [0] IMPLICIT encryptedContent OPTIONAL } }
        let wrapped = try node.children(expecting: DER.Tag.explicit(0), "encrypted content")
        guard wrapped.count == 1 else { throw DER.DecodingError("encrypted content has the wrong shape") }
        let encryptedData = try wrapped[0].children(expecting: DER.Tag.sequence, "encrypted content")
        guard encryptedData.count >= 2 else { throw DER.DecodingError("encrypted content has the wrong shape") }
        let info = try encryptedData[1].children(expecting: DER.Tag.sequence, "encrypted content")
        guard info.count >= 2 else { throw DER.DecodingError("encrypted content has the wrong shape") }
        try checkIterations(ofAlgorithm: info[1])
    }

    static func checkIterations(ofAlgorithm node: DER.Node) throws {
        let parts = try node.children(expecting: DER.Tag.sequence, "an encryption algorithm")
        guard parts.count == 2 else { return }
        let type = try parts[0].objectIdentifier()
        if type == OID.pbes2 {
            // PBES2-params ::= SEQUENCE { keyDerivationFunc AlgorithmIdentifier, encryptionScheme ... }
            let params = try parts[1].children(expecting: DER.Tag.sequence, "PBES2 parameters")
            guard let kdf = try params.first?.children(expecting: DER.Tag.sequence, "a key derivation"),
                kdf.count == 2, try kdf[0].objectIdentifier() == OID.pbkdf2
            else { return }
            let kdfParams = try kdf[1].children(expecting: DER.Tag.sequence, "PBKDF2 parameters")
            if kdfParams.count >= 2 { _ = try iterationCount(kdfParams[1]) }
        } else if type.starts(with: OID.pkcs12PBEPrefix) {
            // pkcs-12PbeParams ::= SEQUENCE { salt OCTET STRING, iterations INTEGER }
            let params = try parts[1].children(expecting: DER.Tag.sequence, "PBE parameters")
            if params.count == 2 { _ = try iterationCount(params[1]) }
        }
    }

    private enum OID {
        static let pbes2: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0D]
        static let pbkdf2: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x05, 0x0C]
        static let pkcs12PBEPrefix: [UInt8] = [0x2A, 0x86, 0x48, 0x86, 0xF7, 0x0D, 0x01, 0x0C, 0x01]
    }
}

/// A throwaway P-256 key and a self-signed certificate for it, generated for one PKCS#12 read so that
/// BoringSSL always finds a key and a certificate matching it.
private struct PlaceholderIdentity {
    let privateKeyPKCS8: [UInt8]
    let certificate: [UInt8]

    init() throws {
        let key = P256SigningKey()
        guard let keyBlock = try PEM.blocks(in: key.pemRepresentation).first else {
            throw ClientIdentityError(.unsupported, "could not encode a placeholder key")
        }
        privateKeyPKCS8 = keyBlock.der
        let algorithm = DER.sequence([DER.objectIdentifier(DER.OID.ecdsaWithSHA256)])
        let name = DER.sequence([
            DER.set([
                DER.sequence([
                    DER.objectIdentifier(DER.OID.commonName),
                    DER.encode(DER.Tag.utf8String, Array("Courier PKCS#12 placeholder".utf8)),
                ])
            ])
        ])
        let now = Date()
        let publicKeyInfo = DER.sequence([
            DER.sequence([DER.objectIdentifier(DER.OID.ecPublicKey), DER.objectIdentifier(DER.OID.prime256v1)]),
            DER.bitString(Array(key.verifyingKey.x963Representation)),
        ])
        let toBeSigned = DER.sequence([
            DER.explicit(0, DER.integer(2)),
            DER.integer(1),
            algorithm,
            name,
            DER.sequence([DER.utcTime(now.addingTimeInterval(-3600)), DER.utcTime(now.addingTimeInterval(3600))]),
            name,
            publicKeyInfo,
        ])
        let signature = try key.derSignature(for: toBeSigned)
        certificate = DER.sequence([toBeSigned, algorithm, DER.bitString(Array(signature))])
    }
}
