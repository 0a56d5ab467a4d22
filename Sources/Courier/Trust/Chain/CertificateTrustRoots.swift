import SwiftASN1
import X509

/// The certificates a chain may end at: the system store, anchor certificates (a private CA), or both.
///
/// ```swift
/// let roots = try CertificateTrustRoots.anchors(pem: [caPEM], includingSystemRoots: false)  // anchors only
/// let both = try CertificateTrustRoots.anchors(pem: [caPEM])                                // anchors plus system
/// let system = CertificateTrustRoots.system
/// ```
struct CertificateTrustRoots: Sendable {
    /// The anchor certificates given by the caller.
    let anchors: [ChainCertificate]
    /// The system store, when it is included.
    let systemRoots: SystemTrustRoots?
    /// Everything above, as the verifier's root store; built once.
    let store: CertificateStore

    /// Roots from anchors and, optionally, a system store.
    init(anchors: [ChainCertificate], systemRoots: SystemTrustRoots?) {
        self.anchors = anchors
        self.systemRoots = systemRoots
        self.store = CertificateStore(anchors.map(\.certificate) + (systemRoots?.certificates ?? []))
    }

    /// The system store (``SystemTrustRoots/shared``) alone; built on first use, once per process.
    static let system = CertificateTrustRoots(anchors: [], systemRoots: .shared)

    /// These anchor certificates, and the system store too unless `includingSystemRoots` is false.
    static func anchors(_ anchors: [ChainCertificate], includingSystemRoots: Bool = true) -> CertificateTrustRoots {
        CertificateTrustRoots(anchors: anchors, systemRoots: includingSystemRoots ? .shared : nil)
    }

    /// The `CERTIFICATE` blocks of PEM texts as anchors, and the system store unless `includingSystemRoots` is
    /// false.
    ///
    /// - Throws: ``ChainCertificate/ParseError`` when a text has no certificate or a damaged one.
    static func anchors(pem texts: [String], includingSystemRoots: Bool = true) throws(ChainCertificate.ParseError)
        -> CertificateTrustRoots
    {
        var anchors: [ChainCertificate] = []
        for text in texts {
            let documents: [PEMDocument]
            do {
                documents = try PEMDocument.parseMultiple(pemString: text).filter { $0.discriminator == "CERTIFICATE" }
            } catch {
                throw ChainCertificate.ParseError(description: "an anchor is not valid PEM (\(error))")
            }
            guard !documents.isEmpty else {
                throw ChainCertificate.ParseError(
                    description: "an anchor text has no PEM CERTIFICATE block (-----BEGIN CERTIFICATE-----)")
            }
            for document in documents {
                anchors.append(try ChainCertificate(derEncoded: document.derBytes))
            }
        }
        return .anchors(anchors, includingSystemRoots: includingSystemRoots)
    }

    /// `2 anchors and the system store (…)`, for messages.
    var description: String {
        var parts: [String] = []
        if !anchors.isEmpty {
            parts.append(
                "\(anchors.count) anchor\(anchors.count == 1 ? "" : "s") (\(anchors.map(\.subjectName).joined(separator: ", ")))"
            )
        }
        if let systemRoots { parts.append("the system store (\(systemRoots.certificates.count) roots)") }
        return parts.isEmpty ? "no trust roots" : parts.joined(separator: " and ")
    }
}
