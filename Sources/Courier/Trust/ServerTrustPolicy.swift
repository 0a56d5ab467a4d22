import Foundation

/// How a session decides whether to trust a server's certificate.
///
/// ```swift
/// // Trust a private CA in addition to the system store (the book's "install the server's .cer"):
/// configuration.serverTrustPolicy = try .anchors(pemFile: URL(fileURLWithPath: "ca.pem"))
/// ```
public struct ServerTrustPolicy: Sendable, Hashable {
    enum Evaluation: Sendable, Hashable {
        case system
        case anchors(pem: [String], includeSystemRoots: Bool)
        case disabled
    }

    let evaluation: Evaluation

    /// The system trust store (plus `SSL_CERT_FILE`/`SSL_CERT_DIR` when set), host name verified.
    public static let systemDefault = ServerTrustPolicy(evaluation: .system)

    /// Trust these PEM-encoded CA certificates, and also the system store unless `includeSystemRoots`
    /// is false. The host name is still verified.
    public static func anchors(pem: [String], includeSystemRoots: Bool = true) -> ServerTrustPolicy {
        ServerTrustPolicy(evaluation: .anchors(pem: pem, includeSystemRoots: includeSystemRoots))
    }

    /// Trust the CA certificates in a PEM file.
    /// - Throws: `fileDoesNotExist` when the file cannot be read.
    public static func anchors(pemFile: URL, includeSystemRoots: Bool = true) throws -> ServerTrustPolicy {
        do {
            let text = try String(contentsOf: pemFile, encoding: .utf8)
            return .anchors(pem: [text], includeSystemRoots: includeSystemRoots)
        } catch {
            throw CourierError(
                .fileDoesNotExist,
                outcome: .notSent,
                message: "could not read the CA file \(pemFile.path): \(error.localizedDescription)",
                underlyingError: error
            )
        }
    }

    /// Accept any certificate for any host name. Named so nobody uses it by accident: it removes the
    /// protection TLS gives. A warning is logged for every connection made with it.
    public static let dangerouslyDisableEvaluation = ServerTrustPolicy(evaluation: .disabled)
}
