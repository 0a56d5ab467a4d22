import CourierSecurity
import Foundation
import NIOSSL

/// A TLS client certificate with its private key (and any intermediate certificates), presented to
/// servers that ask for one — mutual TLS, the book's "client-certificate authentication".
///
/// Load one from PKCS#12 (`.p12`/`.pfx`, as the book's banking app receives one, base64-encoded, from its
/// login service) or from PEM files, and give it to a session through
/// ``SessionConfiguration/clientIdentity``:
///
/// ```swift
/// let identity = try ClientIdentity(pkcs12Base64: response["certificate"], passphrase: "test")
/// configuration.clientIdentity = .forHosts(["yourbankingdomain.com": identity])
/// ```
///
/// Every loader throws ``CourierError`` `invalidConfiguration` with a ``ClientIdentityError`` as the
/// underlying error for garbage, truncated or oversized input, a wrong passphrase, a file without a key or
/// whose key belongs to none of its certificates — never a crash.
public struct ClientIdentity: Sendable, Hashable, CustomStringConvertible {
    /// The client's certificate first, then intermediates.
    public let certificates: [TLSCertificate]
    let certificateChain: [NIOSSLCertificate]
    let privateKey: NIOSSLPrivateKey

    /// The largest PEM text or file accepted.
    static let maximumPEMSize = 1024 * 1024

    /// The client's own certificate.
    public var certificate: TLSCertificate {
        // `certificates` is never empty: every initializer requires a certificate.
        certificates[0]
    }

    init(_ identity: PKCS12Reader.Identity) throws {
        var summaries: [TLSCertificate] = []
        for certificate in identity.certificateChain {
            summaries.append(try TLSCertificate(derRepresentation: try certificate.toDERBytes()))
        }
        guard !summaries.isEmpty else {
            throw ClientIdentityError(.missingCertificate, "there is no certificate").courierError(
                "not a client identity")
        }
        self.certificates = summaries
        self.certificateChain = identity.certificateChain
        self.privateKey = identity.privateKey
    }

    // MARK: PKCS#12

    /// Reads a PKCS#12 file's bytes (DER) with its passphrase.
    ///
    /// Both OpenSSL 3's default encryption (PBES2, AES-256-CBC, PBKDF2) and the legacy schemes of OpenSSL 1.x,
    /// Java and macOS exports (3DES, RC2) are read. An empty passphrase opens files exported without one.
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration` (see ``ClientIdentityError/Reason``).
    public init(pkcs12 data: some DataProtocol, passphrase: String) throws {
        let identity: PKCS12Reader.Identity
        do {
            identity = try PKCS12Reader.read(Array(data), passphrase: passphrase)
        } catch {
            throw error.courierError("could not read the PKCS#12 identity")
        }
        try self.init(identity)
    }

    /// Reads base64-encoded PKCS#12 data, as a login service sends it (line breaks are ignored).
    ///
    /// - Throws: ``CourierError`` `invalidConfiguration`, with ``ClientIdentityError/Reason/malformed`` for
    ///   text that is not base64.
    public init(pkcs12Base64 text: String, passphrase: String) throws {
        guard text.utf8.count <= PKCS12Reader.maximumSize * 4 / 3 + 4096 else {
            throw ClientIdentityError(.tooLarge, "the base64 text is larger than any PKCS#12 identity").courierError(
                "could not read the PKCS#12 identity")
        }
        let compact = text.filter { !$0.isWhitespace }
        guard let data = try? Base64.decode(compact) else {
            throw ClientIdentityError(.malformed, "the text is not base64").courierError(
                "could not read the PKCS#12 identity")
        }
        try self.init(pkcs12: data, passphrase: passphrase)
    }

    /// Reads a PKCS#12 file.
    ///
    /// - Throws: ``CourierError`` `fileDoesNotExist` when the file cannot be read, otherwise as
    ///   ``init(pkcs12:passphrase:)``.
    public init(pkcs12File file: URL, passphrase: String) throws {
        try self.init(pkcs12: try Self.read(file, limit: PKCS12Reader.maximumSize), passphrase: passphrase)
    }

    // MARK: PEM

    /// Reads a PEM certificate chain (client certificate first, or anywhere: the one matching the key is
    /// used) and a PEM private key (`PRIVATE KEY`, `ENCRYPTED PRIVATE KEY`, `RSA PRIVATE KEY` or
    /// `EC PRIVATE KEY`, also OpenSSL's legacy `Proc-Type: 4,ENCRYPTED` form).
    ///
    /// - Parameters:
    ///   - certificatePEM: The certificates; may also hold the key when `privateKeyPEM` is `nil`.
    ///   - privateKeyPEM: The key; `nil` to find it in `certificatePEM`.
    ///   - passphrase: The passphrase of an encrypted key.
    /// - Throws: ``CourierError`` `invalidConfiguration` (see ``ClientIdentityError/Reason``).
    public init(certificatePEM: String, privateKeyPEM: String? = nil, passphrase: String? = nil) throws {
        let identity: PKCS12Reader.Identity
        do {
            identity = try PEMIdentityReader.read(
                certificates: certificatePEM, key: privateKeyPEM, passphrase: passphrase)
        } catch {
            throw error.courierError("could not read the PEM identity")
        }
        try self.init(identity)
    }

    /// Reads an identity from files, PEM or PKCS#12 as their contents say (curl's `--cert`, `--key`,
    /// `--pass`).
    ///
    /// - Parameters:
    ///   - certificateFile: A PKCS#12 file (`.p12`/`.pfx`), or a PEM file with the certificate chain (and
    ///     the key, when `privateKeyFile` is `nil`).
    ///   - privateKeyFile: A PEM private key, for a PEM certificate file.
    ///   - passphrase: The PKCS#12 passphrase, or the passphrase of an encrypted PEM key.
    /// - Throws: ``CourierError`` `fileDoesNotExist` when a file cannot be read, `invalidConfiguration`
    ///   otherwise (a key file given with a PKCS#12 file, and the reasons of the other loaders).
    public init(certificateFile: URL, privateKeyFile: URL? = nil, passphrase: String? = nil) throws {
        let data = try Self.read(certificateFile, limit: max(PKCS12Reader.maximumSize, Self.maximumPEMSize))
        if PEM.looksLikePEM(data) {
            let key = try privateKeyFile.map {
                String(decoding: try Self.read($0, limit: Self.maximumPEMSize), as: UTF8.self)
            }
            try self.init(
                certificatePEM: String(decoding: data, as: UTF8.self), privateKeyPEM: key, passphrase: passphrase)
            return
        }
        if privateKeyFile != nil {
            throw ClientIdentityError(
                .unsupported, "\(certificateFile.lastPathComponent) is not PEM; a PKCS#12 file carries its own key"
            ).courierError("could not read the client identity")
        }
        try self.init(pkcs12: data, passphrase: passphrase ?? "")
    }

    /// Rebuilds an identity from DER certificates and a DER private key (as ``ClientIdentityStore`` keeps it).
    init(derCertificates: [Data], derPrivateKey: Data) throws {
        let identity: PKCS12Reader.Identity
        do {
            let certificates = try derCertificates.map { try NIOSSLCertificate(bytes: Array($0), format: .der) }
            let key = try NIOSSLPrivateKey(bytes: Array(derPrivateKey), format: .der)
            identity = try IdentityAssembly.assemble(certificates: certificates, privateKey: key)
        } catch let error as ClientIdentityError {
            throw error.courierError("the stored client identity is damaged")
        } catch {
            throw ClientIdentityError(.malformed, "\(error)").courierError("the stored client identity is damaged")
        }
        try self.init(identity)
    }

    /// The private key, DER-encoded, for ``ClientIdentityStore``.
    func privateKeyDER() throws -> Data {
        do {
            return Data(try privateKey.derBytes)
        } catch {
            throw ClientIdentityError(.unsupported, "the private key cannot be exported (\(error))").courierError(
                "could not store the client identity")
        }
    }

    private static func read(_ file: URL, limit: Int) throws -> Data {
        let attributes = try? FileManager.default.attributesOfItem(atPath: file.path)
        if let size = attributes?[.size] as? Int, size > limit {
            throw ClientIdentityError(.tooLarge, "\(file.path) is larger than \(limit / 1024) KiB").courierError(
                "could not read the client identity")
        }
        do {
            let data = try Data(contentsOf: file)
            guard data.count <= limit else {
                throw ClientIdentityError(.tooLarge, "\(file.path) is larger than \(limit / 1024) KiB").courierError(
                    "could not read the client identity")
            }
            return data
        } catch let error as CourierError {
            throw error
        } catch {
            throw CourierError(
                .fileDoesNotExist, outcome: .notSent,
                message: "could not read \(file.path): \(error.localizedDescription)", underlyingError: error)
        }
    }

    /// `"ClientIdentity(CN=…, valid until …)"`; never the key.
    public var description: String {
        "ClientIdentity(\(certificate.subject), valid until \(certificate.notValidAfter))"
    }
}
