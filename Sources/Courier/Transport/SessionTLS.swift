import Foundation
import NIOSSL

/// The session's TLS settings as swift-nio-ssl configuration: versions, trust roots and the client identity.
/// The transport verifies chains itself (``TLSClientProfileFactory``); this configuration serves the probes that
/// diagnose a failed handshake (``ClientCertificateDiagnosis``).
enum SessionTLS {
    /// The TLS settings for a trust policy and client identity: versions, trust roots and the identity.
    static func configuration(
        configuration: SessionConfiguration, trust: ServerTrustPolicy, identity: ClientIdentity?
    ) throws -> TLSConfiguration {
        var tls = TLSConfiguration.makeClientConfiguration()
        tls.minimumTLSVersion = configuration.tlsMinimumSupportedProtocolVersion.nioVersion
        tls.maximumTLSVersion = configuration.tlsMaximumSupportedProtocolVersion.nioVersion
        switch trust.evaluation {
        case .system:
            tls.additionalTrustRoots = environmentTrustRoots()
        case .anchors(let pems, let includeSystemRoots):
            var certificates: [NIOSSLCertificate] = []
            do {
                for pem in pems {
                    certificates += try NIOSSLCertificate.fromPEMBytes(Array(pem.utf8))
                }
            } catch {
                throw CourierError(
                    .invalidConfiguration, outcome: .notSent,
                    message: "a trust anchor is not a valid PEM certificate: \(error)", underlyingError: error)
            }
            if includeSystemRoots {
                tls.additionalTrustRoots = environmentTrustRoots() + [.certificates(certificates)]
            } else {
                tls.trustRoots = .certificates(certificates)
            }
        case .disabled:
            tls.certificateVerification = .none
        }
        if let identity {
            tls.certificateChain = identity.certificateChain.map { .certificate($0) }
            tls.privateKey = .privateKey(identity.privateKey)
        }
        return tls
    }

    /// `SSL_CERT_FILE` and `SSL_CERT_DIR`, which swift-nio-ssl does not read by itself.
    static func environmentTrustRoots() -> [NIOSSLAdditionalTrustRoots] {
        let environment = ProcessInfo.processInfo.environment
        var roots: [NIOSSLAdditionalTrustRoots] = []
        if let file = environment["SSL_CERT_FILE"], FileManager.default.isReadableFile(atPath: file) {
            roots.append(.file(file))
        }
        if let directory = environment["SSL_CERT_DIR"] {
            for path in directory.split(separator: ":") {
                let entries = (try? FileManager.default.contentsOfDirectory(atPath: String(path))) ?? []
                for entry in entries.sorted() where entry.hasSuffix(".pem") || entry.hasSuffix(".crt") {
                    roots.append(.file(String(path) + "/" + entry))
                }
            }
        }
        return roots
    }
}

extension TLSProtocolVersion {
    var nioVersion: TLSVersion {
        switch self {
        case .v1_0: return .tlsv1
        case .v1_1: return .tlsv11
        case .v1_2: return .tlsv12
        case .v1_3: return .tlsv13
        }
    }
}
